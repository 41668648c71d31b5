/**
 * The only IPC channels: calls go renderer → main with invoke, events main → renderer with send, and the page says
 * once that it listens (invoke on READY_CHANNEL): main holds the events until then, so none emitted while the page
 * loads is lost (Electron Fiddle's ready-for-IPC signal).
 */
export const CALL_CHANNEL = 'oauth-lab:call';
export const EVENT_CHANNEL = 'oauth-lab:event';
export const READY_CHANNEL = 'oauth-lab:ready';
