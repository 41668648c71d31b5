import { describe, expect, it } from 'vitest';
import { explainHar } from '../../../../shared/explain/explain';
import { readHar } from '../../../../shared/explain/har-read';
import { nodeCrypto, nodeRandom } from '../../../../platform/node/node-crypto';
import { fingerprinter } from '../../../../shared/explain/fingerprint';
import { harOf, type EntrySpec } from './har-builder';

/**
 * Causes no server a test can run produces on demand (DPoP is another engineer's; clocks and scopes of real
 * providers): the recorded answers, as RFC 6750 and RFC 9449 define them, are the input.
 */
const explain = (entries: EntrySpec[], codeLifetimeSeconds?: number) =>
  explainHar(readHar(harOf(entries)), nodeCrypto, fingerprinter(nodeCrypto, nodeRandom), {
    codeLifetimeSeconds: codeLifetimeSeconds ?? null,
  });
const ids = (e: ReturnType<typeof explain>, leg: number) => e.causes.filter((c) => c.leg === leg).map((c) => c.id);
const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const TOKEN = {
  url: 'https://idp.example/oauth/token',
  body: 'grant_type=client_credentials&client_id=c&client_secret=s',
};
const issued = (extra: object = {}) => ({
  ...TOKEN,
  response: JSON.stringify({ access_token: 'at-value-123', token_type: 'Bearer', expires_in: 300, ...extra }),
});
const api = (
  at: number,
  status: number,
  challenge: string,
  auth = 'Bearer at-value-123',
  date?: string
): EntrySpec => ({
  url: 'https://api.example/v1/items',
  headers: [['Authorization', auth]],
  status,
  responseHeaders: [['WWW-Authenticate', challenge], ...(date ? ([['Date', date]] as [string, string][]) : [])],
  at,
});

describe('causes at the resource server (RFC 6750 §3.1, RFC 9449)', () => {
  it('insufficient_scope, with the scope the API wants', () => {
    const e = explain([issued(), api(1, 403, 'Bearer error="insufficient_scope", scope="items:write"')]);
    expect(e.legs.map((l) => l.kind)).toEqual(['grant', 'resource']);
    expect(ids(e, 1)[0]).toBe('insufficient_scope');
    expect(e.causes[0]!.evidence).toContain('items:write');
  });

  it('token_expired by expires_in; clock_skew when only the server clock says so', () => {
    expect(ids(explain([issued(), api(400, 401, 'Bearer error="invalid_token"')]), 1)[0]).toBe('token_expired');
    const serverAhead = new Date(Date.parse('2026-01-01T10:00:00Z') + 900_000).toUTCString();
    const e = explain([issued(), api(60, 401, 'Bearer error="invalid_token"', undefined, serverAhead)]);
    expect(ids(e, 1)[0]).toBe('clock_skew');
    expect(e.causes[0]!.evidence).toContain("server's Date header");
  });

  it('a JWT access token past its exp', () => {
    const jwt = `eyJhbGciOiJSUzI1NiJ9.${b64url({ exp: Date.parse('2026-01-01T10:00:30Z') / 1000 })}.c2ln`;
    const e = explain([api(60, 401, 'Bearer error="invalid_token"', `Bearer ${jwt}`)]);
    expect(ids(e, 0)[0]).toBe('token_expired');
  });

  it('dpop_nonce_required and dpop_proof_invalid; a DPoP-bound token sent as Bearer is wrong_token_type', () => {
    const proof: [string, string] = ['DPoP', 'eyJ0eXAiOiJkcG9wK2p3dCJ9.e30.c2ln'];
    const e = explain([
      issued({ token_type: 'DPoP' }),
      {
        ...api(1, 401, 'DPoP error="use_dpop_nonce"', 'DPoP at-value-123'),
        headers: [['Authorization', 'DPoP at-value-123'], proof],
      },
      {
        ...api(2, 401, 'DPoP error="invalid_dpop_proof"', 'DPoP at-value-123'),
        headers: [['Authorization', 'DPoP at-value-123'], proof],
      },
      api(3, 401, 'Bearer error="invalid_token"'),
    ]);
    expect(ids(e, 1)[0]).toBe('dpop_nonce_required');
    expect(ids(e, 2)[0]).toBe('dpop_proof_invalid');
    expect(ids(e, 3)[0]).toBe('wrong_token_type');
  });

  it('the token endpoint asks for a DPoP nonce (RFC 9449 §8)', () => {
    const e = explain([{ ...TOKEN, status: 400, response: JSON.stringify({ error: 'use_dpop_nonce' }) }]);
    expect(ids(e, 0)).toEqual(['dpop_nonce_required']);
  });
});

