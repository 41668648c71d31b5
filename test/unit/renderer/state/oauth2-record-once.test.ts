import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSchema } from '../../../../shared/store/profile';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import { createLifecycleStore } from '../../../../renderer/state/oidc/lifecycle-store';
import { C, Harness } from '../../mock-provider/helpers';
import { annotated, countedHost } from './counted-host';

/*
 * The OAuth 2 page's legs run on the flow driver: each exchange reaches the history once, already carrying the leg's
 * own verdict (its checks), not written by status first and rewritten by historyAnnotate.
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());

/** The OAuth 2 page and the OpenID Connect page's lifecycle over the host's real transport and history. */
function pageOnHost() {
  const { deps, writes, store } = countedHost();
  const page = createOAuth2Store(deps);
  return { page, lifecycle: createLifecycleStore(deps, { oauth2: page }), writes, store };
}

/** Authorized at the mock (the URL landed on pasted): the page is at its token leg. */
async function authorized(page: ReturnType<typeof pageOnHost>['page']) {
  const profile = profileSchema.parse({
    id: 'once',
    name: 'Once',
    baseUrl: h.base,
    service: true,
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read' },
  });
  await page.getState().flowStarted(profile, h.base);
  const url = await page.getState().authorizationStarted();
  const landed = await fetch(url!, { redirect: 'manual' });
  await page.getState().urlPasted(landed.headers.get('location')!);
  return profile;
}

describe('the OAuth 2 page records each leg once, with its verdict', () => {
  it('token, bearer call and refresh: one write each, carrying the verdict the leg shows', async () => {
    const { page, writes, store } = pageOnHost();
    const s = page.getState;
    await authorized(page);
    for (const leg of ['token', 'api', 'refresh'] as const) await s().legSent(leg);
    await annotated();

    expect(writes.map((e) => `${e.leg} ${e.outcome}`)).toEqual([
      'token succeeded',
      'api succeeded',
      'refresh succeeded',
    ]);
    for (const leg of ['token', 'api', 'refresh'] as const) {
      const written = writes.find((e) => e.leg === leg)!;
      expect(written.summary).toBe(s().runs[leg]!.outcome!.summary);
      expect(store.historyFull(written.id)?.summary).toBe(written.summary);
    }
    expect(writes[0]!.summary).toMatch(/^Access token received/);
  });

  it("the OpenID Connect page's token lifecycle: refresh, introspection, revocation, one write each with its verdict", async () => {
    const { page, lifecycle, writes } = pageOnHost();
    const profile = await authorized(page);
    await page.getState().legSent('token');
    const l = lifecycle.getState;
    l().tokensTaken(page.getState().flow!, profile);
    await l().refreshRequested();
    await l().introspectionRequested(`${h.base}/oidc/introspect`, 'access_token');
    await l().revocationRequested(`${h.base}/oidc/revoke`, 'refresh_token');
    await l().introspectionRequested(`${h.base}/oidc/introspect`, 'access_token');
    await annotated();

    const lifecycleWrites = writes.slice(1);
    expect(lifecycleWrites.map((e) => [e.leg, e.summary])).toEqual(l().legs.map((leg) => [leg.kind, leg.summary]));
    expect(lifecycleWrites.map((e) => e.summary)).toEqual([
      expect.stringMatching(/^Access token received/),
      'The provider says active: true.',
      'Revoked, or already invalid (HTTP 200).',
      'The provider says active: false.',
    ]);
  });
});
