import type { BridgeApi } from '../../shared/bridge/api';
import { BridgeFailure } from '../../shared/bridge/result';
import type { FlowMistake } from '../../shared/oauth2/flow-mistakes';

/**
 * "The nonce left out": the token exchange is sent with the mock's id_token fault switched to `missing-nonce`, and
 * the switch put back as it was once the answer is in (or the send failed), so only this exchange's id_token lacks it.
 */
export async function withNonceLeftOut<T>(
  bridge: Pick<BridgeApi, 'mockState' | 'mockUpdateSettings'>,
  mistake: FlowMistake | null,
  send: () => Promise<T>
): Promise<T> {
  if (mistake !== 'nonce-left-out') return send();
  const state = await bridge.mockState();
  if (!state.ok) throw new BridgeFailure(state.error.code, state.error.message);
  const previous = state.value.settings.switches.idTokenFault ?? 'off';
  const switched = await bridge.mockUpdateSettings({ switches: { idTokenFault: 'missing-nonce' } });
  if (!switched.ok) throw new BridgeFailure(switched.error.code, switched.error.message);
  try {
    return await send();
  } finally {
    await bridge.mockUpdateSettings({ switches: { idTokenFault: previous } });
  }
}
