// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { defaultMockProfile } from '../../../../host/store/mock-profile';
import { bridgeOnMock, sendLeg } from '../flow/app-on-mock';
import { oauth2PageOnTokenLeg } from './oauth2-page-on-mock';
import { tlsClientHarness } from '../../mock-provider/tls-client';

/**
 * The OAuth 2 page's *Revoke or introspect* panel for a tls_client_auth client (RFC 8705 §2) against the real mock
 * with its mutual-TLS port: the metadata's mtls_endpoint_aliases (§5) are the endpoints, credited as such, and the
 * introspection and the revocation go there with the client's certificate, as the token exchange did.
 */
const { h, ca, cert } = tlsClientHarness('tls-page', 'page-tls');
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

it("revokes and introspects at the metadata's mutual-TLS aliases, with the certificate", async () => {
  const mtls = h.provider.mtlsBaseUrl!;
  const bridge = bridgeOnMock(h, { mockStatus: () => ({ running: true, baseUrl: h.base, mtlsBaseUrl: mtls }) });
  const mock = defaultMockProfile();
  const profile = {
    ...mock,
    caCertificates: ca.certificate,
    oauth2: {
      ...mock.oauth2,
      clientId: 'tls-page',
      clientSecret: '',
      clientAuthentication: 'tls_client_auth' as const,
      clientCertificate: cert.certificate,
      clientKey: cert.privateKey,
    },
  };
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
