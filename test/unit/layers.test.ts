import { resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The layer rule and shared/'s ban on ambient effects live in eslint.config.js; `npm run lint` (part of `npm test`)
// holds the tree to them. These tests lint deliberate violations, and what each layer may import, as if they were
// files of that layer, with the project's own configuration reduced to those rules.
const root = resolve(import.meta.dirname, '../..');
const LAYER_RULES = new Set([
  'local/layer-imports',
  'no-restricted-globals',
  'no-restricted-properties',
  'no-restricted-syntax',
]);
const eslint = new ESLint({ cwd: root, ruleFilter: ({ ruleId }) => LAYER_RULES.has(ruleId) });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the layer rule', () => {
  it.each([
    [
      'shared/flows/probe.ts',
      "import { send } from '../../platform/node/transport/send';",
      'shared/ imports only shared/ and zod, @scure/base, diff',
    ],
    [
      'shared/probe.ts',
      "import { useStore } from '../renderer/state/store';",
      'shared/ imports only shared/ and zod, @scure/base, diff',
    ],
    [
      'shared/oauth1/probe.ts',
      "import { createHmac } from 'node:crypto';",
      'shared/ imports only shared/ and zod, @scure/base, diff',
    ],
    ['shared/probe.ts', "export { z } from 'jose';", 'shared/ imports only shared/ and zod, @scure/base, diff'],
    [
      'shared/probe.ts',
      "export const load = () => import('node:fs');",
      'shared/ imports only shared/ and zod, @scure/base, diff',
    ],
    [
      'shared/probe.ts',
      "export type Server = import('node:http').Server;",
      'shared/ imports only shared/ and zod, @scure/base, diff',
    ],
    ['renderer/features/probe.tsx', "import { runCli } from '../../host/cli/main';", 'renderer/ never imports host/'],
    [
      'renderer/features/probe.tsx',
      "import { startProvider } from '../../mock-provider';",
      'renderer/ never imports mock-provider/',
    ],
    [
      'renderer/features/probe.tsx',
      "import { x } from '../../electron/main/ipc';",
      'renderer/ never imports electron/',
    ],
    ['host/probe.ts', "import { App } from '../renderer/App';", 'host/ never imports renderer/'],
    [
      'host/audit/probe.ts',
      "import { Interrupted } from '../cli/interrupt';",
      'host/ outside host/cli/ never imports host/cli/',
    ],
    ['electron/main/probe.ts', "import { main } from '../../host/cli/main';", 'electron/ never imports host/cli/'],
    ['mock-provider/probe.ts', "import { App } from '../renderer/App';", 'mock-provider/ never imports renderer/'],
    ['electron/main/probe.ts', "import { App } from '../../renderer/App';", 'electron/ never imports renderer/'],
    ['platform/probe.ts', "import { send } from '../host/cli/main';", 'platform/ imports only'],
    ['platform/probe.ts', "import { send } from './node/transport';", 'platform/ imports only'],
    ['platform/node/probe.ts', "import { startCatcher } from '../../host/catcher';", 'platform/node/ imports only'],
    ['platform/node/probe.ts', "import { startProvider } from '../../mock-provider';", 'platform/node/ imports only'],
    [
      'mock-provider/probe.ts',
      "import { recordExchange } from '../host/store/history';",
      'mock-provider/ never imports host/',
    ],
    [
      'mock-provider/grants/probe.ts',
      "export type Store = import('../../host/store').Store;",
      'mock-provider/ never imports host/',
    ],
    [
      'renderer/features/probe.tsx',
      "import { startHttpServer } from '../../platform/node/http-server';",
      'renderer/ never imports platform/node/',
    ],
    ['platform/probe.ts', "import { useStore } from '../renderer/state/store';", 'platform/ imports only'],
    ['platform/probe.ts', "import { createHmac } from 'node:crypto';", 'platform/ imports only'],
    [
      'shared/probe.ts',
      "import { joseAdapter } from '../platform/jose';",
      'shared/ imports only shared/ and zod, @scure/base, diff',
    ],
    ['electron/preload/probe.ts', "import { z } from 'zod';", 'the preload imports only electron'],
    [
      'electron/preload/probe.ts',
      "import { METHODS } from '../../shared/bridge/contract';",
      'the preload imports only electron',
    ],
    [
      'electron/preload/probe.ts',
      "import { send } from '../../platform/node/transport/send';",
      'the preload imports only electron',
    ],
  ])('%s: %s is refused', async (file, code, why) => {
    const found = await problems(file, code);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain('local/layer-imports: ');
    expect(found[0]).toContain(why);
  });

  it.each([
    [
      'shared/flows/probe.ts',
      "import { z } from 'zod';\nimport { SEED } from '../seed';\nexport { formEncode } from '../url-encoded';",
    ],
    ['renderer/features/probe.tsx', "import { SEED } from '../../shared/seed';\nimport { useState } from 'react';"],
    ['platform/probe.ts', "import { jwtVerify } from 'jose';\nimport type { JosePort } from '../shared/ports';"],
    ['renderer/platform/probe.ts', "import { joseAdapter } from '../../platform/jose';"],
    ['host/oidc/probe.ts', "import { joseAdapter } from '../../platform/jose';"],
    ['host/probe.ts', "import { SEED } from '../shared/seed';\nimport { createHmac } from 'node:crypto';"],
    [
      'mock-provider/probe.ts',
      "import { BoundedTable } from '../shared/bounded-table';\nimport { send } from '../platform/node/transport';",
    ],
    [
      'platform/node/probe.ts',
      "import { createServer } from 'node:http';\nimport type { JwsVerification } from '../../shared/ports';\nimport { joseAdapter } from '../jose';",
    ],
    ['host/probe.ts', "import { startHttpServer } from '../platform/node/http-server';"],
    [
      'host/cli/commands/probe.ts',
      "import { interruptible } from '../interrupt';\nimport { Interrupted } from '../../interrupted';",
    ],
    ['electron/main/probe.ts', "import { createAppServices } from '../../host/bridge/app-services';"],
    [
      'electron/preload/probe.ts',
      "import { contextBridge } from 'electron';\nimport { CHANNELS } from '../../shared/bridge/channels';\nimport type { Api } from '../../shared/bridge/api';\nimport { expose } from './api';",
    ],
    [
      'test/probe.ts',
      "import { send } from '../platform/node/transport/send';\nimport { App } from '../renderer/App';",
    ],
  ])('%s may import what its layer allows', async (file, code) => {
    expect(await problems(file, code)).toEqual([]);
  });
});

