import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conformanceSuite, requirementSet } from '../support/mcp-conformance-suite';

// The official MCP conformance suite's client authorization scenarios, with `oauth-lab mcp` as the client under
// test (test/support/mcp-conformance-client.mjs plays the browser and passes the scenario's revision on as
// --protocol-version). The suite runs on Node 22 only and is no dependency of the project: it is installed at run
// time (mcp-conformance-suite.ts), while `oauth-lab mcp` runs on the Node the tests run on.
//
// The scenarios are those each revision's requirement file (the suite's requirements/REVISION.yaml, frozen at the
// revision's release) requires of a client's authorization (`auth/…`); each runs at its revision's wire (2025-11-25:
// initialize; 2026-07-28: stateless), so a scenario of both runs twice. Its other client scenarios test MCP
// features beyond authorization. Beside them, the suite's backcompat suite (2025-03-26's metadata fallback, which
// the client keeps at both revisions). And the six authorization extensions each file lists as not scored (reason
// `extension`: client credentials with private_key_jwt and with Basic, DPoP, DPoP with nonces, workload identity's
// JWT bearer, enterprise-managed authorization's ID-JAG), at both wires, through --grant, --client-auth and --dpop.
const CLIENT = `${process.execPath} test/support/mcp-conformance-client.mjs`;
const REVISIONS = ['2026-07-28', '2025-11-25'] as const;
/** Scenarios at a time: each is the suite's Node, the client's and the CLI's, on a machine of few cores. */
const PARALLEL = 6;
/**
 * The scenarios whose server does something a client must refuse: the client stops (exit 1) without listing the
 * tools, and the suite checks that it stopped before the harm (the code redeemed, the token sent).
 */
const REFUSALS = new Set([
  'auth/scope-retry-limit', // the server never accepts the wider scope: give up after 3 authorizations
  'auth/resource-mismatch', // the protected resource metadata names another resource (RFC 9728 §3.3)
  'auth/metadata-issuer-mismatch', // the metadata's issuer is not the authorization server's (RFC 8414 §3.3)
  'auth/iss-supported-missing', // iss advertised but absent from the redirect (RFC 9207 §2.4)
  'auth/iss-wrong-issuer', // iss of another server
  'auth/iss-unexpected', // iss not advertised, present, and wrong
  'auth/iss-normalized', // iss equal to the issuer only after URL normalization, which RFC 9207 §2.4 forbids
]);

/** The extensions the test expects each file to list (so a file that drops one is noticed). */
const EXTENSIONS = [
  'auth/client-credentials-basic',
  'auth/client-credentials-jwt',
  'auth/dpop',
  'auth/dpop-nonce',
  'auth/enterprise-managed-authorization',
  'auth/wif-jwt-bearer',
];

const conformance = await conformanceSuite();
if ('missing' in conformance) {
  // As for the system runtimes (test/support/global-setup.ts): CI runs it, elsewhere it is skipped, saying why.
  if (process.env.CI === 'true') throw new Error(`CI=true and ${conformance.missing}.`);
  process.stderr.write(`\nSkipped the MCP conformance suite: ${conformance.missing}.\n`);
}

interface Job {
  readonly revision: string;
  readonly scenario: string;
  /** An extension is on no revision's timeline: the suite runs it at a revision's wire only when forced. */
  readonly extension?: boolean;
}

/** A revision's authorization scenarios, from its requirement file: those it requires of a client. */
function authScenarios(revision: string): Job[] {
  if ('missing' in conformance) return [];
  return requirementSet(conformance.root, revision)
    .client.filter((s) => s.startsWith('auth/'))
    .map((scenario) => ({ revision, scenario }));
}

/** A revision's authorization extensions: run and reported by the suite, never required (not scored). */
function extensionScenarios(revision: string): Job[] {
  if ('missing' in conformance) return [];
  return requirementSet(conformance.root, revision)
    .notScored.filter((s) => s.leg === 'client' && s.reason === 'extension' && s.scenario.startsWith('auth/'))
    .map(({ scenario }) => ({ revision, scenario, extension: true }));
}

