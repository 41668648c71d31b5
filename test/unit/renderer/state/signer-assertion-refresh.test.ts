import { decodeJwt } from 'jose';
import { expect, it } from 'vitest';
import { createAssertionHandlers } from '../../../../host/bridge/assertion-handlers';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { sendWithSavedToken } from '../../../../renderer/state/signer/bearer-send';
import { profileSchema } from '../../../../shared/store/profile';
import { savedTokenSchema } from '../../../../shared/store/saved-token';
import { countedHost } from './counted-host';
import { hsClientMock, hsRefreshToken, HS_SECRET } from '../../mock-provider/hs-client';

/*
 * The Request signer's send with a saved token that has expired, for a client_secret_jwt client, against the real
 * mock over sockets: the refresh it makes first carries a client assertion signed by the flow driver's decorator in
 * the host (RFC 7523 §2.2), the mock accepts it, and the call goes with the new token.
 */
const h = hsClientMock();

it('refreshes an expired saved token with a fresh client assertion, then calls with the new token', async () => {
  const { deps, writes } = countedHost({
    clientAssertion: createAssertionHandlers(nodeRandom, Date.now).clientAssertion,
  });
  const profile = profileSchema.parse({
    id: 'signer-hs',
    name: 'Signer JWT',
    baseUrl: h.base,
    service: true,
    oauth2: { clientId: 'hs', clientSecret: HS_SECRET, clientAuthentication: 'client_secret_jwt', scope: 'read' },
  });
  const saved = savedTokenSchema.parse({
    id: 't1',
    profileId: profile.id,
    kind: 'oauth2',
    token: 'stale',
    refreshToken: await hsRefreshToken(h),
    obtainedAt: 0,
    expiresAt: 1,
  });
  const form = { method: 'GET', url: `${h.base}/api/v2/me`, body: '', contentType: '', placement: 'header' as const };
  const result = await sendWithSavedToken(deps, profile, h.base, saved, form, new Map());
  expect(result.refreshed).toBe(true);
  expect(result.steps.map((s) => s.kind)).toEqual(['refresh', 'call']);
  expect(result.steps.at(-1)!.exchange.response.status).toBe(200);
  const refresh = writes.find((w) => w.leg === 'refresh')!;
  const assertion = new URLSearchParams(refresh.exchange.request.body ?? '').get('client_assertion');
  expect(decodeJwt(assertion!)).toMatchObject({ iss: 'hs', sub: 'hs', aud: `${h.base}/oauth/v2/token` });
});
