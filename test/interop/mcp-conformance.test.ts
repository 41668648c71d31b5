import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { conformanceSuite } from '../support/mcp-conformance-suite';

// The official MCP conformance suite's client authorization scenarios, with `oauth-lab mcp` as the client under
// test (test/support/mcp-conformance-client.mjs plays the browser). The suite runs on Node 22 only and is no
// dependency of the project: it is installed at run time (mcp-conformance-suite.ts), while `oauth-lab mcp` runs on
// the Node the tests run on. Each suite runs its scenarios in parallel, and the three suites run at once.
const CLIENT = `${process.execPath} test/support/mcp-conformance-client.mjs`;
const conformance = await conformanceSuite();
if ('missing' in conformance) {
  // As for the system runtimes (test/support/global-setup.ts): CI runs it, elsewhere it is skipped, saying why.
  if (process.env.CI === 'true') throw new Error(`CI=true and ${conformance.missing}.`);
  process.stderr.write(`\nSkipped the MCP conformance suite: ${conformance.missing}.\n`);
}

function runSuite(suite: string): Promise<{ code: number; stdout: string }> {
  if ('missing' in conformance) throw new Error(conformance.missing);
  return new Promise((resolve) => {
    const child = execFile(
      conformance.node,
      [conformance.suite, 'client', '--command', CLIENT, '--suite', suite, '--timeout', '60000'],
      { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout) => resolve({ code: error ? ((error.code as number | undefined) ?? 1) : 0, stdout })
    );
    child.stdin?.end();
  });
}

/** The suite's summary lines: `✓ auth/name: N passed, 0 failed`, one per scenario. */
const passed = (stdout: string) => [...stdout.matchAll(/^✓ (auth\/\S+): \d+ passed, 0 failed$/gm)].map((m) => m[1]);

const title = 'MCP conformance: client authorization scenarios against oauth-lab mcp';
describe.skipIf('missing' in conformance)(
  'missing' in conformance ? `${title} (skipped: ${conformance.missing})` : title,
  () => {
    it('every auth scenario of 2025-11-25, the 2025-03-26 back-compatibility ones and the draft ones pass', async () => {
      const [auth, backcompat, draft] = await Promise.all(['auth', 'backcompat', 'draft'].map(runSuite));
      expect(passed(auth!.stdout)).toEqual([
        'auth/metadata-default',
        'auth/metadata-var1',
        'auth/metadata-var2',
        'auth/metadata-var3',
        'auth/basic-cimd',
        'auth/scope-from-www-authenticate',
        'auth/scope-from-scopes-supported',
        'auth/scope-omitted-when-undefined',
        'auth/scope-step-up',
        'auth/scope-retry-limit',
        'auth/token-endpoint-auth-basic',
        'auth/token-endpoint-auth-post',
        'auth/token-endpoint-auth-none',
        'auth/pre-registration',
      ]);
      expect(passed(backcompat!.stdout)).toEqual([
        'auth/2025-03-26-oauth-metadata-backcompat',
        'auth/2025-03-26-oauth-endpoint-fallback',
      ]);
      expect(passed(draft!.stdout)).toEqual([
        'auth/resource-mismatch',
        'auth/offline-access-scope',
        'auth/offline-access-not-supported',
      ]);
      expect([auth!.code, backcompat!.code, draft!.code]).toEqual([0, 0, 0]);
    }, 180_000);
  }
);
