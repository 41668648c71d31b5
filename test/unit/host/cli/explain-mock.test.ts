import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configSchema } from '../../../../mock-provider/load-config';
import { MockProvider } from '../../../../mock-provider/server';
import { basic, causeIds, HarRecorder } from './explain-recorder';

/**
 * `oauth-lab explain` on real refusals of the built-in mock: each mistake is made over real sockets, recorded,
 * exported with the app's HAR export, and the explainer must name its cause first. Successful flows name none.
 */
const REDIRECT = 'http://127.0.0.1:8765/callback';
const CLIENT = { id: 'oauth-lab-client', secret: 'oauth-lab-client-secret' };
const OTHER = { id: 'other-client', secret: 'other-client-secret' };
const CODE_ONLY = { id: 'code-only', secret: 'code-only-secret' };
const PLUS = { id: 'plus-client', secret: 'p+ss/w=rd secret' };
let mock: MockProvider;
let catcher: Server;
let catcherUri = '';
let base = '';

const verifier = () => randomBytes(32).toString('base64url');
const s256 = (v: string) => createHash('sha256').update(v).digest('base64url');

beforeAll(async () => {
  catcher = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((r) => catcher.listen(0, '127.0.0.1', r));
  catcherUri = `http://127.0.0.1:${(catcher.address() as { port: number }).port}/callback`;
  const redirectUris = [REDIRECT, catcherUri];
  const config = configSchema.parse({
    oauth2: {
      clients: [
        { ...CLIENT, redirectUris },
        { ...OTHER, redirectUris },
        { ...CODE_ONLY, redirectUris, grantTypes: ['authorization_code'] },
        { ...PLUS, redirectUris },
      ],
    },
  });
  mock = new MockProvider({ config, autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
  base = mock.baseUrl;
});
afterAll(async () => {
  await mock.stop();
  await new Promise<void>((r) => catcher.close(() => r()));
});

/** The authorization leg: the mock approves at once (auto-login) and redirects with the code. */
async function authorize(rec: HarRecorder, extra: Record<string, string> = {}, client = CLIENT) {
  const v = verifier();
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: client.id,
    redirect_uri: REDIRECT,
    state: 'state-1',
    code_challenge: s256(v),
    code_challenge_method: 'S256',
    ...extra,
  });
  const x = await rec.get(`${base}/oauth/v2/authorize?${q}`);
  const location = x.response.headers.find(([n]) => n.toLowerCase() === 'location')![1];
  return { code: new URL(location).searchParams.get('code')!, verifier: v, location };
}

const tokenUrl = () => `${base}/oauth/v2/token`;
const exchange = (
  rec: HarRecorder,
  code: string,
  v: string | undefined,
  over: Record<string, string | undefined> = {}
) =>
  rec.post(tokenUrl(), {
    grant_type: 'authorization_code',
    code,
    redirect_uri: REDIRECT,
    code_verifier: v,
    client_id: CLIENT.id,
    client_secret: CLIENT.secret,
    ...over,
  });
const tokens = (x: { response: { bodyText: string } }) =>
  JSON.parse(x.response.bodyText) as { access_token: string; refresh_token: string; id_token?: string };

