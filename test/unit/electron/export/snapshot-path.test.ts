import { describe, expect, it } from 'vitest';
import { exportRequest } from '../../../../electron/services/export';
import type { RawRequest } from '../../../../shared/http';

/**
 * httpsnippet percent-encodes `'` (and `[`, `]`) in the path; snapshots put back the path the app sends, since an
 * OAuth 1.0a server signs the path as received (RFC 5849 §3.4.1.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.2)) and `%27` is not `'` (RFC 3986 §6.2.2.2 (https://www.rfc-editor.org/rfc/rfc3986#section-6.2.2.2)).
 * `|` and `^` are percent-encoded by the app itself, so the snippets keep them so.
 */
const request = (url: string): RawRequest => ({ method: 'GET', url, headers: [] });
const exported = (target: string, url: string) =>
  exportRequest({ target, source: { kind: 'request', request: request(url) } });
const URL_ = "http://h/p/it's/[x]/a|b^c?q=it's";

describe('snapshots send the path as the app does, quoted in each language', () => {
  it.each([
    ['curl', "--url 'http://h/p/it'\\''s/[x]/a%7Cb%5Ec?q=it'\\''s'"],
    ['wget', "  - 'http://h/p/it'\\''s/[x]/a%7Cb%5Ec?q=it'\\''s'"],
    ['httpie', "http GET 'http://h/p/it'\\''s/%5Bx%5D/a%7Cb%5Ec?q=it'\\''s'"],
    ['javascript-fetch', "const url = 'http://h/p/it\\'s/[x]/a%7Cb%5Ec?q=it\\'s';"],
    ['node-http', "  path: '/p/it\\'s/[x]/a%7Cb%5Ec?q=it\\'s',"],
    ['powershell', "-Uri 'http://h/p/it''s/[x]/a%7Cb%5Ec?q=it''s'"],
    ['python-requests', 'url = "http://h/p/it\'s/%5Bx%5D/a%7Cb%5Ec"'],
    ['go', 'url := "http://h/p/it\'s/[x]/a%7Cb%5Ec?q=it\'s"'],
    ['java', 'URI.create("http://h/p/it\'s/%5Bx%5D/a%7Cb%5Ec?q=it\'s")'],
    ['php', 'CURLOPT_URL => "http://h/p/it\'s/[x]/a%7Cb%5Ec?q=it\'s",'],
    ['ruby', 'url = URI("http://h/p/it\'s/%5Bx%5D/a%7Cb%5Ec?q=it\'s")'],
    ['csharp', 'RequestUri = new Uri("http://h/p/it\'s/[x]/a%7Cb%5Ec?q=it\'s"),'],
  ])('%s', (target, line) => {
    const { text, notes } = exported(target, URL_);
    expect(text).toContain(line);
    expect(text).not.toContain('it%27s');
    // Only the clients that cannot send `[` and `]` as they are get a note (below).
    expect(notes.some((n) => n.includes('in a URL path'))).toBe(
      ['httpie', 'python-requests', 'java', 'ruby'].includes(target)
    );
  });

  it('the fixes still apply to the path put back: PHP and PowerShell dollar signs, JavaScript quotes', () => {
    expect(exported('php', "http://h/p/$x/it's").text).toContain('CURLOPT_URL => "http://h/p/\\$x/it\'s",');
    expect(exported('powershell', "http://h/p/$x/it's").text).toContain("-Uri 'http://h/p/$x/it''s'");
    expect(exported('javascript-fetch', "http://h/it's").text).toContain("const url = 'http://h/it\\'s';");
  });
});

describe('a client that cannot send a character of the path as it is says so in a note', () => {
  const SIGNED = 'OAuth oauth_consumer_key="k", oauth_signature_method="HMAC-SHA1", oauth_signature="c2ln"';
  const note = (target: string, url: string, authorization = SIGNED) =>
    exportRequest({
      target,
      source: { kind: 'request', request: { method: 'GET', url, headers: [['Authorization', authorization]] } },
    }).notes.filter((n) => n.includes('in a URL path'));
  it.each([
    ['java', "Java's URI.create refuses"],
    ['ruby', "Ruby's URI() refuses"],
    ['python-requests', 'Python requests (urllib3) percent-encodes'],
    ['httpie', 'HTTPie (through urllib3, as Python requests) percent-encodes'],
  ])('%s: [ and ]', (target, who) => {
    expect(note(target, 'http://h/p/[x]')).toEqual([
      `${who} [ and ] in a URL path, so this code sends them percent-encoded (%5B, %5D) and a server that signs the path as received (RFC 5849 §3.4.1.2) computes a different OAuth 1.0a signature; to avoid it, percent-encode them in the URL before signing, so the signed and the sent path agree.`,
    ]);
    expect(note(target, 'http://h/p/x]')[0]).toMatch(
      / \] in a URL path, so this code sends it percent-encoded \(%5D\)/
    );
    // A request that is not OAuth 1.0a signed is told only what is sent.
    expect(note(target, 'http://h/p/[x]', 'Bearer t')).toEqual([
      `${who} [ and ] in a URL path, so this code sends them percent-encoded (%5B, %5D).`,
    ]);
    // `'` goes through every client; `|` and `^` are percent-encoded by the app itself (shared/url.ts); the query is not the path.
    expect(note(target, "http://h/p/it's/a|b^c?g[]=1")).toEqual([]);
  });
});
