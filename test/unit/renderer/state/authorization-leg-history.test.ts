import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOAuth2 } from '../../../../host/cli/flow/run-oauth2';
import { explainHarText } from '../../../../renderer/features/history/har-explain';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { createHarExplainStore } from '../../../../renderer/state/history/har-explain-store';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { headerValue } from '../../../../shared/http';
import { FLOW_MISTAKES, type FlowMistake } from '../../../../shared/oauth2/flow-mistakes';
import { profileSchema } from '../../../../shared/store/profile';
import { C } from '../../mock-provider/helpers';
import { hostBridge } from './host-bridge';
import { cliHostRun, landedAt, mockFront, NOW, seededRandom, type MockFront } from './parity-host';

/*
 * The authorization leg is in the History like every other leg (the authorization request as sent, the redirect
 * back as the client judged it, with its verdict), so the flow page's verdict and the History's "Explain the
 * history" read the same legs and name the same cause. Over real sockets: the page's store on the real host services
 * against the mock on 127.0.0.1, and the CLI's flow on its own host.
 */
let front: MockFront;
beforeAll(async () => {
  front = await mockFront();
});
afterAll(() => front.close());

const profile = () =>
  profileSchema.parse({
    id: 'authorization-leg',
    name: 'Authorization leg',
    baseUrl: front.base,
    callbackPort: 0,
    redirectUri: 'http://127.0.0.1:9/callback',
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read', pkce: 'S256' },
  });

/** The History's "Explain the history" over the same host: the top cause of each failed leg, by leg kind. */
async function historyExplained(bridge: BridgeApi, profileId: string | undefined) {
  const store = createHarExplainStore(
    { bridge },
    { explain: (text) => Promise.resolve(explainHarText(text, browserCrypto, browserRandom)), imported: async () => {} }
  );
  await store.getState().historyExplainRequested(profileId);
  const result = store.getState().result;
  if (!result?.ok) throw new Error(`the history was not explained: ${JSON.stringify(result)}`);
  const { legs, causes } = result.report;
  return legs.flatMap((leg, i) => (leg.ok ? [] : [`${leg.kind}: ${causes.find((c) => c.leg === i)?.id ?? 'none'}`]));
}

/** A page at its callback (the URL landed on pasted) with `mistake` chosen before; then its store and host. */
async function pageAtCallback(seed: number, mistake: FlowMistake | null) {
  await front.fresh(seed);
  const host = hostBridge();
  const s = createOAuth2Store({
    bridge: host.bridge,
    crypto: browserCrypto,
    random: seededRandom(seed),
    now: () => NOW,
  }).getState;
  await s().flowStarted(profile(), front.base);
  s().flowMistakeChosen(mistake);
  const landed = await landedAt((await s().authorizationStarted())!);
  await s().urlPasted(landed);
  return { s, host, landed };
}

const topCause = (verdict: unknown) =>
  verdict && typeof verdict === 'object' && 'cause' in verdict ? (verdict as { cause: { id: string } }).cause.id : null;

describe('the authorization leg is recorded in the History with its verdict', () => {
  for (const mistake of ['wrong-verifier', 'redirect-trailing-slash'] as const)
    it(`${mistake}: the flow page and "Explain the history" name ${FLOW_MISTAKES[mistake].cause} alike`, async () => {
      const { s, host, landed } = await pageAtCallback(31, null);
      try {
        s().flowMistakeChosen(mistake);
        await s().legSent('token');
        expect(s().runs.token?.exchange?.response.status).toBe(400);
        const cause = FLOW_MISTAKES[mistake].cause;
        expect(topCause(s().verdicts.token)).toBe(cause);

        const listed = await host.bridge.historyList({ leg: 'authorize' });
        if (!listed.ok) throw new Error(listed.error.message);
        const [authorize] = listed.value.entries;
        expect(listed.value.entries).toHaveLength(1);
        expect(authorize).toMatchObject({
          flow: 'oauth2',
          outcome: 'succeeded',
          summary: s().callbackOutcome?.summary,
        });
        expect(authorize!.exchange.request).toMatchObject({ method: 'GET', url: s().authorizeUrl });
        expect(authorize!.exchange.response.status).toBe(302);
        expect(headerValue(authorize!.exchange.response.headers, 'location')).toBe(landed);

        expect(await historyExplained(host.bridge, 'authorization-leg')).toEqual([`token: ${cause}`]);
        expect(await historyExplained(host.bridge, undefined)).toEqual([`token: ${cause}`]);
        // The HAR export (secrets masked) carries the authorization request and its redirect too.
        const har = await host.bridge.historyHar({ includeSecrets: false });
        if (!har.ok) throw new Error(har.error.message);
        const entries = (JSON.parse(har.value.text) as { log: { entries: { request: { url: string } }[] } }).log
          .entries;
        expect(entries.map((e) => new URL(e.request.url).pathname)).toContain(new URL(s().authorizeUrl!).pathname);
        // Secrets left out: the code in the redirect's Location is not exported as it was issued.
        expect(har.value.text).not.toContain(new URL(landed).searchParams.get('code')!);
      } finally {
        await host.close();
      }
    });

  it('a refused callback (the state changed) is a failed authorization leg, state_mismatch both ways', async () => {
    const { s, host } = await pageAtCallback(32, 'state-changed');
    try {
      expect(s().callbackOutcome?.ok).toBe(false);
      const listed = await host.bridge.historyList({ leg: 'authorize' });
      expect(listed.ok && listed.value.entries.map((e) => [e.outcome, e.summary])).toEqual([
        ['failed', s().callbackOutcome?.summary],
      ]);
      expect(topCause(s().verdicts.authorize)).toBe('state_mismatch');
      expect(await historyExplained(host.bridge, 'authorization-leg')).toEqual(['authorization: state_mismatch']);
    } finally {
      await host.close();
    }
  });

  it('the CLI records the authorization leg as the app does: the URL it opened, with the callback’s verdict', async () => {
    const run = await cliHostRun(front, profile(), 33, 'oauth2', (options, report, effects) =>
      runOAuth2(profile(), options, report, undefined, null, undefined, effects)
    );
    expect(run.exchanges.map((e) => `${e.leg} ${e.outcome}`)).toEqual(['authorize succeeded', 'token succeeded']);
    const authorize = run.exchanges[0]!;
    expect(authorize.request).toMatchObject({ method: 'GET', url: run.authorizeUrl });
    expect(authorize.summary).toMatch(/code/i);
  });
});
