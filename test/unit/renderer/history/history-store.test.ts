import { describe, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import type { HistoryQuery } from '../../../../shared/store/history';
import { createHistoryStore, rowAt } from '../../../../renderer/state/history/history-store';
import { maskExchange, maskText, profileSecrets } from '../../../../renderer/components/mask';
import { entry, fakeBridge, profiles } from './fake-bridge';

const deps = (bridge: BridgeApi) => ({ bridge, crypto: {} as never, random: {} as never, now: () => 0 });

describe('history store', () => {
  it('drops a slow answer for a filter that has since changed', async () => {
    const fake = fakeBridge(50);
    const release: (() => void)[] = [];
    const list = fake.bridge.historyList;
    (fake.bridge as unknown as Record<string, unknown>).historyList = (q: HistoryQuery) =>
      new Promise((resolve) => release.push(() => void list(q).then(resolve)));
    const store = createHistoryStore(deps(fake.bridge));
    const first = store.getState().filterChanged({ outcome: 'failed' });
    const second = store.getState().filterChanged({ outcome: 'succeeded' });
    // Answer the newer query first, then the older one.
    release.slice(-2).forEach((r) => r());
    release.slice(0, -2).forEach((r) => r());
    await Promise.all([first, second]);
    const s = store.getState();
    expect(s.filter.outcome).toBe('succeeded');
    expect(rowAt(s.pages, 0)!.outcome).toBe('succeeded');
    expect(s.total).toBe(fake.entries.filter((e) => e.outcome === 'succeeded').length);
    expect(s.everything).toBe(50);
  });

  it('fetches only the pages a range needs, once', async () => {
    const fake = fakeBridge(5000);
    const store = createHistoryStore(deps(fake.bridge));
    await store.getState().pageOpened();
    fake.queries.length = 0;
    await Promise.all([store.getState().rowsNeeded(1990, 2030), store.getState().rowsNeeded(1995, 2035)]);
    expect(fake.queries.map((q) => q.offset)).toEqual([1900, 2000]);
    expect(rowAt(store.getState().pages, 2010)!.id).toBe('e2010');
  });
});

describe('masking secrets in an exchange', () => {
  it("masks named secret fields in forms and JSON, Basic credentials and the profiles' secrets", () => {
    expect(maskText('grant_type=refresh_token&refresh_token=abc&client_secret=xyz', [])).toBe(
      'grant_type=refresh_token&refresh_token=••••••••&client_secret=••••••••'
    );
    expect(maskText('{"access_token":"at","refresh_token":"r\\"t","token_type":"Bearer"}', [])).toBe(
      '{"access_token":"••••••••","refresh_token":"••••••••","token_type":"Bearer"}'
    );
    expect(maskText('oauth_token=t&oauth_token_secret=ts', [])).toBe('oauth_token=t&oauth_token_secret=••••••••');
    const secrets = profileSecrets(profiles);
    expect(secrets).toContain('s3cr3t-value');
    const e = entry(3);
    const basic = {
      ...e.exchange,
      request: {
        ...e.exchange.request,
        headers: [['Authorization', 'Basic YXBwOnMzY3IzdA=='] as const],
        body: 'x=s3cr3t-value',
      },
    };
    const { exchange, changed } = maskExchange(basic, secrets);
    expect(changed).toBe(true);
    expect(exchange.request.headers[0]).toEqual(['Authorization', 'Basic ••••••••']);
    expect(exchange.request.body).toBe('x=••••••••');
    expect(maskExchange(entry(10).exchange, secrets).changed).toBe(false);
  });
});
