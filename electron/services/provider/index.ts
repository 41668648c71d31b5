export { MockProvider, DEFAULT_BODY_LIMIT, type MockProviderOptions, type StartOptions } from './server';
export { ConfigError, DEFAULT_CREDENTIALS, defaultConfig, parseConfig, parseConfigText, type ProviderConfig, type Lifetimes, type Switches } from './config';
export type { ProviderEvent, Verdict } from './events';
export type { ProviderSignatureReport } from './oauth1-verify';
