// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';
import { savedTokenSchema, type SavedTokenInput } from '../../../../shared/store/saved-token';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OAuth2Credentials } from '../../../../renderer/features/oauth2/OAuth2Credentials';
import { OidcPage } from '../../../../renderer/features/oidc/OidcPage';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { savedRefreshState } from '../../../../renderer/state/profiles/saved-token-state';
import { C, Harness } from '../../mock-provider/helpers';
import { flowAfterCodeGrant } from '../../host/oidc/oidc-mock-session';
import { fakeBridge } from '../state/fake-bridge';
import { hostHistory } from '../state/host-history';

/**
 * A refresh token the OpenID Connect page's lifecycle revoked (RFC 7009), or whose refresh the server refused
 * (invalid_grant, RFC 6749 §5.2), is dead on the OAuth 2 page and in its saved record too (which Profiles and the
 * Request signer read), against the real mock.
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(cleanup);

const profile = profileSchema.parse({
  id: 'mock',
  name: 'Mock provider',
  builtIn: true,
  oauth2: { clientId: C.client.id, clientSecret: C.client.secret, revocationEndpoint: '/oidc/revoke' },
});

async function bothPages() {
  const host = hostHistory();
  const saved = new Map<string, SavedTokenInput>();
  const { bridge } = fakeBridge({
    httpSend: host.httpSend,
    historyAnnotate: host.historyAnnotate,
    tokenSave: ({ token }: { token: SavedTokenInput }) => (saved.set(token.id, token), null),
  });
  let drawn = 0;
  const stores = createStores({
    bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(++drawn) },
    now: () => Date.now(),
  });
  render(
    <StoresProvider stores={stores}>
      <OAuth2Credentials />
      <OidcPage />
    </StoresProvider>
  );
  const { flow, exchange } = await flowAfterCodeGrant(h, 'openid profile');
  const record: SavedTokenInput = {
    id: 'first',
    profileId: profile.id,
    kind: 'oauth2',
    token: flow.token!.accessToken,
    refreshToken: flow.token!.refreshToken!,
    obtainedAt: Date.now(),
    expiresAt: null,
  };
  saved.set(record.id, record);
  act(() =>
    stores.oauth2.setState({
      flow,
      profile,
      standing: { saved: record, refreshRefused: null, accessRefused: false },
      runs: { token: { sending: false, exchange, error: null, outcome: null } },
    })
  );
  const panel = screen.getByRole('region', { name: 'Token lifecycle' });
  fireEvent.click(within(panel).getByRole('button', { name: "Take the OAuth 2 flow's tokens" }));
  const refreshLine = () => screen.getByRole('list', { name: 'Credentials' }).textContent!;
  // What Profiles and the Request signer show of the newest saved token's refresh token.
  const savedRefresh = () => savedRefreshState(savedTokenSchema.parse([...saved.values()].at(-1)), null)?.label;
  return { panel, refreshLine, savedRefresh };
}

async function leg(panel: HTMLElement, button: string, title: string | RegExp) {
  const before = within(panel).queryAllByRole('region', { name: title }).length;
  fireEvent.click(within(panel).getByRole('button', { name: button }));
  await waitFor(() => expect(within(panel).queryAllByRole('region', { name: title }).length).toBe(before + 1), {
    timeout: 5000,
  });
  return within(panel).getAllByRole('region', { name: title })[0]!;
}

describe('a dead refresh token on the lifecycle reaches the OAuth 2 page and the saved tokens', () => {
  it('a revoked refresh token is no longer offered as available or refreshable', async () => {
    const { panel, refreshLine, savedRefresh } = await bothPages();
    expect(refreshLine()).toContain('Refresh: available');
    expect(savedRefresh()).toBe('refreshable');
    const revoked = await leg(panel, 'Revoke the refresh token', 'Revocation (RFC 7009) of the refresh token');
    expect(revoked.getAttribute('data-ok')).toBe('true');
    expect(refreshLine()).not.toContain('Refresh: available');
    expect(refreshLine()).toContain('Refresh: refused (revoked');
    expect(savedRefresh()).toBe('refresh refused');
  });

  it('a refresh refused with invalid_grant marks the refresh token dead', async () => {
    const { panel, refreshLine, savedRefresh } = await bothPages();
    await leg(panel, 'Refresh', 'Refresh (RFC 6749 §6)');
    // The mock revokes the grant when a replaced refresh token comes back (RFC 9700 §4.14.2).
    await leg(panel, 'Present the replaced refresh token again', 'The replaced refresh token again (RFC 9700 §4.14.2)');
    expect(refreshLine()).toContain('Refresh: available');
    expect(savedRefresh()).toBe('refreshable');
    const refused = await leg(panel, 'Refresh', 'Refresh (RFC 6749 §6)');
    expect(refused.getAttribute('data-ok')).toBe('false');
    expect(refreshLine()).toMatch(/Refresh: refused \(invalid_grant.*\); authorize again/);
    expect(savedRefresh()).toBe('refresh refused');
  });
});
