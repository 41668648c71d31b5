import type { BridgeHandlers } from '../../../../shared/bridge/api';
import { METHOD_NAMES, type MethodName } from '../../../../shared/bridge/contract';
import { BridgeFailure } from '../../../../shared/bridge/result';

/**
 * A handler map for the web host tests: a few methods with real (tiny) behaviour and a state they change, every
 * other method refusing as `unsupported`. Every call is recorded, so a refused request can be shown to have
 * reached no handler and changed nothing.
 */
export interface FakeBackend {
  readonly handlers: BridgeHandlers;
  readonly calls: { readonly name: MethodName; readonly input: unknown }[];
  readonly state: { running: boolean; clockOffset: number; exported: number };
}

export function fakeBackend(): FakeBackend {
  const state = { running: false, clockOffset: 0, exported: 0 };
  const calls: FakeBackend['calls'] = [];
  const real: Partial<Record<MethodName, (input: never) => unknown>> = {
    appInfo: () => ({ host: 'web', version: '0.0.0-test', secretStorage: 'file', notices: [] }),
    mockStart: () => {
      state.running = true;
      return { running: true, baseUrl: 'http://127.0.0.1:1' };
    },
    mockStatus: () => ({ running: state.running, baseUrl: state.running ? 'http://127.0.0.1:1' : null }),
    mockAdvanceClock: (input: { seconds: number }) => {
      state.clockOffset += input.seconds;
      return {
        now: new Date(Date.UTC(2025, 0, 1) + state.clockOffset * 1000).toISOString(),
        offsetSeconds: state.clockOffset,
      };
    },
    exportFile: (input: { content: string }) => {
      state.exported += input.content.length;
      return { saved: true, path: null };
    },
    mockReset: () => {
      throw new BridgeFailure('mock_not_running', 'The mock provider is not running.');
    },
    mockStop: () => {
      throw new Error('boom');
    },
  };
  const handlers = Object.fromEntries(
    METHOD_NAMES.map((name) => [
      name,
      async (input: unknown) => {
        calls.push({ name, input });
        const impl = real[name] as ((input: unknown) => unknown) | undefined;
        if (!impl) throw new BridgeFailure('unsupported', `${name} is not part of this fake.`);
        return impl(input);
      },
    ])
  ) as unknown as BridgeHandlers;
  return { handlers, calls, state };
}
