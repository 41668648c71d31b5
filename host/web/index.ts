/** Browser mode: the renderer and the bridge over HTTP + SSE on 127.0.0.1. */
export { startWebHost, type WebHost, type WebHostOptions } from './host';
export { BODY_LIMIT } from './request-body';
