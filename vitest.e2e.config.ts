import { defineConfig } from 'vitest/config';
import { hasRuntime } from './test/support/system-runtimes';

// Browser tests (Playwright driving Debian's Chromium against the web host). Run by `npm run test:e2e`. Every one
// needs Chromium: without it they are skipped with one summary line (global-setup-e2e.ts), and with CI=true the run
// fails instead.
export default defineConfig({
  test: {
    include: hasRuntime('chromium') ? ['test/e2e/**/*.e2e.test.ts'] : [],
    globalSetup: ['test/support/global-setup-e2e.ts'],
    passWithNoTests: true,
    testTimeout: 60000,
    fileParallelism: false,
  },
});
