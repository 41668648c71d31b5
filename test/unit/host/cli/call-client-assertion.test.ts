import { expect, it } from 'vitest';
import { runCli } from './run-cli';
import { hsClientMock, hsRefreshToken, HS_SECRET } from '../../mock-provider/hs-client';

/*
 * `oauth-lab call`'s refresh with client_secret_jwt against the real mock over sockets, the mock asking for a DPoP
 * nonce (RFC 9449 §8): the refresh and its retry with the nonce each carry an assertion of their own, signed by the
 * flow driver's decorator (the mock refuses a jti it has seen, RFC 7523 §3 item 7), each said on stderr.
 */
const h = hsClientMock();

it('a refresh and its DPoP nonce retry each sign a fresh assertion, and the call goes through', async () => {
  const rt = await hsRefreshToken(h);
  h.provider.context.settings.switches.dpopNonce = true;
  try {
    const r = await runCli([
      'call',
      '--url',
      `${h.base}/api/v2/me`,
      '--no-history',
      '--bearer',
      'stale',
      '--refresh-token',
      rt,
      '--token-url',
      `${h.base}/oauth/v2/token`,
      '--client-id',
      'hs',
      '--client-secret',
      HS_SECRET,
      '--client-auth',
      'client_secret_jwt',
      '--dpop',
    ]);
    expect(r.code, r.err).toBe(0);
    const jtis = [...r.err.matchAll(/claims +\{.*"jti":"([^"]+)"/g)].map((m) => m[1]);
    expect(jtis).toHaveLength(2);
    expect(new Set(jtis).size).toBe(2);
    expect(r.err).toContain('client assertion (client_secret_jwt, RFC 7523 §2.2)');
  } finally {
    h.provider.context.settings.switches.dpopNonce = false;
  }
});
