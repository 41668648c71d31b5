import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { oauth1ConfigOf, oauth1Flow, pastedQuery } from '../../../../shared/flows';
import type { Exchange, RawRequest } from '../../../../shared/http';
import { formEncode } from '../../../../shared/url-encoded';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { createOAuth1Store } from '../../../../renderer/state/oauth1/oauth1-store';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { fakeBridge } from './fake-bridge';

// Unicode (including astral characters), RFC 3986 (https://www.rfc-editor.org/rfc/rfc3986) reserved characters and the characters percent-encoding must escape.
const text = fc.string({
  unit: fc.constantFrom(
    'a',
    'Z',
    '0',
    '-',
    '.',
    '_',
    '~',
    ' ',
    '+',
    '%',
    '&',
    '=',
    '?',
    '/',
    ':',
    '#',
    '[',
    ']',
    '@',
    '!',
    '$',
    "'",
    '(',
    ')',
    '*',
    ',',
    ';',
    '"',
    'é',
    'ü',
    '中',
    '😀'
  ),
  maxLength: 12,
});
const nonEmpty = fc.string({
  unit: fc.constantFrom('k', '7', ' ', '%', '&', '=', '+', '~', 'é', '中', '😀'),
  minLength: 1,
  maxLength: 8,
});
const headerValue = fc.string({ unit: fc.constantFrom('a', 'B', '1', ' ', ';', '=', '/', ',', '"'), maxLength: 8 });
const headerName = fc.constantFrom('User-Agent', 'X-Team', 'Accept', 'X-Trace-Id', 'user-agent');
const queryPart = fc.constantFrom(
  '',
  '?q=a%20b',
  '?list=1&list=2',
  '?x=%E2%9C%93&empty=',
  '?method=flickr.test.login&a+b=c'
);
const basePath = fc.constantFrom('', '/base', '/v1/');

/** A profile as the profile form and the CLI flags build it, over every setting that changes a leg's request. */
const profiles = fc
  .record({
    consumerKey: nonEmpty,
    consumerSecret: text,
    signatureMethod: fc.constantFrom('HMAC-SHA1', 'HMAC-SHA256', 'HMAC-SHA512', 'PLAINTEXT'),
    placement: fc.constantFrom('header', 'query', 'body'),
    legMethod: fc.constantFrom('POST', 'GET'),
    realm: fc.oneof(fc.constant(''), text),
    includeVersion: fc.boolean(),
    useOob: fc.boolean(),
    service: fc.boolean(),
    headers: fc.array(fc.tuple(headerName, headerValue), { maxLength: 3 }),
    baseUrl: fc
      .tuple(fc.constantFrom('http://127.0.0.1:9', 'https://api.example.com'), basePath)
      .map(([h, p]) => h + p),
    requestTokenQuery: queryPart,
    apiPath: fc.tuple(fc.constantFrom('/api/v1/me', '/services/rest', '/a%20b/c'), queryPart).map(([p, q]) => p + q),
    redirectUri: fc.constantFrom('', 'https://app.example.com/landed'),
  })
  // A GET has no body for the protocol parameters (RFC 5849 §3.5.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5.2)); the profile form refuses that pair.
  .filter((p) => !(p.legMethod === 'GET' && p.placement === 'body'))
  .map((p) =>
    profileSchema.parse({
      id: 'p',
      name: 'Generated',
      baseUrl: p.baseUrl,
      service: p.service,
      headers: p.headers,
      redirectUri: p.redirectUri,
      oauth1: {
        consumerKey: p.consumerKey,
        consumerSecret: p.consumerSecret,
        signatureMethod: p.signatureMethod,
        placement: p.placement,
        legMethod: p.legMethod,
        realm: p.realm,
        includeVersion: p.includeVersion,
        useOob: p.useOob,
        requestTokenPath: `/oauth/request${p.requestTokenQuery}`,
        apiPath: p.apiPath,
      },
    })
  );

const credentials = fc.record({
  requestToken: nonEmpty,
  requestSecret: text,
  verifier: nonEmpty.filter((v) => v.trim() === v),
  accessToken: nonEmpty,
  accessSecret: text,
});
const formResponse = (request: RawRequest, body: string): Exchange => ({
  request,
  response: {
    status: 200,
    statusText: 'OK',
    headers: [['Content-Type', 'application/x-www-form-urlencoded']],
    bodyText: body,
    bodySize: body.length,
  },
  timings: { connect: 1, tls: null, firstByte: 2, total: 3 },
  startedAt: 0,
});
const REDIRECT = 'http://127.0.0.1:4321/callback';
const NOW = 1_700_000_123_456;

