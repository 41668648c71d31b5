import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The run's own temporary directory: every os.tmpdir() of the tests, and of the processes they start, is a folder made
 * for this run, so what a test leaves behind is told apart from what others on the machine make at the same time. A
 * test removes every file and folder it makes, also when it fails (try/finally, afterEach, afterAll): at the end of the
 * run whatever is left fails the run, named, and is removed.
 */
const SHARED = Symbol.for('oauth-lab.run-tmpdir');
type Shared = { readonly dir: string; projects: number };
/** Playwright's profile of a browser, which Playwright removes once that browser has exited. */
const BROWSER_PROFILE = /^playwright_chromiumdev_profile-/;
/**
 * What other programs make there and remove or keep themselves: tsx's compile cache (a test starts tsx), Node's (npm
 * enables it, module.enableCompileCache; tests run npm), and Playwright's browser profiles (a busy machine can take
 * longer than the wait below to end the browsers of the last e2e files, which their workers' exit closes).
 */
const NOT_LEFT_BY_A_TEST = [/^tsx-/, /^node-compile-cache$/, BROWSER_PROFILE];
/** How long the browsers of the last test files may take to exit before the folder is removed under them. */
const BROWSERS_EXIT_MS = 30_000;

async function browsersGone(dir: string): Promise<void> {
  const deadline = Date.now() + BROWSERS_EXIT_MS;
  while (readdirSync(dir).some((name) => BROWSER_PROFILE.test(name)) && Date.now() < deadline) await sleep(50);
}

export default function runTmpdir(): () => Promise<void> {
  // Vitest runs a global setup once per project, all in this process: the projects share one directory.
  const slot = globalThis as { [SHARED]?: Shared };
  const shared = (slot[SHARED] ??= { dir: mkdtempSync(join(tmpdir(), 'oauth-lab-run-')), projects: 0 });
  shared.projects += 1;
  // Workers and child processes inherit the environment; TMP and TEMP are what os.tmpdir() reads on Windows.
  for (const name of ['TMPDIR', 'TMP', 'TEMP']) process.env[name] = shared.dir;
  return async () => {
    if (--shared.projects > 0) return;
    delete slot[SHARED];
    await browsersGone(shared.dir);
    const left = readdirSync(shared.dir).filter((name) => !NOT_LEFT_BY_A_TEST.some((other) => other.test(name)));
    // Retried: a browser still exiting may write into its profile while the folder goes.
    rmSync(shared.dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    if (left.length === 0) return;
    // Vitest reports an error thrown here and still exits 0; the exit code is what fails `npm test` and CI.
    process.exitCode = 1;
    throw new Error(
      `The tests left ${left.length} entries in the temporary directory: ${left.sort().join(', ')}. Each test ` +
        'removes what it makes, also when it fails (try/finally, afterEach, afterAll).'
    );
  };
}
