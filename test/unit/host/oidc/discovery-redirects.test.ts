import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validateIdToken } from '../../../support/validate-id-token';
import { startHttpServer } from '../../../../platform/node/http-server';
import { DEFAULT_CLOCK_SKEW_SECONDS } from '../../../../shared/oidc';
import { runCli } from '../cli/run-cli';
import { C, Harness } from '../../mock-provider/helpers';
import { codeGrant } from './oidc-mock-session';

/**
 * A provider behind redirects, over real sockets: stock Django OAuth Toolkit answers the RFC's well-known path
 * without a trailing slash with a 301 to the path with one. Discovery and the JWKS follow such redirects (a few,
 * never from https to http), show each hop, and still check the document's issuer against the one asked.
 */
const h = new Harness({ autoLoginUser: 'demo' });
let base = '';
let close: () => Promise<void>;
beforeAll(async () => {
  await h.start();
  const server = await startHttpServer({
    name: 'the redirecting provider',
    onRequest: (req, res) => {
      const doc = (issuer: string) =>
        JSON.stringify({
          issuer,
          authorization_endpoint: `${base}/o/authorize/`,
          token_endpoint: `${base}/o/token/`,
          jwks_uri: `${base}/o/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
        });
      const routes: Record<string, () => void> = {
        '/o/.well-known/openid-configuration': () =>
          res.writeHead(301, { Location: '/o/.well-known/openid-configuration/' }).end(),
        '/o/.well-known/openid-configuration/': () =>
          res.writeHead(200, { 'Content-Type': 'application/json' }).end(doc(`${base}/o`)),
        // Another issuer's path redirected to /o's document: its issuer is not the one asked.
        '/moved/.well-known/openid-configuration': () =>
          res.writeHead(308, { Location: `${base}/o/.well-known/openid-configuration/` }).end(),
        '/loop/.well-known/openid-configuration': () => res.writeHead(302, { Location: 'openid-configuration' }).end(),
        '/o/jwks': () => res.writeHead(301, { Location: `${h.base}/oidc/jwks` }).end(),
      };
      const route = routes[req.url ?? ''];
      if (route) route();
      else res.writeHead(404).end();
    },
  });
  base = `http://127.0.0.1:${server.port}`;
  close = server.close;
});
afterAll(async () => {
  await close();
  await h.stop();
});

describe('discovery and the JWKS behind redirects', () => {
  it('discover follows a 301 to the path with a trailing slash, shows the hop, and the issuer check passes', async () => {
    const r = await runCli(['discover', `${base}/o`]);
    expect(r.err).toContain(
      `redirected: HTTP 301 ${base}/o/.well-known/openid-configuration -> ${base}/o/.well-known/openid-configuration/`
    );
    expect(r.out).toMatch(/ok {3}issuer: issuer is "http:\/\/127\.0\.0\.1:\d+\/o", exactly the URL asked/);
    expect(r.out).not.toContain('FAIL');
    expect(r.code).toBe(0);
    const j = JSON.parse((await runCli(['discover', `${base}/o`, '--json', '--kind', 'openid'])).out);
    expect(j.redirects).toEqual([
      {
        status: 301,
        from: `${base}/o/.well-known/openid-configuration`,
        to: `${base}/o/.well-known/openid-configuration/`,
      },
    ]);
  });

  it("a redirect to another issuer's document still fails the issuer check (OIDC Discovery §4.3)", async () => {
    const r = await runCli(['discover', `${base}/moved`, '--kind', 'openid']);
    expect(r.err).toContain(`redirected: HTTP 308 ${base}/moved/.well-known/openid-configuration -> `);
    expect(r.out).toMatch(/FAIL issuer: issuer is "http:\/\/127\.0\.0\.1:\d+\/o"; it must be exactly the issuer asked/);
    expect(r.code).toBe(1);
  });

  it('a redirect loop stops after 5 hops, naming them', async () => {
    const r = await runCli(['discover', `${base}/loop`, '--kind', 'openid']);
    expect(r.code).toBe(1);
    expect(r.out).toContain('more than 5 redirects');
    const tried = r.out.split('\n').find((l) => l.startsWith('(not found)'))!;
    expect(tried.match(/HTTP 302 /g)?.length).toBe(6);
  });

  it('a closed port is named once per document tried, each a sentence with one full stop', async () => {
    const closed = await startHttpServer({ name: 'closed', onRequest: (_q, s) => s.end() });
    const url = `http://127.0.0.1:${closed.port}`;
    await closed.close();
    const r = await runCli(['discover', url]);
    expect(r.code).toBe(1);
    expect(r.out).toContain('connection refused');
    expect(r.out).not.toContain('..');
  });

  it('the JWKS behind a 301 is fetched, and the key step says it was redirected', async () => {
    await h.settings({ switches: { idTokenFault: 'off', idTokenAlg: 'RS256' } });
    const { body, nonce } = await codeGrant(h);
    const trace = await validateIdToken(body.id_token as string, {
      issuer: h.base,
      issuerSource: 'the test',
      clientId: C.client.id,
      clientSecret: C.client.secret,
      registeredAlg: 'RS256',
      allowedAlgs: ['RS256'],
      jwksUri: `${base}/o/jwks`,
      nonce,
      accessToken: body.access_token as string,
      now: Date.now(),
      clockSkewSeconds: DEFAULT_CLOCK_SKEW_SECONDS,
    });
    const key = trace.steps.find((s) => s.id === 'key')!;
    expect(key.status).toBe('passed');
    expect(key.detail).toContain(`Redirected: HTTP 301 ${base}/o/jwks -> ${h.base}/oidc/jwks.`);
    expect(trace.valid).toBe(true);
  });
});
