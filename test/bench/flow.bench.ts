// A complete headless OAuth 1.0a flow (request token, authorization through the loopback catcher, access token,
// one signed API call) against the embedded mock, 200 runs, beside four bare round trips to a node:http server.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { oauth1Flow } from '../../shared/flows';
import { startCatcher } from '../../host/catcher';
import { nodeCrypto, nodeRandom } from '../../platform/node/node-crypto';
import { DEFAULT_CREDENTIALS, MockProvider } from '../../mock-provider';
import { send } from '../../platform/node/transport';

const RUNS = 200;
const signing = () => ({
  nonce: Buffer.from(nodeRandom.bytes(12)).toString('hex'),
  timestamp: String(Math.floor(Date.now() / 1000)),
  crypto: nodeCrypto,
});
const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

export async function run(): Promise<string> {
  const mock = new MockProvider({ autoLoginUser: 'demo' });
  await mock.start({ port: 0 });
  const catcher = await startCatcher({ port: 0 });
  const bare = createServer((_, res) => res.end('ok'));
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;
  const { key, secret } = DEFAULT_CREDENTIALS.consumer;

  async function flow(): Promise<void> {
    let s = oauth1Flow.startOAuth1({
      baseUrl: mock.baseUrl,
      consumerKey: key,
      consumerSecret: secret,
      callback: catcher.redirectUri,
    });
    s = oauth1Flow.interpretRequestToken(
      s,
      await send(oauth1Flow.buildRequestTokenRequest(s, signing()).request),
      Date.now()
    ).state;
    const caught = catcher.wait({ kind: 'oauth1', requestToken: s.requestToken!.token });
    await fetch(oauth1Flow.buildAuthorizeUrl(s), { redirect: 'follow' });
    s = oauth1Flow.interpretCallback(s, (await caught).params).state;
    s = oauth1Flow.interpretAccessToken(
      s,
      await send(oauth1Flow.buildAccessTokenRequest(s, signing()).request),
      Date.now()
    ).state;
    const r = oauth1Flow.interpretApiResponse(
      s,
      await send(oauth1Flow.buildApiRequest(s, { method: 'GET', path: '/api/v1/me' }, signing()).request)
    );
    if (!r.ok) throw new Error(`flow failed: ${r.summary}`);
  }
  async function fourRoundTrips(): Promise<void> {
    for (let i = 0; i < 4; i++) await send({ method: 'GET', url: bareUrl, headers: [] });
  }
  async function time(fn: () => Promise<void>): Promise<number[]> {
    for (let i = 0; i < 20; i++) await fn(); // warm-up
    const out: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      await fn();
      out.push(performance.now() - t);
    }
    return out;
  }
  try {
    const flows = await time(flow);
    const trips = await time(fourRoundTrips);
    const f = (x: number) => `${x.toFixed(2)} ms`;
    return [
      `OAuth 1.0a flow (3 legs + API call), ${RUNS} runs   median ${f(quantile(flows, 0.5))}   p95 ${f(quantile(flows, 0.95))}`,
      `4 bare round trips to node:http, ${RUNS} runs       median ${f(quantile(trips, 0.5))}   p95 ${f(quantile(trips, 0.95))}`,
      `ratio of medians                              ${(quantile(flows, 0.5) / quantile(trips, 0.5)).toFixed(2)}`,
    ].join('\n');
  } finally {
    await catcher.close();
    await mock.stop();
    await new Promise((r) => bare.close(r));
  }
}
