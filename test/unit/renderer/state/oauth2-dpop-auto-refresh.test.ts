import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { C, Harness } from '../../mock-provider/helpers';
import { clientPost } from '../../host/oidc/oidc-mock-session';
import { pageWithDpopToken } from './dpop-page-token';

/*
 * The OAuth 2 page's bearer call with *Refresh automatically* and DPoP on (RFC 9449 §5, §7), against the real mock
 * over sockets with DPoP required for the client: the refused call, the refresh and the call again each carry a
 * fresh host-signed proof, the calls in the DPoP scheme with ath over their token, and a nonce challenge is followed.
 */
const h = new Harness({
  autoLoginUser: 'demo',
  configValue: { oauth2: { clients: [{ ...C.client, redirectUris: [...C.client.redirectUris], dpop: 'required' }] } },
});
beforeAll(() => h.start());
afterAll(() => h.stop());
const headerOf = (headers: readonly (readonly [string, string])[], name: string) =>
  headers.find(([n]) => n.toLowerCase() === name)?.[1];

/** The page after a DPoP-bound token grant, its access token revoked at the mock so the next call draws a 401. */
async function pageWithRevokedAccessToken() {
  const { page, key } = await pageWithDpopToken(h);
  const old = page.getState().flow!.token!;
  await clientPost(h, '/oidc/revoke', { token: old.accessToken, token_type_hint: 'access_token' });
  page.getState().autoRefreshSet(true);
  return { page, old, key };
}

describe('DPoP on the OAuth 2 page: the bearer call with automatic refresh', () => {
  it('the 401, the refresh and the call again each carry a fresh proof; the new DPoP-bound token is accepted', async () => {
    const { page, old, key } = await pageWithRevokedAccessToken();
    const s = page.getState;
    await s().legSent('api');
    const api = s().runs.api!;
    expect(api.error).toBeNull();
    expect(api.exchange?.response.status, api.exchange?.response.bodyText).toBe(200);
    const renewed = s().flow!.token!;
    expect(renewed.accessToken).not.toBe(old.accessToken);
    expect(renewed.fields.token_type).toBe('DPoP');
    // The call again: the new token in the DPoP scheme (§7.1), beside its proof.
    expect(headerOf(api.exchange!.request.headers, 'authorization')).toBe(`DPoP ${renewed.accessToken}`);
    expect(headerOf(api.exchange!.request.headers, 'dpop')).toMatch(/^ey/);
    expect(api.before!.map((b) => [b.kind, b.exchange.response.status])).toEqual([
      ['call', 401],
      ['refresh', 200],
    ]);
    expect(headerOf(api.before![1]!.exchange.request.headers, 'dpop')).toMatch(/^ey/);
    // Three proofs, shown in the leg's trace: the call (ath), the refresh (no ath, §5), the call again (ath).
    expect(api.dpop).toMatchObject({ thumbprint: key.thumbprint, nonceRetried: false });
    const parts = api.dpop!.proofs.map((p) => [p.method, p.trace.some((t) => t.part === 'ath')]);
    expect(parts).toEqual([
      ['GET', true],
      ['POST', false],
      ['GET', true],
    ]);
    const ath = (i: number) => api.dpop!.proofs[i]!.trace.find((t) => t.part === 'ath')!.value;
    expect(ath(2)).not.toBe(ath(0));
    // The refreshed token's binding, checked as the Refresh leg checks it (§5.1).
    expect(api.outcome!.checks).toContainEqual(
      expect.objectContaining({ ok: true, message: expect.stringContaining('token_type is DPoP') })
    );
  });

  it("a nonce challenge on the way is followed once for each server and shown as the leg's own step", async () => {
    const { page } = await pageWithRevokedAccessToken();
    h.provider.context.settings.switches.dpopNonce = true;
    try {
      const s = page.getState;
      await s().legSent('api');
      const api = s().runs.api!;
      expect(api.exchange?.response.status, api.exchange?.response.bodyText).toBe(200);
      expect(api.before!.map((b) => b.kind)).toContain('dpop-nonce');
      expect(api.dpop!.nonceRetried).toBe(true);
      const retried = api.dpop!.proofs.filter((p) => p.step === 'nonce-retry');
      expect(retried.length).toBeGreaterThan(0);
      for (const p of retried) expect(p.trace.map((t) => t.part)).toContain('nonce');
    } finally {
      h.provider.context.settings.switches.dpopNonce = false;
    }
  });
});