/** The three requests the app sends for a profile, through its real store; the bridge answers as the server would. */
async function appRequests(
  profile: Profile,
  answers: readonly string[],
  landed: string,
  nonceByte: number
): Promise<RawRequest[]> {
  const sent: RawRequest[] = [];
  const fake = fakeBridge({
    catcherOpen: () => ({ port: 4321, redirectUri: REDIRECT }),
    httpSend: ({ request }) => (sent.push(request), formResponse(request, answers[sent.length - 1]!)),
    historyAnnotate: () => ({ annotated: true }),
    tokenSave: (i) => i.token,
  });
  const store = createOAuth1Store({
    bridge: fake.bridge,
    crypto: browserCrypto,
    random: { bytes: (k) => new Uint8Array(k).fill(nonceByte) },
    now: () => NOW,
  });
  const s = store.getState;
  await s().flowStarted(profile, profile.baseUrl);
  await s().legSent('requestToken');
  if (profile.oauth1.useOob) s().verifierEntered(pastedQuery(landed).params.find(([n]) => n === 'oauth_verifier')![1]);
  else await s().urlPasted(landed);
  await s().legSent('accessToken');
  await s().legSent('api');
  for (const leg of ['requestToken', 'accessToken', 'api'] as const)
    expect(s().runs[leg]?.error ?? null, leg).toBeNull();
  return sent;
}

/** The same three requests as the CLI's engine builds them, fed the same answers, nonce and timestamp. */
function cliRequests(profile: Profile, answers: readonly string[], landed: string, nonceByte: number): RawRequest[] {
  const ctx = {
    ...oauth1Flow.freshNonceAndTimestamp({ bytes: (k) => new Uint8Array(k).fill(nonceByte) }, NOW),
    crypto: nodeCrypto,
  };
  let state = oauth1Flow.startOAuth1(oauth1ConfigOf(profile, profile.baseUrl, REDIRECT));
  const rt = oauth1Flow.buildRequestTokenRequest(state, ctx).request;
  state = oauth1Flow.interpretRequestToken(state, formResponse(rt, answers[0]!), NOW).state;
  const params = pastedQuery(landed).params;
  state = profile.oauth1.useOob
    ? oauth1Flow.verifierEntered(state, params.find(([n]) => n === 'oauth_verifier')![1])
    : oauth1Flow.interpretCallback(state, params).state;
  const at = oauth1Flow.buildAccessTokenRequest(state, ctx).request;
  state = oauth1Flow.interpretAccessToken(state, formResponse(at, answers[1]!), NOW).state;
  const api = oauth1Flow.buildApiRequest(
    state,
    oauth1Flow.defaultApiRequest(state.config, profile.oauth1.apiPath),
    ctx
  ).request;
  return [rt, at, api];
}

describe('the app and the CLI send the same OAuth 1.0a requests', () => {
  it('byte for byte (method, URL, headers in order, body) for every leg, for generated profiles and answers', async () => {
    await fc.assert(
      fc.asyncProperty(profiles, credentials, fc.integer({ min: 0, max: 255 }), async (profile, c, nonceByte) => {
        const answers = [
          formEncode([
            ['oauth_token', c.requestToken],
            ['oauth_token_secret', c.requestSecret],
            ['oauth_expires_in', '600'],
            ['oauth_callback_confirmed', 'true'],
          ]),
          formEncode([
            ['oauth_token', c.accessToken],
            ['oauth_token_secret', c.accessSecret],
            ['user_id', '42'],
          ]),
          '{"ok":true}',
        ];
        const landed = `https://app.example.com/landed?${formEncode([
          ['oauth_token', c.requestToken],
          ['oauth_verifier', c.verifier],
        ])}`;
        const app = await appRequests(profile, answers, landed, nonceByte);
        const cli = cliRequests(profile, answers, landed, nonceByte);
        expect(app).toHaveLength(3);
        // toStrictEqual compares the header lists as ordered arrays, and every string exactly.
        expect(app).toStrictEqual(cli);
      }),
      { numRuns: 150 }
    );
  });
});