describe("shared/'s ban on ambient effects", () => {
  it.each([
    ['export const t = Date.now();', 'no-restricted-properties', 'ClockPort'],
    ['export const t = new Date();', 'no-restricted-syntax', 'ClockPort'],
    ['export const t = Date();', 'no-restricted-syntax', 'ClockPort'],
    ['export const r = Math.random();', 'no-restricted-properties', 'RandomPort'],
    ['export const id = crypto.randomUUID();', 'no-restricted-globals', 'shared/ports.ts'],
    ['export const k = crypto.subtle;', 'no-restricted-globals', 'shared/ports.ts'],
    ['export const k = globalThis.crypto;', 'no-restricted-properties', 'shared/ports.ts'],
    ["export const p = fetch('http://127.0.0.1/');", 'no-restricted-globals', 'shared/ports.ts'],
    ['export const env = process.env.HOME;', 'no-restricted-globals', 'shared/ports.ts'],
    ['export const t = performance.now();', 'no-restricted-globals', 'shared/ports.ts'],
  ])('%s is refused', async (code, rule, hint) => {
    const found = await problems('shared/oauth1/probe.ts', code);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(new RegExp(`^${rule}: .*shared/ is pure: take it from shared/ports\\.ts`));
    expect(found[0]).toContain(hint);
  });

  it('allows a Date built from a value, a parameter named crypto, and the same calls outside shared/', async () => {
    expect(
      await problems(
        'shared/probe.ts',
        'export const at = (ms: number) => new Date(ms).toISOString();\nexport const sign = (crypto: { hmac(): string }) => crypto.hmac();'
      )
    ).toEqual([]);
    expect(
      await problems(
        'host/probe.ts',
        'export const t = Date.now() + Math.random();\nexport const id = crypto.randomUUID();'
      )
    ).toEqual([]);
  });
});
