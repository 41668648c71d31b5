/** Browser mode: the renderer and the bridge over HTTP + SSE on 127.0.0.1. */
export { startWebHost, LOOPBACK, type WebHost, type WebHostOptions } from './host';
export type { EventFeed } from './event-stream';
export { CONTENT_SECURITY_POLICY } from './respond';
export { TOKEN_HEADER, tokenCookieName } from './token';
export { BODY_LIMIT } from './request-body';
