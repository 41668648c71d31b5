import type { BridgeApi } from '../../shared/bridge/api';
import { hexEncode } from '../../shared/encoding/base64';
import type { Exchange } from '../../shared/http';
import type { RandomPort } from '../../shared/ports';

/** Records one sent leg in the history (the store bounds it and honours the keepHistory setting). Best effort. */
export function recordHistory(bridge: BridgeApi, random: RandomPort, entry: { profileId: string; flow: 'oauth1' | 'oauth2' | 'signer'; leg: string; ok: boolean; summary: string; at: number; exchange: Exchange }): void {
  const { ok, ...rest } = entry;
  void bridge.historyAdd({ entry: { ...rest, id: hexEncode(random.bytes(12)), outcome: ok ? 'succeeded' : 'failed', summary: entry.summary.slice(0, 2000) } });
}
