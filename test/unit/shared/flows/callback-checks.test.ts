import { describe, expect, it } from 'vitest';
import type { Check } from '../../../../shared/check';
import { oauth1CallbackChecks, oauth2CallbackChecks, REFUSAL_CHECK } from '../../../../shared/flows/callback-checks';
import { parseCallbackQuery } from '../../../../shared/flows/callback-query';
import { oauth2Flow } from '../../../../shared/flows';
import { nodeCrypto } from '../../../../platform/node/node-crypto';

const oauth2 = (query: string, state: string | null = 's-1') =>
  oauth2CallbackChecks(parseCallbackQuery(query), { state });
const oauth1 = (query: string, requestToken = 'rt-1') => oauth1CallbackChecks(parseCallbackQuery(query), requestToken);
const named = (checks: readonly Check[], name: string): Check => checks.find((c) => c.name === name)!;
const verdicts = (checks: readonly { name: string; ok: boolean }[]) =>
  Object.fromEntries(checks.map((c) => [c.name, c.ok]));

describe('parseCallbackQuery', () => {
  it('decodes + as a space and keeps a broken escape as written, reporting it', () => {
    expect(parseCallbackQuery('code=abc%2B1+x&state=s-1&&flag')).toEqual({
      params: [
        ['code', 'abc+1 x'],
        ['state', 's-1'],
        ['flag', ''],
      ],
      malformed: [],
    });
    expect(parseCallbackQuery('code=ab%ZZ&state=s')).toEqual({
      params: [
        ['code', 'ab%ZZ'],
        ['state', 's'],
      ],
      malformed: ['code=ab%ZZ'],
    });
  });
});

describe('OAuth 2 callback checks (RFC 6749 §4.1.2, §4.1.2.1, §10.12)', () => {
  it('passes a code with the state sent, each message citing its section', () => {
    const { checks, error } = oauth2('code=abc%2B1&state=s-1');
    expect(error).toBe(null);
    expect(verdicts(checks)).toEqual({
      'state matches': true,
      'query well formed': true,
      'no repeated parameters': true,
      [REFUSAL_CHECK.oauth2]: true,
      code: true,
    });
    expect(named(checks, 'state matches').message).toBe(
      'The returned state equals the state sent (RFC 6749 §10.12; RFC 8252 §8.9).'
    );
  });
  it('a different or missing state fails, and names the callback as possibly forged', () => {
    expect(named(oauth2('code=abc&state=evil').checks, 'state matches')).toEqual({
      name: 'state matches',
      ok: false,
      message:
        'The returned state "evil" is not the state sent ("s-1"): the callback may be forged (CSRF); do not exchange the code (RFC 6749 §10.12; RFC 8252 §8.9).',
    });
    expect(named(oauth2('code=abc').checks, 'state matches')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The callback has no state, .* may be forged/),
    });
    // Same length, one character apart: the constant-time comparison still tells them apart.
    expect(named(oauth2('code=abc&state=s-2').checks, 'state matches').ok).toBe(false);
    expect(named(oauth2('code=abc&state=s-').checks, 'state matches').ok).toBe(false);
  });
  it('a flow that sent no state refuses a callback carrying one', () => {
    expect(named(oauth2('code=abc', null).checks, 'state matches').ok).toBe(true);
    expect(named(oauth2('code=abc&state=x', null).checks, 'state matches')).toMatchObject({
      ok: false,
      message: expect.stringContaining('it was not started by this flow'),
    });
  });
  it('a provider error fails with its words on one line; the missing code follows from it', () => {
    const { checks, error } = oauth2(
      'error=access_denied&error_description=The+user%0Asaid+no&error_uri=https%3A%2F%2Fas.example%2Fh&state=s-1'
    );
    expect(error).toEqual({
      source: 'error',
      error: 'access_denied',
      description: 'The user\nsaid no',
      uri: 'https://as.example/h',
    });
    expect(named(checks, REFUSAL_CHECK.oauth2)).toEqual({
      name: 'no error',
      ok: false,
      message: 'The provider refused (RFC 6749 §4.1.2.1): access_denied: The user said no. See https://as.example/h',
    });
    expect(named(checks, 'code')).toEqual({
      name: 'code',
      ok: false,
      message: 'No authorization code (RFC 6749 §4.1.2).',
      kind: 'consequence',
    });
    expect(named(checks, 'state matches').ok).toBe(true);
  });
  it('rejects repeated parameters and a callback with nothing in it', () => {
    expect(named(oauth2('code=a&code=b&state=s-1').checks, 'no repeated parameters')).toMatchObject({
      ok: false,
      message: expect.stringContaining('code (2 times)'),
    });
    expect(named(oauth2('state=s-1').checks, 'code')).toEqual({
      name: 'code',
      ok: false,
      message: 'The callback has neither a code nor an error (RFC 6749 §4.1.2).',
    });
  });
  it('checks iss against the issuer (RFC 9207), and requires it when advertised', () => {
    const q = parseCallbackQuery('code=a&state=s&iss=https%3A%2F%2Fas.example');
    expect(
      verdicts(oauth2CallbackChecks(q, { state: 's', issuer: 'https://as.example', issuerRequired: true }).checks)[
        'iss matches'
      ]
    ).toBe(true);
    expect(
      named(oauth2CallbackChecks(q, { state: 's', issuer: 'https://other.example' }).checks, 'iss matches').message
    ).toContain('mix-up');
    expect(
      named(
        oauth2CallbackChecks(parseCallbackQuery('code=a&state=s'), { state: 's', issuerRequired: true }).checks,
        'iss matches'
      ).ok
    ).toBe(false);
    expect(oauth2('code=a&state=s-1').checks.some((c) => c.name === 'iss matches')).toBe(false);
  });
  it('the flow engine takes the code only when every check passed, and fails the leg otherwise', () => {
    const s = oauth2Flow.startOAuth2(
      { baseUrl: 'http://127.0.0.1:9000', clientId: 'c', clientSecret: 's', redirectUri: 'http://127.0.0.1:1/cb' },
      { bytes: (n) => new Uint8Array(n).fill(7) },
      nodeCrypto
    );
    const good = oauth2Flow.interpretCallback(s, `http://127.0.0.1:1/cb?code=abc%2B1&state=${s.state}`);
    expect([good.ok, good.state.code, good.state.legs.authorize]).toEqual([true, 'abc+1', 'succeeded']);
    const broken = oauth2Flow.interpretCallback(s, `?code=ab%ZZ&state=${s.state}`);
    expect([broken.ok, broken.state.code, broken.state.legs.authorize]).toEqual([false, null, 'failed']);
    expect(broken.summary).toBe(
      'These parts have broken percent-escapes and were kept as written: "code=ab%ZZ" (RFC 3986 §2.1).'
    );
  });
});

