import { describe, expect, it } from 'vitest';
import { BridgeFailure, bridgeErrorOf, CONTRACT_ERROR } from '../../../shared/bridge/result';
import { PROTOCOL_ERROR, ProtocolError } from '../../../shared/errors';

describe('the error vocabulary', () => {
  it.each([
    ['PROTOCOL_ERROR', PROTOCOL_ERROR],
    ['CONTRACT_ERROR', CONTRACT_ERROR],
  ] as const)('%s: each constant is its code in upper case, and no code is listed twice', (_, vocabulary) => {
    const entries = Object.entries(vocabulary);
    for (const [name, code] of entries) {
      expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(name).toBe(code.toUpperCase());
    }
    expect(new Set(entries.map(([, code]) => code)).size).toBe(entries.length);
  });
  it('the protocol and contract vocabularies share no code, so a code on the bridge says which it is', () => {
    const contract = new Set<string>(Object.values(CONTRACT_ERROR));
    expect(Object.values(PROTOCOL_ERROR).filter((c) => contract.has(c))).toEqual([]);
  });
});

describe('bridgeErrorOf', () => {
  it('keeps a protocol error’s code and step', () => {
    expect(bridgeErrorOf(new ProtocolError(PROTOCOL_ERROR.MISSING_NONCE, 'protocol-parameters', 'no nonce'))).toEqual({
      code: 'missing_nonce',
      message: 'no nonce',
      details: { step: 'protocol-parameters' },
    });
  });
  it('keeps a bridge failure’s code and details, as the bridge sent them', () => {
    expect(bridgeErrorOf(new BridgeFailure('connection_refused', 'refused', { step: 'bearer' }))).toEqual({
      code: 'connection_refused',
      message: 'refused',
      details: { step: 'bearer' },
    });
    expect(bridgeErrorOf(new BridgeFailure(CONTRACT_ERROR.NOT_FOUND, 'gone'))).toEqual({
      code: 'not_found',
      message: 'gone',
    });
  });
  it('anything else is internal', () => {
    expect(bridgeErrorOf(new TypeError('x is undefined'))).toEqual({ code: 'internal', message: 'x is undefined' });
    expect(bridgeErrorOf('text')).toEqual({ code: 'internal', message: 'text' });
  });
});
