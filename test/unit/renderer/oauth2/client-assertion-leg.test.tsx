// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { exportPKCS8, generateKeyPair, jwtVerify, type CryptoKey } from 'jose';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { startHttpServer, type HttpServer } from '../../../../platform/node/http-server';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { oauth2ConfigOf, oauth2Flow } from '../../../../shared/flows';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { createLifecycleStore } from '../../../../renderer/state/oidc/lifecycle-store';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { hostBridge } from '../state/host-bridge';

/**
 * The OAuth 2 page's token leg with private_key_jwt: the host signs the assertion as the request is sent (RFC 7523
 * §2.2), the leg shows its parts with the key only named, and a token endpoint on a real socket verifies it with
 * the public key (jose, not the code under test).
 */
let bridge: BridgeApi;
let close: () => Promise<void>;
let server: HttpServer;
let pem = '';
let publicKey: CryptoKey;
const received: string[] = [];

beforeAll(async () => {
  ({ bridge, close } = hostBridge());
  const keys = await generateKeyPair('PS256', { extractable: true });
  pem = await exportPKCS8(keys.privateKey);
  publicKey = keys.publicKey;
  server = await startHttpServer({
    name: 'the token endpoint',
    onRequest: (req, res) => {
      let body = '';
      req.on('data', (d) => (body += d));
      req.on('end', () => {
        received.push(new URLSearchParams(body).get('client_assertion') ?? '');
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        // RFC 7662 §2.2 at the introspection endpoint; a token response everywhere else.
        const answer = req.url?.startsWith('/introspect')
          ? { active: true }
          : { access_token: 'at-1', token_type: 'Bearer', expires_in: 60 };
        res.end(JSON.stringify(answer));
      });
    },
  });
});
afterAll(async () => {
  await server.close();
  await close();
});
afterEach(cleanup);

it('sends a PS256 assertion signed in the host, shows its header, claims and signature, and never the key', async () => {
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const profile = profileSchema.parse({
    id: 'p',
    name: 'Assertion server',
    baseUrl,
    oauth2: {
      clientId: 'c-jwt',
      clientAuthentication: 'private_key_jwt',
      assertionKey: pem,
      assertionAlg: 'PS256',
      assertionKeyId: 'k-9',
      tokenPath: '/token',
    },
  });
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() });
  stores.app.setState({ profiles: [profile], activeProfileId: 'p' });
  const started = oauth2Flow.startOAuth2(
    oauth2ConfigOf(profile, baseUrl, 'http://127.0.0.1:1/callback'),
    browserRandom,
    browserCrypto
  );
  const flow = {
    ...started,
    code: 'code-1',
    legs: { ...started.legs, authorize: 'succeeded' as const, token: 'ready' as const },
  };
  render(
    <StoresProvider stores={stores}>
      <OAuth2Page />
    </StoresProvider>
  );
  act(() =>
    stores.oauth2.setState({ profile, flow, current: 'token', drafts: { token: oauth2Flow.buildTokenExchange(flow) } })
  );
  expect(screen.getByText(/signed when the request is sent, with a fresh jti each time/)).toBeTruthy();
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  const steps = await screen.findByRole('list', { name: 'Client assertion steps' });
  await waitFor(() => expect(received).toHaveLength(1));
  const { payload, protectedHeader } = await jwtVerify(received[0]!, publicKey, { audience: `${baseUrl}/token` });
  expect(protectedHeader).toEqual({ alg: 'PS256', typ: 'JWT', kid: 'k-9' });
  expect(payload).toMatchObject({ iss: 'c-jwt', sub: 'c-jwt' });
  expect(within(steps).getByText(/"jti": "/).textContent).toContain(String(payload.jti));
  expect(within(steps).getByText("the client's RSA private key (PKCS#8 PEM, kid k-9; masked)")).toBeTruthy();
  expect(within(steps).getByText(received[0]!.split('.')[2]!)).toBeTruthy();
  expect(document.body.textContent).not.toContain(pem.split('\n')[1]);
  // The HTTP request box shows what was sent: the assertion in the body, masked until revealed.
  const asSent = await waitFor(() => sentBox());
  expect(asSent).toContain('client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer');
  expect(asSent).toMatch(/client_assertion=•+/);
  expect(asSent).not.toContain(received[0]!);
  fireEvent.click(screen.getByRole('button', { name: 'Reveal secrets and tokens' }));
  expect(sentBox()).toContain(`client_assertion=${received[0]!}`);
});

/** The text of the "HTTP request as sent" box. */
function sentBox(): string {
  const label = [...document.querySelectorAll('.value-label')].find((e) => e.textContent === 'HTTP request as sent');
  if (!label) throw new Error('no "HTTP request as sent" box');
  return label.closest('.value')!.querySelector('pre')!.textContent!;
}

it('introspection, then revocation, from the lifecycle store: each carries its own fresh assertion, for the token endpoint as aud', async () => {
  const baseUrl = `http://127.0.0.1:${server.port}`;
  const profile = profileSchema.parse({
    id: 'p',
    name: 'Assertion server',
    baseUrl,
    oauth2: {
      clientId: 'c-jwt',
      clientAuthentication: 'private_key_jwt',
      assertionKey: pem,
      assertionAlg: 'PS256',
      tokenPath: '/token',
    },
  });
  const deps = { bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() };
  const stores = createStores(deps);
  const lifecycle = createLifecycleStore(deps, { oauth2: stores.oauth2 });
  const started = oauth2Flow.startOAuth2(
    oauth2ConfigOf(profile, baseUrl, 'http://127.0.0.1:1/cb'),
    browserRandom,
    browserCrypto
  );
  const token = {
    accessToken: 'at-1',
    refreshToken: null,
    expiresAt: null,
    expiresIn: null,
    scope: null,
    tokenType: 'Bearer',
    foundAt: 'access_token',
    fields: {},
  };
  lifecycle.getState().tokensTaken({ ...started, token } as never, profile);
  const before = received.length;
  await lifecycle.getState().introspectionRequested(`${baseUrl}/introspect`, 'access_token');
  await lifecycle.getState().revocationRequested(`${baseUrl}/revoke`, 'access_token');
  expect(lifecycle.getState().problem).toBeNull();
  expect(received).toHaveLength(before + 2);
  const legs = lifecycle.getState().legs;
  expect(legs.map((l) => l.request.url)).toEqual([`${baseUrl}/introspect`, `${baseUrl}/revoke`]);
  const jtis = [];
  for (const [i, leg] of legs.entries()) {
    const { payload } = await jwtVerify(received[before + i]!, publicKey, { audience: `${baseUrl}/token` });
    expect(leg.assertion?.claims.jti).toBe(payload.jti);
    expect(leg.request.body).toContain(
      'client_assertion_type=urn%3Aietf%3Aparams%3Aoauth%3Aclient-assertion-type%3Ajwt-bearer'
    );
    jtis.push(payload.jti);
  }
  expect(new Set(jtis).size).toBe(2);
});
