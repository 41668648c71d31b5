import { describe, expect, it } from 'vitest';
import { HTTP_TOKEN } from '../../../shared/http';

describe('HTTP_TOKEN (RFC 9110 §5.6.2)', () => {
  it('takes methods and header names made of tchar, in any case', () => {
    for (const t of ['GET', 'get', 'M-SEARCH', 'X-OAuth-Lab-Token', "!#$%&'*+-.^_`|~09az"])
      expect(HTTP_TOKEN.test(t), t).toBe(true);
  });
  it('refuses separators, spaces, controls, non-ASCII and the empty string', () => {
    for (const t of [
      '',
      'GE T',
      'Name:',
      'a(b)',
      'a"b',
      'a\tb',
      'a\nb',
      'é',
      'a/b',
      'a,b',
      'a;b',
      'a=b',
      'a@b',
      '[a]',
      '{a}',
      'a\\b',
      'a?b',
    ])
      expect(HTTP_TOKEN.test(t), JSON.stringify(t)).toBe(false);
  });
});
