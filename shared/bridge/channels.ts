/** The only two IPC channels: calls go renderer → main with invoke, events main → renderer with send. */
export const CALL_CHANNEL = 'oauth-lab:call';
export const EVENT_CHANNEL = 'oauth-lab:event';
