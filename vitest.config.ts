import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// shared/ has no clock, randomness or I/O (eslint.config.js bans them) and its tests mock no module and change no
// global, so they share one module graph per worker instead of loading it again for each file: half the CPU time.
const PURE = 'test/unit/shared/**/*.test.ts';

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts', 'test/support/isolated-config.ts', 'test/support/build-cli.ts'],
    setupFiles: ['test/support/isolated-config-per-file.ts'],
    testTimeout: 20000,
    // Vitest's default is one worker fewer than the cores: one on the two-core CI machines, which leaves a core idle
    // while a file waits on its sockets and child processes. At least two files run side by side; each file's
    // servers listen on port 0 and its per-user store is its own (isolated-config-per-file.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'pure', include: [PURE], isolate: false } },
      {
        extends: true,
        test: { name: 'io', include: ['test/unit/**/*.test.{ts,tsx}', 'test/interop/**/*.test.ts'], exclude: [PURE] },
      },
    ],
  },
});
