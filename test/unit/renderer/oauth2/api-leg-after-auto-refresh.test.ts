import { describe, expect, it } from 'vitest';
import { oauth2Flow } from '../../../../shared/flows';
import { oauth2ExportSource } from '../../../../renderer/features/oauth2/export-source';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import { Harness } from '../../mock-provider/helpers';
import { clientPost, flowAfterCodeGrant } from '../../host/oidc/oidc-mock-session';
import { hostBridgeOnMock } from '../state/host-bridge';
import { mockClientProfile } from '../state/mock-client-profile';

/**
 * The OAuth 2 page's bearer call after *Refresh automatically* has refreshed, against the real mock through the
 * contract's dispatch (as either transport runs it): the leg's editable request stays a request the bridge accepts,
 * so *Export this request* and the next *Send* work with the new token.
 */
const h = new Harness({ autoLoginUser: 'demo' });
const bridge = hostBridgeOnMock(h);

const profile = mockClientProfile();

/** The store on its bearer leg after a real code grant; `skew` moves the app's clock ahead. */
async function onBearerLeg(skew = 0) {
  let drawn = 0;
  const store = createOAuth2Store({
    bridge,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(++drawn) },
    now: () => Date.now() + skew,
  });
  const { flow, body } = await flowAfterCodeGrant(h, 'read');
  store.setState({
    profile,
    flow,
    current: 'api',
    drafts: { api: oauth2Flow.buildBearerRequest(flow, { method: 'GET', path: profile.oauth2.apiPath }) },
  });
  store.getState().autoRefreshSet(true);
  return { store, body: body as { access_token: string; expires_in: number } };
}

/** Every export target that takes the bearer call, each with the leg's request as the page builds its source. */
async function exportsOf(store: Awaited<ReturnType<typeof onBearerLeg>>['store']) {
  const { drafts, flow } = store.getState();
  const targets = await bridge.exportTargets(undefined);
  if (!targets.ok) throw new Error(targets.error.message);
  const source = oauth2ExportSource('api', drafts.api!, flow, profile);
  return Promise.all(
    targets.value
      .filter((t) => t.sources.includes(source.kind) && t.kind !== 'har')
      .map(async (t) => {
        const r = await bridge.exportRequest({ target: t.id, source, includeSecrets: false });
        return r.ok ? 'ok' : `${t.id}: ${r.error.message}`;
      })
  );
}

describe('OAuth 2 bearer call: the editable request after an automatic refresh', () => {
  it.each([
    ['a 401', 0],
    ['near expiry', 1],
  ])(
    'after a refresh on %s, the request exports in every format and sends again with the new token',
    async (_, near) => {
      const probe = near ? await flowAfterCodeGrant(h, 'read') : null;
      const { store, body } = await onBearerLeg(probe ? (Number(probe.body.expires_in) - 10) * 1000 : 0);
      if (!near) await clientPost(h, '/oidc/revoke', { token: body.access_token, token_type_hint: 'access_token' });
      await store.getState().legSent('api');
      const first = store.getState().runs.api!;
      expect(first.error).toBeNull();
      expect(first.before!.map((s) => s.kind)).toContain('refresh');
      expect(first.outcome!.ok).toBe(true);

      const exported = await exportsOf(store);
      expect(exported.length).toBeGreaterThan(3);
      expect(exported.filter((r) => r !== 'ok')).toEqual([]);

      await store.getState().legSent('api');
      const again = store.getState().runs.api!;
      expect(again.error).toBeNull();
      expect(again.outcome!.summary).toBe('API call answered 200.');

      const { drafts, flow } = store.getState();
      // The request as the user edits it: method, URL, headers, body; nothing the transport recorded.
      expect(Object.keys(drafts.api!).sort()).toEqual(['headers', 'method', 'url']);
      expect(drafts.api!.headers).toContainEqual(['Authorization', `Bearer ${flow!.token!.accessToken}`]);
      expect(flow!.token!.accessToken).not.toBe(body.access_token);
    }
  );
});
