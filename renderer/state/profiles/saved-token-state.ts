import { useEffect, useMemo } from 'react';
import type { MethodOutput } from '../../../shared/bridge/contract';
import type { SavedToken } from '../../../shared/store/saved-token';
import { useApp } from '../../app/stores';
import { useMockProvider } from '../mock/mock-store';

export interface SavedTokenState {
  readonly label: string;
  readonly tone: 'ok' | 'bad' | 'muted';
  /** Why, in a sentence, for the title. */
  readonly why: string;
}

type MockState = MethodOutput<'mockState'>['state'];

/** The running mock's statuses by token value (OAuth 1.0a and OAuth 2 access tokens, OAuth 2 refresh tokens). */
function mockStatuses(state: MockState): ReadonlyMap<string, string> {
  const { oauth1, oauth2 } = state;
  return new Map(
    [...oauth1.accessTokens, ...oauth2.accessTokens, ...oauth2.refreshTokens].map((t) => [t.token, t.status])
  );
}

/**
 * What a saved token is worth now. A token a server refused as revoked says so. For the built-in mock, its own
 * records say (valid, expired, deauthorized, revoked), and a token it does not know came from an earlier run (the
 * mock keeps tokens in memory) or was forgotten there. For another server, only the expiry the server gave is known.
 */
export function savedTokenState(
  token: SavedToken,
  now: number,
  atMock: ReadonlyMap<string, string> | null
): SavedTokenState {
  if (token.refused === 'revoked')
    return {
      label: 'revoked',
      tone: 'bad',
      why: 'The server refused it with a 401 saying it is no longer valid (revoked, deauthorized or expired).',
    };
  if (atMock) {
    const status = atMock.get(token.token);
    if (status === undefined)
      return {
        label: 'unknown to the mock',
        tone: 'muted',
        why: 'The running mock never issued it: it comes from an earlier run of the mock (which keeps tokens in memory only), or it was forgotten there.',
      };
    if (status === 'valid') return { label: 'valid', tone: 'ok', why: "The mock's records say it is valid." };
    return { label: `${status} at the mock`, tone: 'bad', why: `The mock's records say it is ${status}.` };
  }
  if (token.expiresAt !== null && token.expiresAt <= now)
    return { label: 'expired', tone: 'bad', why: 'Its expiry (expires_in when it was issued) has passed.' };
  return {
    label: token.expiresAt === null ? 'no expiry given' : 'not expired',
    tone: 'muted',
    why: 'Only the server knows whether it was revoked or deauthorized since.',
  };
}

/** The mock's statuses while the profile is the built-in one and the mock runs, read again after each request it sees. */
export function useMockStatuses(builtIn: boolean): ReadonlyMap<string, string> | null {
  const running = useApp((s) => s.mock.running);
  const lastEvent = useApp((s) => s.mockEvents.at(-1)?.id ?? 0);
  const { read, refresh } = useMockProvider((s) => s);
  const enabled = builtIn && running;
  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled, lastEvent, refresh]);
  return useMemo(() => (enabled && read ? mockStatuses(read.view.state) : null), [enabled, read]);
}

/**
 * Whether a saved OAuth 2 token can still be refreshed, or null when it has no refresh token: not once the server
 * refused its refresh token (invalid_grant) or the app revoked it (RFC 7009), or a refresh replaced it (rotation:
 * the server may have deleted it, and a replay revokes the grant, RFC 9700 §4.14.2
 * (https://www.rfc-editor.org/rfc/rfc9700#section-4.14.2)); the mock's records say for its own tokens.
 */
export function savedRefreshState(
  token: SavedToken,
  atMock: ReadonlyMap<string, string> | null
): SavedTokenState | null {
  if (!token.refreshToken) return null;
  if (token.refused === 'refresh_refused')
    return {
      label: 'refresh refused',
      tone: 'bad',
      why: 'The server refused its refresh token (invalid_grant), or it was revoked (RFC 7009).',
    };
  if (token.refused === 'rotated')
    return {
      label: 'refresh token rotated away',
      tone: 'bad',
      why: 'A refresh replaced its refresh token with a new one (saved as a newer token); the server may have deleted this one.',
    };
  const status = atMock?.get(token.refreshToken);
  if (status && status !== 'valid')
    return {
      label: `refresh token ${status} at the mock`,
      tone: 'bad',
      why: `The mock's records say it is ${status}.`,
    };
  return { label: 'refreshable', tone: status ? 'ok' : 'muted', why: 'Nothing says its refresh token was refused.' };
}
