import { describe, expect, it } from 'vitest';
import { ProtocolError } from '../../../../shared/errors';
import {
  baseStringUri,
  parseAuthorizationHeader,
  parseSignatureMethod,
  signatureBaseString,
  traceSignature,
  type SignatureInput,
} from '../../../../shared/oauth1';
import { percentDecode, percentDecodeOrKeep } from '../../../../shared/percent-encoding';
import { nodeCrypto } from '../../../../platform/node/node-crypto';

const caught = (f: () => unknown): ProtocolError => {
  try {
    f();
  } catch (e) {
    if (e instanceof ProtocolError) return e;
    throw e;
  }
  throw new Error('expected a ProtocolError');
};

describe('parseAuthorizationHeader errors say where and why', () => {
  it.each([
    ['Bearer abc', 1, /expected the scheme "OAuth" first, found "Bearer"/],
    ['OAuth oauth_nonce', 18, /expected "=" after parameter name "oauth_nonce"/],
    ['OAuth oauth_nonce=abc', 19, /must be in double quotes/],
    ['OAuth oauth_nonce="abc', 19, /never closed/],
    ['OAuth a="1" b="2"', 13, /expected "," between parameters/],
    ['OAuth a="%zz"', 0, /Malformed percent-escape "%zz"/],
    ['OAuth ="1"', 7, /expected a parameter name/],
  ])('%s', (header, at, message) => {
    const e = caught(() => parseAuthorizationHeader(header));
    expect(e.code).toBe(at ? 'invalid_authorization_header' : 'invalid_percent_encoding');
    expect(e.step).toBe('authorization-header');
    expect(e.message).toMatch(message);
    if (at) expect(e.message).toContain(`character ${at}:`);
  });
  it('keeps duplicates and tolerates empty list elements and the scheme in any case', () => {
    expect(parseAuthorizationHeader('oauth  a="1",, a="2" ,').params).toEqual([
      ['a', '1'],
      ['a', '2'],
    ]);
  });
});

describe('coded errors from the other steps', () => {
  it.each([
    ['example.com/x', /expected an absolute URL starting with http/],
    ['http://user:pw@example.com/', /user information/],
    ['http://example.com:0/', /port "0" must be a whole number from 1 to 65535/],
    ['http://example.com:99999/', /port "99999"/],
    ['http://:8080/', /the host is missing/],
    ['mailto:a@b', /expected an absolute URL/],
    ['', /it is empty/],
  ])('URL %j', (url, message) => {
    const e = caught(() => baseStringUri(url));
    expect([e.code, e.step]).toEqual(['invalid_url', 'base-string-uri']);
    expect(e.message).toMatch(message);
  });
  it('method, signature method and percent-decoding', () => {
    expect(caught(() => signatureBaseString('GE T', 'http://a/', '')).code).toBe('invalid_method');
    expect(caught(() => parseSignatureMethod('hmac-sha1')).message).toMatch(/case-sensitive/);
    expect(caught(() => percentDecode('%E2%82', false)).code).toBe('invalid_utf8');
  });
});

