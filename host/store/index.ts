/**
 * Persistence: profiles, saved tokens and settings in store.json (file-backend.ts), the history in its own
 * files beside it (see app-store.ts and history/). Each change locks store.json and merges by record, so several
 * processes (the app, browser mode, the CLI) can share one store.
 */
export { createAppStore, type AppStore, type AppStoreOptions, type StoreMethodName } from './app-store';
export { createFileBackend } from './file-backend';
export { keychainCipher } from './keychain-cipher';
export { createMemoryBackend } from './memory-backend';
export { SCHEMA_VERSION } from './migrations';
export { EXPORT_FORMAT } from './profile-transfer';
export type { SecretCipher } from './secrets';
