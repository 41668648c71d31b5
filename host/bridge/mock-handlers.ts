import type { EventSink } from '../../shared/bridge/api';
import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import { CONTRACT_ERROR, BridgeFailure } from '../../shared/bridge/result';
import { ListenError } from '../../platform/node/http-server';
import {
  advanceMockClock,
  ConfigError,
  deauthorizeAccessToken,
  MockProvider,
  readMockState,
  resetMock,
  resetMockClock,
  updateMockSettings,
} from '../../mock-provider';

/**
 * The embedded mock provider behind the bridge: started on demand inside the host (issue: "the same provider runs
 * inside the app's main process"), its requests forwarded as `mockEvent`s and its status as `mockStatus`.
 * Its tokens, codes and clock offset survive a stop and start; `mockReset` forgets the tokens and codes,
 * `mockResetClock` puts the clock back to real time.
 */
export interface MockHandlers {
  mockStart(input: ParsedInput<'mockStart'>): Promise<MethodOutput<'mockStart'>>;
  mockStop(): Promise<MethodOutput<'mockStop'>>;
  mockStatus(): MethodOutput<'mockStatus'>;
  mockState(): MethodOutput<'mockState'>;
  mockUpdateSettings(input: ParsedInput<'mockUpdateSettings'>): MethodOutput<'mockUpdateSettings'>;
  mockAdvanceClock(input: ParsedInput<'mockAdvanceClock'>): MethodOutput<'mockAdvanceClock'>;
  mockResetClock(): MethodOutput<'mockResetClock'>;
  mockDeauthorize(input: ParsedInput<'mockDeauthorize'>): MethodOutput<'mockDeauthorize'>;
  mockReset(): MethodOutput<'mockReset'>;
  mockEvents(input: ParsedInput<'mockEvents'>): MethodOutput<'mockEvents'>;
  /** The running mock's base URL, for other handlers (the app window for its login page). */
  baseUrl(): string | null;
  close(): Promise<void>;
}

export function createMockHandlers(provider: MockProvider, events: EventSink): MockHandlers {
  provider.subscribe((event) => events.emit('mockEvent', event));
  // From the app or POST /_mock/clock/...: the pages show a banner while the clock is moved.
  provider.clock.onMove(() =>
    events.emit('mockClock', {
      now: new Date(provider.clock.now()).toISOString(),
      offsetSeconds: provider.clock.offsetSeconds,
    })
  );
  const status = (): MethodOutput<'mockStatus'> => {
    const mtlsBaseUrl = provider.mtlsBaseUrl;
    return {
      running: provider.running,
      baseUrl: provider.running ? provider.baseUrl : null,
      ...(mtlsBaseUrl ? { mtlsBaseUrl } : {}),
    };
  };
  const requireRunning = () => {
    if (!provider.running)
      throw new BridgeFailure(CONTRACT_ERROR.UNAVAILABLE, 'The mock provider is not running; start it first.');
  };
  const asInput = <T>(run: () => T): T => {
    try {
      return run();
    } catch (e) {
      if (e instanceof ConfigError) throw new BridgeFailure(CONTRACT_ERROR.INVALID_INPUT, e.message);
      throw e;
    }
  };

  return {
    async mockStart(input) {
      const port = input?.port ?? 0;
      if (!provider.running) {
        try {
          await provider.start({ port });
        } catch (e) {
          if (e instanceof ListenError && e.reason !== 'listen_failed') throw new BridgeFailure(e.reason, e.message);
          throw e;
        }
        events.emit('mockStatus', status());
      }
      return status();
    },
    async mockStop() {
      if (provider.running) {
        await provider.stop();
        events.emit('mockStatus', status());
      }
      return status();
    },
    mockStatus: status,
    mockState() {
      requireRunning();
      return readMockState(provider.context);
    },
    mockUpdateSettings: (patch) => asInput(() => updateMockSettings(provider.context, patch)),
    mockAdvanceClock: ({ seconds }) => asInput(() => advanceMockClock(provider.context, seconds)),
    mockResetClock: () => resetMockClock(provider.context),
    mockDeauthorize: ({ token }) => deauthorizeAccessToken(provider.context, token),
    mockReset() {
      resetMock(provider.context);
      return { reset: true };
    },
    mockEvents: (input) => provider.events.recent(input?.sinceId ?? 0),
    baseUrl: () => (provider.running ? provider.baseUrl : null),
    close: () => provider.stop(),
  };
}
