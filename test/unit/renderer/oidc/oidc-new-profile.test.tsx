// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStores, StoresProvider, useApp } from '../../../../renderer/app/stores';
import { OidcPage } from '../../../../renderer/features/oidc/OidcPage';
import { ProfilesPage } from '../../../../renderer/features/profiles/ProfilesPage';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { Harness } from '../../mock-provider/helpers';
import { fakeBridge } from '../state/fake-bridge';
import { recordingHost } from '../state/host-history';

/** Discovery against the real mock fills a new profile on the Profiles page, as a preset starts one. */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(cleanup);

function Pages() {
  const page = useApp((s) => s.page);
  return page === 'profiles' ? <ProfilesPage /> : <OidcPage />;
}

function renderPages() {
  const saved: unknown[] = [];
  const { bridge } = fakeBridge({
    ...recordingHost(),
    profilesList: () => [],
    tokensList: () => [],
    profileSave: (input: { profile: unknown }) => (saved.push(input.profile), input.profile),
  });
  const stores = createStores({
    bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(7) },
    now: () => Date.now(),
  });
  return {
    ...render(
      <StoresProvider stores={stores}>
        <Pages />
      </StoresProvider>
    ),
    stores,
    saved,
  };
}

const valueOf = (form: HTMLElement, label: string) =>
  (within(form).getByLabelText(label) as HTMLInputElement | HTMLSelectElement).value;

describe('OpenID Connect page: a new profile from discovery', () => {
  it('fills the Profiles page draft with the issuer, the endpoints as full URLs, openid and the listed scopes, PKCE S256', async () => {
    const { stores, saved } = renderPages();
    fireEvent.change(screen.getByLabelText('Issuer URL'), { target: { value: h.base } });
    fireEvent.click(screen.getByRole('button', { name: 'Discover' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use for a new profile' }, { timeout: 5000 }));
    expect(stores.app.getState().page).toBe('profiles');
    const form = await screen.findByRole('form', { name: 'New profile' });
    expect(valueOf(form, 'Base URL')).toBe(h.base);
    expect(valueOf(form, 'OAuth 2 Authorize path')).toBe(`${h.base}/oauth/v2/authorize`);
    expect(valueOf(form, 'Token path')).toBe(`${h.base}/oauth/v2/token`);
    expect(valueOf(form, 'OAuth 2 API path')).toBe(`${h.base}/oidc/userinfo`);
    // The mock's scopes_supported lists profile but not email.
    expect(valueOf(form, 'Scope')).toBe('openid profile');
    expect(valueOf(form, 'PKCE')).toBe('S256');
    expect(valueOf(form, 'Client authentication')).toBe('basic');
    // The revocation and introspection endpoints the document lists are kept (optional in RFC 8414 §2).
    expect(valueOf(form, 'Revocation endpoint')).toBe(`${h.base}/oidc/revoke`);
    expect(valueOf(form, 'Introspection endpoint')).toBe(`${h.base}/oidc/introspect`);
    expect(valueOf(form, 'JWKS URL')).toBe('');
    expect(within(form).getByRole('link', { name: `${h.base}/.well-known/openid-configuration` })).toBeTruthy();
    // Nothing is saved until the user creates the profile with a name and credentials.
    expect(saved).toEqual([]);
  });
});
