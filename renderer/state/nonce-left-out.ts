import type { BridgeApi } from '../../shared/bridge/api';
import { BridgeFailure } from '../../shared/bridge/result';
import { check } from '../../shared/check';
import type { Interpretation } from '../../shared/flows/common';
import type { OAuth2State } from '../../shared/flows/oauth2-flow';
import type { FlowMistake } from '../../shared/oauth2/flow-mistakes';
import { decodeJwt } from '../../shared/oidc/jwt';

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

/** The id_token's nonce claim, or why there is none to read. */
function idTokenNonce(idToken: string): { nonce: unknown } | { unreadable: string } {
  try {
    return { nonce: decodeJwt(idToken).payload.nonce };
  } catch (e) {
    return { unreadable: (e as Error).message };
  }
}

/**
 * The client's nonce check on the token leg's id_token (OIDC Core §3.1.3.7 item 11): the nonce the authorization
 * request sent must come back in it. The signature and the other claims are the OpenID Connect page's to validate;
 * a failed check fails the leg, so the explainer is asked why.
 */
export function withNonceCheck<O extends Interpretation<OAuth2State>>(
  outcome: O,
  leg: string,
  fields: Readonly<Record<string, unknown>> | undefined
): O {
  const sent = outcome.state.nonce;
  const idToken = fields?.id_token;
  if (leg !== 'token' || !outcome.ok || !sent || typeof idToken !== 'string') return outcome;
  const read = idTokenNonce(idToken);
  const got = 'nonce' in read ? read.nonce : undefined;
  const passed = got === sent;
  const why =
    'unreadable' in read
      ? `The id_token could not be read to compare its nonce: ${read.unreadable}`
      : got === undefined
        ? 'The nonce sent on the authorization request is missing from the id_token; the provider must echo it (OIDC Core §3.1.2.1, §3.1.3.7 item 11).'
        : 'The id_token’s nonce is not the one sent on the authorization request: a replayed or injected token (OIDC Core §3.1.3.7 item 11).';
  const nonceCheck = check(
    'id_token nonce',
    passed,
    'The id_token carries the nonce the authorization request sent.',
    why
  );
  if (passed) return { ...outcome, checks: [...outcome.checks, nonceCheck] };
  const { state } = outcome;
  return {
    ...outcome,
    ok: false,
    summary: 'The token endpoint answered, but the client refuses its id_token: the nonce check failed.',
    checks: [...outcome.checks, nonceCheck],
    state: { ...state, legs: { ...state.legs, token: 'failed' } },
  };
}
