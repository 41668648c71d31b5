import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeCrypto } from '../../../../../platform/node/node-crypto';
import { traceSignature, type SignatureInput } from '../../../../../shared/oauth1';
import { FORM_CONTENT_TYPE } from '../../../../../shared/url-encoded';
import {
  alignDiff,
  compareBaseStringParts,
  diagnoseSignature,
  diffStrings,
  firstDifference,
  readReceivedRequest,
  resignRequest,
} from '../../../../../shared/oauth1/debug';
import { rebuild, SECRETS, withMistake, without, X_EXAMPLE } from './helpers';

const X = X_EXAMPLE;

describe('diagnoseSignature: the verdict and the request re-signed', () => {
  it.each(['header', 'query', 'body'] as const)(
    "a correct request with the parameters in the %s matches, and its trace is OAuth Lab's",
    (placement) => {
      const input: SignatureInput = { ...X, placement, realm: placement === 'header' ? 'Photos' : null };
      const t = traceSignature(input, nodeCrypto);
      const d = diagnoseSignature({ request: t.request, ...SECRETS }, nodeCrypto);
      expect(d).toMatchObject({
        verdict: 'match',
        placement,
        receivedSignature: t.signature,
        expectedSignature: t.signature,
        baseString: t.baseString,
        causes: [],
        reproductions: [],
      });
      expect(d.trace?.baseString).toBe(t.baseString);
      expect(d.resigned).toEqual(t.request);
      expect(d.comparisons).toHaveLength(1);
      expect(d.comparisons[0]).toMatchObject({ same: true, firstDifference: null, findings: [] });
    }
  );

  it('a wrong signature: the re-signed request differs only in oauth_signature, with the same nonce and timestamp', () => {
    const right = traceSignature(X, nodeCrypto);
    const request = withMistake(X, { baseString: rebuild({ params: without('status') }) });
    const d = diagnoseSignature({ request, ...SECRETS }, nodeCrypto);
    expect(d.verdict).toBe('mismatch');
    expect(d.expectedSignature).toBe(right.signature);
    expect(d.resigned).toEqual(right.request);
    expect(d.summary).toBe(
      "The signature does not match (HMAC-SHA1). Your client's signature is reproduced with: the form body was left out of the signature."
    );
    const [c] = d.comparisons;
    expect(c!.top.label).toBe("your client's (reproduced)");
    expect(c!.bottom).toEqual({ label: 'OAuth Lab (RFC 5849)', text: right.baseString });
    expect(c!.findings.map((f) => f.cause)).toEqual(['body-left-out']);
  });

  it('PLAINTEXT: the signature is the key, so only key mistakes are looked for', () => {
    const input: SignatureInput = { ...X, signatureMethod: 'PLAINTEXT' };
    expect(diagnoseSignature({ request: withMistake(input), ...SECRETS }, nodeCrypto).verdict).toBe('match');
    const d = diagnoseSignature(
      { request: withMistake(input, { key: () => `${SECRETS.consumerSecret}&` }), ...SECRETS },
      nodeCrypto
    );
    expect(d.causes.map((c) => c.cause)).toEqual(['key-token-secret-missing']);
  });

  it('without secrets nothing is verified, and the verdict says what to give', () => {
    const d = diagnoseSignature({ request: withMistake(X) }, nodeCrypto);
    expect(d).toMatchObject({ verdict: 'unverified', expectedSignature: null, resigned: null });
    expect(d.summary).toMatch(/^The signature was not checked: give the consumer secret/);
  });

  it('an empty consumer secret is a secret: it is verified', () => {
    const input = { ...X, consumerSecret: '', tokenSecret: null, token: null };
    expect(diagnoseSignature({ request: withMistake(input), consumerSecret: '' }, nodeCrypto).verdict).toBe('match');
  });

  it('protocol parameters in two places and a repeated one are warnings', () => {
    const t = traceSignature({ ...X, placement: 'header' }, nodeCrypto);
    const request = { ...t.request, url: `${t.request.url}&oauth_nonce=again` };
    const d = diagnoseSignature({ request, ...SECRETS }, nodeCrypto);
    expect(d.warnings.map((w) => w.cause)).toEqual(['params-several-places', 'param-repeated']);
    expect(d.trace).toBeNull();
  });

  it('errors that leave nothing to check are coded', () => {
    const t = traceSignature(X, nodeCrypto);
    const auth = t.authorization!;
    const strip = (name: string) => ({
      ...t.request,
      headers: [['Authorization', auth.replace(new RegExp(`,? ?${name}="[^"]*"`), '')]] as [string, string][],
    });
    expect(() => diagnoseSignature({ request: strip('oauth_signature') }, nodeCrypto)).toThrow(
      expect.objectContaining({ code: 'missing_signature' })
    );
    expect(() => diagnoseSignature({ request: strip('oauth_signature_method') }, nodeCrypto)).toThrow(
      expect.objectContaining({ code: 'missing_signature_method' })
    );
    const md5 = {
      ...t.request,
      headers: [['Authorization', auth.replace('HMAC-SHA1', 'HMAC-MD5')]] as [string, string][],
    };
    expect(() => diagnoseSignature({ request: md5 }, nodeCrypto)).toThrow(
      expect.objectContaining({ code: 'unsupported_signature_method' })
    );
    expect(() => diagnoseSignature({ request: t.request, serverBaseString: 'not one' }, nodeCrypto)).toThrow(
      expect.objectContaining({ code: 'invalid_base_string', step: 'server-base-string' })
    );
  });

  it('any request OAuth Lab signs is diagnosed as a match, and the trace agrees (property)', () => {
    const text = fc.string({
      unit: fc.constantFrom('a', 'Z', '0', ' ', '+', '%', '&', '=', '~', '!', '[', 'é', '/', '*'),
      maxLength: 8,
    });
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(
            text.filter((s) => s !== ''),
            text
          ),
          { maxLength: 4 }
        ),
        fc.array(
          fc.tuple(
            text.filter((s) => s !== ''),
            text
          ),
          { maxLength: 3 }
        ),
        fc.constantFrom('header', 'query', 'body'),
        fc.constantFrom('HMAC-SHA1', 'HMAC-SHA256', 'PLAINTEXT'),
        text,
        (query, form, placement, method, secret) => {
          const enc = (pairs: [string, string][]) =>
            pairs.map(([n, v]) => `${encodeURIComponent(n)}=${encodeURIComponent(v)}`).join('&');
          const input: SignatureInput = {
            ...X,
            url: `https://api.example.com/p${query.length ? `?${enc(query)}` : ''}`,
            body: enc(form),
            contentType: FORM_CONTENT_TYPE,
            placement,
            signatureMethod: method,
            consumerSecret: secret,
          };
          const t = traceSignature(input, nodeCrypto);
          const d = diagnoseSignature(
            { request: t.request, consumerSecret: secret, tokenSecret: SECRETS.tokenSecret },
            nodeCrypto
          );
          expect(d.verdict).toBe('match');
          expect(d.baseString).toBe(t.baseString);
          expect(d.trace?.baseString).toBe(t.baseString);
        }
      ),
      { numRuns: 150 }
    );
  });
});

