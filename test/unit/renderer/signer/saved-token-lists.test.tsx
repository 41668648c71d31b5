// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { tokenTail } from '../../../../shared/oidc/token-lifecycle';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { createStores, StoresProvider, type Stores } from '../../../../renderer/app/stores';
import { SignerPage } from '../../../../renderer/features/signer/SignerPage';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { C, Harness, threeLegs } from '../../mock-provider/helpers';
import { clientPost } from '../../host/oidc/oidc-mock-session';
import { accessTokenOnPage, codeExchangedOnPage } from '../state/page-flows';
import { hostBridge } from '../state/host-bridge';

/**
 * The Request signer's saved-token lists say what the server has said of each token, against the real mock and the
 * host's store: a refresh token replaced by rotation or refused is not "refreshable", a deauthorized OAuth 1.0a
 * token says so.
 */
const h = new Harness({ autoLoginUser: 'demo' });
let close: () => Promise<void>;
let bridge: BridgeApi;
beforeAll(async () => {
  await h.start();
  ({ bridge, close } = hostBridge(h.provider));
  for (const profile of [server, mock, oauth1Server]) await bridge.profileSave({ profile });
});
afterAll(() => close());
afterEach(cleanup);

/** Another server as far as the app knows (the mock's records are not read): only what the server said counts. */
const server = profileSchema.parse({
  id: 'server',
  name: 'Server',
  baseUrl: 'http://127.0.0.1:1',
  callbackPort: 0,
  oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read' },
});
const mock = profileSchema.parse({
  id: 'mock',
  name: 'Mock provider',
  builtIn: true,
  oauth1: { consumerKey: C.consumer.key, consumerSecret: C.consumer.secret },
});

const oauth1Server = profileSchema.parse({
  id: 'oauth1-server',
  name: 'OAuth 1.0a server',
  baseUrl: 'http://127.0.0.1:1',
  oauth1: { consumerKey: C.consumer.key, consumerSecret: C.consumer.secret },
});

function storesFor(profile: Profile): Stores {
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => Date.now() });
  const at = profile.builtIn ? profile : { ...profile, baseUrl: h.base };
  stores.app.setState({
    profiles: [at],
    activeProfileId: at.id,
    mock: { running: true, baseUrl: h.base },
    loaded: true,
  });
  return stores;
}
function renderSigner(stores: Stores, mode: 'OAuth 2 bearer token' | null) {
  render(
    <StoresProvider stores={stores}>
      <SignerPage />
    </StoresProvider>
  );
  if (mode) fireEvent.click(screen.getByRole('button', { name: mode }));
}
const options = (label: string) =>
  [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.textContent!);

describe('the Request signer: what each saved token is worth', () => {
  it('an OAuth 2 token whose refresh token a refresh rotated away is not refreshable; the new one is', async () => {
    const stores = storesFor({ ...server, baseUrl: h.base });
    await codeExchangedOnPage(stores, h, { ...server, baseUrl: h.base });
    const first = stores.oauth2.getState().flow!.token!;
    await stores.oauth2.getState().legSent('refresh');
    const second = stores.oauth2.getState().flow!.token!;
    renderSigner(stores, 'OAuth 2 bearer token');
    await waitFor(() => expect(options('Saved OAuth 2 token')).toHaveLength(2));
    const shown = options('Saved OAuth 2 token');
    expect(shown.find((o) => o.startsWith(tokenTail(first.accessToken)))).toMatch(/, refresh token rotated away$/);
    expect(shown.find((o) => o.startsWith(tokenTail(second.accessToken)))).toMatch(/, refreshable$/);
  });

  it('an OAuth 2 token whose refresh was just refused is no longer refreshable', async () => {
    const stores = storesFor({ ...server, baseUrl: h.base });
    await codeExchangedOnPage(stores, h, { ...server, baseUrl: h.base });
    const token = stores.oauth2.getState().flow!.token!;
    // The grant is revoked: the call answers 401, and the refresh that follows is refused (invalid_grant).
    await clientPost(h, '/oidc/revoke', { token: token.accessToken, token_type_hint: 'access_token' });
    await clientPost(h, '/oidc/revoke', { token: token.refreshToken!, token_type_hint: 'refresh_token' });
    renderSigner(stores, 'OAuth 2 bearer token');
    const mine = () => options('Saved OAuth 2 token').find((o) => o.startsWith(tokenTail(token.accessToken)))!;
    await waitFor(() => expect(mine()).toMatch(/, refreshable$/));
    const chosen = [...(screen.getByLabelText('Saved OAuth 2 token') as HTMLSelectElement).options].find((o) =>
      o.textContent!.startsWith(tokenTail(token.accessToken))
    )!;
    fireEvent.change(screen.getByLabelText('Saved OAuth 2 token'), { target: { value: chosen.value } });
    fireEvent.click(screen.getByRole('button', { name: 'Send with the saved token' }));
    await screen.findByText(/The refresh was refused/, undefined, { timeout: 5000 });
    await waitFor(() => expect(mine()).toMatch(/, refresh refused$/));
    expect(screen.getByLabelText('The chosen token').textContent).toMatch(/ · refresh refused$/);
  });

  it('an OAuth 1.0a token the server refused as deauthorized says so', async () => {
    const stores = storesFor(mock);
    const o = () => stores.oauth1.getState();
    const token = await accessTokenOnPage(stores, h, mock);
    await bridge.mockDeauthorize({ token });
    await o().legSent('api');
    expect(o().flow!.accessToken!.deauthorized).toBe(true);
    renderSigner(stores, null);
    await waitFor(() => expect(options('Saved token').find((t) => t.startsWith(token))).toMatch(/ · revoked$/));
  });

  it('an OAuth 1.0a token another server refuses as revoked is marked so when the signer sends with it', async () => {
    const stores = storesFor({ ...oauth1Server, baseUrl: h.base });
    const { accessToken, accessSecret } = await threeLegs(h);
    const saved = { id: 'oauth1-saved', profileId: oauth1Server.id, kind: 'oauth1' as const, obtainedAt: 1 };
    await bridge.tokenSave({ token: { ...saved, token: accessToken, tokenSecret: accessSecret } });
    await bridge.mockDeauthorize({ token: accessToken });
    renderSigner(stores, null);
    const select = () => screen.getByLabelText('Saved token') as HTMLSelectElement;
    await waitFor(() => expect(options('Saved token').some((o) => o.startsWith(accessToken))).toBe(true));
    fireEvent.change(select(), { target: { value: 'oauth1-saved' } });
    expect(options('Saved token').find((o) => o.startsWith(accessToken))).not.toMatch(/revoked/);
    fireEvent.click(screen.getByRole('button', { name: 'GET API' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(options('Saved token').find((o) => o.startsWith(accessToken))).toMatch(/ · revoked$/));
    expect(screen.getByLabelText('The chosen token').textContent).toBe('revoked');
    const stored = await bridge.tokensList({ profileId: oauth1Server.id });
    expect(stored.ok && stored.value[0]!.refused).toBe('revoked');
  });
});
