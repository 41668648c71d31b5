import { defineConfig } from 'vitest/config';

// Browser tests (Playwright driving Debian's Chromium against the web host). Run by `npm run test:e2e`.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    passWithNoTests: true,
    testTimeout: 60000,
    fileParallelism: false,
  },
});
