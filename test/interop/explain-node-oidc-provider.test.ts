import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, causeIds, HarRecorder } from '../unit/host/cli/explain-recorder';

/**
 * `oauth-lab explain` on real refusals of node-oidc-provider (panva), which nobody here wrote: its invalid_grant
 * says only "grant request is invalid", so the recorded evidence has to name the cause. Each mistake is made over
 * real sockets, every hop recorded and exported with the app's HAR export.
 */
const REDIRECT = 'http://127.0.0.1:8765/callback';
const A = { client_id: 'explain-a', client_secret: 'explain-a-secret-long-enough-for-hs256-0123456789' };
const B = { client_id: 'explain-b', client_secret: 'explain-b-secret-long-enough-for-hs256-0123456789' };
const CODE_ONLY = { client_id: 'code-only', client_secret: 'code-only-secret-long-enough-for-hs256-012345' };
// A secret with a "%": sent in Basic without form-encoding (RFC 6749 §2.3.1), it does not form-decode.
const PERCENT = { client_id: 'percent', client_secret: 'percent-50%off-secret-long-enough-for-hs256-0123' };
// Its codes live 1 s; every other client's 10 minutes, so a busy machine cannot expire them mid-test.
const SHORT_CODE = { client_id: 'short-code', client_secret: 'short-code-secret-long-enough-for-hs256-01234' };
let server: Server;
let issuer = '';
let provider: Provider;
let deny = false;

beforeAll(async () => {
  server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const client = (c: typeof A, grants: string[]) => ({
    ...c,
    redirect_uris: [REDIRECT],
    application_type: 'native',
    grant_types: grants,
    response_types: ['code'],
  });
  const configuration = {
    clients: [
      client(A, ['authorization_code', 'refresh_token']),
      client(B, ['authorization_code', 'refresh_token']),
      client(CODE_ONLY, ['authorization_code']),
      client(SHORT_CODE, ['authorization_code']),
      client(PERCENT, ['authorization_code']),
    ],
    cookies: { keys: ['explain-test-cookie-key'] },
    ttl: {
      Interaction: 600,
      Grant: 600,
      Session: 600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: (_ctx: unknown, code: unknown) =>
        (code as { clientId: string }).clientId === SHORT_CODE.client_id ? 1 : 600,
      RefreshToken: 600,
    },
    claims: { openid: ['sub'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => ({ accountId: sub, claims: () => ({ sub }) }),
    issueRefreshToken: () => true,
    rotateRefreshToken: () => true,
  };
  provider = new Provider(issuer, configuration);
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url?.startsWith('/interaction/')) void interaction(req, res);
    else handle(req, res);
  });
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

/** The user logs in as "demo" and approves, or declines when `deny` is set. */
async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  if (deny) {
    await provider.interactionFinished(req, res, {
      error: 'access_denied',
      error_description: 'End-User aborted interaction',
    });
    return;
  }
  const grant = new provider.Grant({ accountId: 'demo', clientId: String(details.params.client_id) });
  grant.addOIDCScope(String(details.params.scope));
  await provider.interactionFinished(
    req,
    res,
    { login: { accountId: 'demo' }, consent: { grantId: await grant.save() } },
    { mergeWithLastSubmission: false }
  );
}

/** The browser, recorded: every hop with its cookies, up to the redirect to the client. Returns its parameters. */
async function authorize(rec: HarRecorder, client = A) {
  const verifier = randomBytes(32).toString('base64url');
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: REDIRECT,
    scope: 'openid',
    state: 'state-1',
    nonce: 'nonce-1',
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  });
  const jar = new Map<string, string>();
  let next = `${issuer}/auth?${q}`;
  for (let hop = 0; hop < 10; hop++) {
    const cookie = [...jar].map(([n, v]) => `${n}=${v}`).join('; ');
    const x = await rec.get(next, cookie ? [['Cookie', cookie]] : []);
    for (const [n, v] of x.response.headers) {
      if (n.toLowerCase() !== 'set-cookie') continue;
      const [pair] = v.split(';');
      jar.set(pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1));
    }
    const location = x.response.headers.find(([n]) => n.toLowerCase() === 'location')?.[1];
    if (!location) throw new Error(`no redirect from ${next}: ${x.response.status}`);
    next = new URL(location, next).href;
    if (next.startsWith(REDIRECT)) return { params: new URL(next).searchParams, verifier };
  }
  throw new Error('too many redirects');
}

