import { afterAll, beforeAll, expect, it } from 'vitest';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createDeviceStore } from '../../../../renderer/state/machine/machine-stores';
import { profileSchema } from '../../../../shared/store/profile';
import { tlsClientHarness } from '../../mock-provider/tls-client';
import { hostBridge } from './host-bridge';

/*
 * The Device page for a tls_client_auth client (RFC 8705 §2) through the real host services against the mock with
 * its mutual-TLS port: discovery's mtls_endpoint_aliases (§5) give the device authorization endpoint, credited as
 * the alias, and the request goes there with the client's certificate.
 */
const { h, ca, cert } = tlsClientHarness('tls-device-page', 'device-page-tls');
beforeAll(() => h.start());
afterAll(() => h.stop());

it("the device authorization request goes to the metadata's mutual-TLS alias, with the certificate", async () => {
  const host = hostBridge();
  try {
    const mtls = h.provider.mtlsBaseUrl!;
    const profile = profileSchema.parse({
      id: 'tls-device',
      name: 'TLS device',
      baseUrl: h.base,
      caCertificates: ca.certificate,
      oauth2: {
        clientId: 'tls-device-page',
        clientAuthentication: 'tls_client_auth',
        clientCertificate: cert.certificate,
        clientKey: cert.privateKey,
        tokenPath: `${mtls}/oauth/v2/token`,
        scope: 'read',
      },
    });
    const store = createDeviceStore({ bridge: host.bridge, crypto: browserCrypto, random: nodeRandom, now: Date.now });
    const s = store.getState;
    s().flowStarted(profile, h.base);
    // The endpoint is found first (discovery, through the page's port), then the flow is ready to send.
    await expect.poll(() => s().flow).not.toBeNull();
    void s().legSent('device');
    await expect.poll(() => s().flow?.device?.userCode ?? s().runs.device?.error?.message).toMatch(/^[A-Z]{4}-/);
    const config = s().flow!.config;
    expect(config.deviceAuthorizationUrl).toBe(`${mtls}/oidc/device_authorization`);
    expect(config.deviceAuthorizationFrom).toBe(
      `the mutual-TLS aliases (mtls_endpoint_aliases, RFC 8705 §5) in the metadata of ${h.base}`
    );
    s().flowStarted(profile, h.base);
  } finally {
    await host.close();
  }
}, 20_000);
