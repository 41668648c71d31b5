import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer } from '../../../../platform/node/http-server';
import { runCli } from '../cli/run-cli';

/**
 * OpenID Connect Discovery 1.0 §3: id_token_signing_alg_values_supported MUST include RS256 and MAY include
 * `none` (for id_tokens returned from the token endpoint). A provider that lists `none` among others is not at
 * fault; one without RS256 is. Served over a real socket on 127.0.0.1.
 */
const ALGS: Record<string, readonly string[]> = {
  '/with-none': ['RS256', 'none'],
  '/without-rs256': ['ES256', 'none'],
};
let base = '';
let close: () => Promise<void>;
beforeAll(async () => {
  const server = await startHttpServer({
    name: 'the provider',
    onRequest: (req, res) => {
      const issuerPath = (req.url ?? '').replace('/.well-known/openid-configuration', '');
      const algs = ALGS[issuerPath];
      if (!algs || !req.url?.endsWith('/.well-known/openid-configuration')) return void res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          issuer: `${base}${issuerPath}`,
          authorization_endpoint: `${base}${issuerPath}/authorize`,
          token_endpoint: `${base}${issuerPath}/token`,
          jwks_uri: `${base}${issuerPath}/jwks`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: algs,
        })
      );
    },
  });
  base = `http://127.0.0.1:${server.port}`;
  close = server.close;
});
afterAll(async () => {
  await close();
});

describe('id_token_signing_alg_values_supported in discovery', () => {
  it('`none` listed beside RS256 passes, with a note that unsigned id_tokens are refused', async () => {
    const r = await runCli(['discover', `${base}/with-none`, '--kind', 'openid']);
    expect(r.out).not.toContain('FAIL');
    expect(r.out).toMatch(
      /ok +id_token algorithms: none is listed, as OIDC Discovery §3 allows; this client refuses unsigned id_tokens/
    );
    expect(r.code).toBe(0);
  });

  it('a list without RS256 still fails (OIDC Discovery §3)', async () => {
    const r = await runCli(['discover', `${base}/without-rs256`, '--kind', 'openid']);
    expect(r.out).toMatch(
      /FAIL id_token algorithms: id_token_signing_alg_values_supported is ES256, none: RS256 must be included/
    );
    expect(r.code).toBe(1);
  });
});
