/**
 * The contract's method and event names without its schemas, for the preload: it runs sandboxed and must stay
 * small, so it does not load zod. contract.ts checks at compile time that these lists equal it.
 */
export const METHOD_NAMES = ['appInfo', 'mockStart', 'mockStop', 'mockStatus', 'mockState', 'mockUpdateSettings', 'mockAdvanceClock', 'mockResetClock', 'mockDeauthorize', 'mockReset', 'mockEvents', 'catcherOpen', 'catcherWait', 'catcherCancel', 'httpSend', 'oauth1Trace', 'rsaVerify', 'profilesList', 'profileSave', 'profileDelete', 'profilesExport', 'profilesImport', 'tokensList', 'tokenSave', 'tokenDelete', 'historyList', 'historyBody', 'historyAnnotate', 'historyClear', 'settingsGet', 'settingsUpdate', 'exportTargets', 'exportRequest', 'historyHar', 'openUrl', 'exportFile'] as const;
export const EVENT_NAMES = ['mockEvent', 'mockStatus', 'mockClock', 'catcherCallback', 'catcherWaitEnded', 'catcherEvent'] as const;
