import { runtimeGate } from './global-setup';

/** The browser tests need Debian's Chromium only (see vitest.e2e.config.ts). */
export default runtimeGate(['chromium']);
