import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import type { RawRequest } from '../../../../shared/http';
import { traceSignature, type SignatureInput } from '../../../../shared/oauth1';
import { percentEncode } from '../../../../shared/percent-encoding';
import { diagnoseSignature } from '../../../../shared/oauth1/debug';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { checkSignature } from '../../../../renderer/state/debugger/rsa-check';
import { emptyInputs, type DebugInputs, type DebugResult } from '../../../../renderer/features/debugger/run-diagnosis';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { mapValue, rebuild, without, withMistake, X_EXAMPLE } from '../../shared/oauth1/debug/helpers';
import { hostRsaVerify } from './fixtures';

/**
 * The page checks RSA signatures in two passes around the host's rsaVerify (the diagnosis is synchronous, the host
 * call is not). Whatever the request, pass 2 must say exactly what the core says with node's crypto port, as the
 * CLI runs it.
 */
const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const keys = pair();
const rsa: SignatureInput = {
  ...X_EXAMPLE,
  signatureMethod: 'RSA-SHA1',
  consumerSecret: null,
  tokenSecret: null,
  privateKeyPem: keys.privateKey,
};

/** The request as the page's fields form takes it. */
function inputsOf(request: RawRequest, rsaPublicKey = keys.publicKey): DebugInputs {
  const header = (name: string) => request.headers.find(([n]) => n.toLowerCase() === name)?.[1] ?? '';
  return {
    ...emptyInputs,
    form: 'fields',
    rsaPublicKey,
    fields: {
      method: request.method,
      url: request.url,
      body: request.body ?? '',
      contentType: header('content-type'),
      authorization: header('authorization'),
    },
  };
}

async function twoPasses(inputs: DebugInputs, rsaVerify: BridgeApi['rsaVerify'] = hostRsaVerify): Promise<DebugResult> {
  const check = checkSignature(inputs, browserCrypto, { rsaVerify });
  if (!('later' in check)) throw new Error('an RSA request with a key was checked without the host');
  return check.later;
}

describe('RSA signatures checked in two passes around the host', () => {
  it.each([
    ['a correct RSA-SHA1 signature', withMistake(rsa), 'match', []],
    ['a correct RSA-SHA256 signature', withMistake({ ...rsa, signatureMethod: 'RSA-SHA256' }), 'match', []],
    ['a correct RSA-SHA512 signature', withMistake({ ...rsa, signatureMethod: 'RSA-SHA512' }), 'match', []],
    [
      'the form body left out',
      withMistake(rsa, { baseString: rebuild({ params: without('status') }) }),
      'mismatch',
      ['body-left-out'],
    ],
    [
      'a value encoded twice',
      withMistake(rsa, { baseString: rebuild({ params: mapValue('status', (v) => percentEncode(v)) }) }),
      'mismatch',
      ['param-double-encoded'],
    ],
    [
      'the default port kept',
      withMistake(rsa, { baseString: rebuild({ uri: 'https://api.x.com:443/1.1/statuses/update.json' }) }),
      'mismatch',
      ['uri-default-port'],
    ],
    ['RSA-SHA256 declared as RSA-SHA1', withMistake(rsa, { signWith: 'RSA-SHA256' }), 'mismatch', ['signature-method']],
    [
      'two mistakes at once',
      withMistake(rsa, {
        baseString: rebuild({ params: without('status'), uri: 'https://api.x.com:443/1.1/statuses/update.json' }),
      }),
      'mismatch',
      ['uri-default-port', 'body-left-out'],
    ],
    ['another private key', withMistake({ ...rsa, privateKeyPem: pair().privateKey }), 'mismatch', ['unexplained']],
  ] as const)('%s: pass 2 gives the diagnosis of the core with node crypto', async (_, request, verdict, causes) => {
    const direct = diagnoseSignature({ request, rsaPublicKeyPem: keys.publicKey }, nodeCrypto);
    expect(direct.verdict).toBe(verdict);
    expect(direct.causes.map((c) => c.cause).sort()).toEqual([...causes].sort());
    const result = await twoPasses(inputsOf(request));
    expect(result.errors).toEqual({});
    expect(result.diagnosis).toEqual(direct);
  });

  it("with the server's base string as the reference, the same too", async () => {
    const request = withMistake(rsa);
    const serverBaseString = rebuild({ uri: 'http://api.x.com/1.1/statuses/update.json' })(
      traceSignature(rsa, nodeCrypto)
    );
    const direct = diagnoseSignature({ request, rsaPublicKeyPem: keys.publicKey, serverBaseString }, nodeCrypto);
    expect(direct.verdict).toBe('mismatch');
    expect((await twoPasses({ ...inputsOf(request), serverBaseString })).diagnosis).toEqual(direct);
  });

  it('asks the host in calls of at most 256 base strings, one hash and one signature each', async () => {
    const rsaVerify = vi.fn(hostRsaVerify);
    await twoPasses(inputsOf(withMistake(rsa, { baseString: rebuild({ params: without('status') }) })), rsaVerify);
    const calls = rsaVerify.mock.calls.map(([input]) => input!);
    expect(calls.length).toBeGreaterThan(3);
    expect(new Set(calls.map((c) => c.method))).toEqual(new Set(['RSA-SHA1', 'RSA-SHA256', 'RSA-SHA512']));
    for (const c of calls) expect(c.baseStrings.length).toBeLessThanOrEqual(256);
    expect(new Set(calls.map((c) => c.publicKeyPem))).toEqual(new Set([keys.publicKey.trim()]));
  });

  it('HMAC requests, and RSA requests without a key, are checked at once without the host', () => {
    const rsaVerify = vi.fn(hostRsaVerify);
    const keyless = checkSignature(inputsOf(withMistake(rsa), ''), browserCrypto, { rsaVerify });
    expect('result' in keyless && keyless.result.diagnosis!.verdict).toBe('unverified');
    const hmac = checkSignature(
      {
        ...inputsOf(withMistake(X_EXAMPLE), ''),
        consumerSecret: X_EXAMPLE.consumerSecret!,
        tokenSecret: X_EXAMPLE.tokenSecret!,
      },
      browserCrypto,
      { rsaVerify }
    );
    expect('result' in hmac && hmac.result.diagnosis!.verdict).toBe('match');
    expect(rsaVerify).not.toHaveBeenCalled();
  });

  it("a host refusal leaves the request unverified, with the host's message by the key input", async () => {
    const result = await twoPasses(inputsOf(withMistake(rsa), 'not a key'));
    expect(result.diagnosis!.verdict).toBe('unverified');
    expect(result.errors).toEqual({
      rsaPublicKey: expect.stringMatching(/^The RSA public key could not be read: expected a PEM public key/),
    });
    const gone = await twoPasses(inputsOf(withMistake(rsa)), async () => ({
      ok: false,
      error: { code: 'unavailable', message: 'The app host does not answer.' },
    }));
    expect(gone.errors).toEqual({ rsaPublicKey: 'The app host does not answer.' });
  });
});
