import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { expect } from 'vitest';
import { oauth1Flow } from '../../shared/flows';
import type { OAuth1State } from '../../shared/flows/oauth1-flow';
import { startCatcher, type Catcher } from '../../host/catcher';
import { nodeCrypto, nodeRandom } from '../../platform/node/node-crypto';
import { send } from '../../platform/node/transport';

/**
 * The provider built on python oauthlib (oauthlib_provider.py, Debian's python3-oauthlib), which verifies every
 * signature with its own implementation of RFC 5849 (https://www.rfc-editor.org/rfc/rfc5849), and a catcher for
 * its redirects: `threeLegs` runs our OAuth 1.0a engine through it to an access token.
 */
export interface OauthlibSession {
  readonly base: string;
  threeLegs(signatureMethod: 'HMAC-SHA1' | 'HMAC-SHA256' | 'PLAINTEXT'): Promise<OAuth1State>;
  close(): Promise<void>;
}

export const credentials = { consumerKey: 'interopconsumerkey0123', consumerSecret: 'interop-consumer-secret' };

/** A fresh nonce and the current time, for one signature. */
export const signing = () => ({
  nonce: Buffer.from(nodeRandom.bytes(16)).toString('hex'),
  timestamp: String(Math.floor(Date.now() / 1000)),
  crypto: nodeCrypto,
});

export async function startOauthlib(): Promise<OauthlibSession> {
  const provider: ChildProcess = spawn('/usr/bin/python3', ['test/interop/oauthlib_provider.py'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(provider.stdout!, 'data')) as [Buffer];
  const base = line.toString().trim();
  const catcher: Catcher = await startCatcher({ port: 0, timeoutMs: 10_000 });
  return {
    base,
    async threeLegs(signatureMethod) {
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
    },
    async close() {
      await catcher.close();
      provider.kill();
    },
  };
}
