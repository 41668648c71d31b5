import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderEvent } from '../../../mock-provider';
import { approve1, C, CALLBACK, Harness, nonce, requestToken, signed, threeLegs } from './helpers';
import { expectProblem, resetOAuth1Switches } from './oauth1-assertions';

/**
 * The order of the checks: a request with two faults is answered by the first check it fails, so a client learns
 * about its request in the order the RFC builds it, and nothing about secrets before its signature is verified.
 */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());
afterEach(() => resetOAuth1Switches(h));

const RT = '/oauth/v1/request_token';
const AT = '/oauth/v1/access_token';
const rt = (o: Partial<Parameters<typeof signed>[1]> = {}) => signed(h, { path: RT, callback: CALLBACK, ...o });

describe('OAuth 1.0a refusals come in the order of the checks', () => {
  it('the method comes before TLS and before any credential', async () => {
    await h.settings({ switches: { requireTls: true } });
    const r = await h.send({ method: 'PUT', path: RT });
    expectProblem(r, 405, 'parameter_rejected');
    expect(r.headers.allow).toBe('POST');
    const resource = await h.send({ method: 'DELETE', path: '/api/v1/me' });
    const f = expectProblem(resource, 405, 'parameter_rejected');
    expect(resource.headers.allow).toBe('GET, POST');
    expect(f.oauth_problem_advice).toBe('DELETE is not accepted; /api/v1/me answers GET and POST.');
  });

  it('TLS comes before where the parameters are', async () => {
    await h.settings({ switches: { requireTls: true } });
    const f = expectProblem(await rt({ mutateHeader: (v) => `${v}, oauth_nonce="again"` }), 400, 'parameter_rejected');
    expect(f.oauth_problem_advice).toContain('TLS');
  });

  it('a missing parameter comes before a wrong version, a wrong version before a wrong method', async () => {
    expectProblem(
      await rt({
        mutateHeader: (v) =>
          v.replace('oauth_version="1.0"', 'oauth_version="2.0"').replace(/oauth_nonce="[^"]*", ?/, ''),
      }),
      400,
      'parameter_absent',
      { oauth_parameters_absent: 'oauth_nonce' }
    );
    expectProblem(
      await rt({
        mutateHeader: (v) => v.replace('oauth_version="1.0"', 'oauth_version="2.0"').replace('HMAC-SHA1', 'HMAC-MD5'),
      }),
      400,
      'version_rejected'
    );
  });

  it('the timestamp comes before the lengths, the lengths before the callback', async () => {
    expectProblem(
      await rt({ timestamp: String(h.nowSeconds() - 3600), nonce: 'n'.repeat(300) }),
      400,
      'timestamp_refused'
    );
    expectProblem(await rt({ nonce: 'n'.repeat(300), callback: 'javascript:alert(1)' }), 400, 'parameter_rejected', {
      oauth_parameters_rejected: 'oauth_nonce',
    });
  });

  it('the callback comes before the consumer, the consumer before the token', async () => {
    expectProblem(await rt({ consumerKey: 'nobody', callback: 'javascript:alert(1)' }), 400, 'parameter_rejected', {
      oauth_parameters_rejected: 'oauth_callback',
    });
    expectProblem(
      await signed(h, { path: AT, consumerKey: 'nobody', token: 'no-such-token', verifier: 'v' }),
      401,
      'consumer_key_unknown'
    );
  });

  it('the token comes before the signature, the signature before the verifier', async () => {
    const t = await threeLegs(h);
    const f = expectProblem(
      await signed(h, { path: AT, token: t.accessToken, tokenSecret: 'wrong', verifier: t.verifier }),
      401,
      'token_rejected'
    );
    expect(f.oauth_problem_advice).toContain('access token');
    const fresh = await requestToken(h);
    expect((await approve1(h, fresh.token)).status).toBe(303);
    expectProblem(
      await signed(h, { path: AT, token: fresh.token, tokenSecret: 'wrong', verifier: 'wrong-verifier' }),
      401,
      'signature_invalid'
    );
  });

  it("a replayed request is a replay, whatever became of its token since (the nonce before the token's state)", async () => {
    const fresh = await requestToken(h);
    const verifier = new URL(String((await approve1(h, fresh.token)).headers.location)).searchParams.get(
      'oauth_verifier'
    )!;
    const same = {
      path: AT,
      token: fresh.token,
      tokenSecret: fresh.secret,
      verifier,
      nonce: nonce(),
      timestamp: String(h.nowSeconds()),
    };
    expect((await signed(h, same)).status).toBe(200);
    expectProblem(await signed(h, same), 401, 'nonce_used');
    expectProblem(await signed(h, { ...same, nonce: nonce() }), 401, 'token_used');
  });

  it('a deauthorized token with a wrong signature is a wrong signature', async () => {
    const t = await threeLegs(h);
    expect((await h.admin('POST', `/_mock/oauth1/access-tokens/${t.accessToken}/deauthorize`)).status).toBe(200);
    expectProblem(
      await signed(h, { method: 'GET', path: '/api/v1/me', token: t.accessToken, tokenSecret: 'wrong' }),
      401,
      'signature_invalid'
    );
    expectProblem(
      await signed(h, {
        method: 'GET',
        path: '/api/v1/me',
        token: t.accessToken,
        tokenSecret: t.accessSecret,
        consumerKey: C.consumer.key,
      }),
      401,
      'token_revoked'
    );
  });

  it("a refusal carries the provider's signature findings exactly when its checks got as far as computing them", async () => {
    const seen: ProviderEvent[] = [];
    const off = h.provider.subscribe((e) => seen.push(e));
    await h.send({ method: 'PUT', path: RT });
    await rt({ mutateHeader: (v) => v.replace('oauth_version="1.0"', 'oauth_version="2.0"') });
    await rt({ consumerKey: 'nobody' });
    off();
    const [put, version, unknown] = seen.filter((e) => e.endpoint === 'oauth1.requestToken');
    expect(put!.verdict.reason).toBe('parameter_rejected');
    expect(put!.signature).toBeNull();
    expect(put!.assumptions).toEqual([]);
    expect(version!.verdict.reason).toBe('version_rejected');
    expect(version!.signature).toBeNull();
    expect(version!.assumptions.join(' ')).toContain('RFC 5849 §3.2');
    // An unknown consumer is answered after the signature was computed with a dummy secret, so the base string is there.
    expect(unknown!.verdict.reason).toBe('consumer_key_unknown');
    expect(unknown!.signature?.baseString).toMatch(
      /^POST&http%3A%2F%2F127\.0\.0\.1%3A\d+%2Foauth%2Fv1%2Frequest_token&oauth_callback/
    );
  });
});
