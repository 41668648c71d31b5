import type { BridgeApi } from '../../shared/bridge/api';
import type { Exchange } from '../../shared/http';
import type { RandomPort } from '../../shared/ports';
import { newRecordId } from '../../shared/store/record-id';

/** Records one sent leg in the history (the store bounds it and honours the keepHistory setting). Best effort. */
export function recordHistory(bridge: BridgeApi, random: RandomPort, entry: { profileId: string; flow: 'oauth1' | 'oauth2' | 'signer'; leg: string; ok: boolean; summary: string; at: number; exchange: Exchange }): void {
  const { ok, ...rest } = entry;
  void bridge.historyAdd({ entry: { ...rest, id: newRecordId(random), outcome: ok ? 'succeeded' : 'failed', summary: entry.summary.slice(0, 2000) } });
}

/** Keeps a token a flow obtained with its profile (the store encrypts it at rest), so the Profiles page lists it. */
export function saveToken(bridge: BridgeApi, random: RandomPort, token: { profileId: string; kind: 'oauth1' | 'oauth2'; token: string; tokenSecret?: string; refreshToken?: string | null; scope?: string | null; obtainedAt: number; expiresAt: number | null }): void {
  const { refreshToken, scope, ...rest } = token;
  void bridge.tokenSave({ token: { ...rest, id: newRecordId(random), refreshToken: refreshToken ?? '', scope: scope ?? '' } });
}
