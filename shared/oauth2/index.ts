export * from './authorization-request';
export * from './bearer';
export * from './error-response';
export * from './pkce';
export * from './state';
export * from './token-request';
export * from './token-response';
