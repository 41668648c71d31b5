import { spawnSync } from 'node:child_process';
import { SYSTEM_RUNTIMES, hasRuntime, runtimeIds } from '../test/support/system-runtimes';

/** Installs the Debian packages of the system runtimes the tests use (`npm run setup:system`); root or sudo. */
const packages = [
  ...new Set(
    runtimeIds()
      .filter((id) => !hasRuntime(id))
      .map((id) => SYSTEM_RUNTIMES[id].debian)
  ),
];
if (packages.length === 0) {
  console.log('Every system runtime the tests use is installed.');
  process.exit(0);
}
if (spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status !== 0) {
  console.error(
    `No apt-get here. Install these (Debian names) with your system's package manager: ${packages.join(' ')}`
  );
  process.exit(1);
}
const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
const run = (args: string[]): void => {
  const [command, ...rest] = [...sudo, ...args] as [string, ...string[]];
  console.log(`$ ${[command, ...rest].join(' ')}`);
  const result = spawnSync(command, rest, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
run(['apt-get', 'update', '-qq']);
run(['apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages]);