describe('client authentication (RFC 6749 §2.3.1)', () => {
  it('basic_credentials_not_form_decoded: a correctly encoded secret refused', () => {
    const basic = Buffer.from('app:s%2Bcr%2Ft').toString('base64');
    const e = explain([
      {
        ...TOKEN,
        body: 'grant_type=client_credentials',
        headers: [['Authorization', `Basic ${basic}`]],
        status: 401,
        response: '{"error":"invalid_client"}',
      },
    ]);
    expect(ids(e, 0)[0]).toBe('basic_credentials_not_form_decoded');
  });

  it('basic_credentials_not_form_encoded on its own: Basic with a raw "%" refused with words nobody documents', () => {
    const basic = Buffer.from('app:50%off').toString('base64');
    const e = explain([
      {
        ...TOKEN,
        body: 'grant_type=client_credentials',
        headers: [['Authorization', `Basic ${basic}`]],
        status: 400,
        response: '{"error":"invalid_request","error_description":"bad header"}',
      },
    ]);
    expect(ids(e, 0)).toEqual(['basic_credentials_not_form_encoded']);
    expect(e.causes[0]!.rfc).toBe('RFC 6749 §2.3.1');
  });

  it('a different secret than the one that worked before is decisive', () => {
    const e = explain([
      { ...TOKEN, response: '{"access_token":"x","token_type":"Bearer"}' },
      {
        ...TOKEN,
        body: 'grant_type=client_credentials&client_id=c&client_secret=other',
        status: 401,
        response: '{"error":"invalid_client"}',
        at: 1,
      },
    ]);
    expect(ids(e, 1)[0]).toBe('client_authentication_failed');
    expect(e.causes[0]!.evidence).toMatch(
      /entry 0 authenticated client "c" with secret \[secret [0-9a-f]{12}\]; entry 1 sent \[secret/
    );
  });
});

describe('what decides and what is missing', () => {
  it('a code 90 s old with nothing else wrong is code_expired, and --code-lifetime 600 says it is not', () => {
    const redirect = 'https://app.example/cb';
    const flow: EntrySpec[] = [
      {
        url: `https://idp.example/authorize?response_type=code&client_id=app&redirect_uri=${encodeURIComponent(redirect)}&state=s`,
        status: 302,
        responseHeaders: [['Location', `${redirect}?code=old-code&state=s`]],
      },
      {
        url: 'https://idp.example/token',
        body: `grant_type=authorization_code&code=old-code&redirect_uri=${encodeURIComponent(redirect)}&client_id=app&client_secret=x`,
        status: 400,
        response: '{"error":"invalid_grant"}',
        at: 90,
      },
    ];
    expect(ids(explain(flow), 1)).toEqual(['code_expired']);
    expect(ids(explain(flow, 600), 1)).toEqual(['unknown']);
  });

  it('a refresh token whose issuing leg is not in the file: unknown, saying what would decide it', () => {
    const e = explain([
      {
        ...TOKEN,
        body: 'grant_type=refresh_token&refresh_token=r1&client_id=c&client_secret=s',
        status: 400,
        response: '{"error":"invalid_grant"}',
      },
    ]);
    expect(e.legs).toEqual([{ kind: 'refresh', entries: [0], ok: false }]);
    expect(e.causes).toHaveLength(1);
    expect(e.causes[0]!.id).toBe('unknown');
    expect(e.causes[0]!.evidence).toContain('is not in the file');
  });

  it('discovery and JWKS legs are found by their documents, whatever the paths', () => {
    const e = explain([
      {
        url: 'https://idp.example/tenant/.well-known/openid-configuration',
        response: JSON.stringify({ issuer: 'https://idp.example/tenant', jwks_uri: 'https://keys.example/k' }),
      },
      { url: 'https://keys.example/k', response: JSON.stringify({ keys: [] }) },
    ]);
    expect(e.legs.map((l) => [l.kind, l.ok])).toEqual([
      ['discovery', true],
      ['jwks', true],
    ]);
    expect(e.causes).toEqual([]);
  });
});

describe('legs in other shapes', () => {
  const redirect = 'https://app.example/cb';
  const authorize = (extra: string, location?: string): EntrySpec => ({
    url: `https://idp.example/authorize?response_type=code&client_id=app&redirect_uri=${encodeURIComponent(redirect)}&state=s1${extra}`,
    status: location ? 302 : 200,
    ...(location ? { responseHeaders: [['Location', location]] as [string, string][] } : {}),
  });

  it('a device flow polling "authorization_pending" is not a failure; expired_token is the device code expiring', () => {
    const poll = (status: number, response: string, at: number): EntrySpec => ({
      url: 'https://idp.example/token',
      body: 'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=dc-1&client_id=tv',
      status,
      response,
      at,
    });
    const e = explain([
      poll(400, '{"error":"authorization_pending"}', 5),
      poll(400, '{"error":"slow_down"}', 10),
      poll(400, '{"error":"expired_token"}', 900),
    ]);
    expect(e.legs.map((l) => [l.kind, l.ok])).toEqual([
      ['grant', true],
      ['grant', true],
      ['grant', false],
    ]);
    expect(e.causes.map((c) => [c.leg, c.id, c.rfc])).toEqual([[2, 'code_expired', 'RFC 8628 §3.5']]);
  });

  it('form_post: the callback is a POST to the redirect URI, and its state is checked', () => {
    const e = explain([authorize('&response_mode=form_post'), { url: redirect, body: 'code=c-1&state=other', at: 1 }]);
    expect(e.legs).toEqual([{ kind: 'authorization', entries: [0, 1], ok: false }]);
    expect(e.causes.map((c) => c.id)).toEqual(['state_mismatch']);
  });

  it('implicit: the error comes back in the fragment', () => {
    const e = explain([authorize('', `${redirect}#error=access_denied&state=s1`)]);
    expect(e.causes.map((c) => c.id)).toEqual(['access_denied']);
  });

  it("Firefox's postData params instead of text", () => {
    const har = JSON.parse(
      harOf([
        { url: 'https://idp.example/token', body: 'x', status: 400, response: '{"error":"unsupported_grant_type"}' },
      ])
    ) as {
      log: { entries: { request: { postData: object } }[] };
    };
    har.log.entries[0]!.request.postData = {
      mimeType: 'application/x-www-form-urlencoded',
      params: [{ name: 'grant_type', value: 'magic' }],
    };
    const e = explainHar(readHar(JSON.stringify(har)), nodeCrypto, fingerprinter(nodeCrypto, nodeRandom));
    expect(e.causes.map((c) => [c.leg, c.id])).toEqual([[0, 'unsupported_grant_type']]);
  });
});

it('null where a member is optional (some exporters write "time": null, "text": null) is read as absent', () => {
  const har = JSON.parse(
    harOf([
      {
        url: 'https://idp.example/token',
        body: 'grant_type=magic',
        status: 400,
        response: '{"error":"unsupported_grant_type"}',
      },
    ])
  ) as {
    log: { entries: { time: unknown; response: { redirectURL: unknown; content: { mimeType: unknown } } }[] };
  };
  Object.assign(har.log.entries[0]!, { time: null });
  Object.assign(har.log.entries[0]!.response, { redirectURL: null });
  Object.assign(har.log.entries[0]!.response.content, { mimeType: null });
  expect(
    explainHar(readHar(JSON.stringify(har)), nodeCrypto, fingerprinter(nodeCrypto, nodeRandom)).causes.map((c) => c.id)
  ).toEqual(['unsupported_grant_type']);
});

it('a HAR newest first (as OAuth Lab exports its history) is read in the order the requests were sent', () => {
  const redirect = 'https://app.example/cb';
  const flow: EntrySpec[] = [
    {
      url: `https://idp.example/authorize?response_type=code&client_id=app&redirect_uri=${encodeURIComponent(redirect)}&state=s`,
      status: 302,
      responseHeaders: [['Location', `${redirect}?code=c1&state=s`]],
    },
    {
      url: 'https://idp.example/token',
      body: 'grant_type=authorization_code&code=c1&client_id=app',
      response: '{"access_token":"a"}',
      at: 1,
    },
    {
      url: 'https://idp.example/token',
      body: 'grant_type=authorization_code&code=c1&client_id=app',
      status: 400,
      response: '{"error":"invalid_grant"}',
      at: 2,
    },
  ];
  const e = explain([...flow].reverse());
  expect(e.legs).toEqual([
    { kind: 'authorization', entries: [2], ok: true },
    { kind: 'token', entries: [1], ok: true },
    { kind: 'token', entries: [0], ok: false },
  ]);
  expect(e.causes[0]).toMatchObject({ id: 'code_reused', leg: 2 });
  expect(e.causes[0]!.evidence).toContain('entry 1 already exchanged code');
});

it('a client assertion the server judges expired by its clock, valid by the client: clock_skew (RFC 7523 §3)', () => {
  const t0 = Date.parse('2026-01-01T10:00:00Z') / 1000;
  const assertion = `eyJhbGciOiJSUzI1NiJ9.${b64url({ iss: 'c', sub: 'c', iat: t0, exp: t0 + 60 })}.c2ln`;
  const body = `grant_type=client_credentials&client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer&client_assertion=${assertion}`;
  const serverAhead = new Date((t0 + 600) * 1000).toUTCString();
  const e = explain([
    {
      ...TOKEN,
      body,
      status: 401,
      response: '{"error":"invalid_client"}',
      responseHeaders: [
        ['Content-Type', 'application/json'],
        ['Date', serverAhead],
      ],
    },
  ]);
  expect(ids(e, 0)[0]).toBe('clock_skew');
  expect(e.causes[0]!.rfc).toBe('RFC 7523 §3');
});
