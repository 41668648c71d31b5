export { startCatcher } from './catcher';
export { CatcherError } from './errors';
export { escapeHtml } from '../html';
export type * from './types';
