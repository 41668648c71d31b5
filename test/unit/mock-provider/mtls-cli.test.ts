import { spawn, spawnSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** `oauth-lab mock` and mutual TLS (RFC 8705 (https://www.rfc-editor.org/rfc/rfc8705)): the local CA kept in the store, --issue-client-cert, the HTTPS port printed at start. */
const CLI = join(__dirname, '../../../bin/oauth-lab.mjs');
const store = mkdtempSync(join(tmpdir(), 'oauth-lab-mock-ca-'));
afterAll(() => rmSync(store, { recursive: true, force: true }));

const issue = (name: string) =>
  spawnSync(process.execPath, [CLI, 'mock', '--store-dir', store, '--issue-client-cert', name], { encoding: 'utf8' });

/** `oauth-lab mock` until its stderr names the mutual-TLS port; then the two addresses and a stop function. */
function startMock(): Promise<{ base: string; mtls: string; caPath: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [CLI, 'mock', '--port', '0', '--store-dir', store], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((r) => child.once('exit', r));
  let stdout = '';
  let stderr = '';
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => reject(new Error(`oauth-lab mock exited with ${code}: ${stderr}`)));
    const check = () => {
      const m = /mutual TLS \(RFC 8705\) at (https:\/\/127\.0\.0\.1:\d+); local CA certificate (\S+)\n/.exec(stderr);
      if (m && stdout.includes('\n'))
        resolve({
          base: stdout.trim(),
          mtls: m[1]!,
          caPath: m[2]!,
          stop: async () => void (child.kill('SIGTERM'), await exited),
        });
    };
    child.stdout.on('data', (c: Buffer) => ((stdout += c.toString()), check()));
    child.stderr.on('data', (c: Buffer) => ((stderr += c.toString()), check()));
  });
}

describe('oauth-lab mock with mutual TLS', () => {
  it('--issue-client-cert writes a certificate from the local CA and its key, and prints paths, subject DN and x5t#S256', () => {
    const r = issue('ci-runner');
    expect(r.status, r.stderr).toBe(0);
    const lines = Object.fromEntries(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)])
    );
    expect(lines['tls_client_auth_subject_dn']).toBe('CN=ci-runner,O=OAuth Lab mock');
    const cert = new X509Certificate(readFileSync(lines.certificate!, 'utf8'));
    const ca = new X509Certificate(readFileSync(join(store, 'mock-ca', 'ca.pem'), 'utf8'));
    expect(cert.checkIssued(ca)).toBe(true);
    expect(readFileSync(lines.key!, 'utf8')).toContain('PRIVATE KEY');
    expect(lines['x5t#S256']).toBe(Buffer.from(cert.fingerprint256.replace(/:/g, ''), 'hex').toString('base64url'));
  });

  it('a bad name is refused with what is expected', () => {
    const r = issue('../etc/passwd');
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('must be 1 to 64 letters, digits');
  });

  it('prints the HTTPS port at start; its certificate is issued by the same kept CA', async () => {
    const mock = await startMock();
    try {
      expect(mock.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(mock.caPath).toBe(join(store, 'mock-ca', 'ca.pem'));
      const url = new URL(mock.mtls);
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: '/.well-known/openid-configuration',
            ca: readFileSync(mock.caPath),
            agent: false,
          },
          (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          }
        );
        req.on('error', reject);
        req.end();
      });
      expect(status).toBe(200);
    } finally {
      await mock.stop();
    }
  });
});
