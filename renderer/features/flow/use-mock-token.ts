import { useEffect, useMemo } from 'react';
import type { MethodOutput } from '../../../shared/bridge/contract';
import { useApp } from '../../app/stores';
import { useMockProvider } from '../../state/mock/mock-store';

/** Which of the mock's tables holds the token. */
export type MockTokenKind = 'requestToken' | 'accessToken' | 'bearerToken' | 'code';

/** The built-in mock's own view of a token: its status and, converted to this app's clock, when it expires there. */
export interface MockTokenView {
  readonly status: string;
  /** When the token expires at the mock, in this app's milliseconds (the mock's clock may have been moved ahead); Infinity for OAuth 1.0a access tokens, which do not expire. */
  readonly expiresAt: number;
}

type MockState = MethodOutput<'mockState'>['state'];

function rowOf(
  state: MockState,
  kind: MockTokenKind,
  token: string
): { status: string; expiresAt?: string } | undefined {
  if (kind === 'code') return state.oauth2.codes.find((r) => r.code === token);
  if (kind === 'accessToken') return state.oauth1.accessTokens.find((r) => r.token === token);
  const rows = kind === 'requestToken' ? state.oauth1.requestTokens : state.oauth2.accessTokens;
  return rows.find((r) => r.token === token);
}

/**
 * The mock's view of `token` while the flow runs against the built-in mock; null otherwise. Read when the page
 * opens and after each request the mock sees (its clock can be moved by the Mock page or POST /_mock/clock/advance),
 * so a client's countdown, which only knows expires_in and this app's clock, can be shown beside the mock's verdict.
 */
export function useMockToken(kind: MockTokenKind, token: string | null, againstMock: boolean): MockTokenView | null {
  const running = useApp((s) => s.mock.running);
  // The id of the newest event, not the count: the list is capped, so its length stops changing.
  const lastEvent = useApp((s) => s.mockEvents.at(-1)?.id ?? 0);
  const { read, refresh } = useMockProvider((s) => s);
  const enabled = againstMock && running && token !== null;
  useEffect(() => {
    if (enabled) void refresh();
  }, [enabled, kind, token, lastEvent, refresh]);
  return useMemo(() => {
    const row = enabled && read ? rowOf(read.view.state, kind, token) : undefined;
    if (!row || !read) return null;
    // The mock's expiry, as far from the time it was read as from the mock's clock then.
    return {
      status: row.status,
      expiresAt:
        row.expiresAt === undefined
          ? Number.POSITIVE_INFINITY
          : read.at + (Date.parse(row.expiresAt) - Date.parse(read.view.state.now)),
    };
  }, [enabled, read, kind, token]);
}
