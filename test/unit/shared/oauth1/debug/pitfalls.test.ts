import { createHmac, generateKeyPairSync } from 'node:crypto';
import OAuth from 'oauth-1.0a';
import { describe, expect, it } from 'vitest';
import { nodeCrypto } from '../../../../../platform/node/node-crypto';
import type { RawRequest } from '../../../../../shared/http';
import { traceSignature, type SignatureInput } from '../../../../../shared/oauth1';
import { FORM_CONTENT_TYPE } from '../../../../../shared/url-encoded';
import { percentEncode } from '../../../../../shared/percent-encoding';
import { diagnoseSignature, parseCurlCommand, type DiagnoseInput } from '../../../../../shared/oauth1/debug';
import { mapValue, rebuild, SECRETS, withMistake, X_EXAMPLE } from './helpers';

// The OAuth 1.0a signature complaints of reference/tools-landscape.md §3, items 2–9 and 14: each a request made with
// the mistake, diagnosed with the right cause. Some are made by the npm oauth-1.0a package (the signer Insomnia uses).

const diagnose = (request: RawRequest, extra: Partial<DiagnoseInput> = {}) =>
  diagnoseSignature({ request, ...SECRETS, ...extra }, nodeCrypto);
const causes = (request: RawRequest, extra: Partial<DiagnoseInput> = {}) =>
  diagnose(request, extra).causes.map((c) => c.cause);
const consumer = { key: X_EXAMPLE.consumerKey, secret: SECRETS.consumerSecret };
const token = { key: X_EXAMPLE.token!, secret: SECRETS.tokenSecret };

function thirdParty(options: Partial<OAuth.Options> = {}) {
  const oauth = new OAuth({
    consumer,
    signature_method: 'HMAC-SHA1',
    hash_function: (base, key) => createHmac('sha1', key).update(base).digest('base64'),
    ...options,
  });
  oauth.getNonce = () => 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg';
  oauth.getTimeStamp = () => 1318622958;
  return oauth;
}

/** A request signed by oauth-1.0a for `signed`, sent as `sent` (the form body, if any, as given). */
function signedBy(
  oauth: OAuth,
  signed: OAuth.RequestOptions,
  sent: { method: string; url: string; body?: string; contentType?: string }
): RawRequest {
  const authorization = oauth.toHeader(oauth.authorize(signed, token)).Authorization;
  const headers: [string, string][] = [['Authorization', authorization]];
  if (sent.contentType) headers.push(['Content-Type', sent.contentType]);
  return { method: sent.method, url: sent.url, headers, ...(sent.body !== undefined ? { body: sent.body } : {}) };
}

const url = 'https://api.x.com/1.1/statuses/update.json';

