// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { OidcPage } from '../../../../renderer/features/oidc/OidcPage';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { C, Harness } from '../../mock-provider/helpers';
import { flowAfterCodeGrant } from '../../host/oidc/oidc-mock-session';
import { fakeBridge } from '../state/fake-bridge';
import { hostHistory, recordIds } from '../state/host-history';

/**
 * The token lifecycle on the OpenID Connect page against the real mock over sockets: refresh with rotation, the
 * replaced refresh token presented again, introspection and revocation, each a leg with its exchange and checks.
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

const flowWithTokens = () => flowAfterCodeGrant(h, 'openid profile');

async function renderWithFlow() {
  const host = hostHistory();
  const { bridge, calls } = fakeBridge({
    httpSend: host.httpSend,
    historyAnnotate: host.historyAnnotate,
    tokenSave: () => null,
  });
  // The lifecycle's legs: discovery, before them, is recorded too.
  const history = () => host.legs(recordIds(calls)).filter((l) => !l.startsWith('discovery '));
  let drawn = 0;
  // Every draw different: each send's history record gets an id of its own.
  const stores = createStores({
    bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(++drawn) },
    now: () => Date.now(),
  });
  render(
    <StoresProvider stores={stores}>
      <OidcPage />
    </StoresProvider>
  );
  const { flow, exchange, body } = await flowWithTokens();
  act(() =>
    stores.oauth2.setState({ flow, profile, runs: { token: { sending: false, exchange, error: null, outcome: null } } })
  );
  fireEvent.change(screen.getByLabelText('Issuer URL'), { target: { value: h.base } });
  fireEvent.click(screen.getByRole('button', { name: 'Discover' }));
  await screen.findByRole('region', { name: 'Discovery checks' }, { timeout: 5000 });
  const panel = screen.getByRole('region', { name: 'Token lifecycle' });
  fireEvent.click(within(panel).getByRole('button', { name: "Take the OAuth 2 flow's tokens" }));
  return { panel, history, calls, body };
}

/** Clicks a button of the panel and waits for the leg it adds (the newest is shown first). */
async function leg(panel: HTMLElement, button: string, title: string | RegExp) {
  const before = within(panel).queryAllByRole('region', { name: title }).length;
  fireEvent.click(within(panel).getByRole('button', { name: button }));
  await waitFor(() => expect(within(panel).queryAllByRole('region', { name: title }).length).toBe(before + 1), {
    timeout: 5000,
  });
  return within(panel).getAllByRole('region', { name: title })[0]!;
}
const failed = (region: HTMLElement) =>
  within(region)
    .queryAllByText('Failed:')
    .map((el) => el.parentElement!.textContent);

describe('OidcPage: the token lifecycle', () => {
  it('refreshes with the rotation shown masked, and the replaced refresh token is refused afterwards (RFC 9700 §4.14.2)', async () => {
    const { panel, history, body } = await renderWithFlow();
    const oldRt = body.refresh_token as string;
    const refresh = await leg(panel, 'Refresh', 'Refresh (RFC 6749 §6)');
    expect(refresh.getAttribute('data-ok')).toBe('true');
    const rotation = within(refresh).getByLabelText('Rotation').textContent!;
    expect(rotation).toContain(`old refresh token …${oldRt.slice(-4)} (${oldRt.length} chars)`);
    expect(rotation).toMatch(/→ new …\S{4} \(\d+ chars\)/);
    expect(rotation).not.toContain(oldRt);
    expect(within(refresh).getByText(/Rotated: a new refresh_token replaces the old one/)).toBeTruthy();
    // The request is shown with the refresh token and the client secret masked.
    const sent = within(refresh).getByText(/grant_type=refresh_token/).textContent!;
    expect(sent).not.toContain(oldRt);
    expect(sent).not.toContain(C.client.secret);
    expect(failed(refresh)).toEqual([]);

    const reuse = await leg(
      panel,
      'Present the replaced refresh token again',
      'The replaced refresh token again (RFC 9700 §4.14.2)'
    );
    expect(reuse.getAttribute('data-ok')).toBe('true');
    expect(within(reuse).getByText('400 Bad Request')).toBeTruthy();
    expect(within(reuse).getByText('The replaced refresh token was refused (HTTP 400).')).toBeTruthy();
    expect(
      within(reuse).getByText(
        /^Refused with HTTP 400 \(invalid_grant: .*already used.*\): a replaced refresh token no longer works/
      )
    ).toBeTruthy();
    // The mock revokes the grant on reuse: the new refresh token is refused too.
    const again = await leg(panel, 'Refresh', 'Refresh (RFC 6749 §6)');
    expect(again.getAttribute('data-ok')).toBe('false');
    expect(history()).toEqual(['refresh succeeded', 'reuse succeeded', 'refresh failed']);
  });

  it('introspects the access token (active), revokes the refresh token, and introspection then says inactive', async () => {
    const { panel, calls } = await renderWithFlow();
    const active = await leg(panel, 'Introspect the access token', 'Introspection (RFC 7662) of the access token');
    expect(within(active).getByText('The provider says active: true.')).toBeTruthy();
    expect(within(active).getByText(/active: true, the token is valid now/)).toBeTruthy();
    const revoked = await leg(panel, 'Revoke the refresh token', 'Revocation (RFC 7009) of the refresh token');
    expect(revoked.getAttribute('data-ok')).toBe('true');
    expect(within(revoked).getByText(/the token is revoked, or was already invalid/)).toBeTruthy();
    // RFC 7009 §2.1 (https://www.rfc-editor.org/rfc/rfc7009#section-2.1): the mock revokes the grant's access tokens with the refresh token.
    const inactive = await leg(panel, 'Introspect the access token', 'Introspection (RFC 7662) of the access token');
    expect(within(inactive).getByText('The provider says active: false.')).toBeTruthy();
    const urls = calls
      .filter(([m]) => m === 'httpSend')
      .map(([, i]) => (i as { request: { url: string } }).request.url);
    expect(urls.filter((u) => u.endsWith('/oidc/introspect'))).toHaveLength(2);
    expect(urls.filter((u) => u.endsWith('/oidc/revoke'))).toHaveLength(1);
  });

  it('offers no revocation or introspection before discovery, and says where they come from', async () => {
    const { bridge } = fakeBridge({});
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
    const panel = screen.getByRole('region', { name: 'Token lifecycle' });
    expect(within(panel).getByText(/Exchange a code on the OAuth 2 page first/)).toBeTruthy();
    const { flow } = await flowWithTokens();
    act(() => stores.oauth2.setState({ flow, profile }));
    fireEvent.click(within(panel).getByRole('button', { name: "Take the OAuth 2 flow's tokens" }));
    expect(within(panel).queryByRole('button', { name: /Introspect|Revoke/ })).toBeNull();
    const sources = within(panel).getByRole('list', { name: 'Lifecycle endpoints' });
    expect(sources.textContent).toContain(
      'Revocation endpoint (RFC 7009): none: discover the issuer, or set it in the profile'
    );
    // A profile that names its revocation endpoint (a path: relative to the base URL) needs no discovery for it.
    const named = profileSchema.parse({
      ...profile,
      oauth2: { ...profile.oauth2, revocationEndpoint: '/oidc/revoke' },
    });
    act(() => stores.oauth2.setState({ profile: named }));
    expect(within(panel).getByRole('button', { name: 'Revoke the access token' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: /Introspect/ })).toBeNull();
    expect(sources.textContent).toContain(`Revocation endpoint (RFC 7009): ${h.base}/oidc/revoke (from the profile)`);
  });
});
