// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider, type Stores } from '../../../../renderer/app/stores';
import { OAuth1Page } from '../../../../renderer/features/oauth1/OAuth1Page';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { C, Harness } from '../../mock-provider/helpers';
import { clientPost } from '../../host/oidc/oidc-mock-session';
import { hostBridge } from '../state/host-bridge';
import { accessTokenOnPage, codeExchangedOnPage } from '../state/page-flows';

/**
 * Once the server has refused the token itself, the action bar offers the remedy instead of a Send that fails
 * again: Refresh while an OAuth 2 refresh token is live, else Start over. Against the real mock and host.
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
  oauth1: { consumerKey: C.consumer.key, consumerSecret: C.consumer.secret },
  oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read' },
});

function renderPage(page: 'oauth1' | 'oauth2'): Stores {
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() });
  stores.app.setState({ profiles: [profile], activeProfileId: 'mock', mock: { running: true, baseUrl: h.base } });
  render(<StoresProvider stores={stores}>{page === 'oauth1' ? <OAuth1Page /> : <OAuth2Page />}</StoresProvider>);
  return stores;
}
const bar = () => screen.getByRole('group', { name: 'Next step' });
/** The bar's buttons, the primary one (what Ctrl+Enter does) marked with a star. */
const barButtons = () =>
  within(bar())
    .getAllByRole('button')
    .map((b) => `${b.className.includes('primary') ? '*' : ''}${b.textContent}`);

describe('the action bar after the server refused the token', () => {
  it('OAuth 1.0a: after token_revoked on the API request, Start over, which starts a new flow', async () => {
    const stores = renderPage('oauth1');
    const token = await act(() => accessTokenOnPage(stores, h, profile));
    act(() => stores.oauth1.getState().legChosen('api'));
    expect(barButtons()).toEqual(['*Send']);
    await bridge.mockDeauthorize({ token });
    await act(() => stores.oauth1.getState().legSent('api'));
    expect(stores.oauth1.getState().runs.api!.exchange!.response.status).toBe(401);
    expect(barButtons()).toEqual(['*Start over', 'Send again']);
    await act(async () => fireEvent.click(within(bar()).getByRole('button', { name: 'Start over' })));
    expect(stores.oauth1.getState().flow!.accessToken).toBeNull();
    expect(stores.oauth1.getState().current).toBe('requestToken');
  });

  it('OAuth 1.0a: after token_expired on the access token exchange, Start over (the request token is gone)', async () => {
    const stores = renderPage('oauth1');
    const o = () => stores.oauth1.getState();
    await act(() => o().flowStarted(profile, h.base));
    await act(() => o().legSent('requestToken'));
    const authorize = new URL(o().authorize.url!);
    const landed = await h.send({ path: `${authorize.pathname}${authorize.search}` });
    await act(() => o().urlPasted(String(landed.headers.location)));
    await bridge.mockAdvanceClock({ seconds: 3600 });
    act(() => o().legChosen('accessToken'));
    await act(() => o().legSent('accessToken'));
    expect(o().runs.accessToken!.exchange!.response.bodyText).toContain('token_expired');
    expect(barButtons()).toEqual(['*Start over', 'Send again']);
    await act(async () => fireEvent.click(within(bar()).getByRole('button', { name: 'Start over' })));
    expect(o().current).toBe('requestToken');
    expect(o().runs.accessToken).toBeUndefined();
  });

  it('OAuth 2: after a 401 with a live refresh token, Refresh, which refreshes; with none left, Start over', async () => {
    const stores = renderPage('oauth2');
    await act(() => codeExchangedOnPage(stores, h, profile));
    const first = stores.oauth2.getState().flow!.token!;
    await clientPost(h, '/oidc/revoke', { token: first.accessToken, token_type_hint: 'access_token' });
    act(() => stores.oauth2.getState().legChosen('api'));
    await act(() => stores.oauth2.getState().legSent('api'));
    expect(barButtons()).toEqual(['*Refresh', 'Send again']);
    await act(async () => fireEvent.click(within(bar()).getByRole('button', { name: 'Refresh' })));
    expect(stores.oauth2.getState().current).toBe('refresh');
    await waitFor(() => expect(stores.oauth2.getState().runs.refresh?.sending).toBe(false));
    const second = stores.oauth2.getState().flow!.token!;
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(stores.oauth2.getState().runs.refresh!.outcome!.ok).toBe(true);

    // The grant revoked: the refresh is refused, and so is the access token; nothing but a new flow helps.
    await clientPost(h, '/oidc/revoke', { token: second.refreshToken!, token_type_hint: 'refresh_token' });
    await clientPost(h, '/oidc/revoke', { token: second.accessToken, token_type_hint: 'access_token' });
    await act(() => stores.oauth2.getState().legSent('refresh'));
    expect(barButtons()).toEqual(['*Start over', 'Send again']);
    act(() => stores.oauth2.getState().legChosen('api'));
    await act(() => stores.oauth2.getState().legSent('api'));
    expect(barButtons()).toEqual(['*Start over', 'Send again']);
    await act(async () => fireEvent.click(within(bar()).getByRole('button', { name: 'Start over' })));
    expect(stores.oauth2.getState().flow!.token).toBeNull();
    expect(stores.oauth2.getState().current).toBe('authorize');
  });
});
