import { afterAll, beforeAll, expect, it } from 'vitest';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createDeviceStore } from '../../../../renderer/state/machine/machine-stores';
import { profileSchema } from '../../../../shared/store/profile';
import { tlsClientHarness } from '../../mock-provider/tls-client';
import { hostBridge } from './host-bridge';

/*
 * A certificate client (tls_client_auth, RFC 8705 §2) on a profile that follows the mock, its device authorization
 * endpoint typed as a path: the path is taken under the running mock's mutual-TLS port (its mtls_endpoint_aliases,
 * §5), as the token path is, not under the plain port, which refuses a certificate client. Over real sockets.
 */
const { h, ca, cert } = tlsClientHarness('tls-typed-paths', 'typed-paths-tls');
beforeAll(() => h.start());
afterAll(() => h.stop());

it("a typed device authorization path goes to the mock's mutual-TLS port, with the certificate", async () => {
  const host = hostBridge(h.provider);
  try {
    const mtls = h.provider.mtlsBaseUrl!;
    const profile = profileSchema.parse({
      id: 'tls-typed-paths',
      name: 'TLS typed paths',
      followsMock: true,
      caCertificates: ca.certificate,
      oauth2: {
        clientId: 'tls-typed-paths',
        clientAuthentication: 'tls_client_auth',
        clientCertificate: cert.certificate,
        clientKey: cert.privateKey,
        deviceAuthorizationEndpoint: '/oidc/device_authorization',
        scope: 'read',
      },
    });
    const store = createDeviceStore({ bridge: host.bridge, crypto: browserCrypto, random: nodeRandom, now: Date.now });
    const s = store.getState;
    s().flowStarted(profile, h.base);
    await expect.poll(() => s().flow).not.toBeNull();
    void s().legSent('device');
    // The plain port's refusal (invalid_client: "the request came over plain HTTP") shows here when it is sent there.
    const answer = () =>
      s().flow?.device?.userCode ?? s().runs.device?.exchange?.response?.bodyText ?? s().runs.device?.error?.message;
    await expect.poll(answer).toMatch(/^[A-Z]{4}-/);
    expect(s().flow!.config.deviceAuthorizationUrl).toBe(`${mtls}/oidc/device_authorization`);
    expect(s().flow!.config.tokenUrl).toBe(`${mtls}/oauth/v2/token`);
    s().flowStarted(profile, h.base);
  } finally {
    await host.close();
  }
}, 20_000);
