import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { createAssertionHandlers } from '../../../../host/bridge/assertion-handlers';
import { createDpopHandlers } from '../../../../host/bridge/dpop-handlers';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import { profileSchema } from '../../../../shared/store/profile';
import { countedHost } from './counted-host';
import { hsClientMock, HS_SECRET } from '../../mock-provider/hs-client';

/*
 * The OAuth 2 page's token leg with client_secret_jwt and DPoP against the real mock over sockets, the mock asking
 * for a DPoP nonce (RFC 9449 §8): the retry with the nonce carries an assertion of its own, since the mock refuses
 * a jti it has seen (RFC 7523 §3 item 7); the page shows the assertion that went last.
 */
const h = hsClientMock({ autoLoginUser: 'demo' });
const dpop = createDpopHandlers();

const form = (body: string | undefined) => new URLSearchParams(body ?? '');

it('a nonce retry of the token leg signs a fresh assertion, and the page shows the one the server accepted', async () => {
  h.provider.context.settings.switches.dpopNonce = true;
  try {
    const { deps, writes } = countedHost({
      dpopKey: dpop.dpopKey,
      dpopSign: dpop.dpopSign,
      clientAssertion: createAssertionHandlers(nodeRandom, Date.now).clientAssertion,
    });
    const page = createOAuth2Store(deps);
    const key = await dpop.dpopKey({ key: '', alg: 'ES256' });
    const profile = profileSchema.parse({
      id: 'jwt-dpop',
      name: 'JWT and DPoP',
      baseUrl: h.base,
      service: true,
      oauth2: {
        clientId: 'hs',
        clientSecret: HS_SECRET,
        clientAuthentication: 'client_secret_jwt',
        scope: 'read',
        dpop: true,
        dpopKey: key.key,
      },
    });
    const s = page.getState;
    await s().flowStarted(profile, h.base);
    const url = await s().authorizationStarted();
    const landed = await fetch(url!, { redirect: 'manual' });
    await s().urlPasted(landed.headers.get('location')!);
    await s().legSent('token');
    const token = s().runs.token!;
    expect(token.outcome?.ok, token.outcome?.summary ?? token.error?.message).toBe(true);
    expect(token.dpop).toMatchObject({ nonceRetried: true });
    const sent = writes
      .filter((w) => w.leg === 'token')
      .map((w) => form(w.exchange.request.body).get('client_assertion'));
    expect(sent).toHaveLength(2);
    const [first, retry] = sent.map((a) => decodeJwt(a!).jti);
    expect(retry).not.toBe(first);
    expect(token.assertion?.claims.jti).toBe(retry);
  } finally {
    h.provider.context.settings.switches.dpopNonce = false;
  }
});
