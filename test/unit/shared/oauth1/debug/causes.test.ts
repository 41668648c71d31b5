import { describe, expect, it } from 'vitest';
import { nodeCrypto } from '../../../../../platform/node/node-crypto';
import type { RawRequest } from '../../../../../shared/http';
import type { SignatureInput } from '../../../../../shared/oauth1';
import { percentEncode } from '../../../../../shared/percent-encoding';
import type { Param } from '../../../../../shared/url-encoded';
import { CAUSES, diagnoseSignature, type CauseId, type Diagnosis } from '../../../../../shared/oauth1/debug';
import { adding, mapValue, rebuild, SECRETS, withMistake, without, X_EXAMPLE } from './helpers';

const diagnose = (request: RawRequest, extra: Partial<Parameters<typeof diagnoseSignature>[0]> = {}): Diagnosis =>
  diagnoseSignature({ request, ...SECRETS, ...extra }, nodeCrypto);
const causesOf = (d: Diagnosis) => d.causes.map((c) => c.cause);
const X = X_EXAMPLE;
const uri = 'https://api.x.com/1.1/statuses/update.json';
/** Collection order (protocol, query, body) is not sorted here: oauth_* come before include_entities. */
const inOrderCollected = (ps: Param[]) => ps;
const json: SignatureInput = { ...X, body: '{"status":"hello","draft":false}', contentType: 'application/json' };

/**
 * Every cause the debugger names: a request made with that mistake (the core's own intermediates plus the mistake), and
 * the cause the debugger must name by reproducing the signature from the request and the secrets alone.
 */
