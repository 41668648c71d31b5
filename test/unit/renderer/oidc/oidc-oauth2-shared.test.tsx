// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { oauth2Flow } from '../../../../shared/flows';
import { profileSchema } from '../../../../shared/store/profile';
import { tokenTail } from '../../../../shared/oidc';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth2Page } from '../../../../renderer/features/oauth2/OAuth2Page';
import { OidcPage } from '../../../../renderer/features/oidc/OidcPage';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { C, Harness } from '../../mock-provider/helpers';
import { flowAfterCodeGrant } from '../../host/oidc/oidc-mock-session';
import { fakeBridge } from '../state/fake-bridge';
import { hostHistory } from '../state/host-history';

/**
 * The OpenID Connect page and the OAuth 2 page share one flow's tokens, against the real mock (which rotates
 * refresh tokens): a lifecycle refresh moves the OAuth 2 page and the saved tokens on, the OAuth 2 page's refresh
 * moves the lifecycle on and says whether the refresh token rotated.
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(cleanup);

const profile = profileSchema.parse({
  id: 'mock',
  name: 'Mock provider',
  builtIn: true,
  oauth2: { clientId: C.client.id, clientSecret: C.client.secret },
});

async function bothPages() {
  const host = hostHistory();
  const saved: { token: string; refreshToken: string }[] = [];
  const { bridge } = fakeBridge({
    httpSend: host.httpSend,
    historyAnnotate: host.historyAnnotate,
    tokenSave: ({ token }: { token: { token: string; refreshToken: string } }) => (saved.push(token), null),
    mockState: () => ({
      state: {
        now: new Date().toISOString(),
        oauth1: { requestTokens: [], accessTokens: [] },
        oauth2: { codes: [], accessTokens: [], refreshTokens: [] },
      },
      settings: { lifetimes: {}, switches: { idTokenFault: 'off' } },
    }),
  });
  let drawn = 0;
  const stores = createStores({
    bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(++drawn) },
    now: () => Date.now(),
  });
  stores.app.setState({ profiles: [profile], activeProfileId: 'mock', mock: { running: true, baseUrl: h.base } });
  render(
    <StoresProvider stores={stores}>
      <OAuth2Page />
      <OidcPage />
    </StoresProvider>
  );
  const { flow, exchange, body } = await flowAfterCodeGrant(h, 'openid profile');
  act(() =>
    stores.oauth2.setState({
      flow,
      profile,
      current: 'refresh',
      drafts: { refresh: oauth2Flow.buildRefreshRequest(flow) },
      runs: { token: { sending: false, exchange, error: null, outcome: null } },
    })
  );
  const panel = screen.getByRole('region', { name: 'Token lifecycle' });
  fireEvent.click(within(panel).getByRole('button', { name: "Take the OAuth 2 flow's tokens" }));
  return { stores, panel, saved, body: body as { refresh_token: string } };
}

describe('the OpenID Connect and OAuth 2 pages share the flow', () => {
  it("a lifecycle refresh rotates the OAuth 2 page's tokens and saves them", async () => {
    const { stores, panel, saved, body } = await bothPages();
    fireEvent.click(within(panel).getByRole('button', { name: 'Refresh' }));
    await within(panel).findByRole('region', { name: 'Refresh (RFC 6749 §6)' }, { timeout: 5000 });
    const shared = stores.oauth2.getState();
    const rotated = shared.flow!.token!.refreshToken!;
    expect(rotated).not.toBe(body.refresh_token);
    expect(within(panel).getByLabelText('Current tokens').textContent).toContain(tokenTail(rotated));
    // The OAuth 2 page's next refresh presents the new refresh token, and the new pair is saved.
    expect(shared.drafts.refresh!.body).toContain(`refresh_token=${encodeURIComponent(rotated)}`);
    expect(saved.at(-1)).toMatchObject({ token: shared.flow!.token!.accessToken, refreshToken: rotated });
  });

  it("the OAuth 2 page's Refresh says the refresh token rotated, and the lifecycle follows", async () => {
    const { stores, panel, body } = await bothPages();
    const result = screen.getByRole('region', { name: 'Result' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(stores.oauth2.getState().runs.refresh?.outcome?.ok).toBe(true), { timeout: 5000 });
    expect(within(result).getByLabelText('Rotation').textContent).toMatch(/^Rotated: a new refresh_token replaces/);
    const rotated = stores.oauth2.getState().flow!.token!.refreshToken!;
    expect(rotated).not.toBe(body.refresh_token);
    expect(within(panel).getByLabelText('Current tokens').textContent).toContain(tokenTail(rotated));
    // The lifecycle refreshes with the token the OAuth 2 page got, so the mock accepts it.
    fireEvent.click(within(panel).getByRole('button', { name: 'Refresh' }));
    const leg = await within(panel).findByRole('region', { name: 'Refresh (RFC 6749 §6)' }, { timeout: 5000 });
    expect(leg.getAttribute('data-ok')).toBe('true');
  });
});
