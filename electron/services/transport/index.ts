export { send, DEFAULTS } from './send';
export { checkHeaderFields, InvalidRequest } from './prepare';
export { TransportError, type TransportErrorCode, type TransportPhase } from './errors';
export { chooseProxy, bypassesProxy, isLoopback, type ProxyChoice } from './proxy';
export { explainTlsError } from './tls-errors';
export type * from './types';
