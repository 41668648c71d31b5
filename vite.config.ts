import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The renderer. Relative base so the built page loads from file:// in Electron and from the web host alike.
export default defineConfig({
  root: 'renderer',
  base: './',
  plugins: [react()],
  build: { outDir: '../out/renderer', emptyOutDir: true },
});
