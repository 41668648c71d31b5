import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBearerStore } from '../../../../renderer/state/signer/bearer-store';
import type { SavedToken } from '../../../../shared/store/saved-token';
import { C, Harness } from '../../mock-provider/helpers';
import { clientPost } from '../../host/oidc/oidc-mock-session';
import { pageWithDpopToken } from '../state/dpop-page-token';

/*
 * The Request signer's bearer panel with a saved DPoP-bound token (RFC 9449 §7), against the real mock over sockets
 * with DPoP required for the client: with the profile's DPoP on, the call, the refresh on its 401 and the call again
 * each carry a proof of the profile's key; with it off, the same token and its refresh are refused.
 */
const h = new Harness({
  autoLoginUser: 'demo',
  configValue: { oauth2: { clients: [{ ...C.client, redirectUris: [...C.client.redirectUris], dpop: 'required' }] } },
});
beforeAll(() => h.start());
afterAll(() => h.stop());

const headerOf = (headers: readonly (readonly [string, string])[], name: string) =>
  headers.find(([n]) => n.toLowerCase() === name)?.[1];

/** A DPoP-bound token as the profile saved it, its access token revoked at the mock so the call draws a 401. */
async function savedBoundToken() {
  const { page, profile, key, deps } = await pageWithDpopToken(h);
  const t = page.getState().flow!.token!;
  await clientPost(h, '/oidc/revoke', { token: t.accessToken, token_type_hint: 'access_token' });
  const saved: SavedToken = {
    id: 't1',
    profileId: profile.id,
    kind: 'oauth2',
    token: t.accessToken,
    tokenSecret: '',
    refreshToken: t.refreshToken!,
    scope: t.scope ?? '',
    obtainedAt: Date.now(),
    expiresAt: t.expiresAt,
    label: '',
  };
  const form = { method: 'GET', url: `${h.base}/api/v2/me`, body: '', contentType: '', placement: 'header' } as const;
  return { profile, key, saved, form, signer: createBearerStore(deps) };
}

describe('the Request signer with a saved DPoP-bound token', () => {
  it("the profile's DPoP on: the call, its refresh and the call again each carry a proof of the profile's key", async () => {
    const { profile, key, saved, form, signer } = await savedBoundToken();
    const r = await signer.getState().send(profile, h.base, saved, form);
    expect(r.steps.map((s) => [s.kind, s.exchange.response.status])).toEqual([
      ['call', 401],
      ['refresh', 200],
      ['call', 200],
    ]);
    expect(r.refreshed).toBe(true);
    const last = r.steps[2]!.exchange.request;
    expect(headerOf(last.headers, 'authorization')).toBe(`DPoP ${r.token.accessToken}`);
    expect(headerOf(r.steps[1]!.exchange.request.headers, 'dpop')).toMatch(/^ey/);
    expect(r.dpop?.thumbprint).toBe(key.thumbprint);
    expect(r.dpop!.proofs.map((p) => [p.method, p.trace.some((t) => t.part === 'ath')])).toEqual([
      ['GET', true],
      ['POST', false],
      ['GET', true],
    ]);
  });

  it("the profile's DPoP off: the bound token's call and its refresh are refused for want of a proof", async () => {
    const { profile, saved, form, signer } = await savedBoundToken();
    const off = { ...profile, oauth2: { ...profile.oauth2, dpop: false } };
    const r = await signer.getState().send(off, h.base, saved, form);
    expect(r.steps.map((s) => [s.kind, s.exchange.response.status])).toEqual([
      ['call', 401],
      ['refresh', 400],
    ]);
    expect(r.steps[1]!.exchange.response.bodyText).toContain('invalid_dpop_proof');
    expect(r.dpop).toBeNull();
  });
});
