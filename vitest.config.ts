import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/interop/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts', 'test/support/isolated-config.ts', 'test/support/build-cli.ts'],
    testTimeout: 20000,
  },
});
