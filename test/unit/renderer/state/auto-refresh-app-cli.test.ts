import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cliLegPort } from '../../../../host/cli/flow/cli-host-port';
import { FlowReport } from '../../../../host/cli/flow/report';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import { AUTO_REFRESH_EARLY_SECONDS } from '../../../../renderer/state/oauth2/oauth2-auto-refresh';
import { oauth2Flow } from '../../../../shared/flows';
import { bearerCallRefreshing } from '../../../../shared/flows/driver/bearer-refresh';
import type { HistoryEntry } from '../../../../shared/store/history';
import { nodeCrypto, nodeRandom } from '../../../../platform/node/node-crypto';
import { Harness } from '../../mock-provider/helpers';
import { clientPost, flowAfterCodeGrant } from '../../host/oidc/oidc-mock-session';
import { hostBridgeOnMock } from './host-bridge';
import { mockClientProfile } from './mock-client-profile';

/*
 * The bearer call that refreshes once by itself on a 401 (RFC 6750 §3.1, RFC 6749 §6) is the driver's
 * (shared/flows/driver/bearer-refresh.ts): the OAuth 2 page's *Refresh automatically* and the driver over the CLI's
 * host port, against the mock over 127.0.0.1, send the call, the refresh and the call again, each recorded once with
 * its leg's verdict, alike.
 */
const h = new Harness({ autoLoginUser: 'demo' });
const bridge = hostBridgeOnMock(h);

const profile = mockClientProfile();

/** A code grant's flow whose access token the mock has revoked (RFC 7009), so the API answers 401. */
async function revokedFlow() {
  const { flow, body } = await flowAfterCodeGrant(h, 'read');
  await clientPost(h, '/oidc/revoke', { token: String(body.access_token), token_type_hint: 'access_token' });
  const draft = oauth2Flow.buildBearerRequest(flow, { method: 'GET', path: profile.oauth2.apiPath });
  return { flow, draft };
}

const legs = (entries: readonly Pick<HistoryEntry, 'leg' | 'outcome' | 'summary'>[]) =>
  entries.map((e) => `${e.leg} ${e.outcome}: ${e.summary}`);

/** The page's bearer call with *Refresh automatically* on: what the app host recorded. */
async function appRun() {
  const { flow, draft } = await revokedFlow();
  const store = createOAuth2Store({ bridge, crypto: browserCrypto, random: nodeRandom, now: Date.now });
  store.setState({ profile, flow, current: 'api', drafts: { api: draft } });
  store.getState().autoRefreshSet(true);
  const before = await bridge.historyList({ offset: 0, limit: 100 });
  await store.getState().legSent('api');
  await expect
    .poll(
      async () =>
        ((await bridge.historyList({ offset: 0, limit: 100 })) as { ok: true; value: { total: number } }).value.total
    )
    .toBe((before as { ok: true; value: { total: number } }).value.total + 3);
  const after = await bridge.historyList({ offset: 0, limit: 3 });
  if (!after.ok) throw new Error(after.error.message);
  return { entries: [...after.value.entries].reverse(), api: store.getState().runs.api! };
}

/** The driver's function over the CLI's host port: what the CLI recorded. */
async function cliRun() {
  const { flow, draft } = await revokedFlow();
  const entries: HistoryEntry[] = [];
  let ids = 0;
  const port = cliLegPort(
    {
      open: false,
      waitTimeoutMs: 1000,
      send: { env: {} },
      stdin: new PassThrough(),
      recording: (leg) => ({
        history: { historyAdd: ({ entry }) => entries.push(entry) },
        record: { id: `cli-${ids++}`, profileId: profile.id, flow: 'oauth2', leg },
        now: Date.now,
      }),
    },
    new FlowReport({ write: () => {} }),
    { random: nodeRandom, crypto: nodeCrypto, now: Date.now }
  );
  const { state } = await bearerCallRefreshing(port, flow, draft, AUTO_REFRESH_EARLY_SECONDS);
  return { entries, state, flow };
}

describe('the bearer call refreshing once on a 401, one driver function for the app and the CLI', () => {
  it('both send the call, the refresh and the call again, each recorded with its leg’s verdict', async () => {
    const app = await appRun();
    const cli = await cliRun();
    expect(legs(app.entries)).toEqual(legs(cli.entries));
    expect(legs(cli.entries)).toEqual([
      expect.stringMatching(/^api failed: /),
      expect.stringMatching(/^refresh succeeded: Access token received, valid for \d+ s\.$/),
      'api succeeded: API call answered 200.',
    ]);
    // The flow goes on with the refreshed token, in the app and as the driver returns it.
    expect(cli.state.token!.accessToken).not.toBe(cli.flow.token!.accessToken);
    expect(app.api.before!.map((s) => s.kind)).toEqual(['call', 'refresh']);
    expect(app.api.outcome!.ok).toBe(true);
  }, 30_000);
});
