import { describe, expect, it } from 'vitest';
import { nodeCrypto } from '../../../../../platform/node/node-crypto';
import { traceSignature } from '../../../../../shared/oauth1';
import { diagnoseSignature, requestFromFields } from '../../../../../shared/oauth1/debug';
import type { CryptoPort } from '../../../../../shared/ports';

/** A form POST with `n` parameters, signed with a token secret the debugger is not given. */
function largeRequest(n: number) {
  const body = Array.from({ length: n }, (_, i) => `p${i}=v%20${i}`).join('&');
  const url = 'https://api.example.com/1/update';
  const t = traceSignature(
    {
      method: 'POST',
      url,
      body,
      contentType: 'application/x-www-form-urlencoded',
      consumerKey: 'ck',
      consumerSecret: 'cs',
      token: 'tk',
      tokenSecret: 'the-real-one',
      signatureMethod: 'HMAC-SHA1',
      nonce: 'n',
      timestamp: '1',
    },
    nodeCrypto
  );
  return requestFromFields({ method: 'POST', url, body, authorization: t.authorization! });
}

/** How many signatures a diagnosis computes (each is a base string built and signed). */
function hmacsFor(n: number): number {
  let count = 0;
  const counting: CryptoPort = { ...nodeCrypto, hmac: (...a) => (count++, nodeCrypto.hmac(...a)) };
  const d = diagnoseSignature({ request: largeRequest(n), consumerSecret: 'cs', tokenSecret: 'another' }, counting);
  expect(d.verdict).toBe('mismatch');
  return count;
}

describe('diagnoseSignature on large requests', () => {
  it('tries a number of base strings that grows with the parameters, not with their square', () => {
    const small = hmacsFor(100);
    const large = hmacsFor(1000);
    // Ten times the parameters: about ten times the signatures (a quadratic search would need about a hundred).
    expect(large / small).toBeLessThan(15);
  });
});
