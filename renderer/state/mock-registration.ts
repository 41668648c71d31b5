import type { BridgeApi } from '../../shared/bridge/api';
import type { BridgeResult } from '../../shared/bridge/result';

/** A JSON answer's object, or an empty one (the caller names what is missing). */
const jsonObject = (body: string): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
};

const refused = (message: string): BridgeResult<never> => ({
  ok: false,
  error: { code: 'registration_refused', message },
});

/**
 * A client registered at the mock (RFC 7591 §3.1): its registration endpoint as its discovery document names it,
 * `metadata` POSTed there as JSON; the answer's members (client_id, and a client_secret when its method uses one),
 * or the refusal in the mock's words.
 */
export async function registeredAtMock(
  bridge: Pick<BridgeApi, 'httpSend'>,
  baseUrl: string,
  metadata: Readonly<Record<string, unknown>>
): Promise<BridgeResult<Record<string, unknown>>> {
  const discovery = await bridge.httpSend({
    request: { method: 'GET', url: `${baseUrl}/.well-known/openid-configuration`, headers: [] },
  });
  if (!discovery.ok) return discovery;
  const { registration_endpoint: endpoint } =
    discovery.value.response.status < 300 ? jsonObject(discovery.value.response.bodyText) : {};
  if (typeof endpoint !== 'string') return refused('The provider’s discovery document names no registration_endpoint.');
  const sent = await bridge.httpSend({
    request: {
      method: 'POST',
      url: endpoint,
      headers: [['Content-Type', 'application/json']],
      body: JSON.stringify(metadata),
    },
  });
  if (!sent.ok) return sent;
  const { status, bodyText } = sent.value.response;
  const answer = jsonObject(bodyText);
  if (status < 300 && typeof answer.client_id === 'string') return { ok: true, value: answer };
  const said = typeof answer.error_description === 'string' ? `: ${answer.error_description}` : '';
  return refused(`The mock did not register the client (HTTP ${status}${said}).`);
}
