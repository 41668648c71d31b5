export { MockProvider, type MockProviderOptions } from './server';
export {
  ConfigError,
  DEFAULT_CREDENTIALS,
  defaultConfig,
  parseConfig,
  parseConfigText,
  type ProviderConfig,
} from './config';
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
