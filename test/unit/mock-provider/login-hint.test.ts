import { afterEach, describe, expect, it } from 'vitest';
import { C, goodAuthorize, authorizeQuery, Harness, requestToken } from './helpers';

/** The mock's login page says which user to log in as, while the built-in one is configured. */
let h: Harness | undefined;
afterEach(() => h?.stop());

describe('the login page', () => {
  it('names the built-in user for both flows', async () => {
    h = await new Harness().start();
    const rt = await requestToken(h);
    const oauth1 = await h.send({ path: `/oauth/v1/authorize?oauth_token=${encodeURIComponent(rt.token)}` });
    const oauth2 = await h.send({ path: authorizeQuery(goodAuthorize()) });
    for (const page of [oauth1, oauth2]) {
      expect(page.status).toBe(200);
      expect(page.body).toContain(
        `<p class="hint">This is the mock&#39;s login page: log in as ${C.user.username} / ${C.user.password}.</p>`
      );
    }
  });

  it('says nothing of demo / demo when the configuration has its own users', async () => {
    h = await new Harness({ configValue: { users: [{ username: 'alice', password: 'wonderland' }] } }).start();
    const page = await h.send({ path: authorizeQuery(goodAuthorize()) });
    expect(page.status).toBe(200);
    expect(page.body).not.toContain('class="hint"');
    expect(page.body).not.toContain('demo');
  });
});
