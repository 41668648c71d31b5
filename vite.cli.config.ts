import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

// The `oauth-lab` CLI, built to plain JavaScript so a start does not compile TypeScript (bin/oauth-lab.mjs loads
// out/cli/main.js). Each command is its own chunk, loaded when named; packages and Node built-ins stay external.
// `npm run build:cli` (scripts/build-cli.ts) builds with this config into a fresh folder and swaps the files in, so a
// CLI starting meanwhile never finds out/cli/ emptied.
export default defineConfig({
  // The pure packages shared/ imports are bundled with it, so a help that reads a shared list loads no package.
  ssr: { noExternal: ['@scure/base', 'diff'] },
  build: {
    ssr: true,
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    rollupOptions: {
      // The History import's worker (`web`'s host explains on it) is an entry of its own, beside main.js.
      input: { main: 'host/cli/main.ts', 'har-import-worker': 'host/store/history/har-import-worker.ts' },
      external: [...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: {
        format: 'es',
        entryFileNames: '[name].js',
        // A command's help and its code share a name; the help's chunk says it is one.
        chunkFileNames: (chunk) =>
          chunk.facadeModuleId?.includes('/host/cli/help/')
            ? 'chunks/help-[name]-[hash].js'
            : 'chunks/[name]-[hash].js',
      },
    },
  },
});
