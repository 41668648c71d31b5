import type { BridgeApi } from '../../shared/bridge/api';
import type { RandomPort } from '../../shared/ports';
import type { HistoryRecord } from '../../shared/store/history-record';
import { newRecordId } from '../../shared/store/record-id';
import type { SavedTokenInput, SavedTokenRefusal } from '../../shared/store/saved-token';

/**
 * What httpSend is told so the host records the exchange in the history (the store bounds it and honours the
 * keepHistory setting), under an id of its own for the leg's verdict.
 */
export function historyRecord(random: RandomPort, record: Omit<HistoryRecord, 'id'>): HistoryRecord {
  return { ...record, id: newRecordId(random) };
}

/** Keeps a token a flow obtained with its profile (the store encrypts it at rest), so the Profiles page lists it; the record as saved. */
export function saveToken(
  bridge: BridgeApi,
  random: RandomPort,
  token: {
    profileId: string;
    kind: 'oauth1' | 'oauth2';
    token: string;
    tokenSecret?: string;
    refreshToken?: string | null;
    scope?: string | null;
    obtainedAt: number;
    expiresAt: number | null;
    /** Where it came from, as Profiles shows it: the page and the grant ("OAuth 2 page: authorization code"). */
    label: string;
  }
): SavedTokenInput {
  const { refreshToken, scope, ...rest } = token;
  const saved = { ...rest, id: newRecordId(random), refreshToken: refreshToken ?? '', scope: scope ?? '' };
  void bridge.tokenSave({ token: saved });
  return saved;
}

/** The saved token again, with what the server has since said of it (refused its refresh, rotated it away, revoked it). */
export function savedTokenRefused(
  bridge: BridgeApi,
  saved: SavedTokenInput,
  refused: SavedTokenRefusal
): SavedTokenInput {
  const marked = { ...saved, refused };
  void bridge.tokenSave({ token: marked });
  return marked;
}
