import { builtinModules } from 'node:module';
import { defineConfig } from 'vite';

// Electron's main process, bundled to one ES module; electron and Node built-ins stay external.
export default defineConfig({
  build: {
    ssr: 'electron/main/index.ts',
    outDir: 'out/main',
    emptyOutDir: true,
    target: 'node22',
    rollupOptions: {
      external: ['electron', ...builtinModules, ...builtinModules.map((m) => `node:${m}`)],
      output: { format: 'es', entryFileNames: 'index.js' },
    },
  },
});
