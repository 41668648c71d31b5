import { beforeAll, expect, it } from 'vitest';
import { machineCli } from './machine-cli';
import { tlsClientCli } from './tls-client-cli';

/*
 * `oauth-lab flow device --issuer` for a tls_client_auth client (RFC 8705 §2) against the mock over real sockets:
 * the metadata's mtls_endpoint_aliases (RFC 8705 §5) are where a client using mutual TLS sends, so the device
 * authorization request and the polls go to the mock's mutual-TLS port with the certificate, and the endpoints are
 * said as the aliases they are. The plain port's endpoints would refuse the client: no certificate there.
 */
const { h, flags } = tlsClientCli('tls-device', 'device-tls');
beforeAll(() => {
  h.provider.context.settings.switches.devicePollInterval = 1;
});

/** The tls client's flags: its certificate, its key and the mock's CA. */
const tlsClient = () => [...flags(), '--scope', 'read', '--json'];

it("tls_client_auth: the device authorization request and the polls go to the metadata's mutual-TLS aliases", async () => {
  const mtls = h.provider.mtlsBaseUrl!;
  const r = await machineCli(['device', '--issuer', h.base, ...tlsClient()], ({ complete }) =>
    fetch(complete!.replace(mtls, h.base))
  );
  expect(r.code, r.err).toBe(0);
  const aliases = `the mutual-TLS aliases (mtls_endpoint_aliases, RFC 8705 §5) in the metadata of ${h.base}`;
  expect(r.err).toContain(`Device authorization endpoint: ${mtls}/oidc/device_authorization (from ${aliases})`);
  expect(r.err).toContain(`Token endpoint: ${mtls}/oauth/v2/token (from ${aliases})`);
  expect(JSON.parse(r.out)).toHaveProperty('access_token');
}, 30_000);

it('--base-url: the token endpoint is the alias too, unless --token-path names one', async () => {
  const mtls = h.provider.mtlsBaseUrl!;
  const r = await machineCli(['device', '--base-url', h.base, ...tlsClient()], ({ complete }) =>
    fetch(complete!.replace(mtls, h.base))
  );
  expect(r.code, r.err).toBe(0);
  expect(r.err).toContain(`Token endpoint: ${mtls}/oauth/v2/token (from the mutual-TLS aliases`);
}, 30_000);

it('flow client-credentials --issuer: the token request goes to the mutual-TLS alias', async () => {
  const r = await machineCli(['client-credentials', '--issuer', h.base, ...tlsClient()]);
  expect(r.code, r.err).toBe(0);
  expect(r.err).toContain(`-> POST ${h.provider.mtlsBaseUrl!}/oauth/v2/token`);
});
