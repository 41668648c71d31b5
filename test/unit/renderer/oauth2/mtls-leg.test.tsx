// @vitest-environment happy-dom
import { X509Certificate } from 'node:crypto';
import { createServer, type Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { oauth2ConfigOf, oauth2Flow } from '../../../../shared/flows';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { createTestCa, type Issued } from '../../../support/test-ca';
import { hostBridge } from '../state/host-bridge';

/**
 * The OAuth 2 page's token leg with tls_client_auth (RFC 8705 §2): the profile's client certificate goes on the TLS
 * connection of a token endpoint that asks for one (HTTPS on 127.0.0.1, its authority trusted by the profile's CA
 * certificates), and the leg shows which certificate was presented.
 */
let bridge: BridgeApi;
let close: () => Promise<void>;
let server: Server;
let ca: Issued;
let client: Issued;
const presented: (string | null)[] = [];

beforeAll(async () => {
  ({ bridge, close } = hostBridge());
  const authority = createTestCa();
  ca = authority;
  client = authority.client('app-client');
  server = createServer(
    { ...authority.server(), ca: authority.cert, requestCert: true, rejectUnauthorized: false },
    (req, res) => {
      const socket = req.socket as TLSSocket;
      presented.push(socket.authorized ? String(socket.getPeerCertificate().subject.CN) : null);
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
        res.end(JSON.stringify({ access_token: 'at-1', token_type: 'Bearer', expires_in: 60 }));
      });
    }
  );
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await close();
});
afterEach(cleanup);

it("presents the profile's client certificate to the token endpoint and names it on the leg", async () => {
  const baseUrl = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  const profile = profileSchema.parse({
    id: 'm',
    name: 'mTLS server',
    baseUrl,
    caCertificates: ca.cert,
    oauth2: {
      clientId: 'app-client',
      clientAuthentication: 'tls_client_auth',
      clientCertificate: client.cert,
      clientKey: client.key,
      tokenPath: '/token',
    },
  });
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() });
  stores.app.setState({ profiles: [profile], activeProfileId: 'm' });
  const started = oauth2Flow.startOAuth2(
    oauth2ConfigOf(profile, baseUrl, 'http://127.0.0.1:1/cb'),
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
  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  const facts = await screen.findByRole('list', { name: 'Connection' });
  expect(presented).toEqual(['app-client']);
  expect(facts.textContent).toContain(`CN=app-client, SHA-256 ${new X509Certificate(client.cert).fingerprint256}`);
  expect(document.body.textContent).not.toContain(client.key.split('\n')[1]);
});
