import { defineConfig } from 'vitest/config';
import { hasRuntime } from './test/support/system-runtimes.ts';

// Browser tests (Playwright driving Debian's Chromium against the web host), and `npm start`'s way to Electron,
// which needs the built page for its browser-mode fallback. Run by `npm run test:e2e`. Without Chromium the browser
// tests are skipped with one summary line (global-setup-e2e.ts); with CI=true the run fails instead.
export default defineConfig({
  test: {
    include: hasRuntime('chromium') ? ['test/e2e/**/*.e2e.test.ts'] : ['test/e2e/start.e2e.test.ts'],
    globalSetup: ['test/support/global-setup-e2e.ts'],
    passWithNoTests: true,
    testTimeout: 60000,
    // Three files at a time: each starts its own app (a fresh store, port 0) and its own Chromium with a fresh
    // profile, so no two share a port or a store. A file spends much of its time waiting on Chromium and the app's
    // sockets: two files kept the CI machines' two cores about half busy, three keep them busy.
    maxWorkers: 3,
  },
});
