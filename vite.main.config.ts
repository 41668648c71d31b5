import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

// Electron's main process, bundled to ES modules (the entry, the History import's worker beside it, and the chunks
// they share); electron and Node built-ins stay external.
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'out/main',
    emptyOutDir: true,
    target: 'node22',
    rollupOptions: {
      input: { index: 'electron/main/index.ts', 'har-import-worker': 'host/store/history/har-import-worker.ts' },
      external: ['electron', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: { format: 'es', entryFileNames: '[name].js' },
    },
  },
});
