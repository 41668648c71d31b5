import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { METHODS, type MethodName } from '../../../../shared/bridge/contract';
import type { BridgeResult } from '../../../../shared/bridge/result';
import { createAppServices, type AppServices } from '../../../../host/bridge/app-services';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../../../mock-provider';
import { loadMockTls } from '../../../../mock-provider/mtls/ca-store';
import { createAppStore, type AppStore } from '../../../../host/store';
import { ipcTransport, webTransport, type BridgeTransport } from './transports';

const { consumer } = DEFAULT_CREDENTIALS;

/** The contract's methods that sign or verify in the host, exercised by contract-host-signing.test.ts. */
export const HOST_SIGNING_METHODS: readonly MethodName[] = [
  'rsaVerify',
  'clientAssertion',
  'requestObjectSign',
  'dpopKey',
  'dpopSign',
];

/** The contract's methods that keep things and export them, exercised by contract-store.test.ts. */
export const STORE_METHODS: readonly MethodName[] = [
  'profilesList',
  'profileSave',
  'profileDelete',
  'profilesExport',
  'profilesImport',
  'tokensList',
  'tokenSave',
  'tokenDelete',
  'historyList',
  'historyBody',
  'historyAnnotate',
  'historyRedirect',
  'historyClear',
  'historyImport',
  'historyHar',
  'settingsGet',
  'settingsUpdate',
  'exportTargets',
  'exportRequest',
];

/**
 * The app's services behind one transport (Electron's IPC handler map, or the web host over real HTTP), started
 * before a suite's tests and closed after them, with what the host's shell was asked to do and every method that
 * answered: each answer is checked against the shape the contract promises.
 */
export function contractHarness(kind: 'IPC' | 'web host') {
  let dir: string;
  let services: AppServices;
  let store: AppStore;
  let bridge: BridgeTransport;
  const opened: string[] = [];
  /** What the app window was told it may reach beyond the mock: the catchers' redirect URIs, read when asked. */
  let appWindowRedirectUris: () => readonly string[] = () => [];
  const saved: { name: string; content: string }[] = [];
  const succeeded = new Set<string>();

  const call = async (method: MethodName, input?: unknown): Promise<BridgeResult<unknown>> => {
    const result = await bridge.call(method, input);
    if (result.ok) {
      // Every answer has the shape the contract promises.
      expect(METHODS[method].output.safeParse(result.value).success, `${method} output`).toBe(true);
      succeeded.add(method);
    }
    return result;
  };
  const value = async <T = Record<string, unknown>>(method: MethodName, input?: unknown): Promise<T> => {
    const r = await call(method, input);
    if (!r.ok) throw new Error(`${method} failed: ${r.error.code}: ${r.error.message}`);
    return r.value as T;
  };
  const eventually = async <T>(find: () => T | undefined): Promise<T> => {
    for (let i = 0; i < 200; i++) {
      const found = find();
      if (found !== undefined) return found;
      await new Promise((r) => setTimeout(r, 10));
    }
    throw new Error('The event did not arrive.');
  };
  const signed = async (input: Record<string, unknown>) => {
    const trace = await value<{
      request: { method: string; url: string; headers: [string, string][]; body?: string };
    }>('oauth1Trace', {
      consumerKey: consumer.key,
      consumerSecret: consumer.secret,
      signatureMethod: 'HMAC-SHA1',
      nonce: `n${Math.random().toString(36).slice(2)}`,
      timestamp: String(Math.floor(Date.now() / 1000)),
      ...input,
    });
    return value<{
      response: { status: number; bodyText: string; headers: [string, string][] };
      local: { address: string; port: number } | null;
    }>('httpSend', { request: trace.request });
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'oauth-lab-contract-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>OAuth Lab</title>');
    const storeDir = join(dir, 'store');
    const { ca, server } = loadMockTls(storeDir);
    services = createAppServices({
      host: kind === 'IPC' ? 'electron' : 'web',
      version: '0.0.0-test',
      store: (store = createAppStore({ cwd: storeDir })),
      provider: new MockProvider({ autoLoginUser: 'demo', tls: { ca, server } }),
      mockCaDir: storeDir,
      shell: {
        openInSystemBrowser: async (url) => (opened.push(url), true),
        openAppWindow: async (url, redirectUris) => {
          opened.push(`app:${url}`);
          appWindowRedirectUris = redirectUris;
        },
        saveFile: async (name, content) => (saved.push({ name, content }), join(dir, name)),
      },
      catcherIdleCloseMs: 200,
    });
    bridge = kind === 'IPC' ? ipcTransport(services) : await webTransport(services, dir);
  });
  afterAll(async () => {
    await bridge.close();
    await services.close();
    rmSync(dir, { recursive: true, force: true });
  });

  return {
    call,
    value,
    eventually,
    signed,
    opened,
    saved,
    succeeded,
    appWindowRedirectUris: () => appWindowRedirectUris(),
    get bridge() {
      return bridge;
    },
    get store() {
      return store;
    },
    get dir() {
      return dir;
    },
  };
}
