import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDpopHandlers } from '../../../../host/bridge/dpop-handlers';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import { profileSchema } from '../../../../shared/store/profile';
import { C, Harness } from '../../mock-provider/helpers';
import { countedHost } from './counted-host';

/*
 * DPoP on the OAuth 2 page (RFC 9449) against the real mock over sockets: the key read and each proof signed by the
 * host's handlers (bridge dpopKey, dpopSign), the token, API and refresh legs sent with proofs, the binding checked,
 * a nonce challenge followed once and the nonce kept for the next leg.
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
const dpop = createDpopHandlers();

async function pageAtTokenLeg(dpopKey: string) {
  const { deps, writes } = countedHost({ dpopKey: dpop.dpopKey, dpopSign: dpop.dpopSign });
  const page = createOAuth2Store(deps);
  const profile = profileSchema.parse({
    id: 'dpop',
    name: 'DPoP',
    baseUrl: h.base,
    service: true,
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read', dpop: true, dpopKey },
  });
  await page.getState().flowStarted(profile, h.base);
  const url = await page.getState().authorizationStarted();
  const landed = await fetch(url!, { redirect: 'manual' });
  await page.getState().urlPasted(landed.headers.get('location')!);
  return { page, writes };
}

const headerOf = (headers: readonly (readonly [string, string])[], name: string) =>
  headers.find(([n]) => n.toLowerCase() === name)?.[1];

describe('DPoP on the OAuth 2 page', () => {
  it('token, API and refresh legs carry host-signed proofs; token_type DPoP is checked; the API call uses the DPoP scheme', async () => {
    const key = await dpop.dpopKey({ key: '', alg: 'ES256' });
    const { page } = await pageAtTokenLeg(key.key);
    const s = page.getState;
    await s().legSent('token');
    const token = s().runs.token!;
    expect(token.outcome?.ok, token.outcome?.summary ?? token.error?.message).toBe(true);
    expect(s().flow!.token!.fields.token_type).toBe('DPoP');
    expect(token.dpop).toMatchObject({ thumbprint: key.thumbprint, nonceRetried: false });
    expect(token.dpop!.proofs).toHaveLength(1);
    expect(token.dpop!.proofs[0]!.trace.map((t) => t.part)).toEqual(
      expect.arrayContaining(['header.typ', 'header.alg', 'header.jwk', 'jti', 'htm', 'htu', 'iat'])
    );
    expect(headerOf(token.exchange!.request.headers, 'dpop')).toMatch(/^ey/);
    expect(token.outcome!.checks).toContainEqual(
      expect.objectContaining({ ok: true, message: expect.stringContaining('token_type is DPoP') })
    );

    await s().legSent('api');
    const api = s().runs.api!;
    expect(api.exchange?.response.status, api.error?.message).toBe(200);
    expect(headerOf(api.exchange!.request.headers, 'authorization')).toBe(`DPoP ${s().flow!.token!.accessToken}`);
    expect(api.dpop!.proofs[0]!.trace.map((t) => t.part)).toContain('ath');

    await s().legSent('refresh');
    const refresh = s().runs.refresh!;
    expect(refresh.outcome?.ok, refresh.outcome?.summary).toBe(true);
    expect(refresh.dpop!.proofs).toHaveLength(1);
    expect(s().flow!.token!.fields.token_type).toBe('DPoP');
  });

  it('a use_dpop_nonce answer is followed once, shown as such, and the nonce is kept for the next leg', async () => {
    h.provider.context.settings.switches.dpopNonce = true;
    try {
      const key = await dpop.dpopKey({ key: '', alg: 'EdDSA' });
      const { page, writes } = await pageAtTokenLeg(key.key);
      const s = page.getState;
      await s().legSent('token');
      const token = s().runs.token!;
      expect(token.outcome?.ok, token.outcome?.summary ?? token.error?.message).toBe(true);
      expect(token.dpop).toMatchObject({ nonceRetried: true });
      expect(token.dpop!.proofs).toHaveLength(2);
      expect(token.dpop!.proofs[1]!.trace.map((t) => t.part)).toContain('nonce');
      expect(writes.filter((w) => w.leg === 'token')).toHaveLength(2);
      // The resource's nonce is its own (RFC 9449 §9): the API call is asked for it once, then it is kept.
      await s().legSent('api');
      expect(s().runs.api!.exchange?.response.status).toBe(200);
      expect(s().runs.api!.dpop).toMatchObject({ nonceRetried: true });
      await s().legSent('api');
      expect(s().runs.api!.exchange?.response.status).toBe(200);
      expect(s().runs.api!.dpop).toMatchObject({ nonceRetried: false });
    } finally {
      h.provider.context.settings.switches.dpopNonce = false;
    }
  });

  it('DPoP on without a key: the leg fails saying what to do, nothing is sent', async () => {
    const { page, writes } = await pageAtTokenLeg('');
    await page.getState().legSent('token');
    expect(page.getState().runs.token!.error?.message).toBe(
      'DPoP is on, but the profile has no DPoP key: make one or load a PEM or JWK file in the profile.'
    );
    expect(writes).toHaveLength(0);
  });
});
