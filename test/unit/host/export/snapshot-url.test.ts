import { describe, expect, it } from 'vitest';
import { exportRequest } from '../../../../host/export';
import type { RawRequest } from '../../../../shared/http';

/**
 * The app sends a path's `'`, `[`, `]`, `|` and `^` percent-encoded (shared/url.ts) and signs it so (RFC 5849 §3.4.1.2
 * (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2)): every snapshot carries those very bytes, which no client
 * changes, so no client needs a note about its path. The query keeps `'` (its parameters are decoded before signing).
 */
const request = (url: string): RawRequest => ({ method: 'GET', url, headers: [] });
const exported = (target: string, url: string) =>
  exportRequest({ target, source: { kind: 'request', request: request(url) } });
const URL_ = "http://h/p/it's/[x]/a|b^c?q=it's";
const PATH = 'http://h/p/it%27s/%5Bx%5D/a%7Cb%5Ec';

describe('snapshots send the path as the app does, quoted in each language', () => {
  it.each([
    ['curl', `--url '${PATH}?q=it'\\''s'`],
    ['wget', `  - '${PATH}?q=it'\\''s'`],
    ['httpie', `http GET '${PATH}?q=it'\\''s'`],
    ['javascript-fetch', `const url = '${PATH}?q=it\\'s';`],
    ['node-http', "  path: '/p/it%27s/%5Bx%5D/a%7Cb%5Ec?q=it\\'s',"],
    ['powershell', `-Uri '${PATH}?q=it''s'`],
    ['python-requests', `url = "${PATH}"`],
    ['go', `url := "${PATH}?q=it's"`],
    ['java', `URI.create("${PATH}?q=it's")`],
    ['php', `CURLOPT_URL => "${PATH}?q=it's",`],
    ['ruby', `url = URI("${PATH}?q=it's")`],
    ['csharp', `RequestUri = new Uri("${PATH}?q=it's"),`],
  ])('%s', (target, line) => {
    const { text, notes } = exported(target, URL_);
    expect(text).toContain(line);
    expect(text).not.toMatch(/\/p\/it's|\[x\]/);
    expect(notes).toEqual([]);
  });

  it('the fixes still apply to the URL: PHP and PowerShell dollar signs, JavaScript quotes', () => {
    expect(exported('php', "http://h/p/$x?q=it's").text).toContain('CURLOPT_URL => "http://h/p/\\$x?q=it\'s",');
    expect(exported('powershell', "http://h/p/$x?q=it's").text).toContain("-Uri 'http://h/p/$x?q=it''s'");
    expect(exported('javascript-fetch', "http://h/?q=it's").text).toContain("const url = 'http://h/?q=it\\'s';");
  });
});
