export * from './base-string';
export * from './header';
export * from './normalize';
export * from './parameters';
export * from './percent-encoding';
export * from './protocol-parameters';
export * from './signing';
export * from './trace';
