import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Loading a file's module graph again for each file was a third of the run's time. These tests share one module
// graph per worker (isolate: false): shared/ has no clock, randomness or I/O (eslint.config.js bans them); the
// electron/, host/, platform/, mock-provider/ and interop tests start their own servers, stores and processes in each file, restore every spy they
// set (vi.restoreAllMocks, mockRestore) and mock no module. The renderer's tests share one too: the page's stores are
// made per set of app dependencies (createStores), not at import, and each file gets its own DOM; only the files that
// replace a page module with vi.mock are isolated.
const MOCKS_MODULES = [
  'test/unit/renderer/app-error-boundary.test.tsx',
  'test/unit/renderer/oidc/oidc-bad-values.test.tsx',
];
const SHARED_GRAPH = [
  'test/unit/shared/**/*.test.ts',
  'test/unit/electron/**/*.test.ts',
  'test/unit/host/**/*.test.ts',
  'test/unit/platform/**/*.test.ts',
  'test/unit/mock-provider/**/*.test.ts',
  'test/unit/*.test.ts',
  'test/interop/**/*.test.ts',
];

export default defineConfig({
  test: {
    globalSetup: [
      'test/support/run-tmpdir.ts',
      'test/support/global-setup.ts',
      'test/support/isolated-config.ts',
      'test/support/build-cli.ts',
    ],
    setupFiles: ['test/support/isolated-config-per-file.ts'],
    testTimeout: 20000,
    // expect.poll gives up after 1 s unless told otherwise; on a busy two-core machine a page or a server can take
    // longer to get there. What never comes still fails, after 10 s.
    expect: { poll: { timeout: 10_000 } },
    // Vitest's default is one worker fewer than the cores: one on the two-core CI machines, which leaves a core idle
    // while a file waits on its sockets and child processes. At least two files run side by side; each file's
    // servers listen on port 0 and its per-user store is its own (isolated-config-per-file.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { extends: true, test: { name: 'shared-graph', include: SHARED_GRAPH, isolate: false } },
      {
        extends: true,
        test: {
          name: 'renderer',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          exclude: [...SHARED_GRAPH, ...MOCKS_MODULES],
          setupFiles: ['test/support/dom-wait-timeout.ts'],
          isolate: false,
        },
      },
      {
        extends: true,
        test: { name: 'isolated', include: MOCKS_MODULES, setupFiles: ['test/support/dom-wait-timeout.ts'] },
      },
    ],
  },
});
