import { spawnSync } from 'node:child_process';

/**
 * How long `oauth-lab --help` and each command's `--help` take to start and exit, beside a bare `node -e 0` measured
 * in the same run, interleaved so both see the same load (target ≤ 3x the bare start). Runs bin/oauth-lab.mjs as
 * installed: the built CLI in out/cli/ (npm run build:cli).
 */
const RUNS = 9;
const COMMANDS = ['', 'mock', 'flow', 'web', 'sign', 'call', 'discover', 'debug', 'explain', 'grade'];
const TARGET_RATIO = 3;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function wallMs(args: readonly string[]): number {
  const t = performance.now();
  const run = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const ms = performance.now() - t;
  if (run.status !== 0) throw new Error(`node ${args.join(' ')} exited with ${run.status}: ${run.stderr}`);
  return ms;
}

export async function run(): Promise<string> {
  const bare: number[] = [];
  const times = new Map<string, number[]>(COMMANDS.map((c) => [c, []]));
  for (let i = 0; i < RUNS; i++) {
    for (const command of COMMANDS) {
      bare.push(wallMs(['-e', '0']));
      times.get(command)!.push(wallMs(['bin/oauth-lab.mjs', ...(command ? [command] : []), '--help']));
    }
  }
  const base = median(bare);
  const rows = COMMANDS.map((command) => {
    const ms = median(times.get(command)!);
    const ratio = ms / base;
    const name = `oauth-lab ${command ? `${command} ` : ''}--help`;
    return `${name.padEnd(26)} median ${ms.toFixed(0).padStart(4)} ms  ${ratio.toFixed(2)}x (target ≤ ${TARGET_RATIO}x: ${ratio <= TARGET_RATIO ? 'met' : 'NOT met'})`;
  });
  return [`node -e 0 (the bare start)  median ${base.toFixed(0)} ms over ${RUNS * COMMANDS.length} runs`, ...rows].join(
    '\n'
  );
}
