import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/unit/**/*.test.{ts,tsx}', 'test/interop/**/*.test.ts'],
    testTimeout: 20000,
  },
});