/** What a scenario's run came to: the suite's verdict, the client's exit code, the tools it listed. */
async function runScenario(job: Job, output: string): Promise<string> {
  if ('missing' in conformance) throw new Error(conformance.missing);
  const out = join(output, job.revision);
  const args = [conformance.suite, 'client', '--command', CLIENT, '--scenario', job.scenario];
  args.push('--spec-version', job.revision, ...(job.extension ? ['--force'] : []), '--timeout', '60000', '-o', out);
  const { code, text } = await new Promise<{ code: number; text: string }>((resolve) => {
    const child = execFile(
      conformance.node,
      args,
      { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error.code as number | undefined) ?? 1) : 0, text: `${stdout}\n${stderr}` })
    );
    child.stdin?.end();
  });
  const client = /^Client (exited with code (\d+)|timed out)/m.exec(text);
  const dir = readdirSync(join(out, 'auth')).find((d) => d.startsWith(`${job.scenario.slice(5)}-20`));
  const stdout = dir ? readFileSync(join(out, 'auth', dir, 'stdout.txt'), 'utf8') : '';
  const failed = [...text.matchAll(/FAILURE\S*\s+(.*)$/gm)].map((m) => m[1]!.slice(0, 200));
  return [
    `${job.scenario}: suite exit ${code}`,
    `client ${client ? (client[2] ?? 'timed out') : '0'}`,
    /^test-tool$/m.test(stdout) ? 'tools listed' : 'no tools',
    ...failed,
  ].join(', ');
}

/** The suite's backcompat suite, as one run of the suite (its scenarios in parallel): exit code and output. */
function runBackcompat(): Promise<{ code: number; stdout: string }> {
  if ('missing' in conformance) throw new Error(conformance.missing);
  const args = [conformance.suite, 'client', '--command', CLIENT, '--suite', 'backcompat', '--timeout', '60000'];
  return new Promise((resolve) => {
    const child = execFile(
      conformance.node,
      args,
      { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NO_COLOR: '1' } },
      (error, stdout) => resolve({ code: error ? ((error.code as number | undefined) ?? 1) : 0, stdout })
    );
    child.stdin?.end();
  });
}

/** Each job run, PARALLEL at a time; the verdicts in the jobs' order. */
async function runAll(jobs: readonly Job[], output: string): Promise<string[]> {
  const verdicts: string[] = new Array<string>(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      verdicts[i] = await runScenario(jobs[i]!, output);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return verdicts;
}

const expected = (jobs: readonly Job[]) =>
  jobs.map(({ scenario }) =>
    REFUSALS.has(scenario)
      ? `${scenario}: suite exit 0, client 1, no tools`
      : `${scenario}: suite exit 0, client 0, tools listed`
  );

const title = 'MCP conformance: the client authorization scenarios of both revisions against oauth-lab mcp';
describe.skipIf('missing' in conformance)(
  'missing' in conformance ? `${title} (skipped: ${conformance.missing})` : title,
  () => {
    const jobs = Object.fromEntries(REVISIONS.map((r) => [r, authScenarios(r)]));
    const extensions = Object.fromEntries(REVISIONS.map((r) => [r, extensionScenarios(r)]));
    const verdicts = new Map<string, string[]>();
    let output = '';
    let backcompat = { code: -1, stdout: '' };
    beforeAll(async () => {
      output = mkdtempSync(join(tmpdir(), 'oauth-lab-mcp-conformance-'));
      const all = REVISIONS.flatMap((r) => [...jobs[r]!, ...extensions[r]!]);
      const [results, old] = await Promise.all([runAll(all, output), runBackcompat()]);
      backcompat = old;
      for (const r of REVISIONS) {
        verdicts.set(r, results.splice(0, jobs[r]!.length));
        verdicts.set(`${r} extensions`, results.splice(0, extensions[r]!.length));
      }
    }, 300_000);
    afterAll(() => rmSync(output, { recursive: true, force: true }));

    it('the requirement files name 25 authorization scenarios for 2026-07-28 and 14 for 2025-11-25', () => {
      expect(jobs['2026-07-28']).toHaveLength(25);
      expect(jobs['2025-11-25']).toHaveLength(14);
    });
    it('each file lists the six authorization extensions', () => {
      for (const r of REVISIONS) expect(extensions[r]!.map((j) => j.scenario).sort()).toEqual(EXTENSIONS);
    });
    it("the backcompat suite's scenarios pass (2025-03-26's metadata and default endpoints)", () => {
      const summary = [...backcompat.stdout.matchAll(/^([✓✗]) (auth\/\S+): \d+ passed, (\d+) failed/gm)];
      expect(summary.map((m) => `${m[1]} ${m[2]}, ${m[3]} failed`)).toEqual([
        '✓ auth/2025-03-26-oauth-metadata-backcompat, 0 failed',
        '✓ auth/2025-03-26-oauth-endpoint-fallback, 0 failed',
      ]);
      expect(backcompat.code).toBe(0);
    });
    it.each(REVISIONS)('%s: each passes; the client lists the tools, or stops where it must', (revision) => {
      expect(verdicts.get(revision)).toEqual(expected(jobs[revision]!));
    });
    it.each(REVISIONS)('%s: each authorization extension passes, the client listing the tools', (revision) => {
      expect(verdicts.get(`${revision} extensions`)).toEqual(expected(extensions[revision]!));
    });
  }
);
