import { exportJWK, exportPKCS8, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssertionHandlers } from '../../../../host/bridge/assertion-handlers';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import { profileSchema } from '../../../../shared/store/profile';
import { C, Harness, REDIRECT } from '../../mock-provider/helpers';
import { countedHost } from './counted-host';

/*
 * Each client authentication method on the OAuth 2 page against the real mock over sockets, the mock holding each
 * client to its registered method: the token leg and the refresh leg authenticate through the flow driver's port
 * (Basic, the body, none with PKCE, and the client assertions signed by its decorator, RFC 7523 §2.2). Mutual TLS
 * is mtls-leg.test.tsx's.
 */
const SECRET = 'a-shared-secret-of-at-least-32-bytes!';
let pem = '';
let h: Harness;
beforeAll(async () => {
  const keys = await generateKeyPair('ES256', { extractable: true });
  pem = await exportPKCS8(keys.privateKey);
  const client = (id: string, method: string, extra: object = { secret: SECRET }) => ({
    id,
    redirectUris: [REDIRECT],
    tokenEndpointAuthMethod: method,
    ...extra,
  });
  h = await new Harness({
    autoLoginUser: 'demo',
    configValue: {
      oauth2: {
        clients: [
          { ...C.client, redirectUris: [REDIRECT] },
          client('basic-c', 'client_secret_basic'),
          client('post-c', 'client_secret_post'),
          client('hs-c', 'client_secret_jwt'),
          client('pk-c', 'private_key_jwt', { jwks: { keys: [await exportJWK(keys.publicKey)] } }),
          client('public-c', 'none', {}),
        ],
      },
    },
  }).start();
});
afterAll(() => h.stop());

const METHODS = [
  ['basic-c', 'basic', { clientSecret: SECRET }],
  ['post-c', 'body', { clientSecret: SECRET }],
  ['hs-c', 'client_secret_jwt', { clientSecret: SECRET }],
  ['pk-c', 'private_key_jwt', {}],
  ['public-c', 'none', {}],
] as const;

describe('client authentication on the OAuth 2 page', () => {
  it.each(METHODS)('%s (%s): the token leg, then the refresh leg, get tokens', async (clientId, method, extra) => {
    const { deps } = countedHost({ clientAssertion: createAssertionHandlers(nodeRandom, Date.now).clientAssertion });
    const page = createOAuth2Store(deps);
    const profile = profileSchema.parse({
      id: clientId,
      name: clientId,
      baseUrl: h.base,
      service: true,
      oauth2: {
        clientId,
        clientAuthentication: method,
        scope: 'read',
        ...(method === 'private_key_jwt' ? { assertionKey: pem } : {}),
        ...extra,
      },
    });
    const s = page.getState;
    await s().flowStarted(profile, h.base);
    const url = await s().authorizationStarted();
    const landed = await fetch(url!, { redirect: 'manual' });
    await s().urlPasted(landed.headers.get('location')!);
    for (const leg of ['token', 'refresh'] as const) {
      await s().legSent(leg);
      const run = s().runs[leg]!;
      expect(run.outcome?.ok, `${leg}: ${run.outcome?.summary ?? run.error?.message}`).toBe(true);
      expect(run.assertion?.method ?? null).toBe(method.endsWith('_jwt') ? method : null);
    }
  });
});
