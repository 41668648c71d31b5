import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { oauth1Flow } from '../../shared/flows';
import { startCatcher, type Catcher } from '../../electron/services/catcher';
import { nodeCrypto, nodeRandom } from '../../electron/services/node-crypto';
import { send } from '../../electron/services/transport';

// Our OAuth 1.0a engine against a provider built on python oauthlib (Debian's python3-oauthlib), which verifies
// every signature with its own implementation of RFC 5849 (https://www.rfc-editor.org/rfc/rfc5849).
let provider: ChildProcess;
let catcher: Catcher;
let base: string;
const credentials = { consumerKey: 'interopconsumerkey0123', consumerSecret: 'interop-consumer-secret' };
const signing = () => ({
  nonce: Buffer.from(nodeRandom.bytes(16)).toString('hex'),
  timestamp: String(Math.floor(Date.now() / 1000)),
  crypto: nodeCrypto,
});

beforeAll(async () => {
  provider = spawn('/usr/bin/python3', ['test/interop/oauthlib_provider.py'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const [line] = (await once(provider.stdout!, 'data')) as [Buffer];
  base = line.toString().trim();
  catcher = await startCatcher({ port: 0, timeoutMs: 10_000 });
});
afterAll(async () => {
  await catcher?.close();
  provider?.kill();
});

async function threeLegs(signatureMethod: 'HMAC-SHA1' | 'HMAC-SHA256' | 'PLAINTEXT') {
  let s = oauth1Flow.startOAuth1({ baseUrl: base, ...credentials, callback: catcher.redirectUri, signatureMethod });
  const rt = oauth1Flow.interpretRequestToken(
    s,
    await send(oauth1Flow.buildRequestTokenRequest(s, signing()).request),
    Date.now()
  );
  expect(rt.ok, rt.summary).toBe(true);
  // oauthlib does not send oauth_expires_in (the service's own field): a note citing the RFC, since oauthlib is not the service.
  expect(rt.checks.filter((c) => !c.ok)).toEqual([]);
  expect(rt.checks.find((c) => c.name === 'oauth_expires_in')).toMatchObject({
    ok: true,
    kind: 'note',
    message: expect.stringMatching(/RFC 5849 defines no lifetime/),
  });
  s = rt.state;
  const waiting = catcher.wait({ kind: 'oauth1', requestToken: s.requestToken!.token });
  await fetch(oauth1Flow.buildAuthorizeUrl(s), { redirect: 'follow' });
  const cb = oauth1Flow.interpretCallback(s, (await waiting).params);
  expect(cb.ok, cb.summary).toBe(true);
  const at = oauth1Flow.interpretAccessToken(
    cb.state,
    await send(oauth1Flow.buildAccessTokenRequest(cb.state, signing()).request),
    Date.now()
  );
  expect(at.ok, at.summary).toBe(true);
  return at.state;
}

it.each(['HMAC-SHA1', 'HMAC-SHA256', 'PLAINTEXT'] as const)(
  'three legs and a signed API call verified by oauthlib (%s)',
  async (method) => {
    const s = await threeLegs(method);
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
  const s = await threeLegs('HMAC-SHA1');
  const tampered = { ...s, accessToken: { ...s.accessToken!, secret: 'wrong' } };
  const r = oauth1Flow.interpretApiResponse(
    tampered,
    await send(oauth1Flow.buildApiRequest(tampered, { method: 'GET', path: '/api/v1/me' }, signing()).request)
  );
  expect(r.ok).toBe(false);
  expect(r.state.legs.api).toBe('failed');
});
