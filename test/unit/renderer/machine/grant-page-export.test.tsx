// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createStores, StoresProvider, type Stores } from '../../../../renderer/app/stores';
import { ClientCredentialsPage } from '../../../../renderer/features/machine/ClientCredentialsPage';
import { DevicePage } from '../../../../renderer/features/machine/DevicePage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { C, Harness } from '../../mock-provider/helpers';
import { hostBridgeOnMock } from '../state/host-bridge';
import { mockClientProfile } from '../state/mock-client-profile';

/**
 * The generic grant page's legs have *Export this request*, as the code grant's do: the client credentials page's
 * API call exports code that asks for a new token with the client's credentials (there is no refresh token, RFC
 * 6749 §4.4.3), its token request and the device flow's requests export as they are. Over the host's own export
 * handler and the real mock.
 */
const h = new Harness();
const bridge = hostBridgeOnMock(h);
afterEach(cleanup);

function renderPage(page: 'client-credentials' | 'device', clientAuthentication: 'body' | 'basic' = 'body'): Stores {
  const profile = mockClientProfile({ clientAuthentication, scope: 'read' });
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() });
  stores.app.setState({ profiles: [profile], activeProfileId: 'mock', mock: { running: true, baseUrl: h.base } });
  render(
    <StoresProvider stores={stores}>{page === 'device' ? <DevicePage /> : <ClientCredentialsPage />}</StoresProvider>
  );
  return stores;
}

/** Opens the leg's export menu, as a click on its summary does. */
function openExport(): HTMLElement {
  const details = screen.getByText('Export this request').closest('details')!;
  act(() => {
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
  });
  return details;
}

/** The preview of the export to `target` (a target's id: curl, postman, …). */
async function preview(menu: HTMLElement, target: string): Promise<string> {
  await waitFor(() => expect(menu.querySelector(`option[value="${target}"]`)).not.toBeNull());
  fireEvent.change(within(menu).getByLabelText('Export as'), { target: { value: target } });
  return (await within(menu).findByLabelText('Export preview')).textContent!;
}

async function tokenObtained(stores: Stores): Promise<string> {
  fireEvent.click(screen.getByRole('button', { name: 'Start the Client credentials flow' }));
  fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
  await waitFor(() => expect(stores.clientCredentials.getState().flow?.token).toBeTruthy());
  return stores.clientCredentials.getState().flow!.token!.accessToken;
}

describe('Export this request on the generic grant page', () => {
  it('client credentials: the token request as it is, its client secret left out', async () => {
    const stores = renderPage('client-credentials');
    fireEvent.click(screen.getByRole('button', { name: 'Start the Client credentials flow' }));
    const text = await preview(openExport(), 'curl');
    expect(text).toContain('grant_type=client_credentials');
    expect(text).not.toContain(C.client.secret);
    expect(stores.clientCredentials.getState().flow?.legs.token).toBe('ready');
  });

  it('client credentials: the API call exports code that gets a new token with the client credentials', async () => {
    const stores = renderPage('client-credentials', 'basic');
    const accessToken = await tokenObtained(stores);
    act(() => stores.clientCredentials.getState().legChosen('api'));
    const menu = openExport();
    const collection = JSON.parse(await preview(menu, 'postman')) as {
      item: { request: { auth: { oauth2: { key: string; value: unknown }[] } } }[];
    };
    const fields = Object.fromEntries(collection.item[0]!.request.auth.oauth2.map((f) => [f.key, f.value]));
    expect(fields).toMatchObject({
      grant_type: 'client_credentials',
      accessTokenUrl: `${h.base}/oauth/v2/token`,
      clientId: C.client.id,
      client_authentication: 'header',
      scope: 'read',
    });
    expect(JSON.stringify(collection)).not.toContain(C.client.secret);
    expect(JSON.stringify(collection)).not.toContain(accessToken);
  });

  it('device authorization: the first request exports as it is', async () => {
    renderPage('device');
    fireEvent.click(screen.getByRole('button', { name: 'Start the Device authorization flow' }));
    // The endpoint found first in the mock's metadata (RFC 8628 §4), and said so.
    expect((await screen.findByLabelText('Device authorization endpoint')).textContent).toBe(
      `Device authorization endpoint: ${h.base}/oidc/device_authorization (from the metadata of ${h.base})`
    );
    const text = await preview(openExport(), 'curl');
    expect(text).toContain(`--url ${h.base}/oidc/device_authorization`);
    expect(text).toContain('client_secret=YOUR_CLIENT_SECRET');
    expect(text).toContain(`client_id=${C.client.id}`);
  });
});
