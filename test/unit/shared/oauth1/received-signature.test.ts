import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { traceSignature, verifySignature, type SignatureInput } from '../../../../shared/oauth1';
import { nodeCrypto } from '../../../../platform/node/node-crypto';

// The server side of RSA (RFC 5849 §3.4.3 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.3)): it holds the public key only, so the trace shows the signature received.
const input: SignatureInput = {
  method: 'POST',
  url: 'https://api.example.com/request_token?b=2',
  consumerKey: 'k',
  signatureMethod: 'RSA-SHA256',
  nonce: 'n',
  timestamp: '1700000000',
  callback: 'oob',
};
const keys = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

describe('traceSignature with receivedSignature', () => {
  it('RSA without a private key: every intermediate, then the received signature, which verifies with the public key', () => {
    const client = traceSignature({ ...input, privateKeyPem: keys.privateKey }, nodeCrypto);
    const server = traceSignature({ ...input, receivedSignature: client.signature }, nodeCrypto);
    expect(server.baseString).toBe(client.baseString);
    expect(server.signature).toBe(client.signature);
    expect(server.steps.find((s) => s.id === 'signature')).toMatchObject({ text: client.signature });
    expect(verifySignature('RSA-SHA256', server.baseString, '', server.signature, nodeCrypto, keys.publicKey)).toBe(
      true
    );
  });
  it('is ignored for the other methods, which the server computes itself', () => {
    const hmac = { ...input, signatureMethod: 'HMAC-SHA1', consumerSecret: 's' } as const;
    expect(traceSignature({ ...hmac, receivedSignature: 'forged' }, nodeCrypto).signature).toBe(
      traceSignature(hmac, nodeCrypto).signature
    );
  });
  it('RSA with neither key nor received signature is still the coded missing_private_key error', () => {
    expect(() => traceSignature(input, nodeCrypto)).toThrow(/RSA-SHA256 signs with the consumer's RSA private key/);
  });
});
