export { MockProvider, DEFAULT_BODY_LIMIT, type MockProviderOptions, type StartOptions } from './server';
export { ConfigError, DEFAULT_CREDENTIALS, defaultConfig, parseConfig, parseConfigText, type ProviderConfig, type Lifetimes, type Switches } from './config';
export type { ProviderEvent, Verdict } from './events';
export type { ProviderSignatureReport } from './oauth1-verify';
export {
  advanceMockClock,
  deauthorizeAccessToken,
  MockControlError,
  readMockState,
  resetMock,
  resetMockClock,
  setAutoLoginUser,
  updateMockSettings,
  type ClockView,
  type DeauthorizeResult,
  type MockConfigView,
  type MockSettings,
  type MockStateView,
} from './control';
export type { StateView } from './state-view';
