export * from './base-string';
export * from './header';
export * from './normalize';
export * from './parameters';
export * from './protocol-parameters';
export * from './signing';
export * from './trace';
export * from './base-string-trace';
