// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { MockExpiry } from '../../../../renderer/features/flow/MockExpiry';
import { useMockToken } from '../../../../renderer/features/flow/use-mock-token';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';

afterEach(cleanup);

const NOW = Date.parse('2026-11-22T10:00:00Z');
const now = () => NOW;
const text = () => document.body.textContent ?? '';

describe('MockExpiry: the mock’s verdict beside the client’s countdown', () => {
  it('says nothing when the two agree, or when both say expired', () => {
    render(
      <MockExpiry view={{ status: 'issued', expiresAt: NOW + 600_500 }} clientExpiresAt={NOW + 600_000} now={now} />
    );
    render(<MockExpiry view={{ status: 'expired', expiresAt: NOW - 1_000 }} clientExpiresAt={NOW - 1_000} now={now} />);
    render(<MockExpiry view={null} clientExpiresAt={NOW + 600_000} now={now} />);
    expect(text()).toBe('');
  });
  it('shows expired at the mock while the client still counts down (the mock’s clock was moved ahead)', () => {
    render(
      <MockExpiry view={{ status: 'expired', expiresAt: NOW - 1_000 }} clientExpiresAt={NOW + 540_000} now={now} />
    );
    expect(text()).toBe(' · at the mock: expired');
    expect(screen.getByTitle(/A client knows only expires_in and this computer's clock/)).toBeTruthy();
  });
  it('shows a token revoked at the mock, and the mock’s own countdown when it differs', () => {
    render(
      <MockExpiry
        view={{ status: 'revoked', expiresAt: NOW + 3_000_000 }}
        clientExpiresAt={NOW + 3_600_000}
        now={now}
      />
    );
    expect(text()).toBe(' · at the mock: revoked');
    cleanup();
    render(
      <MockExpiry view={{ status: 'valid', expiresAt: NOW + 60_000 }} clientExpiresAt={NOW + 3_600_000} now={now} />
    );
    expect(text()).toBe(' · at the mock: 01:00');
  });
});

describe('useMockToken', () => {
  function Probe({ token, againstMock }: { token: string | null; againstMock: boolean }) {
    const view = useMockToken('requestToken', token, againstMock);
    return <p>{view ? `${view.status} ${view.expiresAt - NOW}` : 'none'}</p>;
  }
  const mockNow = { value: '2026-11-22T10:10:00.000Z' };
  const state = () => ({
    state: {
      now: mockNow.value,
      oauth1: {
        requestTokens: [{ token: 'rt-1', status: 'issued', expiresAt: '2026-11-22T10:15:00.000Z' }],
        accessTokens: [],
      },
      oauth2: { codes: [], accessTokens: [], refreshTokens: [] },
    },
  });

  async function mount(againstMock: boolean) {
    const fake = fakeBridge({ mockState: state, mockStatus: () => ({ running: true, baseUrl: 'http://127.0.0.1:1' }) });
    const stores = createStores({
      bridge: fake.bridge,
      crypto: browserCrypto,
      random: { bytes: (n) => new Uint8Array(n) },
      now,
    });
    stores.app.setState({ mock: { running: true, baseUrl: 'http://127.0.0.1:1' } });
    render(
      <StoresProvider stores={stores}>
        <Probe token="rt-1" againstMock={againstMock} />
      </StoresProvider>
    );
    return fake;
  }
  const event = (id: number) => ({
    id,
    at: '',
    endpoint: 'admin',
    exchange: {
      request: { method: 'POST', url: '', headers: [] },
      response: { status: 200, statusText: '', headers: [], bodyText: '', bodySize: 0 },
      timings: { connect: null, tls: null, firstByte: null, total: 1 },
      startedAt: 0,
    },
    verdict: { ok: true, reason: 'ok', message: '' },
    signature: null,
    assumptions: [],
  });

  it('reads the token’s expiry from the mock, in this app’s clock, and again after each request the mock sees', async () => {
    const fake = await mount(true);
    await waitFor(() => expect(text()).toBe('issued 300000'));
    // Far past the app's list of 500 events: each new one still triggers a read.
    for (let id = 1; id <= 600; id++) act(() => fake.emit('mockEvent', event(id)));
    mockNow.value = '2026-11-22T10:16:00.000Z';
    act(() => fake.emit('mockEvent', event(601)));
    await waitFor(() => expect(text()).toBe('issued -60000'));
    mockNow.value = '2026-11-22T10:10:00.000Z';
  });
  it('is not asked for a profile other than the built-in mock', async () => {
    const fake = await mount(false);
    await new Promise((r) => setTimeout(r, 20));
    expect(text()).toBe('none');
    expect(fake.calls.filter(([n]) => n === 'mockState')).toEqual([]);
  });
});
