import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../host/store';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import { sendWithSavedToken } from '../../../../renderer/state/signer/bearer-send';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { oauth2Flow } from '../../../../shared/flows';
import type { HistoryEntry } from '../../../../shared/store/history';
import { profileSchema } from '../../../../shared/store/profile';
import { savedTokenSchema } from '../../../../shared/store/saved-token';
import { C, Harness } from '../../mock-provider/helpers';
import { clientPost, flowAfterCodeGrant } from '../../host/oidc/oidc-mock-session';
import { runCli } from '../../host/cli/run-cli';
import { hostBridge } from './host-bridge';

/*
 * A call with a saved token whose access token the mock has revoked: `oauth-lab call --profile` and the Request
 * signer's bearer call run the driver's refresh on a 401 (shared/flows/driver/bearer-refresh.ts) over their own host
 * ports, and the History records the same legs and verdicts as the OAuth 2 page's *Refresh automatically*: the call
 * refused, the refresh, the call again, against the mock over 127.0.0.1.
 */
const h = new Harness({ autoLoginUser: 'demo' });
let close: () => Promise<void>;
let bridge: BridgeApi;
let dir: string;
beforeAll(async () => {
  await h.start();
  ({ bridge, close } = hostBridge(h.provider));
  dir = mkdtempSync(join(tmpdir(), 'oauth-lab-call-signer-refresh-'));
});
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
  await h.stop();
});

const profile = () =>
  profileSchema.parse({
    id: 'mock',
    name: 'Mock provider',
    baseUrl: h.base,
    service: true,
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read' },
  });

/** A code grant's token at the mock whose access token is then revoked (RFC 7009): the API answers 401. */
async function revoked() {
  const { flow, body } = await flowAfterCodeGrant(h, 'read');
  await clientPost(h, '/oidc/revoke', { token: String(body.access_token), token_type_hint: 'access_token' });
  const saved = savedTokenSchema.parse({
    id: `t-${String(body.access_token).slice(-6)}`,
    profileId: 'mock',
    kind: 'oauth2',
    token: String(body.access_token),
    refreshToken: String(body.refresh_token),
    scope: 'read',
    obtainedAt: Date.now(),
    expiresAt: Date.now() + 3_600_000,
  });
  return { flow, saved };
}

const legs = (entries: readonly Pick<HistoryEntry, 'leg' | 'outcome' | 'summary'>[]) =>
  entries.map((e) => `${e.leg} ${e.outcome}: ${e.summary}`);

/** The newest `n` History entries of the app host, oldest first. */
async function appHistory(n: number) {
  const r = await bridge.historyList({ offset: 0, limit: n });
  if (!r.ok) throw new Error(r.error.message);
  return [...r.value.entries].reverse();
}

const total = async () => {
  const r = await bridge.historyList({ offset: 0, limit: 1 });
  return r.ok ? r.value.total : -1;
};

/** The OAuth 2 page's bearer call with *Refresh automatically* on. */
async function pageRun() {
  const { flow } = await revoked();
  const draft = oauth2Flow.buildBearerRequest(flow, { method: 'GET', path: profile().oauth2.apiPath });
  const store = createOAuth2Store({ bridge, crypto: browserCrypto, random: nodeRandom, now: Date.now });
  store.setState({ profile: profile(), flow, current: 'api', drafts: { api: draft } });
  store.getState().autoRefreshSet(true);
  const before = await total();
  await store.getState().legSent('api');
  await expect.poll(total).toBe(before + 3);
  return appHistory(3);
}

/** The Request signer's bearer call with the saved token. */
async function signerRun() {
  const { saved } = await revoked();
  const deps = { bridge, crypto: browserCrypto, random: nodeRandom, now: Date.now };
  const form = { method: 'GET', url: `${h.base}${profile().oauth2.apiPath}`, body: '', contentType: '' };
  const before = await total();
  const result = await sendWithSavedToken(deps, profile(), h.base, saved, { ...form, placement: 'header' }, new Map());
  expect(result.refreshed).toBe(true);
  await expect.poll(total).toBe(before + 3);
  return appHistory(3);
}

/** `oauth-lab call --profile` with the saved token, its History in its store. */
async function callRun() {
  const { saved } = await revoked();
  const store = createAppStore({ cwd: dir });
  store.profileSave({ profile: profile() });
  store.tokenSave({ token: saved });
  const r = await runCli(['call', '--profile', 'mock', '--store-dir', dir, '--url', profile().oauth2.apiPath]);
  expect(r.code, r.err).toBe(0);
  const listed = createAppStore({ cwd: dir }).historyList({ offset: 0, limit: 3 });
  return { entries: [...listed.entries].reverse(), flows: listed.entries.map((e) => e.flow) };
}

describe('refresh on a 401: `oauth-lab call`, the Request signer and the OAuth 2 page alike', () => {
  it('each records the call refused, the refresh and the call again, with the same legs and verdicts', async () => {
    const page = await pageRun();
    const signer = await signerRun();
    const call = await callRun();
    expect(legs(page)).toEqual([
      expect.stringMatching(/^api failed: HTTP 401/),
      expect.stringMatching(/^refresh succeeded: Access token received, valid for \d+ s\.$/),
      'api succeeded: API call answered 200.',
    ]);
    expect(legs(signer)).toEqual(legs(page));
    expect(legs(call.entries)).toEqual(legs(page));
    // Each host keeps its own flow name: the signer's and call's requests are the Request signer's.
    expect(signer.map((e) => e.flow)).toEqual(['signer', 'signer', 'signer']);
    expect(call.flows).toEqual(['signer', 'signer', 'signer']);
  }, 60_000);
});
