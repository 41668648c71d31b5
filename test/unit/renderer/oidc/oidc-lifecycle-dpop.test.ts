import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joseVerifier } from '../../../../platform/jose';
import { createLifecycleStore } from '../../../../renderer/state/oidc/lifecycle-store';
import { createOidcStore } from '../../../../renderer/state/oidc/oidc-store';
import type { Profile } from '../../../../shared/store/profile';
import { C, Harness } from '../../mock-provider/helpers';
import { pageWithDpopToken } from '../state/dpop-page-token';

/*
 * The OpenID Connect page with DPoP-bound tokens (RFC 9449), against the real mock over sockets with DPoP required
 * for the client: the lifecycle's refresh and the replaced refresh token again carry proofs of the profile's key,
 * introspection's cnf.jkt is compared with the key's thumbprint (§6.2), and UserInfo gets the token in the DPoP
 * scheme with a proof (§7). With the profile's DPoP off, the same requests are refused for want of a proof.
 */
const h = new Harness({
  autoLoginUser: 'demo',
  configValue: { oauth2: { clients: [{ ...C.client, redirectUris: [...C.client.redirectUris], dpop: 'required' }] } },
});
beforeAll(() => h.start());
afterAll(() => h.stop());

const headerOf = (headers: readonly (readonly [string, string])[], name: string) =>
  headers.find(([n]) => n.toLowerCase() === name)?.[1];
const dpopOff = (p: Profile): Profile => ({ ...p, oauth2: { ...p.oauth2, dpop: false } });

/** The lifecycle and the OpenID Connect page on a DPoP-bound token grant (scope openid); `on`: the profile's DPoP. */
async function pagesWithBoundTokens(on: boolean) {
  const { page, profile, key, deps } = await pageWithDpopToken(h, { scope: 'openid read' });
  const used = on ? profile : dpopOff(profile);
  const lifecycle = createLifecycleStore(deps, { oauth2: page });
  lifecycle.getState().tokensTaken(page.getState().flow!, used);
  const oidc = createOidcStore({ ...deps, jose: joseVerifier, profile: () => used });
  oidc.getState().issuerEdited(h.base);
  await oidc.getState().discoveryRequested();
  oidc.getState().inputsEdited({ accessToken: page.getState().flow!.token!.accessToken });
  return { lifecycle, oidc, key };
}

describe('the OpenID Connect page with DPoP-bound tokens', () => {
  it("the profile's DPoP on: refresh, reuse, introspection and UserInfo each as RFC 9449 asks", async () => {
    const { lifecycle, oidc, key } = await pagesWithBoundTokens(true);
    const l = lifecycle.getState;
    await l().refreshRequested();
    const refresh = l().legs[0]!;
    expect(refresh.ok, refresh.summary).toBe(true);
    expect(headerOf(refresh.exchange!.request.headers, 'dpop')).toMatch(/^ey/);
    expect(refresh.dpop).toMatchObject({ thumbprint: key.thumbprint });
    expect(refresh.dpop!.proofs.map((p) => p.trace.some((t) => t.part === 'ath'))).toEqual([false]);
    expect(refresh.checks).toContainEqual(
      expect.objectContaining({ ok: true, message: expect.stringContaining('token_type is DPoP') })
    );
    expect(refresh.rotation?.rotated).toBe(true);

    await l().introspectionRequested(`${h.base}/oidc/introspect`, 'access_token');
    const introspection = l().legs[1]!;
    expect(introspection.ok, introspection.summary).toBe(true);
    expect(headerOf(introspection.exchange!.request.headers, 'dpop')).toBeUndefined();
    expect(introspection.checks).toContainEqual({
      name: 'cnf.jkt',
      ok: true,
      message: `The introspection answer's cnf.jkt is the key's thumbprint ${key.thumbprint} (RFC 9449 §6.2).`,
    });

    // UserInfo with the refreshed token: the DPoP scheme and a proof with ath over it (§7.1, §4.2).
    const renewed = lifecycle.getState().flow!.token!.accessToken;
    oidc.getState().inputsEdited({ accessToken: renewed });
    await oidc.getState().userInfoRequested();
    const userInfo = oidc.getState().userInfo!;
    expect(userInfo.error).toBeNull();
    expect(userInfo.exchange?.response.status, userInfo.exchange?.response.bodyText).toBe(200);
    expect(headerOf(userInfo.exchange!.request.headers, 'authorization')).toBe(`DPoP ${renewed}`);
    expect(userInfo.dpop!.proofs.map((p) => p.trace.some((t) => t.part === 'ath'))).toEqual([true]);

    // The replaced refresh token with a proof of its key: refused for the reuse, not for a missing
    // proof (RFC 9700 §4.14.2; the mock then revokes the grant, so it comes last).
    await l().reuseRequested();
    const reuse = l().legs[2]!;
    expect(headerOf(reuse.exchange!.request.headers, 'dpop')).toMatch(/^ey/);
    expect(reuse.exchange!.response.bodyText).toContain('invalid_grant');
    expect(reuse.ok, reuse.summary).toBe(true);
  });

  it("an introspection answer naming another key fails the binding's check", async () => {
    const { lifecycle } = await pagesWithBoundTokens(true);
    const flow = lifecycle.getState().flow!;
    const other = await pageWithDpopToken(h, { scope: 'openid read' });
    // This page's key, another grant's token: the answer's cnf.jkt is the other key's.
    lifecycle.getState().tokensTaken(other.page.getState().flow!, lifecycle.getState().profile!);
    expect(lifecycle.getState().flow).not.toBe(flow);
    await lifecycle.getState().introspectionRequested(`${h.base}/oidc/introspect`, 'access_token');
    const leg = lifecycle.getState().legs[0]!;
    expect(leg.ok).toBe(false);
    expect(leg.checks.find((c) => c.name === 'cnf.jkt')?.message).toContain(
      `The introspection answer's cnf.jkt is "${other.key.thumbprint}"`
    );
  });

  it("the profile's DPoP off: the bound tokens' refresh and UserInfo are refused for want of a proof", async () => {
    const { lifecycle, oidc } = await pagesWithBoundTokens(false);
    await lifecycle.getState().refreshRequested();
    const refresh = lifecycle.getState().legs[0]!;
    expect(refresh.ok).toBe(false);
    expect(refresh.exchange!.response.bodyText).toContain('invalid_dpop_proof');
    await oidc.getState().userInfoRequested();
    expect(oidc.getState().userInfo!.exchange?.response.status).toBe(401);
  });
});
