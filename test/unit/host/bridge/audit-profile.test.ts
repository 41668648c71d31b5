import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { createAppServices, type AppServices } from '../../../../host/bridge/app-services';
import { createAppStore } from '../../../../host/store';
import type { AuditStatus } from '../../../../shared/bridge/schemas/audit';
import { dispatch } from '../../../../shared/bridge/dispatch';

/**
 * An audit from the app as its profile says: active through the built-in mock profile's own client, its
 * redirect URI the catcher's, the mock's login form as its built-in user; a profile whose client cannot be used
 * refused saying why; an issuer that never answers given up at the profile's time limit.
 */
let dir: string;
let services: AppServices;
let silent: Server | null = null;
const held: Socket[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'oauth-lab-audit-active-'));
  services = createAppServices({
    host: 'web',
    version: 'test',
    store: createAppStore({ cwd: dir }),
    shell: { openInSystemBrowser: async () => true },
  });
});
afterEach(async () => {
  await services.close();
  held.splice(0).forEach((s) => s.destroy());
  await new Promise((r) => (silent ? silent.close(r) : r(null)));
  silent = null;
  rmSync(dir, { recursive: true, force: true });
});

const call = async <T>(method: string, input?: unknown): Promise<T> => {
  const r = await dispatch(services.handlers, method, input);
  if (!r.ok) throw new Error(`${method}: ${r.error.code}: ${r.error.message}`);
  return r.value as T;
};

it('probes the mock through its profile: the lax switch code-reuse-accepted found, the probes decided', async () => {
  await call('mockStart', { port: 0 });
  await call('mockUpdateSettings', { switches: { lax: ['code-reuse-accepted'] } });
  await call('auditStart', { profileId: 'mock', active: true });
  await expect
    .poll(async () => (await call<AuditStatus>('auditStatus')).state, { timeout: 30_000 })
    .not.toBe('running');
  const status = await call<AuditStatus>('auditStatus');
  expect(status.state).toBe('done');
  const byId = new Map(status.findings.map((f) => [f.id, f]));
  expect(byId.get('code-reuse-accepted')?.status).toBe('found');
  expect(byId.get('pkce-verifier-not-checked')?.status).toBe('not-found');
  expect(byId.get('state-not-echoed')?.status).toBe('not-found');
  expect(status.requests).toBeLessThanOrEqual(60);
});

it('refuses active probes with a profile with no client id, no known redirect URI, or signed assertions', async () => {
  await call('mockStart', { port: 0 });
  const [mock] = await call<Record<string, unknown>[]>('profilesList');
  const oauth2 = mock!.oauth2 as Record<string, unknown>;
  const save = (id: string, patch: Record<string, unknown>, top: Record<string, unknown> = {}) =>
    call('profileSave', {
      profile: { ...mock, ...top, id, name: id, builtIn: false, followsMock: true, oauth2: { ...oauth2, ...patch } },
    });
  await save('no-client', { clientId: '' });
  await expect(call('auditStart', { profileId: 'no-client', active: true })).rejects.toThrow(
    'invalid_input: Active probes need a client you own: the profile "no-client" has no client id.'
  );
  await save('jwt-client', { clientAuthentication: 'client_secret_jwt' });
  await expect(call('auditStart', { profileId: 'jwt-client', active: true })).rejects.toThrow(
    'the profile "jwt-client" uses client_secret_jwt. Choose basic or body, or audit read only.'
  );
  await save('free-port', {}, { callbackPort: 0, redirectUri: '' });
  await expect(call('auditStart', { profileId: 'free-port', active: true })).rejects.toThrow(
    'catches callbacks on any free port, so it has none. Set its redirect URI or a fixed callback port.'
  );
});

it('gives up on an issuer that never answers at the profile’s time limit, the audit failed saying so', async () => {
  silent = createServer((socket) => held.push(socket));
  await new Promise<void>((r) => silent!.listen(0, '127.0.0.1', () => r()));
  const baseUrl = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
  const [mock] = await call<Record<string, unknown>[]>('profilesList');
  await call('profileSave', {
    profile: { ...mock, id: 'slow', name: 'slow', builtIn: false, baseUrl, timeoutMs: 1000 },
  });
  await call('auditStart', { profileId: 'slow' });
  await expect
    .poll(async () => (await call<AuditStatus>('auditStatus')).state, { timeout: 10_000 })
    .not.toBe('running');
  const status = await call<AuditStatus>('auditStatus');
  expect(status.state).toBe('failed');
  expect(status.error).toMatch(/1000 ms|1 s/);
});
