import { describe, expect, it } from 'vitest';
import { nodeCrypto } from '../../../../../platform/node/node-crypto';
import {
  diagnoseSignature,
  parseBaseString,
  parseRawHttpRequest,
  requestFromFields,
} from '../../../../../shared/oauth1/debug';
import { SECRETS, withMistake, X_EXAMPLE } from './helpers';

const coded = (code: string, message?: RegExp) =>
  expect.objectContaining({
    name: 'ProtocolError',
    code,
    ...(message ? { message: expect.stringMatching(message) } : {}),
  });
const signed = withMistake(X_EXAMPLE);
const authorization = signed.headers.find(([n]) => n === 'Authorization')![1];

describe('parseRawHttpRequest', () => {
  const raw = [
    'POST /1.1/statuses/update.json?include_entities=true HTTP/1.1',
    'Host: api.x.com',
    `Authorization: ${authorization}`,
    'Content-Type: application/x-www-form-urlencoded',
    '',
    signed.body!,
  ].join('\r\n');

  it('reads the request line, headers and body; the scheme is assumed https and said so', () => {
    const r = parseRawHttpRequest(raw);
    expect(r).toMatchObject({
      origin: 'http',
      method: 'POST',
      url: 'https://api.x.com/1.1/statuses/update.json?include_entities=true',
      body: signed.body,
    });
    expect(r.headers.map(([n]) => n)).toEqual(['Host', 'Authorization', 'Content-Type']);
    expect(r.assumedScheme).toEqual({ scheme: 'https', note: expect.stringMatching(/https is assumed/) });
    expect(diagnoseSignature({ request: r, ...SECRETS }, nodeCrypto).verdict).toBe('match');
  });
  it('LF line ends, a trailing line break and Content-Length', () => {
    const lf = raw.replace(/\r\n/g, '\n');
    expect(parseRawHttpRequest(`${lf}\n`).body).toBe(signed.body);
    const sized = lf.replace('Host: api.x.com', `Host: api.x.com\nContent-Length: ${signed.body!.length}`);
    expect(parseRawHttpRequest(`${sized}\n\n`).body).toBe(signed.body);
    const wrong = lf.replace('Host: api.x.com', 'Host: api.x.com\nContent-Length: 3');
    expect(parseRawHttpRequest(wrong).notes.join(' ')).toMatch(/Content-Length says 3/);
  });
  it('the scheme given, an absolute-form target, obs-fold, no body', () => {
    expect(parseRawHttpRequest('GET /a HTTP/1.1\nHost: 127.0.0.1:8080', { scheme: 'http' })).toMatchObject({
      url: 'http://127.0.0.1:8080/a',
      notes: [],
    });
    expect(parseRawHttpRequest('GET http://example.com/a?b=1 HTTP/1.1\nHost: other').url).toBe(
      'http://example.com/a?b=1'
    );
    const folded = parseRawHttpRequest('GET /a HTTP/1.1\nHost: h\nAuthorization: OAuth a="1",\n  b="2"');
    expect(folded.headers[1]).toEqual(['Authorization', 'OAuth a="1", b="2"']);
    expect(folded.body).toBeUndefined();
  });
  it.each([
    ['', 'empty_request'],
    ['POST /a', 'invalid_request_line', /expected METHOD TARGET HTTP\/1.1/],
    ['PO(ST /a HTTP/1.1\nHost: h', 'invalid_request_line'],
    ['GET /a HTTP/1.1', 'missing_host', /no Host header/],
    ['GET /a HTTP/1.1\nHost: h\nthis is not a header', 'invalid_header_line', /Header line 3/],
    ['GET * HTTP/1.1\nHost: h', 'invalid_request_target'],
    ['POST /a HTTP/1.1\nHost: h\nTransfer-Encoding: chunked\n\n5\nhello\n0', 'unsupported_transfer_encoding'],
    ['POST /a HTTP/1.1\nHost: h\nContent-Encoding: gzip\n\nxx', 'unsupported_content_encoding'],
    ['GET /a HTTP/1.1\nHost: h:99999', 'invalid_url', /port "99999"/],
  ])('%j is a coded error', (text, code, message?: RegExp) => {
    expect(() => parseRawHttpRequest(text)).toThrow(coded(code, message));
  });
});

describe('requestFromFields', () => {
  it('method + URL + body + Authorization, with the form content type assumed for a body and said so', () => {
    const r = requestFromFields({
      url: X_EXAMPLE.url,
      body: signed.body!,
      authorization: `Authorization: ${authorization}`,
    });
    expect(r).toMatchObject({
      origin: 'fields',
      method: 'POST',
      headers: [
        ['Authorization', authorization],
        ['Content-Type', 'application/x-www-form-urlencoded'],
      ],
    });
    expect(r.notes[0]).toMatch(/is assumed/);
    expect(diagnoseSignature({ request: r, ...SECRETS }, nodeCrypto).verdict).toBe('match');
  });
  it('GET without a body; the content type and extra headers as given', () => {
    expect(
      requestFromFields({ url: 'https://a.example/', authorization: 'OAuth oauth_consumer_key="k"' })
    ).toMatchObject({ method: 'GET', notes: [] });
    expect(
      requestFromFields({
        url: 'https://a.example/',
        method: 'PUT',
        body: '{}',
        contentType: 'application/json',
        headers: [['Host', 'b.example']],
      }).headers
    ).toEqual([
      ['Host', 'b.example'],
      ['Content-Type', 'application/json'],
    ]);
  });
  it.each([
    [{ url: 'ftp://a/' }, 'invalid_url', /scheme "ftp"/],
    [{ url: '' }, 'invalid_url', /it is empty/],
    [{ url: 'https://a/', method: 'GE T' }, 'invalid_method'],
    [
      { url: 'https://a/', authorization: 'OAuth oauth_nonce=unquoted' },
      'invalid_authorization_header',
      /must be in double quotes/,
    ],
    [{ url: 'https://a/', headers: [['Bad Name', 'x']] as [string, string][] }, 'invalid_header'],
  ])('%j is a coded error', (fields, code, message?: RegExp) => {
    expect(() => requestFromFields(fields)).toThrow(coded(code, message));
  });
});

describe('parseBaseString', () => {
  const bs = 'POST&https%3A%2F%2Fapi.x.com%2Fa&b%3D%2520x%26oauth_nonce%3Dn';
  it('splits and decodes once: the parameters stay encoded', () => {
    expect(parseBaseString(bs)).toEqual({
      text: bs,
      method: 'POST',
      uri: 'https://api.x.com/a',
      normalized: 'b=%20x&oauth_nonce=n',
      params: [
        ['b', '%20x'],
        ['oauth_nonce', 'n'],
      ],
    });
    expect(parseBaseString(`  "${bs}"\n`).text).toBe(bs);
  });
  it.each([
    ['', /it is empty/],
    ['POST&https%3A%2F%2Fa', /2 parts/],
    ['POST&https://a/&b=1&c=2', /4 parts .*is it decoded/],
    ['PO ST&https%3A%2F%2Fa&', /method "PO ST"/],
    ['POST&%2Fpath&', /not an absolute URI/],
    ['POST&https%3A%2F%2Fa&b%3D%ZZ', /Malformed percent-escape/],
  ])('%j is a coded error', (text, message) => {
    expect(() => parseBaseString(text, 'server-base-string')).toThrow(coded('invalid_base_string', message));
  });
});
