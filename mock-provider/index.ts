export { MockProvider, type MockProviderOptions } from './server';
export { ConfigError, type ProviderConfig } from './config';
export { defaultConfig, parseConfig, parseConfigText } from './load-config';
export { DEFAULT_CREDENTIALS } from './default-credentials';
export type { ProviderEvent } from './events';
export {
  advanceMockClock,
  deauthorizeAccessToken,
  MockControlError,
  readMockState,
  resetMock,
  resetMockClock,
  setAutoLoginUser,
  updateMockSettings,
} from './control';
