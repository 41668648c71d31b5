export { startCatcher } from './catcher';
export { CatcherError, type CatcherErrorCode } from './errors';
export { escapeHtml } from './page';
export type * from './types';
