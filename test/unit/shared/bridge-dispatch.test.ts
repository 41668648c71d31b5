import { describe, expect, it } from 'vitest';
import type { BridgeHandlers } from '../../../shared/bridge/api';
import { dispatch } from '../../../shared/bridge/dispatch';
import { BridgeFailure, bridgeErrorOf } from '../../../shared/bridge/result';
import { CodedError, PROTOCOL_ERROR, ProtocolError } from '../../../shared/errors';
import { CatcherError } from '../../../host/catcher/errors';
import { ExportError } from '../../../host/export/types';
import { MockControlError } from '../../../mock-provider/control';
import { TransportError } from '../../../platform/node/transport/errors';

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

  it("a service's coded error keeps its code: every coded error is a CodedError", async () => {
    const request = { method: 'GET', url: 'http://127.0.0.1:1/', headers: [] };
    const services = [
      new CatcherError('port_in_use', 'Port 1 is in use.'),
      new ExportError('unknown_target', 'No such target.'),
      new MockControlError('not_found', 'No such token.'),
      new TransportError('connection_refused', 'Nothing listens on port 1.', request, 'connect'),
    ];
    for (const e of [...services, new ProtocolError(PROTOCOL_ERROR.INVALID_URL, 'url', 'Not a URL.')])
      expect(e).toBeInstanceOf(CodedError);
    for (const e of services) {
      expect(await dispatch(throwing(e), 'appInfo', input)).toEqual({
        ok: false,
        error: { code: e.code, message: e.message },
      });
      expect(bridgeErrorOf(e)).toEqual({ code: e.code, message: e.message });
    }
  });

  it('recognises a coded error by its class, not by a code-shaped field on any error', async () => {
    const lookalike = Object.assign(new Error('a library error carrying code not_found'), { code: 'not_found' });
    expect(await dispatch(throwing(lookalike), 'appInfo', input)).toEqual({
      ok: false,
      error: { code: 'internal', message: 'appInfo failed unexpectedly: a library error carrying code not_found' },
    });
  });
});
