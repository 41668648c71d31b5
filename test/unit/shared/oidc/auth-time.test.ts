import { describe, expect, it } from 'vitest';
import { checkAuthTime } from '../../../../shared/oidc/auth-time';
import { loginParams } from '../../../../shared/oidc/login-options';

const NOW = 1_800_000_000_000;
const at = (secondsAgo: number) => ({ auth_time: NOW / 1000 - secondsAgo });
const e = (maxAge: number | null) => ({ maxAge, now: NOW, clockSkewSeconds: 60 });

describe('auth_time against max_age (OIDC Core §3.1.3.7 (13), §3.1.2.1)', () => {
  it('without max_age: shown, not judged; absent: nothing to check', () => {
    const shown = checkAuthTime(at(7200), e(null));
    expect(shown.status).toBe('skipped');
    expect(shown.detail).toMatch(/^The user logged in at 2027-01-15T\d\d:\d\d:\d\d\.000Z, 7200 s ago/);
    expect(checkAuthTime({}, e(null)).status).toBe('skipped');
  });

  it('with max_age: a login within it (and the skew) passes; an older one fails; a missing auth_time fails', () => {
    expect(checkAuthTime(at(100), e(300)).status).toBe('passed');
    expect(checkAuthTime(at(350), e(300)).status).toBe('passed');
    const old = checkAuthTime(at(7200), e(300));
    expect(old.status).toBe('failed');
    expect(old.detail).toContain('older than max_age=300 s');
    const missing = checkAuthTime({}, e(0));
    expect(missing.status).toBe('failed');
    expect(missing.detail).toContain('max_age=0 was sent, so the id_token must carry auth_time');
    expect(checkAuthTime({ auth_time: 'yesterday' }, e(300)).status).toBe('failed');
  });
});

describe('prompt and max_age on the authorization request', () => {
  it('are sent as OIDC Core §3.1.2.1 spells them; none alone; max_age a whole number', () => {
    expect(loginParams({ prompt: ['login', 'consent'], maxAge: 0 })).toEqual([
      ['prompt', 'login consent'],
      ['max_age', '0'],
    ]);
    expect(loginParams({ prompt: [], maxAge: null })).toEqual([]);
    expect(() => loginParams({ prompt: ['none', 'login'] })).toThrow(/prompt=none cannot be combined/);
    expect(() => loginParams({ maxAge: -1 })).toThrow(/max_age is -1; expected a whole number/);
  });
});
