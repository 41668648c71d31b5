import { afterAll, beforeAll, expect, it } from 'vitest';
import { oauth1Flow } from '../../shared/flows';
import { send } from '../../platform/node/transport';
import { signing, startOauthlib, type OauthlibSession } from './oauthlib-session';

// Our OAuth 1.0a engine against a provider built on python oauthlib (Debian's python3-oauthlib), which verifies
// every signature with its own implementation of RFC 5849 (https://www.rfc-editor.org/rfc/rfc5849).
let oauthlib: OauthlibSession;
beforeAll(async () => {
  oauthlib = await startOauthlib();
});
afterAll(() => oauthlib?.close());

it.each(['HMAC-SHA1', 'HMAC-SHA256', 'PLAINTEXT'] as const)(
  'three legs and a signed API call verified by oauthlib (%s)',
  async (method) => {
    const s = await oauthlib.threeLegs(method);
    const me = oauth1Flow.interpretApiResponse(
      s,
      await send(
        oauth1Flow.buildApiRequest(s, { method: 'GET', path: '/api/v1/me?q=a%20b&list=1&list=2' }, signing()).request
      )
    );
    expect(me.ok, me.summary).toBe(true);
  }
);

it('a request signed with the wrong token secret is refused by oauthlib', async () => {
  const s = await oauthlib.threeLegs('HMAC-SHA1');
  const tampered = { ...s, accessToken: { ...s.accessToken!, secret: 'wrong' } };
  const r = oauth1Flow.interpretApiResponse(
    tampered,
    await send(oauth1Flow.buildApiRequest(tampered, { method: 'GET', path: '/api/v1/me' }, signing()).request)
  );
  expect(r.ok).toBe(false);
  expect(r.state.legs.api).toBe('failed');
});
