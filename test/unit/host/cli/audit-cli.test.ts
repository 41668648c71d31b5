import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINDINGS } from '../../../../shared/audit/findings';
import { MockProvider, updateMockSettings } from '../../../../mock-provider';
import { validateDraft4 } from '../../../support/json-schema-draft4';
import { scratchDir } from '../../../support/scratch-dir';
import { runCli } from './run-cli';

// `oauth-lab audit` over real sockets: its JSON shape, exit codes, request budget and hosts, report and SARIF.
const schema = JSON.parse(readFileSync(join(__dirname, '../../../vectors/sarif/sarif-schema-2.1.0.json'), 'utf8'));

/** A hand-made issuer: its metadata and JWKS as given, and every request it received. */
async function staticIssuer(doc: (base: string) => object, jwks: object = { keys: [] }) {
  const hits: string[] = [];
  let base = '';
  const server: Server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const body = req.url === '/.well-known/openid-configuration' ? doc(base) : req.url === '/jwks' ? jwks : null;
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not_found' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return { base, hits, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const cleanDoc = (base: string) => ({
  issuer: base,
  authorization_endpoint: `${base}/authorize`,
  token_endpoint: `${base}/token`,
  jwks_uri: `${base}/jwks`,
  response_types_supported: ['code'],
  subject_types_supported: ['public'],
  id_token_signing_alg_values_supported: ['RS256'],
  code_challenge_methods_supported: ['S256'],
  grant_types_supported: ['authorization_code', 'refresh_token'],
  authorization_response_iss_parameter_supported: true,
});

let mock: MockProvider;
beforeAll(async () => {
  mock = new MockProvider();
  await mock.start({ port: 0 });
});
afterAll(() => mock.stop());

