import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockProvider } from '../../../../mock-provider';
import { auditMock, setSwitches } from './audit-mock';
import { runCli } from './run-cli';

// The read-only audit reads protected resource metadata (RFC 9728) where the issuer's metadata lists the resource
// (protected_resources, §4) or --resource gives it (its 401 challenge's resource_metadata, §5.1), counted against
// --max-requests, and reports what is wrong in it on metadata-issuer-mismatch and metadata-http-endpoint.
type Finding = { id: string; status: string; evidence: string[] };

let mock: MockProvider;
beforeAll(async () => {
  mock = await auditMock();
});
afterAll(() => mock.stop());

const ONLY = ['--only', 'metadata-issuer-mismatch', '--only', 'metadata-http-endpoint'];
async function audit(issuer: string, args: string[]) {
  const r = await runCli(['audit', issuer, '--json', ...ONLY, ...args]);
  const j = r.out ? JSON.parse(r.out) : null;
  return { code: r.code, err: r.err, findings: (j?.findings ?? []) as Finding[], probes: j?.probes as number };
}
const byId = (findings: Finding[], id: string) => findings.find((f) => f.id === id)!;

/** An issuer whose RFC 8414 metadata lists a protected resource, and that resource's metadata, as given. */
async function issuerListing(resourceDoc: (base: string) => object) {
  let base = '';
  const hits: string[] = [];
  const server: Server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const body =
      req.url === '/.well-known/oauth-authorization-server'
        ? {
            issuer: base,
            authorization_endpoint: `${base}/authorize`,
            token_endpoint: `${base}/token`,
            protected_resources: [`${base}/api`],
          }
        : req.url === '/.well-known/oauth-protected-resource/api'
          ? resourceDoc(base)
          : null;
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not_found' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { base, hits, close: () => new Promise<void>((r) => server.close(() => r())) };
}

describe('audit: protected resource metadata', () => {
  it('--resource: the 401 challenge links the metadata, read and judged (nothing wrong), each GET counted', async () => {
    setSwitches(mock);
    const plain = await audit(mock.baseUrl, []);
    const r = await audit(mock.baseUrl, ['--resource', `${mock.baseUrl}/mcp`]);
    expect(r.code).toBe(0);
    expect(r.probes).toBe(plain.probes + 2); // GET /mcp (401), then its metadata
    const url = `${mock.baseUrl}/.well-known/oauth-protected-resource/mcp`;
    expect(byId(r.findings, 'metadata-issuer-mismatch')).toMatchObject({ status: 'not-found' });
    expect(byId(r.findings, 'metadata-issuer-mismatch').evidence).toContain(
      `${url} (protected resource metadata, RFC 9728): resource "${mock.baseUrl}/mcp" is ${mock.baseUrl}/mcp, the resource it was read for (RFC 9728 §3.3)`
    );
    expect(byId(r.findings, 'metadata-http-endpoint').evidence).toContain(
      `${url} (protected resource metadata, RFC 9728): resource, authorization_servers and jwks_uri are https (or http on loopback)`
    );
  });

  it('metadata naming another resource: metadata-issuer-mismatch found (RFC 9728 §3.3), exit 1', async () => {
    setSwitches(mock, { mcpFault: 'wrong-resource' });
    try {
      const r = await audit(mock.baseUrl, ['--resource', `${mock.baseUrl}/mcp`]);
      expect(r.code).toBe(1);
      const f = byId(r.findings, 'metadata-issuer-mismatch');
      expect(f.status).toBe('found');
      expect(f.evidence.join('\n')).toContain(
        `resource "https://elsewhere.example/mcp" is not ${mock.baseUrl}/mcp, the resource it was read for`
      );
    } finally {
      setSwitches(mock);
    }
  });

  it('the budget holds: past --max-requests the metadata is not read, saying so', async () => {
    setSwitches(mock);
    const plain = await audit(mock.baseUrl, []);
    const r = await audit(mock.baseUrl, [
      '--resource',
      `${mock.baseUrl}/mcp`,
      '--max-requests',
      String(plain.probes + 1),
    ]);
    expect(r.probes).toBe(plain.probes + 1);
    expect(byId(r.findings, 'metadata-http-endpoint').evidence.join('\n')).toContain(
      `--max-requests ${plain.probes + 1} reached`
    );
  });

  it("listed in the issuer's protected_resources: an http authorization server there is metadata-http-endpoint", async () => {
    const issuer = await issuerListing((base) => ({
      resource: `${base}/api`,
      authorization_servers: ['http://as.example'],
    }));
    try {
      const r = await audit(issuer.base, []);
      expect(issuer.hits).toContain('/.well-known/oauth-protected-resource/api');
      const f = byId(r.findings, 'metadata-http-endpoint');
      expect(f.status).toBe('found');
      expect(f.evidence).toContain(
        `${issuer.base}/.well-known/oauth-protected-resource/api (protected resource metadata, RFC 9728): plain http on a non-loopback host: authorization_servers[0] "http://as.example"`
      );
      expect(r.code).toBe(1);
    } finally {
      await issuer.close();
    }
  });

  it('--resource takes an http(s) URL: anything else exits 2 saying what is expected', async () => {
    const r = await audit(mock.baseUrl, ['--resource', 'mcp']);
    expect(r.code).toBe(2);
    expect(r.err).toContain(`--resource "mcp" is not a URL; expected a protected resource's http(s) URL`);
  });
});
