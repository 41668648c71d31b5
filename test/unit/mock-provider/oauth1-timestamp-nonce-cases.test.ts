import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK, Harness, json, nonce, signed } from './helpers';
import { expectProblem, resetOAuth1Switches } from './oauth1-assertions';

/** Cases O1-09 … O1-11 and O1-32 of reference/provider-cases.md: timestampWellFormed, timestampInWindow, timestampRemembered and nonceUnused (RFC 5849 §3.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.3)). */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());
// Every test starts from the default switches.
afterEach(() => resetOAuth1Switches(h));

const RT = '/oauth/v1/request_token';
const rt = (o: Partial<Parameters<typeof signed>[1]> = {}) => signed(h, { path: RT, callback: CALLBACK, ...o });

describe('O1 timestamp and nonce', () => {
  for (const ts of ['abc', '-5', '1.5e9', '0', '']) {
    it(`O1-09 timestamp ${JSON.stringify(ts)} → 400 ${ts === '' ? 'parameter_absent' : 'timestamp_refused'}`, async () => {
      const r = await rt({ mutateHeader: (v) => v.replace(/oauth_timestamp="[^"]*"/, `oauth_timestamp="${ts}"`) });
      if (ts === '') expectProblem(r, 400, 'parameter_absent', { oauth_parameters_absent: 'oauth_timestamp' });
      else expectProblem(r, 400, 'timestamp_refused');
    });
  }

  it('O1-10 timestamp outside ±600 s → 400 timestamp_refused with the window', async () => {
    const now = h.nowSeconds();
    const f = expectProblem(await rt({ timestamp: String(now - 601) }), 400, 'timestamp_refused');
    const [min, max] = f.oauth_acceptable_timestamps!.split('-').map(Number);
    expect(max! - min!).toBe(1200);
    expect(Math.abs(min! - (now - 600))).toBeLessThanOrEqual(2);
  });

  it('O1-11 nonce reused with the same timestamp → 401 nonce_used', async () => {
    const n = nonce();
    const timestamp = String(h.nowSeconds());
    expect((await rt({ nonce: n, timestamp })).status).toBe(200);
    expectProblem(await rt({ nonce: n, timestamp }), 401, 'nonce_used');
  });

  it('O1-11b a forged request does not burn the nonce', async () => {
    const n = nonce();
    const timestamp = String(h.nowSeconds());
    expectProblem(await rt({ nonce: n, timestamp, consumerSecret: 'wrong' }), 401, 'signature_invalid');
    expect((await rt({ nonce: n, timestamp })).status).toBe(200);
  });

  it('O1-32 nonce memory is bounded; forgotten timestamps are refused, not replayable', async () => {
    const small = await new Harness({ configValue: { switches: { nonceMemory: 3 } } }).start();
    try {
      const old = String(small.nowSeconds() - 100);
      const first = nonce();
      expect((await signed(small, { path: RT, callback: CALLBACK, nonce: first, timestamp: old })).status).toBe(200);
      for (let i = 0; i < 3; i++) expect((await signed(small, { path: RT, callback: CALLBACK })).status).toBe(200);
      const state = json((await small.send({ path: '/_mock/state' })).body) as {
        state: { oauth1: { noncesRemembered: number } };
      };
      expect(state.state.oauth1.noncesRemembered).toBe(3);
      // The first nonce was forgotten; its replay is still refused, by its timestamp.
      const f = expectProblem(
        await signed(small, { path: RT, callback: CALLBACK, nonce: first, timestamp: old }),
        400,
        'timestamp_refused'
      );
      expect(f.oauth_problem_advice).toContain('nonce memory');
    } finally {
      await small.stop();
    }
  });
});
