import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppServices, type AppServices } from '../../../../host/bridge/app-services';
import { createMockCaHandlers } from '../../../../host/bridge/mock-ca-handlers';
import { MockProvider } from '../../../../mock-provider';
import { createAppStore } from '../../../../host/store';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { dispatch } from '../../../../shared/bridge/dispatch';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { createStores, type Stores } from '../../../../renderer/app/stores';
import { authorizationToOpen } from '../../../../renderer/features/oauth2/authorization-to-open';
import { usePar } from '../../../../renderer/state/oauth2/par-store';
import { useRequestObject } from '../../../../renderer/state/oauth2/request-object-store';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';

/*
 * The OAuth 2 page's pushed authorization request (RFC 9126) and request object (RFC 9101), its own code path (the
 * page's stores, the app's real host services: transport, catcher, assertion and request object signing) against
 * the app's mock with its mutual-TLS port, over real sockets: clients registered by DCR that require PAR and
 * authenticate with private_key_jwt or tls_client_auth, and that require signed request objects; each accepted, and
 * each refused by the mock, in its words, when broken (a wrong key, no certificate, no request object).
 */
let dir: string;
let services: AppServices;
let bridge: BridgeApi;
let provider: MockProvider;
let baseUrl: string;
let mtlsBaseUrl: string;
let caPem: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'oauth-lab-par-jar-page-'));
  provider = new MockProvider({ tls: createMockCaHandlers(dir).tls!, autoLoginUser: 'demo' });
  services = createAppServices({
    host: 'web',
    version: 'test',
    store: createAppStore({ cwd: dir }),
    shell: { openInSystemBrowser: async () => true },
    provider,
    mockCaDir: dir,
  });
  bridge = new Proxy({} as BridgeApi, {
    get: (_, name) =>
      name === 'on' ? () => () => {} : (input: unknown) => dispatch(services.handlers, String(name), input),
  });
  const started = await services.handlers.mockStart({ port: 0 });
  baseUrl = started.baseUrl!;
  mtlsBaseUrl = started.mtlsBaseUrl!;
  caPem = (await services.handlers.mockCa(undefined)).certificatePem;
});
afterAll(async () => {
  await services.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A client registered by DCR (RFC 7591), redirecting to any loopback port's /callback (RFC 8252 §7.3). */
async function registered(metadata: Record<string, unknown>): Promise<string> {
  const r = await fetch(`${baseUrl}/oidc/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ redirect_uris: ['http://127.0.0.1/callback'], scope: 'read', ...metadata }),
  });
  const body = (await r.json()) as { client_id: string };
  expect(r.status, JSON.stringify(body)).toBe(201);
  return body.client_id;
}

/** An ES256 key pair: the private JWK's text for the profile, the public JWK for the registration. */
async function keyPair(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  return {
    privateJwk: JSON.stringify({ ...(await exportJWK(privateKey)), kid }),
    publicJwk: { ...(await exportJWK(publicKey)), kid },
  };
}

const profileOf = (oauth2: Record<string, unknown>, extra: Record<string, unknown> = {}): Profile =>
  profileSchema.parse({
    id: `p-${String(oauth2.clientId)}`,
    name: 'PAR and JAR',
    baseUrl,
    service: true,
    callbackPort: 0,
    ...extra,
    oauth2: { scope: 'read', issuer: baseUrl, ...oauth2 },
  });

/** The OAuth 2 page's stores with the profile's flow started, PAR and the request object toggled as asked. */
async function page(profile: Profile, choices: { par: boolean; requestObject: boolean }): Promise<Stores> {
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
  await stores.oauth2.getState().flowStarted(profile, profile.baseUrl);
  expect(stores.oauth2.getState().startError).toBeNull();
  usePar.of(stores).getState().toggled(choices.par);
  useRequestObject.of(stores).getState().toggled(choices.requestObject);
  return stores;
}

/** What the page's "Open in browser" does: the URL it opens, or null when a step failed. */
const opened = (stores: Stores): Promise<string | null> => {
  const { flow, profile, authorizationStarted } = stores.oauth2.getState();
  const choices = { par: usePar.of(stores).getState(), requestObject: useRequestObject.of(stores).getState() };
  return authorizationToOpen(choices, flow!, profile!, authorizationStarted);
};

/** The browser at the authorize endpoint (auto-login): its status, redirect and page, trusting the mock's CA. */
function browse(url: string): Promise<{ status: number; location: string | null; body: string }> {
  return new Promise((resolve, reject) => {
    const request = url.startsWith('https:') ? httpsRequest : httpRequest;
    const r = request(url, { ca: caPem, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          location: res.headers.location ?? null,
          body: Buffer.concat(chunks).toString('utf8'),
        })
      );
    });
    r.on('error', reject);
    r.end();
  });
}

/** Authorizes in the "browser", brings the code back to the page and sends the token leg: it must succeed. */
async function codeExchanged(stores: Stores, url: string): Promise<void> {
  const landed = await browse(url);
  expect(landed.status, landed.body).toBe(302);
  expect(landed.location).toContain('code=');
  await stores.oauth2.getState().urlPasted(landed.location!);
  expect(stores.oauth2.getState().callbackOutcome?.ok, stores.oauth2.getState().callbackOutcome?.summary).toBe(true);
  await stores.oauth2.getState().legSent('token');
  const token = stores.oauth2.getState().runs.token!;
  expect(token.outcome?.ok, token.outcome?.summary ?? token.error?.message).toBe(true);
}

const parState = (stores: Stores) => usePar.of(stores).getState();
/** The profile's PAR legs in the History, each recorded once with the push's own verdict, once it has come. */
const parHistory = (profile: Profile, count: number) =>
  vi.waitFor(async () => {
    const page = await services.handlers.historyList({ offset: 0, limit: 100, profileId: profile.id });
    const legs = page.entries.filter((e) => e.leg === 'par');
    expect(legs).toHaveLength(count);
    return legs.map((e) => e.outcome);
  });
/** Why the push was refused: the checks' messages, the provider's own words among them (RFC 9126 §2.3). */
const pushRefusal = (stores: Stores) =>
  parState(stores)
    .outcome!.checks.map((c) => c.message)
    .join(' ');

describe('OAuth 2 page: PAR with the profile’s client authentication (RFC 9126 §2)', () => {
  it('private_key_jwt: the push carries a host-signed assertion for the PAR endpoint, a fresh jti each; the flow completes', async () => {
    const key = await keyPair('par-k');
    const clientId = await registered({
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [key.publicJwk] },
      require_pushed_authorization_requests: true,
    });
    const profile = profileOf({ clientId, clientAuthentication: 'private_key_jwt', assertionKey: key.privateJwk });
    const stores = await page(profile, { par: true, requestObject: false });
    const url = await opened(stores);
    const par = parState(stores);
    expect(url, par.error ?? par.outcome?.summary).toMatch(/request_uri=/);
    expect(par.exchange!.response.status).toBe(201);
    expect(par.assertion).toMatchObject({ method: 'private_key_jwt', claims: { aud: `${baseUrl}/oauth/v2/par` } });
    expect(par.exchange!.request.body).toContain('client_assertion=');
    const firstJti = par.assertion!.claims.jti;
    await codeExchanged(stores, url!);

    // A second push (the PAR leg again) signs a new assertion: its jti is not the first's (RFC 7523 §3 item 7).
    await stores.oauth2.getState().flowStarted(profile, profile.baseUrl);
    expect(await opened(stores)).toMatch(/request_uri=/);
    expect(parState(stores).assertion!.claims.jti).not.toBe(firstJti);
    expect(await parHistory(profile, 2)).toEqual(['succeeded', 'succeeded']);
  });

  it('private_key_jwt with a key the client did not register: the push is refused, the mock’s reason named', async () => {
    const registeredKey = await keyPair('par-k2');
    const otherKey = await keyPair('par-k2');
    const clientId = await registered({
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [registeredKey.publicJwk] },
      require_pushed_authorization_requests: true,
    });
    const profile = profileOf({ clientId, clientAuthentication: 'private_key_jwt', assertionKey: otherKey.privateJwk });
    const stores = await page(profile, { par: true, requestObject: false });
    expect(await opened(stores)).toBeNull();
    const par = parState(stores);
    expect(par.exchange!.response.status).toBe(401);
    expect(pushRefusal(stores)).toMatch(/The provider refused the pushed request: invalid_client \(.*signature/);
    expect(await parHistory(profile, 1)).toEqual(['failed']);
  });

  it('tls_client_auth: the push goes to the mutual-TLS alias with the client certificate; the flow completes', async () => {
    const issued = await services.handlers.mockIssueClientCertificate({ name: 'par-page-client' });
    const clientId = await registered({
      token_endpoint_auth_method: 'tls_client_auth',
      tls_client_auth_subject_dn: issued.subjectDn,
      require_pushed_authorization_requests: true,
    });
    const certificate = {
      clientCertificate: readFileSync(issued.certificatePath, 'utf8'),
      clientKey: readFileSync(issued.keyPath, 'utf8'),
    };
    const profile = profileOf(
      { clientId, clientAuthentication: 'tls_client_auth', ...certificate },
      { baseUrl: mtlsBaseUrl, caCertificates: caPem }
    );
    const stores = await page(profile, { par: true, requestObject: false });
    const url = await opened(stores);
    const par = parState(stores);
    expect(url, par.error ?? par.outcome?.summary).toMatch(/request_uri=/);
    expect(par.parUrl).toBe(`${mtlsBaseUrl}/oauth/v2/par`);
    expect(par.exchange).toMatchObject({
      tls: { clientCertificate: { subject: expect.stringContaining('CN=par-page-client') } },
    });
    expect(par.assertion).toBeNull();
    await codeExchanged(stores, url!);
  });

  it('tls_client_auth without the certificate: the push is refused, the mock’s reason named', async () => {
    const issued = await services.handlers.mockIssueClientCertificate({ name: 'par-page-nocert' });
    const clientId = await registered({
      token_endpoint_auth_method: 'tls_client_auth',
      tls_client_auth_subject_dn: issued.subjectDn,
      require_pushed_authorization_requests: true,
    });
    const profile = profileOf(
      { clientId, clientAuthentication: 'tls_client_auth' },
      { baseUrl: mtlsBaseUrl, caCertificates: caPem }
    );
    const stores = await page(profile, { par: true, requestObject: false });
    expect(await opened(stores)).toBeNull();
    expect(pushRefusal(stores)).toContain(
      'invalid_client (Client authentication failed (tls_client_auth, RFC 8705 section 2): no client certificate was presented'
    );
  });
});

describe('OAuth 2 page: request objects (RFC 9101)', () => {
  it('by value: signed with the client key, header and claims shown before sending; the flow completes', async () => {
    const key = await keyPair('jar-k');
    const clientId = await registered({
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [key.publicJwk] },
      require_signed_request_object: true,
    });
    const profile = profileOf({ clientId, clientAuthentication: 'private_key_jwt', assertionKey: key.privateJwk });
    const stores = await page(profile, { par: false, requestObject: true });
    const ro = useRequestObject.of(stores);
    await ro.getState().prepared(stores.oauth2.getState().flow!, profile);
    const shown = ro.getState().made!;
    expect(ro.getState().error).toBeNull();
    expect(shown.header).toMatchObject({ alg: 'ES256', typ: 'oauth-authz-req+jwt', kid: 'jar-k' });
    const parts = shown.trace.map((t) => t.part);
    for (const claim of ['iss', 'aud', 'client_id', 'response_type', 'redirect_uri', 'scope', 'state'])
      expect(parts).toContain(claim);
    for (const claim of ['code_challenge', 'code_challenge_method', 'exp', 'iat', 'nbf', 'jti'])
      expect(parts).toContain(claim);
    expect(shown.claims).toMatchObject({ iss: clientId, aud: baseUrl, client_id: clientId });

    const url = new URL((await opened(stores))!);
    expect([...url.searchParams.keys()]).toEqual(['client_id', 'request']);
    // What was shown is what went out.
    expect(url.searchParams.get('request')).toBe(shown.jwt);
    expect(decodeProtectedHeader(shown.jwt).kid).toBe('jar-k');
    await codeExchanged(stores, url.href);
  });

  it('by value, broken: no request object, or one signed with another key, each refused by the mock by name', async () => {
    const key = await keyPair('jar-k2');
    const other = await keyPair('jar-k2');
    const clientId = await registered({
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [key.publicJwk] },
      require_signed_request_object: true,
    });
    const plain = await page(
      profileOf({ clientId, clientAuthentication: 'private_key_jwt', assertionKey: key.privateJwk }),
      { par: false, requestObject: false }
    );
    const unsigned = await browse((await opened(plain))!);
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toContain(`Client ${clientId} requires a signed request object`);

    const wrongKey = await page(
      profileOf({ clientId, clientAuthentication: 'private_key_jwt', assertionKey: other.privateJwk }),
      { par: false, requestObject: true }
    );
    const refused = await browse((await opened(wrongKey))!);
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('The request object has a bad signature (ES256, RFC 9101 §6.2)');
  });

  it('a private key held while the client authenticates with its secret signs the request object (RFC 9101 §4)', async () => {
    const key = await keyPair('jar-basic');
    const r = await fetch(`${baseUrl}/oidc/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        redirect_uris: ['http://127.0.0.1/callback'],
        scope: 'read',
        token_endpoint_auth_method: 'client_secret_basic',
        jwks: { keys: [key.publicJwk] },
        require_signed_request_object: true,
      }),
    });
    const client = (await r.json()) as { client_id: string; client_secret: string };
    expect(r.status, JSON.stringify(client)).toBe(201);
    const profile = profileOf({
      clientId: client.client_id,
      clientSecret: client.client_secret,
      clientAuthentication: 'basic',
      assertionKey: key.privateJwk,
    });
    const stores = await page(profile, { par: false, requestObject: true });
    const ro = useRequestObject.of(stores);
    await ro.getState().prepared(stores.oauth2.getState().flow!, profile);
    expect(ro.getState().error).toBeNull();
    expect(ro.getState().made!.header).toMatchObject({ alg: 'ES256', kid: 'jar-basic' });
    // The default mock verifies asymmetric algorithms only: this one, with the client's registered key.
    await codeExchanged(stores, (await opened(stores))!);
  });

  it('pushed: the request object goes in the PAR body (RFC 9126 §3) with the assertion; the flow completes', async () => {
    const key = await keyPair('jar-par');
    const clientId = await registered({
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: { keys: [key.publicJwk] },
      require_pushed_authorization_requests: true,
      require_signed_request_object: true,
    });
    const profile = profileOf({ clientId, clientAuthentication: 'private_key_jwt', assertionKey: key.privateJwk });
    const stores = await page(profile, { par: true, requestObject: true });
    const url = await opened(stores);
    const par = parState(stores);
    expect(url, par.error ?? par.outcome?.summary).toMatch(/request_uri=/);
    const body = new URLSearchParams(par.exchange!.request.body!);
    expect(decodeJwt(body.get('request')!)).toMatchObject({ client_id: clientId, aud: baseUrl });
    expect(body.get('client_assertion')).toBeTruthy();
    expect(body.get('state')).toBeNull();
    await codeExchanged(stores, url!);
  });

  it('pushed, broken: no request object, or one signed with a key the client did not register, each refused by name', async () => {
    const issued = await services.handlers.mockIssueClientCertificate({ name: 'jar-par-client' });
    const key = await keyPair('jar-tls');
    const other = await keyPair('jar-tls');
    const clientId = await registered({
      token_endpoint_auth_method: 'tls_client_auth',
      tls_client_auth_subject_dn: issued.subjectDn,
      jwks: { keys: [key.publicJwk] },
      require_pushed_authorization_requests: true,
      require_signed_request_object: true,
    });
    const tls = {
      clientId,
      clientAuthentication: 'tls_client_auth',
      clientCertificate: readFileSync(issued.certificatePath, 'utf8'),
      clientKey: readFileSync(issued.keyPath, 'utf8'),
    };
    const at = { baseUrl: mtlsBaseUrl, caCertificates: caPem };
    const plain = await page(profileOf(tls, at), { par: true, requestObject: false });
    expect(await opened(plain)).toBeNull();
    expect(pushRefusal(plain)).toContain(`invalid_request (Client ${clientId} requires a signed request object`);

    const wrongKey = await page(profileOf({ ...tls, assertionKey: other.privateJwk }, at), {
      par: true,
      requestObject: true,
    });
    expect(await opened(wrongKey)).toBeNull();
    expect(pushRefusal(wrongKey)).toContain(
      'invalid_request_object (The request object has a bad signature (ES256, RFC 9101 section 6.2)'
    );

    // The registered key, pushed over mutual TLS: accepted.
    const right = await page(profileOf({ ...tls, assertionKey: key.privateJwk }, at), {
      par: true,
      requestObject: true,
    });
    const url = await opened(right);
    expect(url, parState(right).error ?? parState(right).outcome?.summary).toMatch(/request_uri=/);
    await codeExchanged(right, url!);
  });
});
