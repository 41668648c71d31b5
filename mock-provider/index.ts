export { MockProvider, type MockProviderOptions } from './server';
export { ConfigError, defaultConfig, parseConfig, parseConfigText, type ProviderConfig } from './config';
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