describe("diagnoseSignature with a server's base string", () => {
  const right = traceSignature(X, nodeCrypto);
  it('a server behind a TLS-terminating proxy signs http: the signature is right by the RFC, the server sees another URI', () => {
    const server = right.baseString.replace('https%3A', 'http%3A');
    const d = diagnoseSignature({ request: right.request, ...SECRETS, serverBaseString: server }, nodeCrypto);
    expect(d.verdict).toBe('mismatch');
    expect(d.comparisons[0]!.top).toEqual({ label: "signed by your client (the RFC's)", text: right.baseString });
    expect(d.causes.map((c) => c.cause)).toEqual(['uri-scheme']);
  });
  it('the client signed what the server signs: a match, though both differ from the RFC (a warning)', () => {
    const server = right.baseString.replace('https%3A%2F%2Fapi.x.com', 'https%3A%2F%2Fapi.x.com%3A443');
    const d = diagnoseSignature(
      { request: withMistake(X, { baseString: () => server }), ...SECRETS, serverBaseString: server },
      nodeCrypto
    );
    expect(d.verdict).toBe('match');
    expect(d.warnings.map((w) => w.cause)).toEqual(['uri-default-port']);
  });
  it("without secrets, the server's base string is still compared with OAuth Lab's", () => {
    const server = right.baseString.replace('POST&', 'post&');
    const d = diagnoseSignature({ request: right.request, serverBaseString: server }, nodeCrypto);
    expect(d.verdict).toBe('unverified');
    expect(d.causes.map((c) => c.cause)).toEqual(['method-case']);
  });
  it('the same base strings but another signature: the secrets differ', () => {
    const d = diagnoseSignature(
      { request: withMistake(X, { key: () => 'x&y' }), ...SECRETS, serverBaseString: right.baseString },
      nodeCrypto
    );
    expect(d.causes.map((c) => c.cause)).toEqual(['key-unknown']);
    expect(d.comparisons).toMatchObject([
      { same: true, top: { label: 'OAuth Lab (RFC 5849)' }, bottom: { label: "server's" } },
    ]);
    const client = diagnoseSignature(
      { request: withMistake(X, { key: () => 'x&y' }), ...SECRETS, clientBaseString: right.baseString },
      nodeCrypto
    );
    expect(client.causes.map((c) => c.cause)).toEqual(['key-unknown']);
  });
});