const CASES: [string, SignatureInput, Parameters<typeof withMistake>[1], CauseId, RegExp?][] = [
  ['method in lower case', X, { baseString: rebuild({ method: 'post' }) }, 'method-case'],
  [
    'signed as GET, sent as POST',
    X,
    { baseString: rebuild({ method: 'GET' }) },
    'method-differs',
    /signed as GET but sent as POST/,
  ],
  [
    'host in upper case, signed as typed',
    { ...X, url: 'https://API.X.com/1.1/statuses/update.json?include_entities=true' },
    { baseString: rebuild({ uri: 'https://API.X.com/1.1/statuses/update.json' }) },
    'uri-case',
  ],
  [
    'scheme in upper case',
    { ...X, url: 'HTTPS://api.x.com/1.1/statuses/update.json?include_entities=true' },
    { baseString: rebuild({ uri: 'HTTPS://api.x.com/1.1/statuses/update.json' }) },
    'uri-case',
  ],
  [
    'default port kept',
    { ...X, url: 'https://api.x.com:443/1.1/statuses/update.json?include_entities=true' },
    { baseString: rebuild({ uri: 'https://api.x.com:443/1.1/statuses/update.json' }) },
    'uri-default-port',
  ],
  [
    'default port added',
    X,
    { baseString: rebuild({ uri: 'https://api.x.com:443/1.1/statuses/update.json' }) },
    'uri-default-port',
  ],
  ['trailing slash added', X, { baseString: rebuild({ uri: `${uri}/` }) }, 'uri-trailing-slash'],
  [
    'trailing slash stripped',
    { ...X, url: 'https://api.x.com/1.1/statuses/?include_entities=true' },
    { baseString: rebuild({ uri: 'https://api.x.com/1.1/statuses' }) },
    'uri-trailing-slash',
  ],
  [
    'query left in the URI (and signed)',
    X,
    { baseString: rebuild({ uri: `${uri}?include_entities=true` }) },
    'uri-query-included',
  ],
  [
    'query left in the URI (not signed)',
    X,
    { baseString: rebuild({ uri: `${uri}?include_entities=true`, params: without('include_entities') }) },
    'uri-query-included',
  ],
  ['http signed, https sent', X, { baseString: rebuild({ uri: uri.replace('https', 'http') }) }, 'uri-scheme'],
  [
    'a query parameter missing',
    X,
    { baseString: rebuild({ params: without('include_entities') }) },
    'param-missing',
    /include_entities=true \(query\)/,
  ],
  [
    'a protocol parameter missing',
    X,
    { baseString: rebuild({ params: without('oauth_nonce') }) },
    'param-missing',
    /oauth_nonce=/,
  ],
  [
    'oauth_version signed but not sent',
    { ...X, includeVersion: false },
    { baseString: rebuild({ params: adding(['oauth_version', '1.0']) }) },
    'param-extra',
    /oauth_version=1.0 was signed but not sent/,
  ],
  [
    'encodeURIComponent',
    X,
    { baseString: rebuild({ encode: encodeURIComponent }) },
    'param-encoded-differently',
    /encodeURIComponent/,
  ],
  [
    'lower-case hex',
    X,
    { baseString: rebuild({ encode: (s) => percentEncode(s).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase()) }) },
    'param-encoded-differently',
    /lower-case/,
  ],
  [
    'a value encoded twice',
    X,
    { baseString: rebuild({ params: mapValue('status', (v) => percentEncode(v)) }) },
    'param-double-encoded',
    /^status was signed as/,
  ],
  [
    'spaces as +',
    X,
    { baseString: rebuild({ encode: (s) => percentEncode(s).replace(/%20/g, '+') }) },
    'param-plus-space',
  ],
  [
    '+ in the query read as a plus',
    { ...X, url: 'https://api.x.com/1.1/search?q=a+b' },
    { baseString: rebuild({ params: mapValue('q', () => 'a+b') }) },
    'param-plus-space',
    /read \+ as a plus/,
  ],
  [
    'not sorted',
    X,
    { baseString: rebuild({ order: inOrderCollected }) },
    'param-sorted-differently',
    /order collected/,
  ],
  [
    'sorted as name=value strings',
    { ...X, url: 'https://api.x.com/1/a?a1=x&a=y' },
    { baseString: rebuild({ order: (ps) => [...ps].sort((p, q) => (p.join('=') < q.join('=') ? -1 : 1)) }) },
    'param-sorted-differently',
    /whole name=value/,
  ],
  [
    'sorted ignoring case',
    { ...X, url: 'https://api.x.com/1/a?B=1&a=2' },
    {
      baseString: rebuild({
        order: (ps) => [...ps].sort((p, q) => (p[0].toLowerCase() < q[0].toLowerCase() ? -1 : 1)),
      }),
    },
    'param-sorted-differently',
    /ignoring case/,
  ],
  ['form body left out', X, { baseString: rebuild({ params: without('status') }) }, 'body-left-out'],
  [
    'JSON body fields signed',
    json,
    { baseString: rebuild({ params: adding(['status', 'hello'], ['draft', 'false']) }) },
    'body-included',
    /JSON body's fields/,
  ],
  [
    'a form body without the form Content-Type signed',
    { ...X, contentType: 'text/plain' },
    { baseString: rebuild({ params: adding(['status', 'Hello Ladies + Gentlemen, a signed OAuth request!']) }) },
    'body-included',
    /Content-Type text\/plain/,
  ],
  [
    'realm signed',
    { ...X, realm: 'Example' },
    { baseString: rebuild({ params: adding(['realm', 'Example']) }) },
    'realm-signed',
  ],
  [
    'empty oauth_token signed, not sent',
    { ...X, token: null, tokenSecret: null },
    { baseString: rebuild({ params: adding(['oauth_token', '']) }) },
    'empty-token',
    /signed but not sent/,
  ],
  [
    'consumer and token secret swapped',
    X,
    { key: () => `${SECRETS.tokenSecret}&${SECRETS.consumerSecret}` },
    'key-secrets-swapped',
  ],
  ['token secret missing', X, { key: () => `${SECRETS.consumerSecret}&` }, 'key-token-secret-missing'],
  ['consumer secret missing', X, { key: () => `&${SECRETS.tokenSecret}` }, 'key-consumer-secret-missing'],
  ['& missing', X, { key: () => `${SECRETS.consumerSecret}${SECRETS.tokenSecret}` }, 'key-ampersand-missing'],
  ['HMAC-SHA256 while declaring HMAC-SHA1', X, { signWith: 'HMAC-SHA256' }, 'signature-method', /HMAC-SHA256/],
  [
    'HMAC-SHA1 while declaring HMAC-SHA512',
    { ...X, signatureMethod: 'HMAC-SHA512' },
    { signWith: 'HMAC-SHA1' },
    'signature-method',
  ],
  ['hex instead of base64', X, { hex: true }, 'signature-encoding', /hex/],
];

