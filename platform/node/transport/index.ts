export { send } from './send';
export { checkHeaderFields, InvalidRequest } from './prepare';
export { TransportError } from './errors';
export { chooseProxy, bypassesProxy } from './proxy';
export { explainTlsError } from './tls-errors';
export type * from './types';
