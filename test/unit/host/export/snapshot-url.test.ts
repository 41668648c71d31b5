import { describe, expect, it } from 'vitest';
import { exportRequest } from '../../../../host/export';
import type { RawRequest } from '../../../../shared/http';
import type { SignatureInput } from '../../../../shared/oauth1';

/**
 * The app sends a path's `'`, `[`, `]`, `|` and `^` percent-encoded (shared/url.ts) and signs it so (RFC 5849 §3.4.1.2
 * (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2)): every snapshot carries those very bytes, which no client
 * changes, so no client needs a note about its path. The query keeps `'` (its parameters are decoded before signing).
 */
const request = (url: string): RawRequest => ({ method: 'GET', url, headers: [] });
const exported = (target: string, url: string) =>
  exportRequest({ target, source: { kind: 'request', request: request(url) } });
interface PostmanUrl {
  path: string[];
  query: { key: string; value: string | null }[];
}
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

describe('every other export carries the path and query that were signed', () => {
  const signing: SignatureInput = {
    method: 'GET',
    url: "http://h/p/it's/[x]/a|b^c?q=it's&r=[1]",
    consumerKey: 'ck',
    consumerSecret: 'cs',
    token: 'tk',
    tokenSecret: 'ts',
    signatureMethod: 'HMAC-SHA1',
    nonce: 'n',
    timestamp: '1700000000',
  };
  const SIGNED = "/p/it%27s/%5Bx%5D/a%7Cb%5Ec?q=it's&r=%5B1%5D";
  it.each([
    ['raw-http', `GET ${SIGNED} HTTP/1.1\r\n`],
    ['har', `"url": "http://h${SIGNED}"`],
    ['http-file', `GET {{baseUrl}}${SIGNED} HTTP/1.1\n`],
    ['postman', `"raw": "http://h${SIGNED}"`],
    ['python-oauth1', `URL = "http://h${SIGNED}"`],
    ['node-oauth1', `const url = "http://h${SIGNED}";`],
    ['java-oauth1', `static final String URL = "http://h${SIGNED}";`],
  ])('%s', (target, line) => {
    const { text } = exportRequest({ target, source: { kind: 'oauth1', signing }, includeSecrets: true });
    expect(text).toContain(line);
    // The title may name the path as typed; the request itself never carries it.
    expect(text).not.toMatch(/it's\/\[x\]\/a\|b\^c\?|r=\[1\]/);
  });
  it("postman: the URL's parts too, which Postman sends from (its query values as written, not encoded again)", () => {
    const { text } = exportRequest({ target: 'postman', source: { kind: 'oauth1', signing } });
    const { url } = (JSON.parse(text) as { item: { request: { url: PostmanUrl } }[] }).item[0]!.request;
    expect(url.path).toEqual(['p', 'it%27s', '%5Bx%5D', 'a%7Cb%5Ec']);
    expect(url.query).toEqual([
      { key: 'q', value: "it's" },
      { key: 'r', value: '%5B1%5D' },
    ]);
  });
});
