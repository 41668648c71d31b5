import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import type { TLSSocket } from 'node:tls';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../../../host/bridge/app-services';
import { createAppStore } from '../../../../host/store';
import { json, send, type Res } from '../../mock-provider/helpers';

/**
 * The app's own mock (as the Electron and web hosts compose it, no provider passed in) opens its mutual-TLS port
 * with the CA kept in the store directory (RFC 8705), and a client certificate issued through the bridge is
 * accepted there for a tls_client_auth client registered by DCR, its token bound to the certificate (§3.1).
 */
let dir: string;
let services: AppServices;
const startApp = () =>
  createAppServices({
    host: 'web',
    version: '0.0.0-test',
    store: createAppStore({ cwd: dir }),
    mockCaDir: dir,
    shell: { openInSystemBrowser: async () => true },
  });

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'oauth-lab-app-mtls-'));
  services = startApp();
});
afterAll(async () => {
  await services.close();
  rmSync(dir, { recursive: true, force: true });
});

interface TlsClient {
  readonly ca: string;
  readonly cert?: string;
  readonly key?: string;
}

/** One HTTPS exchange, and the SHA-256 fingerprint of the server certificate the client was shown. */
function sendTls(url: string, client: TlsClient, form?: Record<string, string>): Promise<Res & { server: string }> {
  const target = new URL(url);
  const body = form ? new URLSearchParams(form).toString() : undefined;
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: body === undefined ? 'GET' : 'POST',
        ...client,
        agent: false,
        headers: body === undefined ? {} : { 'content-type': 'application/x-www-form-urlencoded' },
      },
      (res) => {
        const server = (res.socket as TLSSocket).getPeerCertificate().fingerprint256;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            server,
          })
        );
      }
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe("the app's mock over mutual TLS", () => {
  it('opens its TLS port beside the HTTP one, the CA in the store directory, the server certificate kept across starts', async () => {
    const status = await services.handlers.mockStart({ port: 0 });
    expect(status.mtlsBaseUrl).toMatch(/^https:\/\/127\.0\.0\.1:[0-9]+$/);
    const ca = await services.handlers.mockCa(undefined);
    expect(ca.certificatePath).toBe(join(dir, 'mock-ca', 'ca.pem'));
    const first = await sendTls(`${status.mtlsBaseUrl}/.well-known/oauth-authorization-server`, {
      ca: ca.certificatePem,
    });
    expect(first.status).toBe(200);
    // Another start of the app on the same store: the same CA and the same server certificate, not a new key.
    const again = startApp();
    try {
      const other = await again.handlers.mockStart({ port: 0 });
      const second = await sendTls(`${other.mtlsBaseUrl}/.well-known/oauth-authorization-server`, {
        ca: ca.certificatePem,
      });
      expect(second.status).toBe(200);
      expect(second.server).toBe(first.server);
    } finally {
      await again.close();
    }
  });

  it('accepts a certificate issued through the bridge for a tls_client_auth client, binding its token (RFC 8705 §3.1)', async () => {
    const { baseUrl } = await services.handlers.mockStart({ port: 0 });
    const discovery = json((await send(baseUrl!, { path: '/.well-known/oauth-authorization-server' })).body) as {
      registration_endpoint: string;
      mtls_endpoint_aliases: { token_endpoint: string; introspection_endpoint: string };
    };
    const issued = await services.handlers.mockIssueClientCertificate({ name: 'ci-service' });
    const registered = await send(baseUrl!, {
      method: 'POST',
      path: new URL(discovery.registration_endpoint).pathname,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        grant_types: ['client_credentials'],
        token_endpoint_auth_method: 'tls_client_auth',
        tls_client_auth_subject_dn: issued.subjectDn,
      }),
    });
    expect(registered.status, registered.body).toBe(201);
    const clientId = String(json(registered.body).client_id);
    const client = {
      ca: (await services.handlers.mockCa(undefined)).certificatePem,
      cert: readFileSync(issued.certificatePath, 'utf8'),
      key: readFileSync(issued.keyPath, 'utf8'),
    };
    const token = await sendTls(discovery.mtls_endpoint_aliases.token_endpoint, client, {
      grant_type: 'client_credentials',
      client_id: clientId,
    });
    expect(token.status, token.body).toBe(200);
    const introspected = await sendTls(discovery.mtls_endpoint_aliases.introspection_endpoint, client, {
      token: String(json(token.body).access_token),
      client_id: clientId,
    });
    expect(json(introspected.body)).toMatchObject({ active: true, cnf: { 'x5t#S256': issued.thumbprint } });
  });

  it('runs without the TLS port, saying why, when the CA cannot be kept in the store directory', async () => {
    const notADirectory = join(dir, 'store.json');
    writeFileSync(notADirectory, '{}');
    const app = createAppServices({
      host: 'web',
      version: '0.0.0-test',
      store: createAppStore({ cwd: join(dir, 'other') }),
      mockCaDir: notADirectory,
      shell: { openInSystemBrowser: async () => true },
    });
    try {
      const { notices } = await app.handlers.appInfo(undefined);
      expect(notices).toContainEqual(
        expect.stringMatching(
          /^The mock's mutual-TLS port is off: its local CA in .*store\.json.mock-ca cannot be read or made \(/
        )
      );
      const status = await app.handlers.mockStart({ port: 0 });
      expect(status).toEqual({ running: true, baseUrl: expect.any(String) });
      expect(() => app.handlers.mockCa(undefined)).toThrow(/The mock has no mutual-TLS port: its local CA in/);
    } finally {
      await app.close();
    }
  });
});
