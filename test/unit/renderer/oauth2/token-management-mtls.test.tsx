// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { sendLeg } from '../flow/app-on-mock';
import { oauth2PageOnTokenLeg } from './oauth2-page-on-mock';
import { tlsClientOnMock } from '../flow/tls-client-on-mock';
import { joseVerifier } from '../../../../platform/jose';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { flowTokensOf } from '../../../../renderer/features/oidc/flow-tokens';
import { createOidcStore } from '../../../../renderer/state/oidc/oidc-store';

/**
 * The OAuth 2 page's *Revoke or introspect* panel for a tls_client_auth client (RFC 8705 §2) against the real mock
 * with its mutual-TLS port: the metadata's mtls_endpoint_aliases (§5) are the endpoints, credited as such, and the
 * introspection and the revocation go there with the client's certificate, as the token exchange did.
 */
const { h, profile: tlsProfile, bridge: tlsBridge } = tlsClientOnMock('tls-page', 'page-tls');
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it("revokes and introspects at the metadata's mutual-TLS aliases, with the certificate", async () => {
  const mtls = h.provider.mtlsBaseUrl!;
  const bridge = tlsBridge();
  const profile = tlsProfile();
  try {
    const stores = await oauth2PageOnTokenLeg(h, bridge.bridge, profile);
    await sendLeg(stores, 'token');
    const token = stores.oauth2.getState().runs.token!;
    expect(token.outcome?.ok, token.outcome?.summary ?? token.error?.message).toBe(true);
    const panel = screen.getByRole('region', { name: 'Revoke or introspect' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Find the endpoints' }));
    const introspect = await within(panel).findByRole('button', { name: 'Introspect the access token' });
    const sources = within(panel).getByRole('list', { name: 'Lifecycle endpoints' }).textContent;
    const aliases = `the mutual-TLS aliases (mtls_endpoint_aliases, RFC 8705 §5) in the metadata of ${h.base}`;
    expect(sources).toContain(`${mtls}/oidc/revoke (from ${aliases})`);
    expect(sources).toContain(`${mtls}/oidc/introspect (from ${aliases})`);
    fireEvent.click(introspect);
    await waitFor(() => expect(panel.querySelector('section.lifecycle-leg')?.textContent).toContain('active: true'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Revoke the access token' }));
    await waitFor(() => expect(panel.querySelectorAll('section.lifecycle-leg')).toHaveLength(2));
    expect(panel.querySelector('section.lifecycle-leg')!.textContent).toContain('Revoked, or already invalid');
  } finally {
    await bridge.close();
  }
});

it("the mock's profile with the endpoints typed as paths: they are taken under the mock's mutual-TLS port", async () => {
  const mtls = h.provider.mtlsBaseUrl!;
  const bridge = tlsBridge();
  const profile = tlsProfile({ revocationEndpoint: '/oidc/revoke', introspectionEndpoint: '/oidc/introspect' });
  try {
    const stores = await oauth2PageOnTokenLeg(h, bridge.bridge, profile);
    // The mock's status as the app holds it (its mutual-TLS port included, as mockStatus reports it).
    stores.app.setState({ mock: { running: true, baseUrl: h.base, mtlsBaseUrl: mtls } });
    await sendLeg(stores, 'token');
    const token = stores.oauth2.getState().runs.token!;
    expect(token.outcome?.ok, token.outcome?.summary ?? token.error?.message).toBe(true);
    const panel = screen.getByRole('region', { name: 'Revoke or introspect' });
    const introspect = await within(panel).findByRole('button', { name: 'Introspect the access token' });
    const sources = within(panel).getByRole('list', { name: 'Lifecycle endpoints' }).textContent;
    expect(sources).toContain(`${mtls}/oidc/revoke (from the profile)`);
    expect(sources).toContain(`${mtls}/oidc/introspect (from the profile)`);
    // The plain port would refuse the certificate client (invalid_client); the mutual-TLS one answers.
    fireEvent.click(introspect);
    await waitFor(() => expect(panel.querySelector('section.lifecycle-leg')?.textContent).toContain('active: true'));
  } finally {
    await bridge.close();
  }
});

it("UserInfo after the code grant goes to the metadata's mutual-TLS alias, where the bound token is accepted", async () => {
  const mtls = h.provider.mtlsBaseUrl!;
  const bridge = tlsBridge();
  const profile = tlsProfile({ scope: 'openid read' });
  try {
    const stores = await oauth2PageOnTokenLeg(h, bridge.bridge, profile);
    await sendLeg(stores, 'token');
    const s = stores.oauth2.getState;
    expect(s().runs.token?.outcome?.ok, s().runs.token?.outcome?.summary).toBe(true);
    const deps = { bridge: bridge.bridge, crypto: browserCrypto, random: nodeRandom, now: Date.now };
    const oidc = createOidcStore({ ...deps, jose: joseVerifier, profile: () => s().profile });
    await oidc.getState().afterCodeRan(h.base, flowTokensOf(s())!, true);
    const userInfo = oidc.getState().userInfo;
    expect(userInfo?.exchange?.request.url).toBe(`${mtls}/oidc/userinfo`);
    expect(userInfo?.exchange?.response.status, userInfo?.error ?? userInfo?.exchange?.response.bodyText).toBe(200);
  } finally {
    await bridge.close();
  }
});