describe('traceSignature', () => {
  const input: SignatureInput = {
    method: 'post',
    url: 'HTTP://Example.COM:80/r?b=2&a=1',
    body: 'c=3+4',
    contentType: 'application/x-www-form-urlencoded; charset=utf-8',
    consumerKey: 'ck',
    consumerSecret: 'cs',
    token: '',
    signatureMethod: 'HMAC-SHA1',
    nonce: 'n',
    timestamp: '1',
    realm: 'R',
  };
  it('lists every intermediate in computation order with its RFC section', () => {
    const t = traceSignature(input, nodeCrypto);
    expect(t.steps.map((s) => s.id)).toEqual([
      'protocol-parameters',
      'query-parameters',
      'body-parameters',
      'encoded-parameters',
      'sorted-parameters',
      'normalized-parameters',
      'base-string-uri',
      'signature-base-string',
      'signing-key',
      'signature',
      'authorization-header',
    ]);
    expect(t.steps.every((s) => s.section.startsWith('RFC 5849 §'))).toBe(true);
    expect(t.baseStringUri).toBe('http://example.com/r');
    expect(t.normalizedParameters).toBe(
      'a=1&b=2&c=3%204&oauth_consumer_key=ck&oauth_nonce=n&oauth_signature_method=HMAC-SHA1&oauth_timestamp=1&oauth_version=1.0'
    );
    expect(t.params.find((p) => p.name === 'c')).toMatchObject({ source: 'body', value: '3 4', encodedValue: '3%204' });
    expect(t.authorization!.startsWith('OAuth realm="R", oauth_consumer_key="ck", oauth_signature_method=')).toBe(true);
  });
  it('decodes the query as a form: + is a space, %2B a plus (§3.4.1.3.1)', () => {
    const t = traceSignature({ ...input, url: 'http://example.com/r?q=a+b%2Bc' }, nodeCrypto);
    expect(t.params.find((p) => p.name === 'q')).toMatchObject({
      source: 'query',
      value: 'a b+c',
      encodedValue: 'a%20b%2Bc',
    });
  });
  it('leaves an empty token out instead of sending oauth_token=""', () => {
    expect(traceSignature(input, nodeCrypto).params.some((p) => p.name === 'oauth_token')).toBe(false);
  });
  it('does not sign a JSON body, but hashes it when asked', () => {
    const t = traceSignature(
      { ...input, contentType: 'application/json', body: '{"a":1}', includeBodyHash: true },
      nodeCrypto
    );
    expect(t.steps[0]).toMatchObject({
      id: 'body-hash',
      text: Buffer.from(nodeCrypto.digest('SHA-1', '{"a":1}')).toString('base64'),
    });
    expect(t.params.filter((p) => p.source === 'body')).toEqual([]);
  });
  it('places the parameters in the query or the body on request (§3.5.2, §3.5.3)', () => {
    const q = traceSignature({ ...input, placement: 'query' }, nodeCrypto);
    expect(q.authorization).toBe(null);
    expect(q.request.url).toMatch(/^HTTP:\/\/Example\.COM:80\/r\?b=2&a=1&oauth_consumer_key=ck&.*&oauth_signature=/);
    const b = traceSignature({ ...input, placement: 'body' }, nodeCrypto);
    expect(b.request.body).toMatch(/^c=3\+4&oauth_consumer_key=ck&.*oauth_signature=/);
    expect(
      caught(() => traceSignature({ ...input, contentType: 'text/plain', placement: 'body' }, nodeCrypto)).code
    ).toBe('body_placement_needs_form');
  });
  it('names missing inputs and the step they belong to', () => {
    expect(caught(() => traceSignature({ ...input, consumerKey: '' }, nodeCrypto))).toMatchObject({
      code: 'missing_consumer_key',
      step: 'protocol-parameters',
    });
    expect(caught(() => traceSignature({ ...input, nonce: '' }, nodeCrypto))).toMatchObject({ code: 'missing_nonce' });
    expect(caught(() => traceSignature({ ...input, signatureMethod: 'RSA-SHA1' }, nodeCrypto))).toMatchObject({
      code: 'missing_private_key',
      step: 'signature',
    });
    expect(
      caught(() =>
        traceSignature(
          {
            ...input,
            signatureMethod: 'RSA-SHA1',
            privateKeyPem: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
          },
          nodeCrypto
        )
      )
    ).toMatchObject({ code: 'invalid_private_key' });
    expect(
      caught(() => traceSignature({ ...input, extraOauthParams: [['oauth_nonce', 'x']] }, nodeCrypto))
    ).toMatchObject({ code: 'duplicate_protocol_parameter' });
    expect(caught(() => traceSignature({ ...input, extraOauthParams: [['x', 'y']] }, nodeCrypto))).toMatchObject({
      code: 'invalid_extra_parameter',
    });
  });
  it('PLAINTEXT may omit nonce and timestamp (§3.1) and its signature is the key', () => {
    const t = traceSignature({ ...input, signatureMethod: 'PLAINTEXT', nonce: null, timestamp: null }, nodeCrypto);
    expect(t.signature).toBe('cs&');
  });
});

describe('percentDecodeOrKeep', () => {
  it('decodes, with + as a space only when asked (a form), and keeps what is not valid percent-encoding', () => {
    expect(percentDecodeOrKeep('a+b%20c')).toBe('a+b c');
    expect(percentDecodeOrKeep('a+b%20c', true)).toBe('a b c');
    expect(percentDecodeOrKeep('a+%zz', true)).toBe('a+%zz');
    expect(percentDecodeOrKeep('%E2%82', false)).toBe('%E2%82');
  });
});
