/**
 * Persistence: profiles, saved tokens and settings in store.json (on conf or electron-store), the history in its own
 * files beside it (see app-store.ts and history/). Each change locks store.json and merges by record, so several
 * processes (the app, browser mode, the CLI) can share one store.
 */
export { createAppStore, type AppStore, type AppStoreOptions, type StoreMethodName } from './app-store';
export { StoreFileError, type KeyValueBackend } from './backend';
export { createConfBackend, type ConfBackendOptions } from './conf-backend';
export { createElectronStoreBackend, type ElectronStoreClass } from './electron-store-backend';
export { createMemoryBackend, type MemoryBackend } from './memory-backend';
export { SCHEMA_VERSION } from './migrations';
export { defaultMockProfile, MOCK_PROFILE_NAME } from './mock-profile';
export { EXPORT_FORMAT, EXPORT_VERSION } from './profile-transfer';
export type { SealedSecret, SecretCipher, StoredSecret } from './secrets';
