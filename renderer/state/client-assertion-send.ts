import type { BridgeApi } from '../../shared/bridge/api';
import type { BridgeResult } from '../../shared/bridge/result';
import type { RawRequest } from '../../shared/http';
import type { OAuth2Run } from './oauth2/oauth2-run';
import type { ClientAssertionTrace } from '../../shared/oauth2/client-assertion';
import {
  wantsClientAssertion,
  withAssertion,
  type ClientAssertionSettings,
} from '../../shared/oauth2/client-assertion-request';
import {
  withUnencodedBasic,
  type AppliedAuthMistake,
  type ClientAuthMistake,
} from '../../shared/oauth2/client-auth-mistakes';

/**
 * A token, refresh, revocation or introspection request about to be sent, with its client assertion signed by the
 * host (bridge clientAssertion: keys never meet the page's crypto) when it asks for one (RFC 7523 §2.2); each send
 * gets a fresh one. Unchanged, with no trace, otherwise. A mistake chosen on purpose is made here, once.
 */
export async function assertionSigned(
  bridge: Pick<BridgeApi, 'clientAssertion'>,
  request: RawRequest,
  settings: ClientAssertionSettings | null,
  mistake: AppliedAuthMistake | null = null
): Promise<BridgeResult<{ request: RawRequest; trace: ClientAssertionTrace | null }>> {
  if (mistake?.kind === 'basic-unencoded')
    return {
      ok: true,
      value: { request: withUnencodedBasic(request, mistake.clientId, mistake.clientSecret), trace: null },
    };
  if (!wantsClientAssertion(request) || !settings) return { ok: true, value: { request, trace: null } };
  const signed = await bridge.clientAssertion({
    ...settings,
    ...(mistake ? { mistake: mistake.kind, ...(mistake.jti ? { jti: mistake.jti } : {}) } : {}),
  });
  return signed.ok
    ? { ok: true, value: { request: withAssertion(request, signed.value.assertion), trace: signed.value } }
    : signed;
}

/** The assertion of a leg's last send if the server accepted it (2xx): the jti a replay presents again. */
export const acceptedAssertion = (run: OAuth2Run | undefined): ClientAssertionTrace | null =>
  run?.assertion && run.exchange && run.exchange.response.status < 300 ? run.assertion : null;

/** The chosen mistake with what it needs: the Basic credentials, or the jti of the leg's last assertion to replay. */
export function appliedAuthMistake(
  mistake: ClientAuthMistake | null,
  client: { readonly clientId: string; readonly clientSecret: string },
  last: ClientAssertionTrace | null
): AppliedAuthMistake | null {
  if (!mistake) return null;
  if (mistake === 'basic-unencoded')
    return { kind: mistake, clientId: client.clientId, clientSecret: client.clientSecret };
  return { kind: mistake, jti: last ? String(last.claims.jti) : null };
}
