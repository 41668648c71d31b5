export { startCatcher } from './catcher';
export { CatcherError, type CatcherErrorCode } from './errors';
export { escapeHtml } from '../html';
export type * from './types';
