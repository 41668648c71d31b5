import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/interop/**/*.test.ts'],
    globalSetup: ['test/support/global-setup.ts', 'test/support/isolated-config.ts', 'test/support/build-cli.ts'],
    setupFiles: ['test/support/isolated-config-per-file.ts'],
    testTimeout: 20000,
    // Vitest's default is one worker fewer than the cores: one on the two-core CI machines, which leaves a core idle
    // while a file waits on its sockets and child processes. At least two files run side by side; each file's
    // servers listen on port 0 and its per-user store is its own (isolated-config-per-file.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
  },
});
