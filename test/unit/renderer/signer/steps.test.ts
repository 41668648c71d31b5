import { describe, expect, it } from 'vitest';
import { traceSignature } from '../../../../shared/oauth1';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { stepTitle } from '../../../../renderer/features/signer/steps';

describe('stepTitle', () => {
  it('names every step the trace has', () => {
    const t = traceSignature(
      {
        method: 'POST',
        url: 'https://api.example.com/r?a=1',
        body: 'b=2',
        contentType: 'application/x-www-form-urlencoded',
        consumerKey: 'ck',
        consumerSecret: 'cs',
        signatureMethod: 'HMAC-SHA1',
        nonce: 'n',
        timestamp: '1',
      },
      nodeCrypto
    );
    for (const step of t.steps) expect(stepTitle(step.id)).not.toBe(step.id);
    expect(stepTitle('signature-base-string')).toBe('Signature base string');
  });
  it('shows any other step id as it is, including names an object inherits', () => {
    expect(stepTitle('curl')).toBe('curl');
    expect(stepTitle('constructor')).toBe('constructor');
    expect(stepTitle('toString')).toBe('toString');
  });
});