describe('the mock refuses, explain names the cause first', () => {
  it('a successful flow (authorize, token, refresh, API call) names no cause', async () => {
    const rec = new HarRecorder();
    const a = await authorize(rec);
    const t = tokens(await exchange(rec, a.code, a.verifier));
    const r = tokens(
      await rec.post(tokenUrl(), {
        grant_type: 'refresh_token',
        refresh_token: t.refresh_token,
        client_id: CLIENT.id,
        client_secret: CLIENT.secret,
      })
    );
    await rec.get(`${base}/api/v2/me`, [['Authorization', `Bearer ${r.access_token}`]]);
    const e = await rec.explain();
    expect(e.legs.map((l) => [l.kind, l.ok])).toEqual([
      ['authorization', true],
      ['token', true],
      ['refresh', true],
      ['resource', true],
    ]);
    expect(e.causes).toEqual([]);
  });

  it('code_reused: the code sent twice', async () => {
    const rec = new HarRecorder();
    const a = await authorize(rec);
    await exchange(rec, a.code, a.verifier);
    await exchange(rec, a.code, a.verifier);
    const e = await rec.explain();
    expect(e.legs[2]).toMatchObject({ kind: 'token', entries: [2], ok: false });
    expect(causeIds(e, 2)[0]).toBe('code_reused');
    expect(e.causes[0]!.evidence).toContain('entry 1 already exchanged code [secret ');
    expect(e.causes[0]!.rfc).toBe('RFC 6749 §4.1.2');
    expect(JSON.stringify(e)).not.toContain(a.code);
  });

  it('redirect_uri_mismatch: a trailing slash at the token leg', async () => {
    const rec = new HarRecorder();
    const a = await authorize(rec);
    await exchange(rec, a.code, a.verifier, { redirect_uri: `${REDIRECT}/` });
    const e = await rec.explain();
    expect(causeIds(e, 1)[0]).toBe('redirect_uri_mismatch');
    expect(e.causes[0]!.evidence).toContain(
      `sent redirect_uri "${REDIRECT}"; entry 1 (token request) sent "${REDIRECT}/"`
    );
  });

  it('pkce_verifier_mismatch and pkce_missing', async () => {
    const wrong = new HarRecorder();
    const a = await authorize(wrong);
    await exchange(wrong, a.code, verifier());
    expect(causeIds(await wrong.explain(), 1)[0]).toBe('pkce_verifier_mismatch');
    const missing = new HarRecorder();
    const b = await authorize(missing);
    await exchange(missing, b.code, undefined);
    expect(causeIds(await missing.explain(), 1)[0]).toBe('pkce_missing');
  });

  it('code_expired: the code redeemed after its lifetime on the mock clock', async () => {
    const rec = new HarRecorder();
    const a = await authorize(rec);
    await rec.after(120, mock.clock, () => exchange(rec, a.code, a.verifier));
    expect(causeIds(await rec.explain(), 1)[0]).toBe('code_expired');
    const told = await rec.explain('--code-lifetime', '60');
    expect(told.causes[0]).toMatchObject({ id: 'code_expired', rfc: 'RFC 6749 §4.1.2' });
    expect(told.causes[0]!.evidence).toContain("past the provider's code lifetime of 60 s");
  });

  it('grant_for_another_client: the code exchanged by another client', async () => {
    const rec = new HarRecorder();
    const a = await authorize(rec);
    await exchange(rec, a.code, a.verifier, { client_id: OTHER.id, client_secret: OTHER.secret });
    expect(causeIds(await rec.explain(), 1)[0]).toBe('grant_for_another_client');
  });

  it('client_authentication_failed, unknown_client, client_auth_method_mismatch', async () => {
    const cases: [Record<string, string | undefined>, string][] = [
      [{ client_secret: 'not-the-secret' }, 'client_authentication_failed'],
      [{ client_id: 'nobody', client_secret: 'whatever' }, 'unknown_client'],
      [{ client_secret: undefined }, 'client_auth_method_mismatch'],
    ];
    for (const [over, id] of cases) {
      const rec = new HarRecorder();
      const a = await authorize(rec);
      await exchange(rec, a.code, a.verifier, over);
      const e = await rec.explain();
      expect(causeIds(e, 1)[0], id).toBe(id);
      // The code issued to this client_id in entry 0 shows the server knows it.
      if (over.client_id === undefined) expect(causeIds(e, 1), id).not.toContain('unknown_client');
    }
  });

  it('basic_credentials_not_form_encoded: Basic with a secret sent as is', async () => {
    const rec = new HarRecorder();
    const a = await authorize(rec, {}, PLUS);
    await rec.post(
      tokenUrl(),
      { grant_type: 'authorization_code', code: a.code, redirect_uri: REDIRECT, code_verifier: a.verifier },
      [['Authorization', basic(PLUS.id, PLUS.secret)]]
    );
    expect(causeIds(await rec.explain(), 1)[0]).toBe('basic_credentials_not_form_encoded');
  });

  it('unauthorized_client and unsupported_grant_type', async () => {
    const rec = new HarRecorder();
    await rec.post(tokenUrl(), {
      grant_type: 'refresh_token',
      refresh_token: 'rt-anything',
      client_id: CODE_ONLY.id,
      client_secret: CODE_ONLY.secret,
    });
    await rec.post(tokenUrl(), { grant_type: 'urn:example:nope', client_id: CLIENT.id, client_secret: CLIENT.secret });
    const e = await rec.explain();
    expect(causeIds(e, 0)[0]).toBe('unauthorized_client');
    expect(causeIds(e, 1)[0]).toBe('unsupported_grant_type');
  });

  it('refresh_token_reused after rotation, refresh_token_revoked after revocation', async () => {
    const rec = new HarRecorder();
    const a = await authorize(rec);
    const t = tokens(await exchange(rec, a.code, a.verifier));
    const creds = { client_id: CLIENT.id, client_secret: CLIENT.secret };
    const r = tokens(
      await rec.post(tokenUrl(), { grant_type: 'refresh_token', refresh_token: t.refresh_token, ...creds })
    );
    await rec.post(tokenUrl(), { grant_type: 'refresh_token', refresh_token: t.refresh_token, ...creds });
    const e = await rec.explain();
    expect(causeIds(e, 3)[0]).toBe('refresh_token_reused');
    expect(e.causes[0]!.evidence).toContain('(rotation)');

    const rev = new HarRecorder();
    const b = await authorize(rev);
    const u = tokens(await exchange(rev, b.code, b.verifier));
    await rev.post(`${base}/oidc/revoke`, { token: u.refresh_token, ...creds });
    await rev.post(tokenUrl(), { grant_type: 'refresh_token', refresh_token: u.refresh_token, ...creds });
    const f = await rev.explain();
    expect(f.legs.map((l) => l.kind)).toEqual(['authorization', 'token', 'revocation', 'refresh']);
    expect(causeIds(f, 3)[0]).toBe('refresh_token_revoked');
    expect(r.refresh_token).not.toBe(t.refresh_token);
  });

  it('token_revoked, wrong_token_type, token_expired at the API', async () => {
    const rec = new HarRecorder();
    const a = await authorize(rec);
    const t = tokens(await exchange(rec, a.code, a.verifier));
    await rec.get(`${base}/api/v2/me`, [['Authorization', `Bearer ${t.refresh_token}`]]);
    await rec.post(`${base}/oidc/revoke`, {
      token: t.access_token,
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
    });
    await rec.get(`${base}/api/v2/me`, [['Authorization', `Bearer ${t.access_token}`]]);
    const e = await rec.explain();
    expect(causeIds(e, 2)[0]).toBe('wrong_token_type');
    expect(causeIds(e, 4)[0]).toBe('token_revoked');

    const old = new HarRecorder();
    const b = await authorize(old);
    const u = tokens(await exchange(old, b.code, b.verifier));
    mock.clock.advance(3700);
    old.skewMs = 3_700_000;
    try {
      await old.get(`${base}/api/v2/me`, [['Authorization', `Bearer ${u.access_token}`]]);
    } finally {
      mock.clock.reset();
    }
    expect(causeIds(await old.explain(), 2)[0]).toBe('token_expired');
  });

  it('scope_not_allowed and access_denied at the authorization leg', async () => {
    const rec = new HarRecorder();
    await authorize(rec, { scope: 'admin' });
    expect(causeIds(await rec.explain(), 0)[0]).toBe('scope_not_allowed');

    mock.setAutoLoginUser(null);
    try {
      const deny = new HarRecorder();
      const q = new URLSearchParams({
        response_type: 'code',
        client_id: CLIENT.id,
        redirect_uri: REDIRECT,
        state: 's',
      });
      const page = await deny.get(`${base}/oauth/v2/authorize?${q}`);
      const csrf = /name="csrf" value="([^"]+)"/.exec(page.response.bodyText)![1]!;
      await deny.post(`${base}/oauth/v2/authorize`, { csrf, decision: 'deny' });
      const e = await deny.explain();
      expect(e.legs[0]).toMatchObject({ kind: 'authorization', entries: [0, 1], ok: false });
      expect(causeIds(e, 0)[0]).toBe('access_denied');
    } finally {
      mock.setAutoLoginUser('demo');
    }
  });

  it('state_mismatch: every answer 200, the state changed on the way back', async () => {
    const rec = new HarRecorder();
    const a = await authorize(rec, { redirect_uri: catcherUri });
    const back = new URL(a.location);
    back.searchParams.set('state', 'state-changed');
    await rec.get(back.href);
    await exchange(rec, a.code, a.verifier, { redirect_uri: catcherUri });
    const e = await rec.explain();
    expect(e.legs[0]).toMatchObject({ kind: 'authorization', entries: [0, 1], ok: false });
    expect(e.causes.map((c) => [c.leg, c.id])).toEqual([[0, 'state_mismatch']]);
  });

  it('nonce_mismatch: the ID token carries another nonce, every answer 200', async () => {
    mock.context.settings.switches.idTokenFault = 'wrong-nonce';
    try {
      const rec = new HarRecorder();
      const a = await authorize(rec, { scope: 'openid', nonce: 'nonce-sent' });
      await exchange(rec, a.code, a.verifier);
      const e = await rec.explain();
      expect(e.legs.map((l) => l.ok)).toEqual([true, false]);
      expect(causeIds(e, 1)).toEqual(['nonce_mismatch']);
    } finally {
      mock.context.settings.switches.idTokenFault = 'off';
    }
  });
});
