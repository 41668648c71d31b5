import { check, note, type Check } from '../flows/common';
import { buildRefreshRequest, interpretTokenResponse, type OAuth2State } from '../flows/oauth2-flow';
import type { Exchange, RawRequest } from '../http';
import { providerMessage } from '../provider-message';
import { refreshRotation } from './token-management';

/**
 * A refresh (RFC 6749 §6 (https://www.rfc-editor.org/rfc/rfc6749#section-6)) seen as part of a token's life: the new token, and whether the refresh token was rotated
 * (RFC 9700 §4.14.2 (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)), with the old one kept so the user can present it again and watch it be refused.
 */

/** Enough of a token to tell two apart, never the whole secret: its last four characters and its length. */
export function tokenTail(token: string): string {
  return `…${token.slice(-4)} (${token.length} chars)`;
}

export interface RefreshOutcome {
  readonly ok: boolean;
  readonly summary: string;
  readonly checks: readonly Check[];
  readonly state: OAuth2State;
  /** The refresh token presented, and the one to use from now on (the same when not rotated). */
  readonly oldRefreshToken: string;
  readonly newRefreshToken: string | null;
  readonly rotated: boolean;
}

/** Whether the response body itself carried a refresh_token (interpretTokenResponse keeps the old one when not). */
function sentRefreshToken(e: Exchange): string | null {
  try {
    const body = JSON.parse(e.response.bodyText) as Record<string, unknown>;
    return typeof body.refresh_token === 'string' ? body.refresh_token : null;
  } catch {
    return null;
  }
}

/** The refresh's checks (the token response's, then the rotation's) and the state with the new token. */
export function interpretRefresh(s: OAuth2State, e: Exchange, now: number): RefreshOutcome {
  const old = s.token?.refreshToken ?? '';
  const r = interpretTokenResponse(s, e, now, 'refresh');
  // A refused refresh leaves the state's token as it was: nothing new, nothing rotated.
  if (r.state.token === s.token) return { ...r, oldRefreshToken: old, newRefreshToken: null, rotated: false };
  const fresh = r.state.token!.refreshToken;
  const rotation = refreshRotation(old, sentRefreshToken(e));
  return {
    ok: r.ok,
    summary: r.summary,
    checks: [...r.checks, rotation],
    state: r.state,
    oldRefreshToken: old,
    newRefreshToken: fresh,
    rotated: fresh !== null && fresh !== old,
  };
}

/** The same refresh request again, with the refresh token the rotation replaced. */
export function buildReuseRequest(s: OAuth2State, oldRefreshToken: string): RawRequest {
  return buildRefreshRequest({ ...s, token: { ...s.token!, refreshToken: oldRefreshToken } });
}

/**
 * RFC 9700 §4.14.2: after rotation, a refresh token that was replaced must be refused (invalid_grant, RFC 6749
 * §5.2); the provider should also revoke the grant it belongs to, since one of the two holders is an attacker.
 */
export function interpretReuse(e: Exchange): {
  readonly ok: boolean;
  readonly summary: string;
  readonly checks: readonly Check[];
} {
  const status = e.response.status;
  const refused = status >= 400 && status < 500;
  const words = providerMessage(e.response)?.text;
  const c = check(
    'reuse refused',
    refused,
    `Refused with HTTP ${status}${words ? ` (${words})` : ''}: a replaced refresh token no longer works (RFC 9700 §4.14.2).`,
    `The provider answered HTTP ${status} to a refresh token it had already replaced; RFC 9700 §4.14.2 requires refusing it, or a stolen copy keeps working.`
  );
  const checks = refused
    ? [
        c,
        note(
          'grant',
          'A provider that detects the reuse may also revoke the grant (RFC 9700 §4.14.2): refresh with the new token to see whether it still works.'
        ),
      ]
    : [c];
  return {
    ok: refused,
    summary: refused
      ? `The replaced refresh token was refused (HTTP ${status}).`
      : `The replaced refresh token still works (HTTP ${status}).`,
    checks,
  };
}
