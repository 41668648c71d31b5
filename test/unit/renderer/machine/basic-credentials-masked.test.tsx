// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { ClientCredentialsPage } from '../../../../renderer/features/machine/ClientCredentialsPage';
import { DevicePage } from '../../../../renderer/features/machine/DevicePage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { C, Harness } from '../../mock-provider/helpers';
import { hostBridgeOnMock } from '../state/host-bridge';
import { mockClientProfile } from '../state/mock-client-profile';

/**
 * HTTP Basic client authentication carries the client secret (base64 of id:secret, RFC 6749 §2.3.1): the request a
 * grant page shows masks it until *Reveal secrets and tokens*, as it masks a client_secret in the body.
 */
const h = new Harness();
const bridge = hostBridgeOnMock(h);
afterEach(cleanup);

const basic = `Basic ${btoa(`${encodeURIComponent(C.client.id)}:${encodeURIComponent(C.client.secret)}`)}`;

function renderPage(page: 'client-credentials' | 'device') {
  const profile = mockClientProfile({ clientAuthentication: 'basic', scope: 'read' });
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
