export { startCatcher } from './catcher';
export { CatcherError } from './errors';
export { escapeHtml } from '../../shared/html';
export type * from './types';
