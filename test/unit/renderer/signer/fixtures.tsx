import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import type { Exchange } from '../../../../shared/http';
import type { HistoryEntry } from '../../../../shared/store/history';
import { exchangeVerdict, historyEntryOf, type HistoryRecord } from '../../../../shared/store/history-record';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import type { SavedToken } from '../../../../shared/store/saved-token';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { SignerPage } from '../../../../renderer/features/signer/SignerPage';
import { browserCrypto } from '../../../../renderer/platform/crypto';

export const MOCK_BASE = 'http://127.0.0.1:9999';

export const mockProfile: Profile = profileSchema.parse({
  id: 'mock',
  name: 'Mock provider',
  builtIn: true,
  oauth1: { consumerKey: 'oauth-lab-consumer', consumerSecret: 'oauth-lab-consumer-secret' },
});

export const exchangeOf = (status: number, statusText: string, bodyText = ''): Exchange => ({
  request: { method: 'POST', url: `${MOCK_BASE}/oauth/v1/request_token`, headers: [] },
  response: {
    status,
    statusText,
    headers: [['Content-Type', 'application/x-www-form-urlencoded']],
    bodyText,
    bodySize: bodyText.length,
  },
  timings: { connect: 1, tls: null, firstByte: 2, total: 3 },
  startedAt: 0,
});

/**
 * A bridge with only what the signer page and the app store call; every method is a spy. A send with a history
 * record lands in `recorded` as the host would record it (its verdict: shared/store/history-record.ts).
 */
export function fakeBridge(opts: { tokens?: SavedToken[]; exchange?: Exchange } = {}) {
  const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });
  const recorded: HistoryEntry[] = [];
  return {
    recorded,
    on: vi.fn(() => () => {}),
    tokensList: vi.fn(() => ok(opts.tokens ?? [])),
    // The saved-token list asks the running mock what its tokens are worth: none of these are its.
    mockState: vi.fn(() =>
      ok({
        state: {
          now: new Date(0).toISOString(),
          oauth1: { requestTokens: [], accessTokens: [] },
          oauth2: { codes: [], accessTokens: [], refreshTokens: [] },
        },
      })
    ),
    httpSend: vi.fn((input: { record?: HistoryRecord }) => {
      const exchange =
        opts.exchange ?? exchangeOf(200, 'OK', 'oauth_token=rt-1&oauth_token_secret=s&oauth_callback_confirmed=true');
      if (input.record) recorded.push(historyEntryOf(input.record, exchange, 0, exchangeVerdict(exchange)));
      return ok(exchange);
    }),
    oauth1Trace: vi.fn(() =>
      Promise.resolve({
        ok: false as const,
        error: {
          code: 'invalid_private_key',
          message: 'The RSA private key could not be used: bad PEM',
          details: { step: 'signature' },
        },
      })
    ),
  };
}

/** The page with fixed randomness and clock, the mock profile active and the mock running. */
export function renderSigner(bridge = fakeBridge(), profile: Profile = mockProfile) {
  const stores = createStores({
    bridge: bridge as unknown as BridgeApi,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(1) },
    now: () => 1_700_000_000_000,
  });
  stores.app.setState({
    profiles: [profile],
    activeProfileId: profile.id,
    mock: { running: true, baseUrl: MOCK_BASE },
    loaded: true,
  });
  const view = render(
    <StoresProvider stores={stores}>
      <SignerPage />
    </StoresProvider>
  );
  return { ...view, bridge, stores };
}
