import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { nodeCrypto } from '../../../../../platform/node/node-crypto';
import { signingKey, type SignatureInput } from '../../../../../shared/oauth1';
import { percentEncode } from '../../../../../shared/percent-encoding';
import { diagnoseSignature } from '../../../../../shared/oauth1/debug';
import { SECRETS, withMistake, X_EXAMPLE as X } from './helpers';

/**
 * When the server's base string is the client's and the signatures still differ, only the key can be wrong
 * (RFC 5849 §3.4.2): the verdict is that a secret is wrong, never a request for the base string just given; and
 * which secret, where the request shows it (no token: the consumer secret; a secret mixed up with the identifier
 * sent beside it; for RSA, the key pair).
 */
const rightBase = diagnoseSignature({ request: withMistake(X), ...SECRETS }, nodeCrypto).baseString;

describe('a wrong secret', () => {
  it("with the server's base string the same as the request's: a secret is wrong, and the key's halves are named", () => {
    const request = withMistake(X, { key: () => signingKey('another-consumer-secret', 'another-token-secret') });
    const d = diagnoseSignature({ request, ...SECRETS, serverBaseString: rightBase }, nodeCrypto);
    expect(d.verdict).toBe('mismatch');
    expect(d.summary).toBe('The signature does not match (HMAC-SHA1). A secret is wrong.');
    expect(d.causes.map((c) => [c.cause, c.title])).toEqual([['key-unknown', 'A secret is wrong']]);
    expect(d.causes[0]!.details[0]).toMatch(
      /consumer_secret&token_secret, where the token secret is the access token's secret/
    );
    expect(JSON.stringify(d)).not.toMatch(/give your client's base string/);
  });

  it("without a token, the server's base string the same: the consumer secret is wrong", () => {
    const { token: _t, tokenSecret: _s, ...noToken } = X;
    const request = withMistake(noToken, { key: () => signingKey('another-consumer-secret', null) });
    const base = diagnoseSignature({ request, consumerSecret: SECRETS.consumerSecret }, nodeCrypto).baseString;
    const d = diagnoseSignature(
      { request, consumerSecret: SECRETS.consumerSecret, serverBaseString: base },
      nodeCrypto
    );
    expect(d.causes.map((c) => c.cause)).toEqual(['key-consumer-secret-wrong']);
    expect(d.summary).toMatch(/The consumer secret is not the one given\.$/);
  });

  it('the consumer key signed in place of the consumer secret: the consumer secret is named', () => {
    const request = withMistake(X, {
      key: () => `${percentEncode(X.consumerKey)}&${percentEncode(SECRETS.tokenSecret)}`,
    });
    for (const serverBaseString of [null, rightBase]) {
      const d = diagnoseSignature({ request, ...SECRETS, serverBaseString }, nodeCrypto);
      expect(d.causes.map((c) => c.cause)).toEqual(['key-consumer-secret-wrong']);
      expect(d.causes[0]!.details).toEqual([
        'The client signed with the consumer key (oauth_consumer_key) in place of the consumer secret.',
      ]);
    }
  });

  it('the token signed in place of its secret: the token secret is named', () => {
    const request = withMistake(X, {
      key: () => `${percentEncode(SECRETS.consumerSecret)}&${percentEncode(X.token!)}`,
    });
    const d = diagnoseSignature({ request, ...SECRETS, serverBaseString: rightBase }, nodeCrypto);
    expect(d.causes.map((c) => c.cause)).toEqual(['key-token-secret-wrong']);
    expect(d.summary).toMatch(/reproduced with: the token secret is not the one given/);
  });

  it("RSA, the server's base string the same, another key pair: the private key is not the public key's pair", () => {
    const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
    const [signer, other] = [pair(), pair()];
    const input: SignatureInput = {
      ...X,
      signatureMethod: 'RSA-SHA256',
      privateKeyPem: signer.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    };
    const request = withMistake(input);
    const rsaPublicKeyPem = other.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const base = diagnoseSignature({ request, rsaPublicKeyPem }, nodeCrypto).baseString;
    const d = diagnoseSignature({ request, rsaPublicKeyPem, serverBaseString: base }, nodeCrypto);
    expect(d.verdict).toBe('mismatch');
    expect(d.causes.map((c) => c.cause)).toEqual(['key-rsa-pair']);
  });
});