describe('tools-landscape §3: OAuth 1.0a signature pitfalls', () => {
  it('the third-party signer, used right, is diagnosed as a match (the baseline for the cases below)', () => {
    const request = signedBy(
      thirdParty(),
      { url, method: 'POST', data: { status: 'Hello Ladies + Gentlemen' } },
      { method: 'POST', url, body: 'status=Hello%20Ladies%20%2B%20Gentlemen', contentType: FORM_CONTENT_TYPE }
    );
    expect(diagnose(request).verdict).toBe('match');
  });

  it('2. postman#1838: form fields left out of the base string on a urlencoded POST', () => {
    const request = signedBy(
      thirdParty(),
      { url, method: 'POST' },
      { method: 'POST', url, body: 'status=Hello', contentType: FORM_CONTENT_TYPE }
    );
    expect(causes(request)).toEqual(['body-left-out']);
  });

  it('3. postman#7522: an unselected body parameter is not sent but still signed', () => {
    const oauth = thirdParty();
    const signed = { url, method: 'POST', data: { status: 'Hello', draft: 'true' } };
    const request = signedBy(oauth, signed, {
      method: 'POST',
      url,
      body: 'status=Hello',
      contentType: FORM_CONTENT_TYPE,
    });
    // The name of a parameter never sent cannot be guessed from the request; the client's base string shows it.
    expect(causes(request)).toEqual(['unexplained']);
    const { oauth_signature: _, ...unsigned } = oauth.authorize(signed, token);
    const clientBaseString = oauth.getBaseString(signed, unsigned as OAuth.Data);
    const d = diagnose(request, { clientBaseString });
    expect(d.causes.map((c) => c.cause)).toEqual(['param-extra']);
    expect(d.causes[0]!.details).toEqual(['draft=true is in the signed base string only.']);
    expect(d.comparisons[0]!.top.label).toBe("your client's (signs the request)");
  });

  it('4. postman#8879: a URL with percent-encoded query parameters is encoded again', () => {
    const input: SignatureInput = {
      ...X_EXAMPLE,
      method: 'GET',
      body: undefined,
      contentType: undefined,
      url: 'https://ads-api.x.com/9/accounts/18ce54d4x5t/line_items?line_item_ids=8v53k%2C8v53m&with_deleted=true',
    };
    const request = withMistake(input, {
      baseString: rebuild({ params: mapValue('line_item_ids', () => '8v53k%2C8v53m') }),
    });
    const d = diagnose(request);
    expect(d.causes.map((c) => c.cause)).toEqual(['param-double-encoded']);
    expect(d.causes[0]!.details[0]).toMatch(
      /line_item_ids was signed as written in the query \(line_item_ids=8v53k%2C8v53m\)/
    );
  });

  it('5. insomnia#1137 / #1854: the signature leaves out the form-encoded body', () => {
    const input: SignatureInput = { ...X_EXAMPLE };
    const request = withMistake(input, {
      baseString: () => traceSignature({ ...input, body: undefined, contentType: undefined }, nodeCrypto).baseString,
    });
    expect(causes(request)).toEqual(['body-left-out']);
  });

  it('6. insomnia#1681: query parameters double-encoded in the base string, found with the base strings too', () => {
    const input: SignatureInput = {
      ...X_EXAMPLE,
      method: 'GET',
      body: undefined,
      contentType: undefined,
      url: 'https://api.x.com/1.1/search/tweets.json?q=%23oauth%20lab',
    };
    const mistake = rebuild({ params: mapValue('q', (v) => percentEncode(v)) });
    const request = withMistake(input, { baseString: mistake });
    expect(causes(request)).toEqual(['param-double-encoded']);
    // A server that prints its base string: the client's, reproduced, is compared with it.
    const server = traceSignature(input, nodeCrypto).baseString;
    const d = diagnose(request, { serverBaseString: server });
    expect(d.comparisons[0]!.bottom).toEqual({ label: "server's", text: server });
    expect(d.comparisons[0]!.findings.map((f) => f.cause)).toEqual(['param-double-encoded']);
    expect(d.comparisons[0]!.findings[0]!.detail).toBe(
      'q is %2523oauth%2520lab in the signed base string and %23oauth%20lab in the other: encoded twice.'
    );
  });

  it('7. insomnia#4407: array-style query parameters (fields[ledger]) with the brackets left unencoded', () => {
    const input: SignatureInput = {
      ...X_EXAMPLE,
      method: 'GET',
      body: undefined,
      contentType: undefined,
      url: 'https://api.example.com/v1/ledgers?fields[ledger]=name&fields[entry]=amount',
    };
    const request = withMistake(input, {
      baseString: rebuild({ encode: (s) => percentEncode(s).replace(/%5B/g, '[').replace(/%5D/g, ']') }),
    });
    const d = diagnose(request);
    expect(d.causes.map((c) => c.cause)).toEqual(['param-encoded-differently']);
    expect(d.causes[0]!.details[0]).toMatch(/\[ \] as they are \(e\.g\. fields\[ledger\]\)/);
  });

  it('7. insomnia#4407: array-style query parameters written encoded in the URL and signed as written', () => {
    const input: SignatureInput = {
      ...X_EXAMPLE,
      method: 'GET',
      body: undefined,
      contentType: undefined,
      url: 'https://api.example.com/v1/ledgers?fields%5Bledger%5D=name',
    };
    const request = withMistake(input, {
      baseString: rebuild({
        params: (ps) => ps.map(([n, v]) => (n === 'fields[ledger]' ? ['fields%5Bledger%5D', v] : [n, v])),
      }),
    });
    expect(causes(request)).toEqual(['param-double-encoded']);
  });

  describe('8. insomnia#1055 / postman#640 / #665: an empty oauth_token on a request-token leg', () => {
    const keys = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const leg: SignatureInput = {
      method: 'POST',
      url: 'https://api.example.com/oauth/request_token',
      consumerKey: 'k',
      signatureMethod: 'RSA-SHA1',
      nonce: 'n',
      timestamp: '1318622958',
      callback: 'oob',
      privateKeyPem: keys.privateKey,
      extraOauthParams: [['oauth_token', '']],
      realm: '',
    };
    it('sent and signed: the signature is right, and the empty token is a warning', () => {
      const d = diagnose(withMistake(leg), { rsaPublicKeyPem: keys.publicKey });
      expect(d.verdict).toBe('match');
      expect(d.summary).toBe(
        "The signature matches (RSA-SHA1): the consumer's public key verifies it over the base string of this request."
      );
      expect(d.warnings.map((w) => w.cause)).toEqual(['empty-token']);
    });
    it('sent but not signed (RSA, verified with the public key)', () => {
      const request = withMistake(leg, {
        baseString: rebuild({ params: (ps) => ps.filter(([n]) => n !== 'oauth_token') }),
      });
      const d = diagnose(request, { rsaPublicKeyPem: keys.publicKey });
      expect(d.verdict).toBe('mismatch');
      expect(d.causes.map((c) => c.cause)).toEqual(['empty-token']);
    });
    it('without the public key an RSA signature is not verified', () => {
      const d = diagnose(withMistake(leg));
      expect(d.verdict).toBe('unverified');
      expect(d.summary).toMatch(/give the consumer's RSA public key/);
    });
  });

  it('9. ddo/oauth-1.0a#50: the realm put into the base string', () => {
    const oauth = thirdParty({ realm: 'Example' });
    const request = signedBy(
      oauth,
      { url, method: 'POST', data: { realm: 'Example', status: 'Hello' } },
      { method: 'POST', url, body: 'status=Hello', contentType: FORM_CONTENT_TYPE }
    );
    expect(request.headers[0]![1]).toMatch(/^OAuth realm="Example", /);
    expect(causes(request)).toEqual(['realm-signed']);
  });

  it('14. postman#1898: a generated snippet without the OAuth parameters is named as such', () => {
    const request = parseCurlCommand(
      `curl --location --request POST '${url}' --header 'Content-Type: application/x-www-form-urlencoded' --data-urlencode 'status=Hello'`
    );
    expect(() => diagnose(request)).toThrow(
      expect.objectContaining({
        code: 'no_oauth_parameters',
        message: expect.stringMatching(/no oauth_\* parameters.*#1898/),
      })
    );
  });

  it('oauth-1.0a reads + in a query as a plus, not a space', () => {
    const q = 'https://api.x.com/1.1/search/tweets.json?q=oauth+lab';
    const request = signedBy(thirdParty(), { url: q, method: 'GET' }, { method: 'GET', url: q });
    expect(causes(request)).toEqual(['param-plus-space']);
  });

  it('oauth-1.0a signs the URL as written: upper-case host and default port', () => {
    const written = 'https://API.X.com:443/1.1/statuses/home_timeline.json';
    const request = signedBy(thirdParty(), { url: written, method: 'GET' }, { method: 'GET', url: written });
    expect(new Set(causes(request))).toEqual(new Set(['uri-case', 'uri-default-port']));
  });

  it('oauth-1.0a with last_ampersand off: the & missing from a key without token secret', () => {
    const oauth = thirdParty({ last_ampersand: false });
    const authorization = oauth.toHeader(oauth.authorize({ url, method: 'GET' })).Authorization;
    expect(causes({ method: 'GET', url, headers: [['Authorization', authorization]] }, { tokenSecret: null })).toEqual([
      'key-ampersand-missing',
    ]);
  });
});
