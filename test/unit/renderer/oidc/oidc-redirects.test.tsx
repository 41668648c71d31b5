// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OidcPage } from '../../../../renderer/features/oidc/OidcPage';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { startHttpServer } from '../../../../platform/node/http-server';
import { Harness } from '../../mock-provider/helpers';
import { fakeBridge } from '../state/fake-bridge';
import { recordingHost } from '../state/host-history';

// The OpenID Connect page follows a redirect to the discovery document (over real sockets) and shows the hop.
const h = new Harness({ autoLoginUser: 'demo' });
let front = '';
let close: () => Promise<void>;
beforeAll(async () => {
  await h.start();
  const server = await startHttpServer({
    name: 'the redirecting front',
    onRequest: (_req, res) => res.writeHead(301, { Location: `${h.base}/.well-known/openid-configuration` }).end(),
  });
  front = `http://127.0.0.1:${server.port}`;
  close = server.close;
});
afterAll(async () => {
  await close();
  await h.stop();
});
afterEach(cleanup);

it('lists the redirect followed to the document; the issuer is still checked against the URL asked', async () => {
  const { bridge } = fakeBridge(recordingHost());
  const stores = createStores({
    bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(3) },
    now: () => Date.now(),
  });
  render(
    <StoresProvider stores={stores}>
      <OidcPage />
    </StoresProvider>
  );
  fireEvent.change(screen.getByLabelText('Issuer URL'), { target: { value: front } });
  fireEvent.click(screen.getByRole('button', { name: 'Discover' }));
  const hops = await screen.findByRole('list', { name: 'Redirects followed' }, { timeout: 5000 });
  expect(within(hops).getByRole('listitem').textContent).toBe(
    `HTTP 301 ${front}/.well-known/openid-configuration -> ${h.base}/.well-known/openid-configuration`
  );
  const checks = screen.getByRole('region', { name: 'Discovery checks' });
  expect(checks.textContent).toContain('it must be exactly the issuer asked');
});
