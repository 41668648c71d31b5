// `oauth-lab grade --pack oidc-basic` driving a good client (openid-client, every check on, the interop test's
// script), run as installed (bin/oauth-lab.mjs over the built out/cli/), beside a baseline measured in the same run:
// the same client started as many times with nothing to talk to (node importing openid-client and exiting), so the
// report separates the grader's cost from the client's start-up. Target: the pack under 90 s.
import { spawnSync } from 'node:child_process';
import { scenariosOf } from '../../shared/grade/scenarios';
import { openidClientScript } from '../interop/grade-openid-client-driver';
import type { BenchOutcome } from './run';

const TARGET_MS = 90_000;

function timed(command: string, args: readonly string[]): { ms: number; status: number | null; out: string } {
  const t = performance.now();
  const r = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  return { ms: performance.now() - t, status: r.status, out: r.stdout };
}

export async function run(): Promise<BenchOutcome> {
  const client = openidClientScript(null);
  try {
    const scenarios = scenariosOf('oidc-basic').length;
    const bare = timed('/bin/sh', ['-c', `for i in $(seq ${scenarios}); do node -e "import('openid-client')"; done`]);
    const graded = timed(process.execPath, [
      'bin/oauth-lab.mjs',
      'grade',
      '--drive',
      client.command,
      '--pack',
      'oidc-basic',
      '--json',
    ]);
    const failures: string[] = [];
    if (graded.status !== 0) failures.push(`grade exited ${graded.status}: ${graded.out.slice(0, 400)}`);
    const met = graded.ms < TARGET_MS ? 'met' : 'NOT met';
    if (graded.ms >= TARGET_MS) failures.push(`the pack took ${(graded.ms / 1000).toFixed(1)} s`);
    return {
      report: [
        `openid-client started ${scenarios} times, nothing to talk to: ${(bare.ms / 1000).toFixed(1)} s`,
        `oauth-lab grade --pack oidc-basic (${scenarios} scenarios): ${(graded.ms / 1000).toFixed(1)} s (target < ${TARGET_MS / 1000} s: ${met})`,
      ].join('\n'),
      failures,
    };
  } finally {
    client.remove();
  }
}
