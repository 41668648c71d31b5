import { createCa, issueClientCertificate } from '../../../mock-provider/mtls/local-ca';
import { C, Harness, REDIRECT } from './helpers';

/**
 * A mock (auto-login as demo) with its mutual-TLS port on a local CA, the default client and `clientId`, a
 * tls_client_auth client (RFC 8705 §2) whose certificate, for CN=`cn`, is returned with the CA. Not started.
 */
export function tlsClientHarness(clientId: string, cn: string) {
  const ca = createCa();
  const cert = issueClientCertificate(ca, cn);
  const h = new Harness({
    autoLoginUser: 'demo',
    tls: { ca },
    configValue: {
      oauth2: {
        clients: [
          { ...C.client, redirectUris: [REDIRECT] },
          {
            id: clientId,
            redirectUris: [REDIRECT],
            tokenEndpointAuthMethod: 'tls_client_auth',
            tlsClientAuthSubjectDn: `CN=${cn},O=OAuth Lab mock`,
          },
        ],
      },
    },
  });
  return { h, ca, cert };
}