describe('oauth-lab audit', () => {
  it('--json prints issuer, findings (id, severity, status, section, evidence, explain) and probes', async () => {
    const r = await runCli(['audit', mock.baseUrl, '--json']);
    const j = JSON.parse(r.out);
    expect(Object.keys(j)).toEqual(['issuer', 'findings', 'probes']);
    expect(j.issuer).toBe(mock.baseUrl);
    expect(j.findings.map((f: { id: string }) => f.id)).toEqual(FINDINGS.map((f) => f.id));
    for (const f of j.findings) {
      expect(Object.keys(f)).toEqual(['id', 'severity', 'status', 'section', 'evidence', 'explain']);
      expect(['found', 'not-found', 'skipped']).toContain(f.status);
    }
    const reuse = j.findings.find((f: { id: string }) => f.id === 'code-reuse-accepted');
    expect(reuse).toMatchObject({ status: 'skipped', severity: 'high', explain: 'code_reused' });
    expect(j.probes).toBe(2); // the OpenID Connect metadata and the JWKS
  });

  it('exit 0 for a clean issuer, 1 when a high or medium finding is found, 2 when the issuer cannot be read', async () => {
    const clean = await staticIssuer(cleanDoc);
    const weak = await staticIssuer((b) => ({
      ...cleanDoc(b),
      id_token_signing_alg_values_supported: ['RS256', 'HS256'],
    }));
    try {
      const ok = await runCli(['audit', clean.base, '--json']);
      expect(ok.code).toBe(0);
      expect(JSON.parse(ok.out).findings.filter((f: { status: string }) => f.status === 'found')).toEqual([]);
      const bad = await runCli(['audit', weak.base]);
      expect(bad.code).toBe(1);
      expect(bad.out).toMatch(/found {6}medium {2}metadata-weak-alg/);
      expect(bad.out).toContain('id_token_signing_alg_values_supported lists HS256');
      expect(bad.out).toContain(
        `           reproduce: curl --globoff --request GET ${weak.base}/.well-known/openid-configuration\n`
      );
      const none = await runCli(['audit', `${clean.base}/nowhere`, '--json']);
      expect(none.code).toBe(2);
      expect(none.err).toContain('the issuer cannot be read');
      expect(none.err).toContain('/nowhere/.well-known/openid-configuration');
    } finally {
      await clean.close();
      await weak.close();
    }
  });

  it('sends nothing to another host (a jwks_uri elsewhere is skipped) and at most --max-requests', async () => {
    const elsewhere = await staticIssuer(cleanDoc);
    const issuer = await staticIssuer((b) => ({
      ...cleanDoc(b),
      jwks_uri: `${elsewhere.base.replace('127.0.0.1', 'localhost')}/jwks`,
    }));
    try {
      const r = JSON.parse((await runCli(['audit', issuer.base, '--json'])).out);
      expect(elsewhere.hits).toEqual([]);
      const jwks = r.findings.find((f: { id: string }) => f.id === 'metadata-jwks-private-key');
      expect(jwks.status).toBe('skipped');
      expect(jwks.evidence[0]).toContain("is not the issuer's host (127.0.0.1)");
      const one = JSON.parse((await runCli(['audit', elsewhere.base, '--json', '--max-requests', '1'])).out);
      expect(one.probes).toBe(1);
      expect(one.findings.find((f: { id: string }) => f.id === 'metadata-jwks-private-key').evidence[0]).toContain(
        '--max-requests 1 reached'
      );
    } finally {
      await elsewhere.close();
      await issuer.close();
    }
  });

  it('--report writes a page with the findings and the requests; --sarif a SARIF 2.1.0 log the schema accepts', async () => {
    const dir = scratchDir('audit-');
    const page = join(dir, 'audit.html');
    const sarif = join(dir, 'audit.sarif');
    // Two read-only flaws switched on (the default mock has none): metadata-weak-alg and metadata-plain-pkce-advertised.
    updateMockSettings(mock.context, { switches: { requestObjectAlgs: 'all', allowPlainPkce: true } });
    const r = await runCli(['audit', mock.baseUrl, '--report', page, '--sarif', sarif]).finally(() =>
      updateMockSettings(mock.context, { switches: { requestObjectAlgs: 'asymmetric', allowPlainPkce: false } })
    );
    expect(r.code).toBe(1);
    const html = readFileSync(page, 'utf8');
    expect(html).toContain('<h2>metadata-weak-alg <span class="fail">found</span></h2>');
    expect(html).toContain('GET /.well-known/openid-configuration');
    // Found first, the most severe first: the medium metadata-weak-alg before the low metadata-plain-pkce-advertised.
    expect(html.indexOf('<h2>metadata-weak-alg')).toBeLessThan(html.indexOf('<h2>metadata-plain-pkce-advertised'));
    expect(html.indexOf('<h2>metadata-plain-pkce-advertised')).toBeLessThan(html.indexOf('not-found</span>'));
    const log = JSON.parse(readFileSync(sarif, 'utf8'));
    expect(validateDraft4(schema, log)).toEqual([]);
    expect(log.runs[0].results.find((x: { ruleId: string }) => x.ruleId === 'metadata-weak-alg').kind).toBe('fail');
  });

  it('server text reaches the report escaped and the terminal with control characters escaped', async () => {
    const evil = await staticIssuer((b) => ({ ...cleanDoc(b), issuer: '<script>alert(1)</script>\u001b[31m' }));
    const dir = scratchDir('audit-evil-');
    const page = join(dir, 'audit.html');
    try {
      const r = await runCli(['audit', evil.base, '--report', page]);
      expect(r.code).toBe(1);
      expect(r.out).toContain('issuer is "<script>alert(1)</script>\\u001b[31m"');
      expect(r.out).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
      const html = readFileSync(page, 'utf8');
      expect(html).not.toContain('<script>alert');
      expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    } finally {
      await evil.close();
    }
  });

  it('Ctrl-C cancels the request in flight and ends the audit with exit 130, naming the request', async () => {
    let arrived!: () => void;
    const hung = new Promise<void>((r) => (arrived = r));
    let base = '';
    const server = createServer((req, res) => {
      if (req.url === '/jwks') return arrived(); // never answered
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(cleanDoc(base)));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    try {
      const child = spawn(process.execPath, ['bin/oauth-lab.mjs', 'audit', base, '--json'], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let err = '';
      let out = '';
      child.stderr.on('data', (d) => (err += d));
      child.stdout.on('data', (d) => (out += d));
      void hung.then(() => child.kill('SIGINT'));
      const code = await new Promise<number | null>((r) => child.on('close', r));
      expect(code).toBe(130);
      expect(err).toContain(`oauth-lab audit: Ctrl-C: cancelled GET ${base}/jwks before its answer came.`);
      expect(out).toBe('');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });

  it('--help says where it sends and how many; bad flags exit 2 naming what is expected', async () => {
    const help = await runCli(['audit', '--help']);
    expect(help.out).toContain("only to the issuer's host");
    expect(help.out).toContain('at most --max-requests requests in all (default 60)');
    const only = await runCli(['audit', mock.baseUrl, '--only', 'nope']);
    expect(only.code).toBe(2);
    expect(only.err).toContain('--only "nope" is not a finding id');
    const active = await runCli(['audit', mock.baseUrl, '--active']);
    expect(active.code).toBe(2);
    expect(active.err).toContain('--active needs a client you own');
    const auth = await runCli(['audit', mock.baseUrl, '--active', '--register', '--client-auth', 'client_secret_jwt']);
    expect(auth.code).toBe(2);
    expect(auth.err).toContain('--client-auth takes basic (HTTP Basic, the default) or body');
    expect((await runCli(['audit', mock.baseUrl, '--max-requests', '0'])).err).toContain(
      '--max-requests takes a whole number'
    );
  });
});
