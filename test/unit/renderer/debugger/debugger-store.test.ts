import { describe, expect, it, vi } from 'vitest';
import { createDebuggerStore } from '../../../../renderer/state/debugger/debugger-store';
import { browserCrypto } from '../../../../renderer/platform/crypto';

// HMAC requests are checked in the page: the bridge is never called.
const bridge = { rsaVerify: vi.fn() };
const store = () => createDebuggerStore({ crypto: { ...browserCrypto, hmac: vi.fn(browserCrypto.hmac) }, bridge });

describe('debugger store', () => {
  it('the example is a form POST whose body was left out of the signature, checked at once', () => {
    const s = store();
    s.getState().exampleLoaded();
    const { inputs, result, checked } = s.getState();
    expect(inputs.form).toBe('curl');
    expect(checked).toBe(inputs);
    expect(result!.diagnosis!.verdict).toBe('mismatch');
    expect(result!.diagnosis!.causes.map((c) => c.cause)).toEqual(['body-left-out']);
    expect(result!.request!.origin).toBe('curl');
    expect(bridge.rsaVerify).not.toHaveBeenCalled();
  });

  it('edits are not checked until asked, and asking twice for the same inputs checks once', () => {
    const crypto = { ...browserCrypto, hmac: vi.fn(browserCrypto.hmac) };
    const s = createDebuggerStore({ crypto, bridge });
    s.getState().exampleLoaded();
    const calls = crypto.hmac.mock.calls.length;
    s.getState().inputEdited({ tokenSecret: 'other' });
    expect(s.getState().checked).not.toBe(s.getState().inputs);
    expect(s.getState().result!.diagnosis!.causes.map((c) => c.cause)).toEqual(['body-left-out']);
    s.getState().diagnosisRequested();
    const after = crypto.hmac.mock.calls.length;
    expect(after).toBeGreaterThan(calls);
    s.getState().diagnosisRequested();
    expect(crypto.hmac.mock.calls.length).toBe(after);
  });

  it('each form keeps its own text; clearing keeps the chosen form', () => {
    const s = store();
    s.getState().inputEdited({ curl: 'curl https://a.example/' });
    s.getState().formChosen('fields');
    s.getState().fieldEdited({ url: 'https://b.example/' });
    s.getState().formChosen('curl');
    expect(s.getState().inputs.curl).toBe('curl https://a.example/');
    expect(s.getState().inputs.fields.url).toBe('https://b.example/');
    s.getState().inputsCleared();
    expect(s.getState().inputs).toMatchObject({ form: 'curl', curl: '', fields: { url: '' } });
    expect(s.getState().result).toEqual({ request: null, diagnosis: null, errors: {} });
  });
});
