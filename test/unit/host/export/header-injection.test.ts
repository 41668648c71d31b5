import { describe, expect, it } from 'vitest';
import { exportRequest, ExportError, targetsFor } from '../../../../host/export';
import { send, TransportError } from '../../../../platform/node/transport';
import type { RawRequest } from '../../../../shared/http';
import type { SignatureInput } from '../../../../shared/oauth1';

/**
 * A CR or LF in a value that lands in a header would let an export send header lines the user never wrote (an
 * exported curl sent them). Every export refuses such a request with the transport's own check and message.
 */
const signing: SignatureInput = {
  method: 'GET',
  url: 'http://127.0.0.1:9/api/v1/me',
  consumerKey: 'k',
  consumerSecret: 's',
  token: 't',
  tokenSecret: 'ts',
  signatureMethod: 'HMAC-SHA1',
  nonce: 'n',
  timestamp: '1',
  realm: 'Photos"\r\nX-Injected: 1',
};
const injected: RawRequest = {
  method: 'GET',
  url: 'http://127.0.0.1:9/api/v2/me',
  headers: [
    ['Authorization', 'Bearer abc'],
    ['X-Trace', 'a\nX-Injected: 1'],
  ],
};

/** The transport's refusal of the same request: a refused request never reaches a socket (port 9 is not listened on). */
async function transportMessage(request: RawRequest): Promise<string> {
  const e = await send(request).then(
    () => null,
    (error: unknown) => error
  );
  if (!(e instanceof TransportError) || e.code !== 'invalid_request')
    throw new Error(`expected the transport to refuse the request, got ${String(e)}`);
  return e.message;
}

function refusal(run: () => unknown): ExportError {
  try {
    run();
  } catch (e) {
    if (e instanceof ExportError) return e;
    throw e;
  }
  throw new Error('expected the export to be refused');
}

describe('exports refuse a header value that would split the request', () => {
  it("a CR/LF in the realm: every OAuth 1.0a target, with the transport's message", async () => {
    const expected = await transportMessage({
      method: 'GET',
      url: signing.url,
      headers: [['Authorization', signing.realm!]],
    });
    expect(expected).toMatch(/header Authorization contains a line break or NUL.*header injection/);
    for (const target of targetsFor('oauth1')) {
      for (const includeSecrets of [false, true]) {
        const e = refusal(() =>
          exportRequest({ target: target.id, source: { kind: 'oauth1', signing }, includeSecrets })
        );
        expect([target.id, e.code]).toEqual([target.id, 'invalid_request']);
        expect(e.message, target.id).toContain(expected);
        expect(e.message, target.id).toContain('realm');
      }
    }
  });

  it('a LF in any header of a plain or bearer request: every target', async () => {
    const expected = await transportMessage(injected);
    expect(expected).toContain('header X-Trace');
    for (const kind of ['request', 'oauth2'] as const) {
      for (const target of targetsFor(kind)) {
        const e = refusal(() => exportRequest({ target: target.id, source: { kind, request: injected } }));
        expect([kind, target.id, e.code]).toEqual([kind, target.id, 'invalid_request']);
        expect(e.message).toBe(`Nothing was exported: ${expected}`);
      }
    }
  });

  it('a realm without line breaks (quotes and backslashes included) still exports', () => {
    const r = exportRequest({
      target: 'curl',
      source: { kind: 'oauth1', signing: { ...signing, realm: 'Photos "a\\b"' } },
    });
    expect(r.text).toContain(`--header 'Authorization: OAuth realm="Photos \\"a\\\\b\\"", oauth_consumer_key="k"`);
  });
});
