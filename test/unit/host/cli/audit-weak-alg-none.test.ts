import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

/**
 * `metadata-weak-alg` and `none`: OpenID Connect Discovery 1.0 §3 allows `none` in
 * id_token_signing_alg_values_supported (the code flow's id_token comes from the token endpoint over TLS), so that
 * alone is no finding; in request_object_signing_alg_values_supported it stays one, as does HS* for id_tokens. An
 * issuer on 127.0.0.1 serving the metadata each case sets.
 */
let server: Server;
let issuer = '';
let algs: Record<string, unknown> = {};
beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', issuer).pathname;
    res.setHeader('content-type', 'application/json');
    if (path === '/jwks') return res.end(JSON.stringify({ keys: [] }));
    if (!path.startsWith('/.well-known/')) return res.writeHead(404).end('{}');
    res.end(
      JSON.stringify({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        code_challenge_methods_supported: ['S256'],
        ...algs,
      })
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function weakAlg(metadata: Record<string, unknown>) {
  algs = metadata;
  const r = await runCli(['audit', issuer, '--only', 'metadata-weak-alg', '--json']);
  const findings = JSON.parse(r.out).findings as { id: string; status: string; evidence: string[] }[];
  expect(findings.map((f) => f.id)).toEqual(['metadata-weak-alg']);
  return { code: r.code, ...findings[0]! };
}

describe('audit metadata-weak-alg: none for id_tokens is allowed (OIDC Discovery §3)', () => {
  it('none beside RS256 in id_token_signing_alg_values_supported is not the finding, and the evidence says why', async () => {
    const r = await weakAlg({
      id_token_signing_alg_values_supported: ['RS256', 'none'],
      request_object_signing_alg_values_supported: ['RS256'],
    });
    expect(r.status).toBe('not-found');
    expect(r.code).toBe(0);
    expect(r.evidence[0]).toContain('none in id_token_signing_alg_values_supported is allowed (OIDC Discovery §3)');
  });

  it('none in request_object_signing_alg_values_supported is still found', async () => {
    const r = await weakAlg({
      id_token_signing_alg_values_supported: ['RS256', 'none'],
      request_object_signing_alg_values_supported: ['RS256', 'none'],
    });
    expect(r.status).toBe('found');
    expect(r.evidence[0]).toContain('request_object_signing_alg_values_supported lists none');
    expect(r.evidence[0]).not.toContain('id_token_signing_alg_values_supported lists');
  });

  it('HS256 for id_tokens is still found', async () => {
    const r = await weakAlg({ id_token_signing_alg_values_supported: ['RS256', 'HS256', 'none'] });
    expect(r.status).toBe('found');
    expect(r.evidence[0]).toContain('id_token_signing_alg_values_supported lists HS256');
    expect(r.evidence[0]).not.toContain('lists HS256, none');
  });
});