describe('OAuth 1.0a callback checks (RFC 5849 §2.2, §6.2.3)', () => {
  it('passes the request token with a verifier', () => {
    const { checks, error } = oauth1('oauth_token=rt-1&oauth_verifier=v');
    expect(error).toBe(null);
    expect(verdicts(checks)).toEqual({
      [REFUSAL_CHECK.oauth1]: true,
      'oauth_token matches': true,
      'query well formed': true,
      'no repeated parameters': true,
      oauth_verifier: true,
    });
  });
  it('another oauth_token fails as possibly forged, compared in constant time', () => {
    expect(named(oauth1('oauth_token=rt-2&oauth_verifier=v').checks, 'oauth_token matches')).toEqual({
      name: 'oauth_token matches',
      ok: false,
      message:
        'The returned oauth_token "rt-2" is not the request token "rt-1": the callback may be forged (session fixation or CSRF); do not exchange the verifier (RFC 5849 §2.2, §4.13).',
    });
    expect(named(oauth1('oauth_token=rt-&oauth_verifier=v').checks, 'oauth_token matches').ok).toBe(false);
    // No request token yet: an empty oauth_token does not match nothing.
    expect(named(oauth1('oauth_token=&oauth_verifier=v', '').checks, 'oauth_token matches').ok).toBe(false);
  });
  it("recognises X's denied=<token>, an oauth_problem and an error; the missing verifier follows from them", () => {
    const denied = oauth1('denied=rt-1');
    expect(named(denied.checks, REFUSAL_CHECK.oauth1)).toEqual({
      name: 'no-denial',
      ok: false,
      message: 'The provider says: the user denied access (denied=rt-1).',
    });
    expect(named(denied.checks, 'oauth_token matches').ok).toBe(true);
    expect(named(denied.checks, 'oauth_verifier')).toMatchObject({ ok: false, kind: 'consequence' });
    expect(
      named(
        oauth1('oauth_token=rt-1&oauth_problem=permission_denied&oauth_problem_advice=no').checks,
        REFUSAL_CHECK.oauth1
      ).message
    ).toBe('The provider says: permission_denied: no.');
    const other = oauth1('oauth_token=rt-2&error=access_denied');
    expect(named(other.checks, 'oauth_token matches')).toMatchObject({ ok: false, kind: 'consequence' });
  });
  it('a missing verifier without a refusal is a failure of its own', () => {
    expect(named(oauth1('oauth_token=rt-1').checks, 'oauth_verifier')).toEqual({
      name: 'oauth_verifier',
      ok: false,
      message: 'oauth_verifier is missing from the callback (RFC 5849 §2.2).',
    });
  });
});
