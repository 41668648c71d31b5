import { describe, expect, it } from 'vitest';
import { headerValueProblem } from '../../../shared/http';
import { headerSchema } from '../../../shared/store/profile';
import { describeIssues } from '../../../shared/schema-issues';

describe('headerValueProblem (RFC 9110 §5.5)', () => {
  it('accepts visible ASCII, spaces, tabs and Latin-1 octets', () => {
    for (const v of ['', 'OAuth realm="x", oauth_nonce="a%20b"', 'a\tb c', 'caf\u00e9', '~!@#$%^&*()'])
      expect(headerValueProblem(v), JSON.stringify(v)).toBeNull();
  });
  it('refuses CR, LF and NUL as header injection, and names any other character a header cannot carry', () => {
    for (const v of ['a\rb', 'a\nInjected: 1', 'a\0b'])
      expect(headerValueProblem(v)).toBe(
        'contains a line break or NUL, which would split the request (header injection); remove it'
      );
    expect(headerValueProblem('realm="中"')).toMatch(/^contains U\+4E2D, which a header cannot carry \(RFC 9110 §5\.5/);
    expect(headerValueProblem('a\u0007')).toMatch(/^contains U\+0007,/);
    expect(headerValueProblem('a\u007f')).toMatch(/^contains U\+007F,/);
    expect(headerValueProblem('\u{1F600}')).toMatch(/^contains U\+1F600,/);
  });
  it('is what a profile says of an extra header it refuses, at the form rather than at send', () => {
    const refused = headerSchema.safeParse(['X-Team', 'Équipe 中']);
    expect(refused.success).toBe(false);
    expect(describeIssues(refused.error!)).toContain('the value of header X-Team contains U+4E2D');
    expect(headerSchema.safeParse(['X-Team', 'Équipe']).success).toBe(true);
  });
});
