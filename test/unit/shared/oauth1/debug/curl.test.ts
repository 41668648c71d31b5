import { describe, expect, it } from 'vitest';
import type { RawRequest } from '../../../../../shared/http';
import { nodeCrypto } from '../../../../../platform/node/node-crypto';
import { diagnoseSignature, parseCurlCommand, shellWords } from '../../../../../shared/oauth1/debug';
import { SECRETS, withMistake, X_EXAMPLE } from './helpers';

const quote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** A curl command for the request, one option a line, in POSIX single quotes (as the app's curl export writes). */
const curlCommand = (r: RawRequest) =>
  [
    `curl --request ${r.method} ${quote(r.url)}`,
    ...r.headers.map(([n, v]) => `--header ${quote(`${n}: ${v}`)}`),
    ...(r.body !== undefined ? [`--data-raw ${quote(r.body)}`] : []),
  ].join(' \\\n  ');
const coded = (code: string, message?: RegExp) =>
  expect.objectContaining({
    name: 'ProtocolError',
    code,
    ...(message ? { message: expect.stringMatching(message) } : {}),
  });

describe('shellWords', () => {
  it.each([
    [`a 'b c' "d e"`, ['a', 'b c', 'd e']],
    [`a\\ b "x\\"y" "\\$HOME" "a\\b"`, ['a b', 'x"y', '$HOME', 'a\\b']],
    ['curl \\\n  -X POST \\\r\n  u', ['curl', '-X', 'POST', 'u']],
    [`'it'\\''s'`, ["it's"]],
    [`$'a\\nb\\x41\\u00e9\\'c' $'\\xc3\\xa9'`, ["a\nbAé'c", 'é']],
    [`"cost: $ 5" 'a$b' ''`, ['cost: $ 5', 'a$b', '']],
    ['a # a comment\nb', ['a', 'b']],
    ['one\ntwo', ['one', 'two']],
  ])('%j', (text, words) => {
    expect(shellWords(text)).toEqual(words);
  });
  it.each([
    [`'open`, 'unterminated_quote', /single quote at character 1/],
    [`"open`, 'unterminated_quote'],
    [`$'open`, 'unterminated_quote'],
    ['curl $URL', 'unsupported_shell_syntax', /Shell expansion at character 6/],
    ['curl "$TOKEN"', 'unsupported_shell_syntax', /inside double quotes/],
    ['curl `cat x`', 'unsupported_shell_syntax', /PowerShell/],
    ['curl a | jq', 'unsupported_shell_syntax', /operator "\|"/],
    ['curl a > out', 'unsupported_shell_syntax'],
    ['curl ^\n -X POST', 'unsupported_shell_syntax', /cmd\.exe/],
    [`$'\\xff'`, 'invalid_utf8'],
  ])('%j is a coded error', (text, code, message?: RegExp) => {
    expect(() => shellWords(text)).toThrow(coded(code, message));
  });
});

describe('parseCurlCommand', () => {
  const signed = withMistake(X_EXAMPLE);

  it('reads the curl command OAuth Lab itself writes, and the signature matches', () => {
    const r = parseCurlCommand(curlCommand(signed));
    expect(r).toMatchObject({ origin: 'curl', method: 'POST', url: signed.url, body: signed.body, notes: [] });
    expect(diagnoseSignature({ request: r, ...SECRETS }, nodeCrypto).verdict).toBe('match');
  });
  it("a browser's \"Copy as cURL\": -H, --data-raw, --compressed, $'...'", () => {
    const auth = signed.headers.find(([n]) => n === 'Authorization')![1];
    const text = `curl '${signed.url}' \\\n  -H 'accept: */*' \\\n  -H $'authorization: ${auth}' \\\n  -H 'content-type: application/x-www-form-urlencoded' \\\n  --data-raw '${signed.body}' \\\n  --compressed`;
    const r = parseCurlCommand(text);
    expect(r.method).toBe('POST');
    expect(r.headers.map(([n]) => n)).toEqual(['accept', 'authorization', 'content-type']);
    expect(diagnoseSignature({ request: r, ...SECRETS }, nodeCrypto).verdict).toBe('match');
  });
  it('-d parts join with &, make a POST and a form; -X and short clusters', () => {
    const r = parseCurlCommand(`curl -sSL -XPUT https://a.example/x -d a=1 --data 'b=2 3' -H'X-One: 1'`);
    expect(r).toMatchObject({
      method: 'PUT',
      body: 'a=1&b=2 3',
      headers: [
        ['X-One', '1'],
        ['Content-Type', 'application/x-www-form-urlencoded'],
      ],
    });
  });
  it('--data-urlencode encodes like curl: content, =content, name=content', () => {
    const r = parseCurlCommand(
      `curl https://a.example/ --data-urlencode 'status=Hello Ladies + Gentlemen!' --data-urlencode '=a&b' --data-urlencode 'x y'`
    );
    expect(r.body).toBe('status=Hello%20Ladies%20%2B%20Gentlemen%21&a%26b&x%20y');
  });
  it('-G moves the data into the query; -I is HEAD; --json sets the JSON content type', () => {
    expect(parseCurlCommand('curl -G https://a.example/s?q=1 -d b=2 -d c=3')).toMatchObject({
      method: 'GET',
      url: 'https://a.example/s?q=1&b=2&c=3',
    });
    expect(parseCurlCommand('curl -I https://a.example/').method).toBe('HEAD');
    const j = parseCurlCommand(`curl --json '{"a":1}' https://a.example/`);
    expect(j).toMatchObject({
      method: 'POST',
      body: '{"a":1}',
      headers: [
        ['Content-Type', 'application/json'],
        ['Accept', 'application/json'],
      ],
    });
  });
  it('a URL without a scheme is http, as in curl, and said so; -u gives Basic unless -H Authorization is there', () => {
    const r = parseCurlCommand('curl api.example.com/a -u user:pw');
    expect(r.url).toBe('http://api.example.com/a');
    expect(r.notes[0]).toMatch(/curl then uses http/);
    expect(r.headers).toEqual([['Authorization', 'Basic dXNlcjpwdw==']]);
    expect(parseCurlCommand(`curl https://a/ -u u:p -H 'Authorization: OAuth a="1"'`).notes[0]).toMatch(
      /-u\/--user was left aside/
    );
  });
  it('"Name:" removes a curl header and "Name;" sends it empty; options that change nothing signed are accepted', () => {
    const r = parseCurlCommand(
      `curl -H 'Accept:' -H 'X-Empty;' -o out.json -m 10 --retry 2 -k -v --http1.1 https://a/`
    );
    expect(r.headers).toEqual([['X-Empty', '']]);
  });
  it.each([
    ['wget https://a/', 'not_a_curl_command'],
    ['curl -X POST', 'missing_url'],
    ['curl https://a/ https://b/', 'several_urls'],
    ['curl https://a/ -H', 'missing_curl_value', /-H needs a value/],
    ['curl https://a/ -d @body.txt', 'unsupported_curl_option', /reads a file/],
    ['curl https://a/ --data-binary @-', 'unsupported_curl_option'],
    ['curl https://a/ --data-urlencode name@file', 'unsupported_curl_option'],
    ['curl https://a/ -F a=1', 'unsupported_curl_option', /multipart\/form-data body is never signed/],
    ['curl https://a/ -T file', 'unsupported_curl_option'],
    ['curl https://a/ --request=POST', 'unsupported_curl_option', /not after =/],
    ['curl https://a/ --bogus', 'unsupported_curl_option', /--bogus/],
    ['curl https://a/ -Z', 'unsupported_curl_option', /-Z/],
    ['curl https://a/ -H nocolon', 'invalid_curl_header'],
    ['curl ftp://a/', 'invalid_url'],
    ["curl -X 'PO ST' https://a/", 'invalid_method'],
  ])('%j is a coded error', (text, code, message?: RegExp) => {
    expect(() => parseCurlCommand(text)).toThrow(coded(code, message));
  });
});
