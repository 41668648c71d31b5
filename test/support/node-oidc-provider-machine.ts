import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/**
 * node-oidc-provider (panva; nobody here wrote it) on 127.0.0.1 for the machine grants: client credentials and the
 * device flow, DPoP on with a nonce required (RFC 9449 §8), one client per client authentication method (each
 * client_id is its method's short name, its secret SECRET; `pkjwt` verifies with `privateKeyPem`'s public key, kid
 * rsa-1). `approve` plays the user at the other device through the provider's own model, as its verification pages
 * would.
 */
export interface MachineProvider {
  readonly issuer: string;
  readonly privateKeyPem: string;
  approve(userCode: string): Promise<void>;
  close(): Promise<void>;
}

export const MACHINE_SECRET = 'machine-page-secret-long-enough-for-hs256-assertions';

/** Each client, its profile's clientAuthentication. */
export const MACHINE_METHODS = [
  ['basic', 'basic'],
  ['post', 'body'],
  ['csjwt', 'client_secret_jwt'],
  ['pkjwt', 'private_key_jwt'],
] as const;

export async function startMachineProvider(): Promise<MachineProvider> {
  const rsa = await generateKeyPair('RS256', { extractable: true });
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const machine = {
    grant_types: ['client_credentials', 'urn:ietf:params:oauth:grant-type:device_code'],
    response_types: [],
    redirect_uris: [],
    scope: 'openid api:read',
  };
  const secret = { client_secret: MACHINE_SECRET };
  const provider = new Provider(issuer, {
    clients: [
      { ...machine, ...secret, client_id: 'basic', token_endpoint_auth_method: 'client_secret_basic' },
      { ...machine, ...secret, client_id: 'post', token_endpoint_auth_method: 'client_secret_post' },
      { ...machine, ...secret, client_id: 'csjwt', token_endpoint_auth_method: 'client_secret_jwt' },
      {
        ...machine,
        client_id: 'pkjwt',
        token_endpoint_auth_method: 'private_key_jwt',
        jwks: { keys: [{ ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1' }] },
      },
    ],
    cookies: { keys: ['interop-test-cookie-key'] },
    scopes: ['openid', 'api:read'],
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      deviceFlow: { enabled: true },
      // oidc-provider's options beyond `enabled` are not in the local declarations (test/interop/oidc-provider.d.ts).
      dPoP: { enabled: true, nonceSecret: randomBytes(32), requireNonce: () => true } as { enabled: boolean },
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    privateKeyPem: await exportPKCS8(rsa.privateKey),
    async approve(userCode) {
      // Stored as its page reads it: upper case, letters and digits only (helpers/user_codes.js normalize).
      const code = (await provider.DeviceCode.findByUserCode(userCode.toUpperCase().replace(/[^A-Z0-9]/g, '')))!;
      const grant = new provider.Grant({ accountId: 'demo', clientId: code.clientId });
      grant.addOIDCScope('openid');
      code.accountId = 'demo';
      code.grantId = await grant.save();
      await code.save();
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
