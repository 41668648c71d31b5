// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { MockProvider } from '../../../../mock-provider';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { ProfilesPage } from '../../../../renderer/features/profiles/ProfilesPage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import { hostBridge } from '../state/host-bridge';
import { landedAt } from '../state/parity-host';

/*
 * private_key_jwt against the embedded mock without openssl or curl: on a profile that follows the mock, "Make a
 * key and register it at the mock" makes the key in the host, registers its public half (RFC 7591 §3.1) and fills
 * in the new client; the profile saved, its code flow's token request, signed with that key, is accepted. Over real
 * sockets: the app's host services and the mock on 127.0.0.1.
 */
const mock = new MockProvider({ autoLoginUser: 'demo' });
let host: ReturnType<typeof hostBridge>;
beforeAll(async () => {
  await mock.start();
  host = hostBridge(mock);
});
afterAll(async () => {
  await host.close();
  await mock.stop();
});
afterEach(cleanup);

it('makes a key, registers it at the mock, and the saved profile authenticates with it', async () => {
  const user = userEvent.setup();
  const deps = { bridge: host.bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() };
  const stores = createStores(deps);
  await act(() => stores.app.getState().appOpened());
  render(
    <StoresProvider stores={stores}>
      <ProfilesPage />
    </StoresProvider>
  );
  await user.click(screen.getByRole('button', { name: 'New profile' }));
  const form = screen.getByRole('form', { name: 'New profile' });
  await user.type(within(form).getByLabelText('Name'), 'Key client');
  await user.click(within(form).getByLabelText('Follow the embedded mock'));
  await user.selectOptions(within(form).getByLabelText('Client authentication'), 'private_key_jwt');
  await user.click(within(form).getByRole('button', { name: 'Make a key and register it at the mock' }));
  const done = await within(form).findByRole('status', {}, { timeout: 10_000 });
  expect(done.textContent).toMatch(/^Registered at the mock as client \S+ \(private_key_jwt, ES256, kid \S+\)/);
  const clientId = (within(form).getByLabelText('Client ID') as HTMLInputElement).value;
  expect(done.textContent).toContain(clientId);
  expect(clientId).not.toBe('');

  await user.click(within(form).getByRole('button', { name: 'Create profile' }));
  const saved = await waitFor(async () => {
    const list = await host.bridge.profilesList();
    const found = list.ok ? list.value.find((p) => p.name === 'Key client') : undefined;
    if (!found) throw new Error('not saved yet');
    return found;
  });
  expect(saved.oauth2).toMatchObject({ clientId, clientSecret: '', clientAuthentication: 'private_key_jwt' });
  expect(JSON.parse(saved.oauth2.assertionKey)).toMatchObject({ kty: 'EC', crv: 'P-256', d: expect.any(String) });
  expect(saved.oauth2.assertionKeyId).not.toBe('');

  // The code flow with the saved profile: the token request carries an assertion signed with the key; accepted.
  const page = createOAuth2Store(deps).getState;
  const base = stores.app.getState().mock.baseUrl!;
  await page().flowStarted(saved, base);
  await page().urlPasted(await landedAt((await page().authorizationStarted())!));
  await page().legSent('token');
  expect(page().runs.token?.exchange?.request.body).toContain('client_assertion_type=');
  expect(page().runs.token?.exchange?.response.status).toBe(200);
}, 30_000);
