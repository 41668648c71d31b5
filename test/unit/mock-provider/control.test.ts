import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  advanceMockClock,
  ConfigError,
  deauthorizeAccessToken,
  MockControlError,
  readMockState,
  resetMock,
  resetMockClock,
  setAutoLoginUser,
  updateMockSettings,
} from '../../../mock-provider';
import { approve1, C, form, getCode, Harness, json, requestToken, signed, threeLegs } from './helpers';

/** The control functions the bridge calls, and the HTTP admin API over them: same results, same messages. */
let h: Harness;
const ctx = () => h.provider.context;
beforeAll(async () => {
  h = await new Harness().start();
});
afterAll(() => h.stop());

const refusal = (f: () => unknown): MockControlError => {
  try {
    f();
  } catch (e) {
    if (e instanceof MockControlError) return e;
    throw e;
  }
  throw new Error('expected a MockControlError');
};

describe('readMockState', () => {
  it('is what GET /_mock/state answers: configuration without secrets, settings, tokens with statuses', async () => {
    const rt = await requestToken(h);
    const code = await getCode(h);
    const view = readMockState(ctx());
    const overHttp = json((await h.send({ path: '/_mock/state' })).body) as { state: { now: string } };
    const direct = JSON.parse(JSON.stringify(readMockState(ctx()))) as { state: { now: string } };
    expect({ ...overHttp, state: { ...overHttp.state, now: null } }).toEqual({
      ...direct,
      state: { ...direct.state, now: null },
    });
    expect(view.config).toMatchObject({
      baseUrl: h.base,
      consumers: [{ key: C.consumer.key, callback: C.consumer.callback }],
      users: [C.user.username],
      autoLoginUser: null,
    });
    expect(view.settings).toBe(ctx().settings);
    expect(view.state.oauth1.requestTokens.find((t) => t.token === rt.token)).toMatchObject({
      status: 'issued',
      username: null,
    });
    expect(view.state.oauth2.codes.find((c) => c.code === code)).toMatchObject({ status: 'issued', pkce: null });
    const text = JSON.stringify(view);
    for (const secret of [C.consumer.secret, C.client.secret, rt.secret]) expect(text).not.toContain(secret);
  });
});