describe('diagnoseSignature names the cause by reproducing the signature', () => {
  it.each(CASES)('%s', (_, input, mistake, cause, detail) => {
    const request = withMistake(input, mistake);
    const d = diagnose(request, {
      consumerSecret: input.consumerSecret ?? null,
      tokenSecret: input.tokenSecret ?? null,
    });
    expect(d.verdict).toBe('mismatch');
    expect(causesOf(d)).toEqual([cause]);
    expect(d.reproductions.length).toBeGreaterThan(0);
    if (detail) expect(d.causes[0]!.details.join('\n')).toMatch(detail);
    // The reproduced base string is the client's: signed with the right key it gives the signature sent.
    expect(d.comparisons[0]!.top.label).toMatch(/reproduced/);
  });

  it('every cause in the catalog has a title, an RFC section and an explanation', () => {
    for (const [id, [title, section, explanation]] of Object.entries(CAUSES)) {
      expect(title, id).not.toBe('');
      expect(section, id).toMatch(/^RFC 5849 §3/);
      expect(explanation.length, id).toBeGreaterThan(40);
    }
  });

  it('the host the client signed is not the Host the server sees', () => {
    const t = withMistake(X);
    const request = { ...t, headers: [['Host', 'gateway.internal:8443'], ...t.headers] as [string, string][] };
    const d = diagnose(request);
    expect(d.verdict).toBe('mismatch');
    expect(causesOf(d)).toEqual(['uri-host']);
    expect(d.causes[0]!.details[0]).toMatch(
      /signed the URL's host api.x.com; the server sees Host: gateway.internal:8443/
    );
  });

  it('an empty oauth_token sent but not signed', () => {
    const t = withMistake({ ...X, token: null, tokenSecret: null });
    const request = {
      ...t,
      headers: t.headers.map(([n, v]): [string, string] => [
        n,
        n === 'Authorization' ? v.replace('OAuth ', 'OAuth oauth_token="", ') : v,
      ]),
    };
    const d = diagnose(request, { tokenSecret: null });
    expect(causesOf(d)).toEqual(['empty-token']);
    expect(d.causes[0]!.details).toEqual(['oauth_token is sent empty but was not signed.']);
    expect(d.warnings.map((w) => w.cause)).toEqual(['empty-token']);
  });

  it('secrets not percent-encoded in the key', () => {
    const secrets = { consumerSecret: 'c s+/', tokenSecret: 't&s' };
    const d = diagnose(withMistake({ ...X, ...secrets }, { key: () => 'c s+/&t&s' }), secrets);
    expect(causesOf(d)).toEqual(['key-not-encoded']);
  });

  it('a + in a query-sent signature arrives as a space', () => {
    // Search for a nonce whose correct signature holds a +, then send it unencoded in the query.
    for (let i = 0; ; i++) {
      const input: SignatureInput = { ...X, nonce: `n${i}`, placement: 'query' };
      const request = withMistake(input);
      const sig = /oauth_signature=([^&]*)/.exec(request.url)![1]!;
      if (!sig.includes('%2B')) continue;
      const d = diagnose({ ...request, url: request.url.replace(sig, decodeURIComponent(sig)) });
      expect(d.verdict).toBe('mismatch');
      expect(causesOf(d)).toEqual(['signature-encoding']);
      expect(d.causes[0]!.details[0]).toMatch(/\+ unencoded in the query/);
      break;
    }
  });

  it('two mistakes at once: the body left out and the token secret missing', () => {
    const d = diagnose(
      withMistake(X, { baseString: rebuild({ params: without('status') }), key: () => `${SECRETS.consumerSecret}&` })
    );
    expect(causesOf(d)).toEqual(['body-left-out', 'key-token-secret-missing']);
  });

  it('two base string mistakes at once: default port kept and the query left in the URI', () => {
    const d = diagnose(
      withMistake(X, {
        baseString: rebuild({
          uri: 'https://api.x.com:443/1.1/statuses/update.json?include_entities=true',
          params: without('include_entities'),
        }),
      })
    );
    expect(new Set(causesOf(d))).toEqual(new Set(['uri-default-port', 'uri-query-included']));
  });

  it('a mistake no candidate covers: the secret is simply another one', () => {
    const d = diagnose(withMistake(X, { key: () => 'another&secret' }));
    expect(d.verdict).toBe('mismatch');
    expect(causesOf(d)).toEqual(['unexplained']);
    expect(d.reproductions).toEqual([]);
    expect(d.summary).toMatch(/does not match .*No known mistake reproduces the signature/);
  });
});
