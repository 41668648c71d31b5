import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOAuth1Store } from '../../../../renderer/state/oauth1/oauth1-store';
import { profileSchema } from '../../../../shared/store/profile';
import { C, Harness } from '../../mock-provider/helpers';
import { annotated, countedHost } from './counted-host';

/*
 * The OAuth 1.0a page's legs run on the flow driver: each exchange reaches the history once, already carrying the
 * leg's own verdict, not written by status first and rewritten by historyAnnotate.
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());

describe('the OAuth 1.0a page records each leg once, with its verdict', () => {
  it('request token, access token and the signed API call: one write each, in the words the leg shows', async () => {
    const { deps, writes } = countedHost();
    const page = createOAuth1Store(deps);
    const s = page.getState;
    const profile = profileSchema.parse({
      id: 'once',
      name: 'Once',
      baseUrl: h.base,
      service: true,
      oauth1: { consumerKey: C.consumer.key, consumerSecret: C.consumer.secret },
    });
    await s().flowStarted(profile, h.base);
    await s().legSent('requestToken');
    const url = await s().authorizationStarted();
    const landed = await fetch(url!, { redirect: 'manual' });
    await s().urlPasted(landed.headers.get('location')!);
    expect(s().authorize.outcome?.ok).toBe(true);
    await s().legSent('accessToken');
    await s().legSent('api');
    await annotated();

    expect(writes.map((e) => `${e.leg} ${e.outcome}`)).toEqual([
      'requestToken succeeded',
      'accessToken succeeded',
      'api succeeded',
    ]);
    expect(writes.map((e) => e.summary)).toEqual(
      (['requestToken', 'accessToken', 'api'] as const).map((leg) => s().runs[leg]!.outcome!.summary)
    );
  });
});
