/**
 * The signature debugger: read a request in whatever form the user has it, check its OAuth 1.0a
 * signature, and name the mistake when it is wrong (RFC 5849 §3.4 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4)).
 */
export * from './request';
export * from './raw-http';
export * from './curl';
export * from './shell-words';
export * from './base-string-parse';
export * from './causes';
export * from './received';
export * from './pipeline';
export * from './candidate';
export * from './reproduce';
export * from './compare';
export * from './char-diff';
export * from './resign';
export * from './diagnose';
export * from './library-catalogue';
export * from './attribution';
export * from './base-string-builder';
export * from './basic-credentials';
