import type { BridgeApi } from '../../../../shared/bridge/api';
import type { EventName } from '../../../../shared/bridge/contract';

/** A bridge whose methods the test supplies; events are emitted by the test. Unlisted methods fail loudly. */
export function fakeBridge(methods: Record<string, (input: any) => unknown>) {
  const listeners = new Map<string, Set<(p: unknown) => void>>();
  const calls: [string, unknown][] = [];
  const bridge = new Proxy({} as BridgeApi, {
    get(_, name: string) {
      if (name === 'on')
        return (event: EventName, l: (p: unknown) => void) => (
          listeners.set(event, (listeners.get(event) ?? new Set()).add(l)),
          () => listeners.get(event)!.delete(l)
        );
      return async (input: unknown) => {
        calls.push([name, input]);
        const impl = methods[name];
        if (!impl) throw new Error(`The test did not expect bridge.${name}`);
        return { ok: true, value: await impl(input) };
      };
    },
  });
  return {
    bridge,
    calls,
    emit: (event: EventName, payload: unknown) => listeners.get(event)?.forEach((l) => l(payload)),
  };
}
