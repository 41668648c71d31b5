export * from './challenge';
export * from './discovery-urls';
export * from './json-rpc';
export * from './metadata-checks';
export * from './registration';
export * from './resource-url';
export * from './scope';
