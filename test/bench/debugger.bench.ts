// The signature debugger on large requests: a diagnosis that finds no cause (the worst case: every candidate is
// tried) for 100 and 1,000 form parameters, beside signing the same request once in the same run. Target: under
// 1 s at 1,000 parameters, and about ten times the 100-parameter time (linear, not quadratic).
import { nodeCrypto } from '../../platform/node/node-crypto';
import { traceSignature, type SignatureInput } from '../../shared/oauth1';
import { diagnoseSignature, requestFromFields } from '../../shared/oauth1/debug';

function input(n: number): SignatureInput {
  const body = Array.from({ length: n }, (_, i) => `p${i}=v%20${i}%2F${'x'.repeat(i % 7)}`).join('&');
  return {
    method: 'POST',
    url: 'https://api.example.com/1/update',
    body,
    contentType: 'application/x-www-form-urlencoded',
    consumerKey: 'ck',
    consumerSecret: 'cs',
    token: 'tk',
    tokenSecret: 'the-real-one',
    signatureMethod: 'HMAC-SHA1',
    nonce: 'n',
    timestamp: '1',
  };
}

function bestOf(runs: number, fn: () => unknown): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

export async function run(): Promise<string> {
  const lines: string[] = [];
  const times = new Map<number, number>();
  for (const n of [100, 1000]) {
    const i = input(n);
    const t = traceSignature(i, nodeCrypto);
    const request = requestFromFields({ method: i.method, url: i.url, body: i.body!, authorization: t.authorization! });
    // A wrong token secret: nothing reproduces the signature, so every candidate mistake is built and signed.
    const diagnose = () => diagnoseSignature({ request, consumerSecret: 'cs', tokenSecret: 'wrong' }, nodeCrypto);
    if (diagnose().verdict !== 'mismatch') throw new Error('the bench request should not match');
    const sign = bestOf(5, () => traceSignature(i, nodeCrypto));
    const ms = bestOf(3, diagnose);
    times.set(n, ms);
    lines.push(
      `${String(n).padStart(5)} parameters: diagnosis ${ms.toFixed(0).padStart(5)} ms, signing once ${sign.toFixed(2)} ms (${(ms / sign).toFixed(0)} signings)${n === 1000 ? '  (target < 1000 ms)' : ''}`
    );
  }
  lines.push(
    `1,000 / 100 parameters: ${(times.get(1000)! / times.get(100)!).toFixed(1)}x the time  (linear ~10x; quadratic ~100x)`
  );
  return lines.join('\n');
}
