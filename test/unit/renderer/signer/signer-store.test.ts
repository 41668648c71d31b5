import { describe, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { createSignerStore } from '../../../../renderer/state/signer/signer-store';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { fakeBridge, MOCK_BASE, mockProfile } from './fixtures';

let counter = 0;
const store = (bridge = fakeBridge()) => ({
  bridge,
  store: createSignerStore({
    bridge: bridge as unknown as BridgeApi,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(++counter % 256) },
    now: () => 1_700_000_000_000,
  }),
});

describe('signer store', () => {
  it('prefills from a profile, and waits for the base URL when the mock is not running yet', async () => {
    const { store: s } = store();
    await s.getState().profileChosen(mockProfile, null);
    expect(s.getState()).toMatchObject({
      urlPending: true,
      opened: true,
      form: { profileId: 'mock', consumerKey: 'oauth-lab-consumer', url: '' },
    });
    s.getState().endpointChosen('requestToken', mockProfile, MOCK_BASE);
    expect(s.getState()).toMatchObject({
      urlPending: false,
      form: { method: 'POST', url: `${MOCK_BASE}/oauth/v1/request_token`, callback: 'http://127.0.0.1:8765/callback' },
    });
    s.getState().endpointChosen('api', mockProfile, MOCK_BASE);
    expect(s.getState().form).toMatchObject({ method: 'GET', url: `${MOCK_BASE}/api/v1/me`, callback: '' });
  });

  it('typing a URL ends the wait for the base URL', async () => {
    const { store: s } = store();
    await s.getState().profileChosen(mockProfile, null);
    s.getState().formEdited({ url: 'https://api.example.com/x' });
    expect(s.getState().urlPending).toBe(false);
  });

  it('sends, records the exchange in the history as the signer, and draws a fresh nonce', async () => {
    const { store: s, bridge } = store();
    await s.getState().profileChosen(mockProfile, MOCK_BASE);
    const nonce = s.getState().form.nonce;
    await s.getState().requestSent(mockProfile);
    const run = s.getState().run!;
    expect(run.exchange?.response.status).toBe(200);
    expect(run.sent?.params.find((p) => p.name === 'oauth_nonce')?.value).toBe(nonce);
    expect(s.getState().form.nonce).not.toBe(nonce);
    expect(bridge.httpSend).toHaveBeenCalledWith({
      request: run.sent!.request,
      options: { allowSelfSigned: false, timeoutMs: 30000 },
      record: { id: expect.stringMatching(/^[0-9a-f]{16}$/), profileId: 'mock', flow: 'signer', leg: 'request' },
    });
    expect(bridge.recorded).toEqual([
      expect.objectContaining({ flow: 'signer', leg: 'request', profileId: 'mock', outcome: 'succeeded' }),
    ]);
  });

  it('does not send a form with a bad field, and reports a signing error with its step', async () => {
    const { store: s, bridge } = store();
    await s.getState().profileChosen(mockProfile, MOCK_BASE);
    s.getState().formEdited({ timestamp: 'soon' });
    await s.getState().requestSent(null);
    expect(bridge.httpSend).not.toHaveBeenCalled();
    s.getState().formEdited({ timestamp: '1700000000', extraOauth: [{ name: 'session', value: 'x' }] });
    await s.getState().requestSent(null);
    expect(s.getState().run?.error).toMatchObject({
      code: 'invalid_extra_parameter',
      details: { step: 'protocol-parameters' },
    });
    expect(bridge.httpSend).not.toHaveBeenCalled();
  });
});