const token = (rec: HarRecorder, fields: Record<string, string | undefined>, client = A) =>
  rec.post(`${issuer}/token`, fields, [['Authorization', basic(client.client_id, client.client_secret)]]);
const exchange = (
  rec: HarRecorder,
  code: string,
  verifier: string | undefined,
  over: Record<string, string | undefined> = {},
  client = A
) =>
  token(
    rec,
    { grant_type: 'authorization_code', code, redirect_uri: REDIRECT, code_verifier: verifier, ...over },
    client
  );
const body = (x: { response: { bodyText: string } }) => JSON.parse(x.response.bodyText) as Record<string, string>;

/** The index of the first leg of a kind after the authorization legs. */
const lastLeg = (e: { legs: { kind: string }[] }) => e.legs.length - 1;

describe('node-oidc-provider refuses, explain names the cause first', () => {
  it('a successful code flow with PKCE and a nonce names no cause', async () => {
    const rec = new HarRecorder();
    const a = await authorize(rec);
    expect(body(await exchange(rec, a.params.get('code')!, a.verifier)).access_token).toBeTruthy();
    const e = await rec.explain();
    expect(e.legs.map((l) => [l.kind, l.ok])).toEqual([
      ['authorization', true],
      ['token', true],
    ]);
    expect(e.causes).toEqual([]);
  });

  it('code_reused, redirect_uri_mismatch, pkce_verifier_mismatch, pkce_missing, grant_for_another_client', async () => {
    const mistakes: [string, (rec: HarRecorder, code: string, verifier: string) => Promise<unknown>][] = [
      ['code_reused', async (rec, code, v) => (await exchange(rec, code, v), exchange(rec, code, v))],
      ['redirect_uri_mismatch', (rec, code, v) => exchange(rec, code, v, { redirect_uri: `${REDIRECT}/` })],
      ['pkce_verifier_mismatch', (rec, code) => exchange(rec, code, randomBytes(32).toString('base64url'))],
      ['pkce_missing', (rec, code) => exchange(rec, code, undefined)],
      ['grant_for_another_client', (rec, code, v) => exchange(rec, code, v, {}, B)],
    ];
    for (const [id, mistake] of mistakes) {
      const rec = new HarRecorder();
      const a = await authorize(rec);
      await mistake(rec, a.params.get('code')!, a.verifier);
      const e = await rec.explain();
      expect(rec.exchanges.at(-1)!.response.bodyText, id).toContain('invalid_grant');
      expect(causeIds(e, lastLeg(e))[0], id).toBe(id);
    }
  });

  it('code_expired: redeemed after the 1 s code lifetime given with --code-lifetime', async () => {
    const rec = new HarRecorder();
    const a = await authorize(rec, SHORT_CODE);
    await new Promise((r) => setTimeout(r, 2100));
    await exchange(rec, a.params.get('code')!, a.verifier, {}, SHORT_CODE);
    const e = await rec.explain('--code-lifetime', '1');
    expect(rec.exchanges.at(-1)!.response.bodyText).toContain('invalid_grant');
    expect(causeIds(e, lastLeg(e))[0]).toBe('code_expired');
  });

  it('client_authentication_failed, unknown_client, client_auth_method_mismatch', async () => {
    const wrong = new HarRecorder();
    const a = await authorize(wrong);
    await exchange(wrong, a.params.get('code')!, a.verifier, {}, { ...A, client_secret: 'not-the-secret' });
    let e = await wrong.explain();
    expect(causeIds(e, lastLeg(e))[0]).toBe('client_authentication_failed');
    // The code issued to the client in the same file shows the server knows it: not unknown_client.
    expect(causeIds(e, lastLeg(e))).not.toContain('unknown_client');
    expect(e.causes.find((c) => c.id === 'client_authentication_failed')!.evidence).toContain(
      'the authorization endpoint issued a code to client_id "explain-a" (the request in entry 0'
    );

    // Its token endpoint answers an unknown client as a wrong secret; its authorization endpoint names it.
    const unknown = new HarRecorder();
    await unknown.get(
      `${issuer}/auth?${new URLSearchParams({ response_type: 'code', client_id: 'nobody', redirect_uri: REDIRECT, scope: 'openid' })}`
    );
    e = await unknown.explain();
    expect(e.legs[0]).toMatchObject({ kind: 'authorization', ok: false });
    expect(causeIds(e, 0)[0]).toBe('unknown_client');

    // A confidential client (client_secret_basic): it worked with Basic, then the client sent only its client_id.
    const method = new HarRecorder();
    const b = await authorize(method);
    await exchange(method, b.params.get('code')!, b.verifier);
    const c = await authorize(method);
    await method.post(`${issuer}/token`, {
      grant_type: 'authorization_code',
      code: c.params.get('code')!,
      redirect_uri: REDIRECT,
      code_verifier: c.verifier,
      client_id: A.client_id,
    });
    e = await method.explain();
    expect(causeIds(e, lastLeg(e))[0]).toBe('client_auth_method_mismatch');
  });

  it('basic_credentials_not_form_encoded: "not properly encoded", and the raw "%" in the Basic credentials', async () => {
    const rec = new HarRecorder();
    const a = await authorize(rec, PERCENT);
    await exchange(rec, a.params.get('code')!, a.verifier, {}, PERCENT);
    expect(rec.exchanges.at(-1)!.response.bodyText).toContain('not properly encoded');
    const e = await rec.explain();
    expect(causeIds(e, lastLeg(e))[0]).toBe('basic_credentials_not_form_encoded');
    const evidence = e.causes.find((c) => c.leg === lastLeg(e))!.evidence;
    expect(evidence).toContain('which node-oidc-provider documents as this cause');
    expect(evidence).toContain(`the Basic credentials of entry ${rec.exchanges.length - 1} hold characters`);
    // Sent as RFC 6749 §2.3.1 says, the same secret is accepted.
    const b = await authorize(rec, PERCENT);
    const encoded = { ...PERCENT, client_secret: encodeURIComponent(PERCENT.client_secret) };
    expect(body(await exchange(rec, b.params.get('code')!, b.verifier, {}, encoded)).access_token).toBeTruthy();
  });

  it('refresh_token_reused after rotation, unauthorized_client, unsupported_grant_type', async () => {
    const rec = new HarRecorder();
    const a = await authorize(rec);
    const first = body(await exchange(rec, a.params.get('code')!, a.verifier)).refresh_token!;
    const second = body(await token(rec, { grant_type: 'refresh_token', refresh_token: first })).refresh_token;
    expect(second).not.toBe(first);
    await token(rec, { grant_type: 'refresh_token', refresh_token: first });
    await token(rec, { grant_type: 'refresh_token', refresh_token: 'whatever' }, CODE_ONLY);
    await token(rec, { grant_type: 'urn:example:nope' });
    const e = await rec.explain();
    const n = e.legs.length;
    expect(causeIds(e, n - 3)[0]).toBe('refresh_token_reused');
    expect(causeIds(e, n - 2)[0]).toBe('unauthorized_client');
    expect(causeIds(e, n - 1)[0]).toBe('unsupported_grant_type');
  });

  it('access_denied: the user declines', async () => {
    deny = true;
    try {
      const rec = new HarRecorder();
      const a = await authorize(rec);
      expect(a.params.get('error')).toBe('access_denied');
      const e = await rec.explain();
      expect(e.legs[0]).toMatchObject({ kind: 'authorization', ok: false });
      expect(causeIds(e, 0)[0]).toBe('access_denied');
    } finally {
      deny = false;
    }
  });
});
