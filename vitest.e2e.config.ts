import { defineConfig } from 'vitest/config';
import { hasRuntime } from './test/support/system-runtimes.ts';

// Browser tests (Playwright driving Debian's Chromium against the web host), the desktop app on the Electron test
// host, and `npm start`'s way to Electron, which needs the built page for its browser-mode fallback. Run by `npm run
// test:e2e`, whose global setup builds the app first (build-app.ts). Without Chromium only start.e2e.test.ts runs and
// the others are skipped with one summary line (global-setup-e2e.ts); with CI=true the run fails instead.
const chromium = hasRuntime('chromium');
// One app per process, as in Electron: the Electron test host imports the built main process, and a second import
// in the same process would run nothing.
const ELECTRON_HOST = 'test/e2e/electron-host*.e2e.test.ts';

export default defineConfig({
  test: {
    globalSetup: ['test/support/run-tmpdir.ts', 'test/support/global-setup-e2e.ts', 'test/support/build-app.ts'],
    passWithNoTests: true,
    testTimeout: 60000,
    // expect.poll gives up after 1 s unless told otherwise; on a busy two-core machine a page or a server can take
    // longer to get there. What never comes still fails, after 10 s.
    expect: { poll: { timeout: 10_000 } },
    // Three files at a time: each starts its own app (a fresh store, port 0) and opens each page in a fresh browser
    // context of its worker's Chromium, so no two share a port, a store or a cookie. A file spends much of its time
    // waiting on Chromium and the app's sockets: two files kept the CI machines' two cores about half busy, three
    // keep them busy.
    maxWorkers: 3,
    projects: [
      // These files share one module graph per worker (isolate: false): loading the host, the mock and Playwright
      // again for each file was a fifth of the e2e run's CPU. Each file starts its own app, Chromium and servers,
      // sets no global or environment variable and mocks no module.
      {
        extends: true,
        test: {
          name: 'shared-graph',
          include: chromium ? ['test/e2e/**/*.e2e.test.ts'] : ['test/e2e/start.e2e.test.ts'],
          exclude: [ELECTRON_HOST],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'electron-host', include: chromium ? [ELECTRON_HOST] : [] } },
    ],
  },
});
