// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { ClientCredentialsPage } from '../../../../renderer/features/machine/ClientCredentialsPage';
import { DevicePage } from '../../../../renderer/features/machine/DevicePage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { C, Harness } from '../../mock-provider/helpers';
import { hostBridge } from '../state/host-bridge';

/**
 * HTTP Basic client authentication carries the client secret (base64 of id:secret, RFC 6749 §2.3.1): the request a
 * grant page shows masks it until *Reveal secrets and tokens*, as it masks a client_secret in the body.
 */
const h = new Harness();
let close: () => Promise<void>;
let bridge: BridgeApi;
beforeAll(async () => {
  await h.start();
  ({ bridge, close } = hostBridge(h.provider));
});
afterAll(() => close());
afterEach(cleanup);

const basic = `Basic ${btoa(`${encodeURIComponent(C.client.id)}:${encodeURIComponent(C.client.secret)}`)}`;

function renderPage(page: 'client-credentials' | 'device') {
  const profile = profileSchema.parse({
    id: 'mock',
    name: 'Mock provider',
    builtIn: true,
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, clientAuthentication: 'basic', scope: 'read' },
  });
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() });
  stores.app.setState({ profiles: [profile], activeProfileId: 'mock', mock: { running: true, baseUrl: h.base } });
  render(
    <StoresProvider stores={stores}>{page === 'device' ? <DevicePage /> : <ClientCredentialsPage />}</StoresProvider>
  );
}

for (const [page, name] of [
  ['client-credentials', 'Client credentials'],
  ['device', 'Device authorization'],
] as const)
  it(`${name}: the Basic credentials are masked until revealed`, async () => {
    renderPage(page);
    fireEvent.click(screen.getByRole('button', { name: `Start the ${name} flow` }));
    const request = await screen.findByRole('region', { name: 'Request to send' });
    await within(request).findByText(/Authorization: Basic/);
    expect(request.textContent).not.toContain(basic);
    expect(request.textContent).toContain('Authorization: Basic ••••');
    fireEvent.click(within(request).getByRole('button', { name: 'Reveal secrets and tokens' }));
    expect(request.textContent).toContain(basic);
  });
