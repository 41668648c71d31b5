import type { BridgeApi } from '../../shared/bridge/api';
import type { BridgeResult } from '../../shared/bridge/result';
import type { RawRequest } from '../../shared/http';
import type { ClientAssertionTrace } from '../../shared/oauth2/client-assertion';
import {
  wantsClientAssertion,
  withAssertion,
  type ClientAssertionSettings,
} from '../../shared/oauth2/client-assertion-request';

/**
 * A token, refresh, revocation or introspection request about to be sent, with its client assertion signed by the
 * host (bridge clientAssertion: keys never meet the page's crypto) when it asks for one (RFC 7523 §2.2); each send
 * gets a fresh one. Unchanged, with no trace, otherwise.
 */
export async function assertionSigned(
  bridge: Pick<BridgeApi, 'clientAssertion'>,
  request: RawRequest,
  settings: ClientAssertionSettings | null
): Promise<BridgeResult<{ request: RawRequest; trace: ClientAssertionTrace | null }>> {
  if (!wantsClientAssertion(request) || !settings) return { ok: true, value: { request, trace: null } };
  const signed = await bridge.clientAssertion(settings);
  return signed.ok
    ? { ok: true, value: { request: withAssertion(request, signed.value.assertion), trace: signed.value } }
    : signed;
}