describe('updateMockSettings', () => {
  it('merges a partial change, leaves the rest, and applies at once', async () => {
    const before = ctx().settings;
    const after = updateMockSettings(ctx(), { lifetimes: { requestTokenTtl: 5 } });
    expect(after.lifetimes).toEqual({ ...before.lifetimes, requestTokenTtl: 5 });
    expect(after.switches).toEqual(before.switches);
    expect(ctx().settings).toBe(after);
    const r = await signed(h, { path: '/oauth/v1/request_token', callback: C.consumer.callback });
    expect(new URLSearchParams(r.body).get('oauth_expires_in')).toBe('5');
    updateMockSettings(ctx(), { lifetimes: { requestTokenTtl: before.lifetimes.requestTokenTtl } });
  });
  it('refuses bad input with a ConfigError naming each field, changing nothing; the admin API says the same', async () => {
    const before = ctx().settings;
    const patch = { lifetimes: { codeTtl: -1 }, switches: { checkNonce: 'yes', bogus: 1 } };
    const e = (() => {
      try {
        updateMockSettings(ctx(), patch);
      } catch (error) {
        return error as ConfigError;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(e).toBeInstanceOf(ConfigError);
    expect(e.message).toMatch(/lifetimes\.codeTtl: codeTtl must be at least 1 second/);
    expect(e.message).toMatch(/switches\.checkNonce/);
    expect(e.message).toMatch(/unknown key "bogus"/);
    expect(ctx().settings).toBe(before);
    const r = await h.settings(patch);
    expect(r.status).toBe(400);
    expect(json(r.body)).toEqual({ error: 'invalid_request', error_description: e.message });
  });
  it('resizes the nonce memory at once', async () => {
    const small = await new Harness().start();
    try {
      await requestToken(small);
      await requestToken(small);
      updateMockSettings(small.provider.context, { switches: { nonceMemory: 1 } });
      expect(small.provider.state.nonces.size).toBe(1);
    } finally {
      await small.stop();
    }
  });
});

describe('advanceMockClock', () => {
  it('moves the clock forward and says where it is; a request token then expires', async () => {
    const rt = await requestToken(h);
    const offset = ctx().clock.offsetSeconds;
    const view = advanceMockClock(ctx(), 601);
    expect(view.offsetSeconds).toBe(offset + 601);
    expect(Date.parse(view.now)).toBeGreaterThan(Date.now() + 600_000);
    expect(readMockState(ctx()).state.oauth1.requestTokens.find((t) => t.token === rt.token)?.status).toBe('expired');
    resetMockClock(ctx());
  });
  it.each([[-1], [Number.NaN], [Infinity], ['10'], [undefined], [10 * 365 * 86400 + 1]])(
    'refuses %s with invalid_input, as the admin API does',
    async (seconds) => {
      const offset = ctx().clock.offsetSeconds;
      const e = refusal(() => advanceMockClock(ctx(), seconds));
      expect(e.code).toBe('invalid_input');
      expect(e.message).toMatch(/^Send \{"seconds": N\} with N a number from 0 to 315360000; got /);
      expect(ctx().clock.offsetSeconds).toBe(offset);
      const r = await h.admin('POST', '/_mock/clock/advance', { seconds });
      expect(r.status).toBe(400);
      // JSON has no NaN or Infinity: the admin API receives null for those.
      if (typeof seconds !== 'number' || Number.isFinite(seconds))
        expect(json(r.body).error_description).toBe(e.message);
    }
  );
});

describe('the simulated clock and client timestamps', () => {
  it('ends step three with token_expired, not timestamp_refused, once the clock passes the request token lifetime', async () => {
    const rt = await requestToken(h);
    const verifier = new URL(String((await approve1(h, rt.token)).headers.location)).searchParams.get(
      'oauth_verifier'
    )!;
    advanceMockClock(ctx(), 601);
    // The client signs with its own clock: the timestamp window moves with the simulation.
    const r = await signed(h, {
      path: '/oauth/v1/access_token',
      token: rt.token,
      tokenSecret: rt.secret,
      verifier,
      timestamp: String(Math.floor(Date.now() / 1000)),
    });
    expect(r.status).toBe(401);
    expect(form(r.body).oauth_problem).toBe('token_expired');
    resetMockClock(ctx());
  });
  it('still refuses a timestamp outside the window around the client clock, with the moved clock', async () => {
    advanceMockClock(ctx(), 3600);
    const late = String(Math.floor(Date.now() / 1000) + 3600);
    const r = await signed(h, { path: '/oauth/v1/request_token', callback: C.consumer.callback, timestamp: late });
    expect([r.status, form(r.body).oauth_problem]).toEqual([400, 'timestamp_refused']);
    resetMockClock(ctx());
  });
  it('resets the clock to real time from the control function and from POST /_mock/clock/reset, telling listeners', async () => {
    const moves: number[] = [];
    const off = ctx().clock.onMove(() => moves.push(ctx().clock.offsetSeconds));
    advanceMockClock(ctx(), 120);
    expect(resetMockClock(ctx()).offsetSeconds).toBe(0);
    advanceMockClock(ctx(), 60);
    const r = await h.admin('POST', '/_mock/clock/reset', {});
    expect([r.status, json(r.body).offsetSeconds]).toEqual([200, 0]);
    expect((await h.admin('GET', '/_mock/clock/reset')).status).toBe(405);
    off();
    expect(moves).toEqual([120, 0, 60, 0]);
  });
});

describe('deauthorizeAccessToken', () => {
  it("is the user's deauthorization: the token's API calls get 401; a second call changes nothing", async () => {
    const t = await threeLegs(h);
    const first = deauthorizeAccessToken(ctx(), t.accessToken);
    expect(first).toEqual({
      token: t.accessToken,
      status: 'deauthorized',
      deauthorizedAt: expect.stringMatching(/Z$/),
    });
    expect(deauthorizeAccessToken(ctx(), t.accessToken)).toEqual(first);
    const me = await signed(h, {
      method: 'GET',
      path: '/api/v1/me',
      token: t.accessToken,
      tokenSecret: t.accessSecret,
    });
    expect(me.status).toBe(401);
  });
  it('an unknown token is not_found, with the admin API message', async () => {
    const e = refusal(() => deauthorizeAccessToken(ctx(), 'no-such-token'));
    expect(e.code).toBe('not_found');
    expect(e.message).toBe('No OAuth 1.0a access token "no-such-token".');
    const r = await h.admin('POST', '/_mock/oauth1/access-tokens/no-such-token/deauthorize');
    expect([r.status, json(r.body).error_description]).toEqual([404, e.message]);
  });
});

describe('setAutoLoginUser', () => {
  it('approves authorizations as the user without the login page, and null shows the page again', async () => {
    setAutoLoginUser(ctx(), C.user.username);
    expect(readMockState(ctx()).config.autoLoginUser).toBe(C.user.username);
    const rt = await requestToken(h);
    expect((await h.send({ path: `/oauth/v1/authorize?oauth_token=${rt.token}` })).status).toBe(302);
    h.provider.setAutoLoginUser(null);
    const again = await requestToken(h);
    expect((await h.send({ path: `/oauth/v1/authorize?oauth_token=${again.token}` })).status).toBe(200);
  });
  it('refuses a user the configuration does not have', () => {
    const e = refusal(() => h.provider.setAutoLoginUser('mallory'));
    expect(e.code).toBe('invalid_input');
    expect(e.message).toBe('Auto-login user "mallory" is not in the configuration; users: demo.');
    expect(ctx().autoLoginUser).toBeNull();
  });
});

describe('resetMock', () => {
  it('forgets tokens, codes, nonces and events; settings and the clock stay', async () => {
    await threeLegs(h);
    const offset = ctx().clock.offsetSeconds;
    const settings = ctx().settings;
    resetMock(ctx());
    const s = readMockState(ctx()).state;
    expect([
      s.oauth1.requestTokens,
      s.oauth1.accessTokens,
      s.oauth2.codes,
      s.oauth2.accessTokens,
      s.oauth2.refreshTokens,
    ]).toEqual([[], [], [], [], []]);
    expect(s.oauth1.noncesRemembered).toBe(0);
    expect(h.provider.events.recent()).toEqual([]);
    expect([ctx().clock.offsetSeconds, ctx().settings]).toEqual([offset, settings]);
  });
});
