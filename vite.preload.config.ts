import { defineConfig } from 'vite';

// The preload runs sandboxed, where only CommonJS with `require('electron')` works: one self-contained CJS file.
export default defineConfig({
  build: {
    ssr: 'electron/preload/index.ts',
    outDir: 'out/preload',
    emptyOutDir: true,
    target: 'node22',
    rollupOptions: {
      external: ['electron'],
      output: { format: 'cjs', entryFileNames: 'index.cjs' },
    },
  },
  ssr: { noExternal: true },
});
