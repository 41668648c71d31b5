import { afterAll, beforeAll } from 'vitest';
import { defaultMockProfile } from '../../../../host/store/mock-profile';
import type { Profile } from '../../../../shared/store/profile';
import { tlsClientHarness } from '../../mock-provider/tls-client';
import { bridgeOnMock } from './app-on-mock';

/**
 * For a test file of a page: the mock with its mutual-TLS port and a tls_client_auth client (RFC 8705 §2;
 * tls-client.ts), started before the file's tests and stopped after; `profile`, the built-in mock profile as that
 * client (its certificate, key and the mock's CA; `oauth2` overrides); `bridge`, the app's bridge on the mock, whose
 * status names the mutual-TLS port.
 */
export function tlsClientOnMock(clientId: string, cn: string) {
  const { h, ca, cert } = tlsClientHarness(clientId, cn);
  beforeAll(() => h.start());
  afterAll(() => h.stop());
  const profile = (oauth2: Partial<Profile['oauth2']> = {}): Profile => {
    const mock = defaultMockProfile();
    return {
      ...mock,
      caCertificates: ca.certificate,
      oauth2: {
        ...mock.oauth2,
        clientId,
        clientSecret: '',
        clientAuthentication: 'tls_client_auth',
        clientCertificate: cert.certificate,
        clientKey: cert.privateKey,
        ...oauth2,
      },
    };
  };
  const bridge = () =>
    bridgeOnMock(h, { mockStatus: () => ({ running: true, baseUrl: h.base, mtlsBaseUrl: h.provider.mtlsBaseUrl! }) });
  return { h, profile, bridge };
}
