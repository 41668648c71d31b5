import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../mock-provider';

/**
 * Interop: openid-client (panva), a client nobody here wrote, binds the authorization code to its DPoP key at the
 * mock (RFC 9449 §10, §10.1): dpop_jkt from its handle's thumbprint on the authorization URL, and its DPoP proof on
 * the pushed request (buildAuthorizationUrlWithPAR with DPoP). The code is exchanged with a proof of the same key,
 * and refused, invalid_grant naming §10, with a proof of another.
 */
const { client: C } = DEFAULT_CREDENTIALS;
const REDIRECT = C.redirectUris[0];
const mock = new MockProvider({ autoLoginUser: 'demo' });
let config: client.Configuration;
beforeAll(async () => {
  const base = await mock.start({ port: 0 });
  config = await client.discovery(new URL(base), C.id, C.secret, client.ClientSecretPost(C.secret), {
    execute: [client.allowInsecureRequests],
  });
});
afterAll(() => mock.stop());

const handle = async () => client.getDPoPHandle(config, await client.randomDPoPKeyPair('ES256'));

/** The authorization request's parameters with PKCE; its verifier for the exchange. */
async function request() {
  const verifier = client.randomPKCECodeVerifier();
  const params = {
    redirect_uri: REDIRECT,
    scope: 'read',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state: 'st',
  };
  return { verifier, params };
}

/** The browser with auto-login, then the exchange with `dpop`'s proof. */
async function exchanged(url: URL, verifier: string, dpop: client.DPoPHandle) {
  const r = await fetch(url, { redirect: 'manual' });
  return client.authorizationCodeGrant(
    config,
    new URL(r.headers.get('location')!),
    { pkceCodeVerifier: verifier, expectedState: 'st' },
    undefined,
    { DPoP: dpop }
  );
}

const lastVerdicts = () => mock.context.events.recent().map((e) => e.verdict.message);

describe('openid-client binds the code to its DPoP key at the mock', () => {
  it('dpop_jkt (calculateThumbprint) on the authorization URL: the same key exchanges it, another is refused', async () => {
    for (const same of [true, false]) {
      const dpop = await handle();
      const jkt = await dpop.calculateThumbprint();
      const { verifier, params } = await request();
      const url = client.buildAuthorizationUrl(config, { ...params, dpop_jkt: jkt });
      const exchange = exchanged(url, verifier, same ? dpop : await handle());
      if (same) {
        expect((await exchange).token_type).toBe('dpop');
        expect(lastVerdicts()).toContainEqual(expect.stringContaining(`bound to DPoP key ${jkt} (RFC 9449 §10)`));
      } else
        await expect(exchange).rejects.toMatchObject({
          error: 'invalid_grant',
          error_description: expect.stringContaining(`bound to DPoP key ${jkt}`),
        });
    }
  });

  it('buildAuthorizationUrlWithPAR with DPoP: the push proof binds the code (§10.1), followed through a nonce', async () => {
    mock.context.settings.switches.dpopNonce = true;
    try {
      const dpop = await handle();
      const jkt = await dpop.calculateThumbprint();
      const { verifier, params } = await request();
      const url = await client.buildAuthorizationUrlWithPAR(config, params, { DPoP: dpop });
      expect([...url.searchParams.keys()].sort()).toEqual(['client_id', 'request_uri']);
      expect(lastVerdicts()).toContainEqual(
        expect.stringContaining(`bound to DPoP key ${jkt} (the DPoP proof of this request, RFC 9449 §10.1)`)
      );
      expect((await exchanged(url, verifier, dpop)).token_type).toBe('dpop');

      const other = await request();
      const pushed = await client.buildAuthorizationUrlWithPAR(config, other.params, { DPoP: await handle() });
      await expect(exchanged(pushed, other.verifier, dpop)).rejects.toMatchObject({
        error: 'invalid_grant',
        error_description: expect.stringContaining('section 10'),
      });
    } finally {
      mock.context.settings.switches.dpopNonce = false;
    }
  });
});
