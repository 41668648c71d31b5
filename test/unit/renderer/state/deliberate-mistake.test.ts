import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { traceSignature } from '../../../../shared/oauth1';
import { diagnoseSignature } from '../../../../shared/oauth1/debug';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { applyMistake, mistakesFor } from '../../../../renderer/state/deliberate-mistake';
import { C, form, Harness, nonce, threeLegs, type Oauth1Tokens } from '../../mock-provider/helpers';

/**
 * Mistakes made on purpose, sent to the real mock over a socket: each is refused with signature_invalid, and the
 * signature debugger, given only the request as sent and the secrets, names the mistake that was made.
 */
let h: Harness;
let tokens: Oauth1Tokens;
beforeAll(async () => {
  h = await new Harness().start();
  tokens = await threeLegs(h);
});
afterAll(() => h.stop());

const input = () => ({
  method: 'POST',
  url: `${h.base}/api/v1/me?filter=a%20b&sort=name`,
  consumerKey: C.consumer.key,
  consumerSecret: C.consumer.secret,
  token: tokens.accessToken,
  tokenSecret: tokens.accessSecret,
  signatureMethod: 'HMAC-SHA1' as const,
  nonce: nonce(),
  timestamp: String(h.nowSeconds()),
  body: 'status=Hello%20Ladies%20%2B%20Gentlemen&x=1',
  contentType: 'application/x-www-form-urlencoded',
});

describe('a mistake made on purpose', () => {
  it('offers the mistakes the debugger knows, each changing the signature, and none for RSA', () => {
    const trace = traceSignature(input(), nodeCrypto);
    const mistakes = mistakesFor(trace, input());
    const titles = new Set(mistakes.map((m) => m.title));
    for (const t of [
      'The form body was left out of the signature',
      'A trailing slash differs',
      'A value was encoded twice',
      '"+" versus "%20"',
      'The consumer and token secrets were swapped',
      'The query was left in the base string URI',
    ])
      expect(titles, t).toContain(t);
    expect(
      mistakesFor(
        {
          ...trace,
          request: {
            ...trace.request,
            headers: trace.request.headers.map(([n, v]) => [n, v.replace('HMAC-SHA1', 'RSA-SHA1')]),
          },
        },
        input()
      )
    ).toEqual([]);
  });

  it('is refused by the mock, and the debugger names it from the request as sent', async () => {
    const signing = input();
    const trace = traceSignature(signing, nodeCrypto);
    const mistakes = mistakesFor(trace, signing);
    expect(mistakes.length).toBeGreaterThan(20);
    const unnamed: string[] = [];
    for (const mistake of mistakes) {
      const applied = applyMistake(trace, mistake, signing, nodeCrypto);
      expect(applied.signature).not.toBe(trace.signature);
      const url = new URL(applied.request.url);
      const r = await h.send({
        method: applied.request.method,
        path: url.pathname + url.search,
        headers: Object.fromEntries(applied.request.headers),
        body: applied.request.body,
      });
      expect([r.status, form(r.body).oauth_problem], mistake.title).toEqual([401, 'signature_invalid']);
      let d;
      try {
        d = diagnoseSignature(
          { request: applied.request, consumerSecret: signing.consumerSecret, tokenSecret: signing.tokenSecret },
          nodeCrypto
        );
      } catch (e) {
        unnamed.push(`${mistake.title}: ${mistake.detail} → threw ${(e as Error).message.slice(0, 60)}`);
        continue;
      }
      expect(d.verdict, mistake.detail).toBe('mismatch');
      // Reproducing the signature finds this mistake (alone, or among equivalent explanations).
      const found = d.reproductions.flatMap((rep) => rep.mistakes.map((m) => m.cause));
      if (!mistake.candidate.mistakes.every((m) => found.includes(m.cause)))
        unnamed.push(`${mistake.title}: ${mistake.detail} → ${found.join(', ')}`);
    }
    expect(unnamed).toEqual([]);
  });
});
