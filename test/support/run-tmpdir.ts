import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The run's own temporary directory: every os.tmpdir() of the tests, and of the processes they start, is a folder made
 * for this run, so what a test leaves behind is told apart from what others on the machine make at the same time. A
 * test removes every file and folder it makes, also when it fails (try/finally, afterEach, afterAll): at the end of the
 * run whatever is left fails the run, named, and is removed.
 */
const SHARED = Symbol.for('oauth-lab.run-tmpdir');
/**
 * What other programs keep there on purpose, removed with the folder: tsx's compile cache (a test starts tsx) and
 * Node's (npm enables it, module.enableCompileCache; tests run npm).
 */
const NOT_LEFT_BY_A_TEST = /^(tsx-.*|node-compile-cache)$/;
type Shared = { readonly dir: string; projects: number };

export default function runTmpdir(): () => void {
  // Vitest runs a global setup once per project, all in this process: the projects share one directory.
  const slot = globalThis as { [SHARED]?: Shared };
  const shared = (slot[SHARED] ??= { dir: mkdtempSync(join(tmpdir(), 'oauth-lab-run-')), projects: 0 });
  shared.projects += 1;
  // Workers and child processes inherit the environment; TMP and TEMP are what os.tmpdir() reads on Windows.
  for (const name of ['TMPDIR', 'TMP', 'TEMP']) process.env[name] = shared.dir;
  return () => {
    if (--shared.projects > 0) return;
    delete slot[SHARED];
    const left = readdirSync(shared.dir).filter((name) => !NOT_LEFT_BY_A_TEST.test(name));
    rmSync(shared.dir, { recursive: true, force: true });
    if (left.length === 0) return;
    // Vitest reports an error thrown here and still exits 0; the exit code is what fails `npm test` and CI.
    process.exitCode = 1;
    throw new Error(
      `The tests left ${left.length} entries in the temporary directory: ${left.sort().join(', ')}. Each test ` +
        'removes what it makes, also when it fails (try/finally, afterEach, afterAll).'
    );
  };
}
