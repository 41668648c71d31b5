import { describe, expect, it } from 'vitest';
import type { BridgeHandlers } from '../../../shared/bridge/api';
import { dispatch } from '../../../shared/bridge/dispatch';
import { BridgeFailure } from '../../../shared/bridge/result';
import { PROTOCOL_ERROR, ProtocolError } from '../../../shared/errors';

const throwing = (e: unknown) => ({ appInfo: () => Promise.reject(e) }) as unknown as BridgeHandlers;
const input = undefined;

describe('dispatch answers what a handler throws as a coded error', () => {
  it('a protocol error keeps its code and the step that failed', async () => {
    const e = new ProtocolError(
      PROTOCOL_ERROR.INVALID_UTF8,
      'query-parameters',
      'Invalid UTF-8 byte sequence at byte 0'
    );
    expect(await dispatch(throwing(e), 'appInfo', input)).toEqual({
      ok: false,
      error: {
        code: 'invalid_utf8',
        message: 'Invalid UTF-8 byte sequence at byte 0',
        details: { step: 'query-parameters' },
      },
    });
  });
  it('a bridge failure keeps its code and details; anything else is internal, named', async () => {
    expect(await dispatch(throwing(new BridgeFailure('not_found', 'gone', { id: 'x' })), 'appInfo', input)).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'gone', details: { id: 'x' } },
    });
    const r = await dispatch(throwing(new TypeError('x is undefined')), 'appInfo', input);
    expect(r).toEqual({
      ok: false,
      error: { code: 'internal', message: 'appInfo failed unexpectedly: x is undefined' },
    });
  });
});
