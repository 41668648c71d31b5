// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { C, Harness } from '../../mock-provider/helpers';
import { clientPost } from '../../host/oidc/oidc-mock-session';
import { hostBridge } from '../state/host-bridge';
import { codeExchangedOnPage } from '../state/page-flows';

/**
 * What the OAuth 2 page says of its token once the server has refused or replaced it, against the real mock and
 * the host's store: the header, and the saved records the token lists read.
 */
const h = new Harness({ autoLoginUser: 'demo' });
let close: () => Promise<void>;
let bridge: BridgeApi;
beforeAll(async () => {
  await h.start();
  ({ bridge, close } = hostBridge(h.provider));
  await bridge.profileSave({ profile });
});
afterAll(() => close());
afterEach(cleanup);

const profile = profileSchema.parse({
  id: 'mock',
  name: 'Mock provider',
  builtIn: true,
  oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read' },
});

async function exchanged() {
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() });
  stores.app.setState({ profiles: [profile], activeProfileId: 'mock', mock: { running: true, baseUrl: h.base } });
  render(
    <StoresProvider stores={stores}>
      <OAuth2Page />
    </StoresProvider>
  );
  await act(() => codeExchangedOnPage(stores, h, profile));
  const token = stores.oauth2.getState().flow!.token!;
  return { stores, token };
}
const credentials = () => screen.getByRole('list', { name: 'Credentials' });
const line = (start: string) =>
  [...credentials().querySelectorAll('li')].find((li) => li.textContent!.startsWith(start))!;
const savedRecords = async () => {
  const r = await bridge.tokensList({ profileId: 'mock' });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

describe('OAuth 2 page: a token the server refused or replaced', () => {
  it('after invalid_grant on a refresh, the header says the refresh was refused and the saved token is marked', async () => {
    const { stores, token } = await exchanged();
    expect(line('Refresh:').textContent).toBe('Refresh: available');
    await clientPost(h, '/oidc/revoke', { token: token.refreshToken!, token_type_hint: 'refresh_token' });
    act(() => stores.oauth2.getState().legChosen('refresh'));
    await act(() => stores.oauth2.getState().legSent('refresh'));
    expect(stores.oauth2.getState().runs.refresh!.exchange!.response.status).toBe(400);
    expect(line('Refresh:').textContent).toMatch(/^Refresh: refused \(.*revoked.*\); authorize again$/);
    expect(line('Refresh:').className).toBe('bad');
    expect(line('Bearer token:').textContent).toContain('its refresh was refused: it may be revoked too');
    const saved = (await savedRecords()).find((t) => t.token === token.accessToken)!;
    expect(saved.refused).toBe('refresh_refused');
  });

  it('after a refresh that rotated the refresh token, the replaced token is marked rotated, the new one not', async () => {
    const { stores, token } = await exchanged();
    act(() => stores.oauth2.getState().legChosen('refresh'));
    await act(() => stores.oauth2.getState().legSent('refresh'));
    const next = stores.oauth2.getState().flow!.token!;
    expect(next.refreshToken).not.toBe(token.refreshToken);
    expect(line('Refresh:').textContent).toBe('Refresh: available');
    const records = await savedRecords();
    expect(records.find((t) => t.token === token.accessToken)!.refused).toBe('rotated');
    expect(records.find((t) => t.token === next.accessToken)!.refused).toBeUndefined();
  });

  it('after a 401 on the API request, the header says the server refused the bearer token', async () => {
    const { stores, token } = await exchanged();
    await clientPost(h, '/oidc/revoke', { token: token.accessToken, token_type_hint: 'access_token' });
    act(() => stores.oauth2.getState().legChosen('api'));
    await act(() => stores.oauth2.getState().legSent('api'));
    expect(line('Bearer token:').textContent).toMatch(/refused by the server \(401\)$/);
    expect(line('Bearer token:').className).toBe('bad');
  });
});
