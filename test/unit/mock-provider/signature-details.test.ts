import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildAuthorizationHeader,
  parseAuthorizationHeader,
  traceSignature,
  type ParameterPlacement,
  type TraceParam,
  type TraceStep,
} from '../../../shared/oauth1';
import { nodeCrypto } from '../../../platform/node/node-crypto';
import type { ProviderEvent } from '../../../mock-provider';
import { C, CALLBACK, Harness, nonce } from './helpers';

// The provider verifies with a base string built from the parameters it collected, and builds the trace an event shows
// from the same request through the client's own traceSignature. Both must agree with what the client signed.
let h: Harness;
beforeAll(async () => {
  h = await new Harness().start();
});
afterAll(() => h.stop());

const text = fc.string({
  unit: fc.constantFrom('a', 'Z', '0', ' ', '+', '%', '&', '=', '~', '*', "'", '/', '?', 'é', '€', '😀'),
  maxLength: 8,
});
const name = fc.string({ unit: fc.constantFrom('a', 'b', 'x', '_', '-', '.', 'ü'), minLength: 1, maxLength: 4 });
const params = fc.array(fc.tuple(name, text), { maxLength: 4 });

const encoded = (p: TraceParam) => [p.encodedName, p.encodedValue];
const rows = (steps: readonly TraceStep[], id: TraceStep['id']): readonly TraceParam[] => {
  const step = steps.find((x) => x.id === id);
  if (step?.kind !== 'params') throw new Error(`no ${id} step`);
  return step.params;
};
const encodedRows = (steps: readonly TraceStep[], id: TraceStep['id']) => rows(steps, id).map(encoded);

describe('provider signature details', () => {
  it('shows the protocol parameters as the client sent them, in its order, oauth_signature left out', async () => {
    const t = traceSignature(
      {
        method: 'POST',
        url: `${h.base}/oauth/v1/request_token`,
        consumerKey: C.consumer.key,
        consumerSecret: C.consumer.secret,
        signatureMethod: 'HMAC-SHA1',
        nonce: nonce(),
        timestamp: String(h.nowSeconds()),
        callback: CALLBACK,
      },
      nodeCrypto
    );
    const sent = parseAuthorizationHeader(t.authorization!).params.reverse();
    const seen: ProviderEvent[] = [];
    const off = h.provider.subscribe((e) => seen.push(e));
    const r = await h.send({
      method: 'POST',
      path: '/oauth/v1/request_token',
      headers: { Authorization: buildAuthorizationHeader(sent) },
    });
    off();
    expect(r.status, r.body).toBe(200);
    expect(sent[0]![0]).toBe('oauth_signature');
    expect(rows(seen[0]!.signature!.steps, 'protocol-parameters').map((p) => [p.name, p.value])).toEqual(sent.slice(1));
  });

  it('the verified base string, the trace and the client agree for any query, form body and placement', async () => {
    await fc.assert(
      fc.asyncProperty(
        params,
        params,
        fc.constantFrom<ParameterPlacement>('header', 'query', 'body'),
        async (query, body, placement) => {
          const path = `/oauth/v1/request_token${query.length ? `?${new URLSearchParams(query).toString()}` : ''}`;
          const form = placement === 'body' || body.length ? new URLSearchParams(body).toString() : undefined;
          const t = traceSignature(
            {
              method: 'POST',
              url: h.base + path,
              consumerKey: C.consumer.key,
              consumerSecret: C.consumer.secret,
              signatureMethod: 'HMAC-SHA1',
              nonce: nonce(),
              timestamp: String(h.nowSeconds()),
              callback: CALLBACK,
              placement,
              ...(form !== undefined ? { body: form, contentType: 'application/x-www-form-urlencoded' } : {}),
            },
            nodeCrypto
          );
          const seen: ProviderEvent[] = [];
          const off = h.provider.subscribe((e) => seen.push(e));
          const headers = Object.fromEntries(t.request.headers);
          const r = await h.send({
            method: 'POST',
            path: t.request.url.slice(h.base.length),
            headers,
            ...(t.request.body !== undefined ? { body: t.request.body } : {}),
          });
          off();
          expect(r.status, r.body).toBe(200);
          const s = seen[0]!.signature!;
          expect(s.baseString).toBe(t.baseString);
          expect(s.normalizedParameters).toBe(t.normalizedParameters);
          expect(s.steps.find((x) => x.id === 'signature-base-string')).toMatchObject({ text: t.baseString });
          expect(s.steps.find((x) => x.id === 'normalized-parameters')).toMatchObject({ text: t.normalizedParameters });
          expect(encodedRows(s.steps, 'sorted-parameters')).toEqual(t.sortedParams.map(encoded));
          expect(s.expectedSignature).toBe(s.clientSignature);
        }
      ),
      { numRuns: 60 }
    );
  });
});
