// A whole `oauth-lab audit --active` of the strict mock (every probe, the default request budget), run as installed
// (bin/oauth-lab.mjs over the built out/cli/), beside a baseline measured in the same run: the read-only audit of the
// same mock, which is the CLI's start-up and discovery alone. Target (the audit's own): the active audit under 30 s.
import { execFile } from 'node:child_process';
import { auditMock, setSwitches, WEB_CLIENT } from '../unit/host/cli/audit-mock';
import type { BenchOutcome } from './run';

const TARGET_MS = 30_000;

/** The CLI run to its end (asynchronously: the mock answers in this process), timed. */
function timed(args: readonly string[]): Promise<{ ms: number; code: number; out: string }> {
  const t = performance.now();
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['bin/oauth-lab.mjs', ...args],
      { env: { ...process.env, OAUTH_LAB_CLIENT_SECRET: WEB_CLIENT.secret }, maxBuffer: 16 * 1024 * 1024 },
      (error, stdout) => resolve({ ms: performance.now() - t, code: error ? Number(error.code ?? 1) : 0, out: stdout })
    );
  });
}

export async function run(): Promise<BenchOutcome> {
  const mock = await auditMock('demo');
  try {
    setSwitches(mock);
    const readOnly = await timed(['audit', mock.baseUrl, '--json']);
    const active = await timed(
      ['audit', mock.baseUrl, '--active', '--register', '--client-id', WEB_CLIENT.id].concat([
        '--redirect-uri',
        WEB_CLIENT.redirectUri,
        '--auto-login',
        '--json',
      ])
    );
    const failures: string[] = [];
    for (const [what, r] of [
      ['read-only', readOnly],
      ['active', active],
    ] as const)
      if (r.code !== 0) failures.push(`the ${what} audit exited ${r.code}: ${r.out.slice(0, 300)}`);
    if (active.ms >= TARGET_MS) failures.push(`the active audit took ${(active.ms / 1000).toFixed(1)} s`);
    const probes = active.code === 0 ? (JSON.parse(active.out) as { probes: number }).probes : NaN;
    return {
      report: [
        `oauth-lab audit (read only) of the strict mock: ${(readOnly.ms / 1000).toFixed(1)} s`,
        `oauth-lab audit --active of the strict mock (${probes} requests): ${(active.ms / 1000).toFixed(1)} s (target < ${TARGET_MS / 1000} s: ${active.ms < TARGET_MS ? 'met' : 'NOT met'})`,
      ].join('\n'),
      failures,
    };
  } finally {
    await mock.stop();
  }
}
