import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { C, CALLBACK, Harness, json, requestToken, signed, threeLegs } from './helpers';
import { expectProblem, resetOAuth1Switches } from './oauth1-assertions';

/** Cases O1-23 and O1-26 … O1-31 of reference/provider-cases.md: tokenKnown, requestTokenRedeemable, verifierMatches and accessTokenNotRevoked (RFC 5849 §2.3 (https://www.rfc-editor.org/rfc/rfc5849#section-2.3), interface §3). */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());
// Every test starts from the default switches.
afterEach(() => resetOAuth1Switches(h));

describe('O1 the token of the leg', () => {
  it('O1-23 request token used at the resource → 401 token_rejected', async () => {
    const t = await requestToken(h);
    const f = expectProblem(
      await signed(h, { method: 'GET', path: '/api/v1/me', token: t.token, tokenSecret: t.secret }),
      401,
      'token_rejected'
    );
    expect(f.oauth_problem_advice).toContain('request token');
  });

  it('O1-23 access token used at step three → 401 token_rejected', async () => {
    const t = await threeLegs(h);
    const f = expectProblem(
      await signed(h, {
        path: '/oauth/v1/access_token',
        token: t.accessToken,
        tokenSecret: t.accessSecret,
        verifier: t.verifier,
      }),
      401,
      'token_rejected'
    );
    expect(f.oauth_problem_advice).toContain('access token');
  });

  it('O1-26 wrong verifier → 401 token_rejected', async () => {
    const t = await threeLegsUntilVerifier();
    const f = expectProblem(
      await signed(h, {
        path: '/oauth/v1/access_token',
        token: t.token,
        tokenSecret: t.secret,
        verifier: 'wrong-verifier',
      }),
      401,
      'token_rejected'
    );
    expect(f.oauth_problem_advice).toContain('oauth_verifier');
  });

  it('O1-27 request token not yet authorized → 401 token_rejected', async () => {
    const t = await requestToken(h);
    const f = expectProblem(
      await signed(h, { path: '/oauth/v1/access_token', token: t.token, tokenSecret: t.secret, verifier: 'anything' }),
      401,
      'token_rejected'
    );
    expect(f.oauth_problem_advice).toContain('not authorized');
  });

  it('O1-28 request token exchanged twice → 401 token_used', async () => {
    const t = await threeLegs(h);
    expectProblem(
      await signed(h, {
        path: '/oauth/v1/access_token',
        token: t.requestToken,
        tokenSecret: t.requestSecret,
        verifier: t.verifier,
      }),
      401,
      'token_used'
    );
  });

  it('O1-30 token issued to a different consumer → 401 token_rejected', async () => {
    const other = new Harness({
      configValue: {
        oauth1: {
          consumers: [
            { key: C.consumer.key, secret: C.consumer.secret, callback: CALLBACK },
            { key: 'second', secret: 'second-secret', callback: CALLBACK },
          ],
        },
      },
    });
    await other.start();
    try {
      const t = await requestToken(other);
      const f = expectProblem(
        await signed(other, {
          path: '/oauth/v1/access_token',
          consumerKey: 'second',
          consumerSecret: 'second-secret',
          token: t.token,
          tokenSecret: t.secret,
          verifier: 'v',
        }),
        401,
        'token_rejected'
      );
      expect(f.oauth_problem_advice).toContain('different consumer');
    } finally {
      await other.stop();
    }
  });

  it('O1-31 deauthorized access token at the resource → 401 token_revoked', async () => {
    const t = await threeLegs(h);
    const d = await h.admin('POST', `/_mock/oauth1/access-tokens/${t.accessToken}/deauthorize`);
    expect(d.status).toBe(200);
    expect(json(d.body)).toMatchObject({ token: t.accessToken, status: 'deauthorized' });
    expectProblem(
      await signed(h, { method: 'GET', path: '/api/v1/me', token: t.accessToken, tokenSecret: t.accessSecret }),
      401,
      'token_revoked'
    );
  });
});

async function threeLegsUntilVerifier(): Promise<{ token: string; secret: string }> {
  const t = await requestToken(h);
  const page = await h.send({ path: `/oauth/v1/authorize?oauth_token=${t.token}` });
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)![1]!;
  const r = await h.send({
    method: 'POST',
    path: '/oauth/v1/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, username: 'demo', password: 'demo', decision: 'approve' }).toString(),
  });
  expect(r.status).toBe(303);
  return t;
}
