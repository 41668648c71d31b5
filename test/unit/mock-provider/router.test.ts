import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeRequest } from '../../../mock-provider/http';
import { routeSafely } from '../../../mock-provider/router';
import { NO_BODY } from '../../../mock-provider/wire';
import { C, Harness } from './helpers';

/**
 * The router answers at once unless a request needs to wait (a client ID metadata document to fetch): a promise per
 * request, and the trip through the microtask queue it costs, is paid only where it buys something.
 */
const h = new Harness();
beforeAll(() => h.start());
afterAll(() => h.stop());

const request = (method: string, target: string) => makeRequest(method, target, ['Host', h.host], NO_BODY);

describe('the router', () => {
  it('answers an OAuth 1.0a leg and an unknown path at once, not as a promise', () => {
    const answers = [
      routeSafely(request('POST', '/oauth/v1/request_token'), h.provider.context, '127.0.0.1'),
      routeSafely(request('GET', '/no/such/path'), h.provider.context, '127.0.0.1'),
    ];
    for (const a of answers) expect(a).not.toBeInstanceOf(Promise);
    expect(answers.map((a) => (a as Exclude<typeof a, Promise<unknown>>).reply.status)).toEqual([400, 404]);
  });

  it('waits for a client ID metadata document the authorization request names, then answers from it', async () => {
    const document = `${h.base}/no-such-document.json`;
    const query = new URLSearchParams({
      client_id: document,
      response_type: 'code',
      redirect_uri: C.client.redirectUris[0],
    });
    const answer = routeSafely(request('GET', `/oauth/v2/authorize?${query}`), h.provider.context, '127.0.0.1');
    expect(answer).toBeInstanceOf(Promise);
    const handled = await answer;
    expect(handled.reply.status).toBe(400);
    expect(handled.reply.body).toContain('no complete HTTP 200 answer');
  });
});
