import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

// The `oauth-lab` CLI, built to plain JavaScript so a start does not compile TypeScript (bin/oauth-lab.mjs loads
// out/cli/main.js). Each command is its own chunk, loaded when named; packages and Node built-ins stay external.
// `npm run build:cli` (scripts/build-cli.ts) builds with this config into a fresh folder and swaps the files in, so a
// CLI starting meanwhile never finds out/cli/ emptied. The History import's worker (`web`'s host explains on it) is
// built apart, in mode `har-import-worker`, as one file beside main.js: were it a second entry of this build, the
// modules both use would become chunks that every start of main.js loads.
const WORKER_MODE = 'har-import-worker';
export default defineConfig(({ mode }) => ({
  // The pure packages shared/ imports are bundled with it, so a help that reads a shared list loads no package.
  ssr: { noExternal: ['@scure/base', 'diff'] },
  build: {
    ssr: true,
    outDir: 'out/cli',
    emptyOutDir: mode !== WORKER_MODE,
    target: 'node20',
    minify: false,
    rollupOptions: {
      input:
        mode === WORKER_MODE
          ? { [WORKER_MODE]: 'host/store/history/har-import-worker.ts' }
          : { main: 'host/cli/main.ts' },
      external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: {
        format: 'es',
        codeSplitting: mode !== WORKER_MODE,
        entryFileNames: '[name].js',
        // A command's help and its code share a name; the help's chunk says it is one.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/host/cli/help/')
            ? 'chunks/help-[name]-[hash].js'
            : 'chunks/[name]-[hash].js',
      },
    },
  },
}));