describe('compareBaseStringParts', () => {
  const ref = 'POST&https%3A%2F%2Fapi.x.com%2Fa&a%3D1%26b%3D%2520x%26oauth_token%3Dt';
  it.each([
    ['POST&https%3A%2F%2Fapi.x.com%2Fa%2F&a%3D1%26b%3D%2520x%26oauth_token%3Dt', ['uri-trailing-slash']],
    ['POST&https%3A%2F%2FAPI.x.com%2Fa&a%3D1%26b%3D%2520x%26oauth_token%3Dt', ['uri-case']],
    ['POST&https%3A%2F%2Fapi.x.com%3A443%2Fa&a%3D1%26b%3D%2520x%26oauth_token%3Dt', ['uri-default-port']],
    ['POST&https%3A%2F%2Fapi.x.com%2Fa%3Fa%3D1&b%3D%2520x%26oauth_token%3Dt', ['uri-query-included', 'param-missing']],
    ['POST&https%3A%2F%2Fother.x.com%2Fa&a%3D1%26b%3D%2520x%26oauth_token%3Dt', ['uri-host']],
    ['POST&https%3A%2F%2Fapi.x.com%2Fa&a%3D1%26b%3D%252520x%26oauth_token%3Dt', ['param-double-encoded']],
    ['POST&https%3A%2F%2Fapi.x.com%2Fa&a%3D1%26b%3D%2Bx%26oauth_token%3Dt', ['param-plus-space']],
    ['POST&https%3A%2F%2Fapi.x.com%2Fa&a%3D1%26b%3D%2520X%26oauth_token%3Dt', ['param-value-differs']],
    ['POST&https%3A%2F%2Fapi.x.com%2Fa&a%3D1%26b%3D%2520x%26oauth_token%3Dt%26realm%3DR', ['realm-signed']],
    ['POST&https%3A%2F%2Fapi.x.com%2Fa&b%3D%2520x%26a%3D1%26oauth_token%3Dt', ['param-sorted-differently']],
    ['GET&https%3A%2F%2Fapi.x.com%2Fa&a%3D1%26b%3D%2520x%26oauth_token%3Dt', ['method-differs']],
  ])('%s', (signed, causes) => {
    expect(compareBaseStringParts(signed, ref).map((f) => f.cause)).toEqual(causes);
  });
  it('a lower-case escape is the same value encoded differently', () => {
    const f = compareBaseStringParts('GET&https%3A%2F%2Fa%2F&q%3D%252f', 'GET&https%3A%2F%2Fa%2F&q%3D%252F');
    expect(f.map((x) => [x.cause, x.detail])).toEqual([
      ['param-encoded-differently', 'q is %2f against %2F: the same value, encoded differently.'],
    ]);
  });
  it('with the request, a parameter missing from the form body is the body left out', () => {
    const t = traceSignature(X, nodeCrypto);
    const signed = rebuild({ params: without('status') })(t);
    expect(compareBaseStringParts(signed, t.baseString, readReceivedRequest(t.request)).map((f) => f.cause)).toEqual([
      'body-left-out',
    ]);
  });
});

describe('diffStrings and alignDiff: the two base strings one above the other', () => {
  it('marks only what differs, lined up', () => {
    const segments = diffStrings('GET&a%2Fb&x%3D%2520', 'GET&a%2Fb%2F&x%3D%20');
    expect(firstDifference(segments)).toBe(9);
    const aligned = alignDiff(segments);
    expect(aligned.top).toBe('GET&a%2Fb   &x%3D%2520');
    expect(aligned.bottom).toBe('GET&a%2Fb%2F&x%3D%  20');
    expect(aligned.marks).toBe('         ^^^      ^^');
  });
  it('equal strings are one same segment; unrelated ones still line up', () => {
    expect(diffStrings('abc', 'abc')).toEqual([{ same: true, top: 'abc', bottom: 'abc' }]);
    const { top, bottom } = alignDiff(diffStrings('x'.repeat(3000), 'y'.repeat(2500)));
    expect(top.length).toBe(bottom.length);
  });
});

describe('resignRequest', () => {
  it('replaces only oauth_signature, in the header (realm first), the query or the body', () => {
    for (const placement of ['header', 'query', 'body'] as const) {
      const t = traceSignature({ ...X, placement, realm: placement === 'header' ? 'R' : null }, nodeCrypto);
      const wrong = withMistake({ ...X, placement, realm: placement === 'header' ? 'R' : null }, { key: () => 'x&' });
      expect(resignRequest(wrong, t.signature)).toEqual(t.request);
    }
  });
});
