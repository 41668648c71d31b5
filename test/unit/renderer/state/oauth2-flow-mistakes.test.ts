import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CauseId } from '../../../../shared/explain/cause-ids';
import { FLOW_MISTAKES, type FlowMistake } from '../../../../shared/oauth2/flow-mistakes';
import { profileSchema } from '../../../../shared/store/profile';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import { flowMistakeUnavailable } from '../../../../renderer/state/flow-mistake-send';
import { flowVerdict } from '../../../../renderer/state/flow-verdict';
import { MockProvider } from '../../../../mock-provider';
import { C } from '../../mock-provider/helpers';
import { hostBridge } from './host-bridge';
import { landedAt, mockFront, NOW, seededRandom, type MockFront } from './parity-host';

/*
 * "Make a mistake on purpose" on the OAuth 2 page, over real sockets: the page's store over the real host services
 * (transport, catcher, history) against the mock on 127.0.0.1; the mock refuses each mistake (or the client's own
 * check fails) and the explainer, fed this flow's recorded legs as HAR, names the expected cause first.
 */
let front: MockFront;
beforeAll(async () => {
  front = await mockFront();
});
afterAll(() => front.close());

const profile = () =>
  profileSchema.parse({
    id: 'mistakes',
    name: 'Mistakes',
    baseUrl: front.base,
    callbackPort: 0,
    redirectUri: 'http://127.0.0.1:9/callback',
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read', pkce: 'S256' },
  });

/** A page at the callback (the URL landed on pasted), with `before` chosen first; the store and its host. */
async function atCallback(seed: number, before: FlowMistake | null) {
  await front.fresh(seed);
  const host = hostBridge();
  const store = createOAuth2Store({
    bridge: host.bridge,
    crypto: browserCrypto,
    random: seededRandom(seed),
    now: () => NOW,
  });
  const s = store.getState;
  await s().flowStarted(profile(), front.base);
  s().flowMistakeChosen(before);
  const url = await s().authorizationStarted();
  await s().urlPasted(await landedAt(url!));
  return { s, bridge: host.bridge, close: () => host.close() };
}

/** The top cause the page shows for the leg. */
const shown = (verdict: unknown): CauseId | string =>
  verdict && typeof verdict === 'object' && 'cause' in verdict
    ? (verdict as { cause: { id: CauseId } }).cause.id
    : JSON.stringify(verdict);

describe('the OAuth 2 page makes each flow mistake once and names its cause on the same screen', () => {
  it('the state changed: the client refuses the callback; state_mismatch', async () => {
    const { s, close } = await atCallback(11, 'state-changed');
    try {
      expect(s().callbackOutcome?.ok).toBe(false);
      expect(s().flowMistake).toBeNull();
      expect(shown(s().verdicts.authorize)).toBe(FLOW_MISTAKES['state-changed'].cause);
    } finally {
      await close();
    }
  });

  for (const mistake of ['redirect-trailing-slash', 'wrong-verifier'] as const)
    it(`${mistake}: the mock refuses the token leg; ${FLOW_MISTAKES[mistake].cause}`, async () => {
      const { s, bridge, close } = await atCallback(12, null);
      try {
        expect(s().callbackOutcome?.ok).toBe(true);
        s().flowMistakeChosen(mistake);
        await s().legSent('token');
        expect(s().runs.token?.exchange?.response.status).toBe(400);
        expect(s().runs.token?.flowMistake).toBe(mistake);
        expect(s().flowMistake).toBeNull();
        expect(shown(s().verdicts.token)).toBe(FLOW_MISTAKES[mistake].cause);
        // The profile's recorded legs, the authorization leg among them, explained again: the same verdict.
        expect(shown(await flowVerdict(bridge, browserCrypto, browserRandom, 'mistakes'))).toBe(
          FLOW_MISTAKES[mistake].cause
        );
        expect(s().runs.token?.exchange?.request.body).not.toBe(s().drafts.token?.body);
        // Made once: the next send is the draft as it is (the mock consumed the code, so it refuses it still).
        await s().legSent('token');
        expect(s().runs.token?.flowMistake).toBeNull();
        expect(s().runs.token?.exchange?.request.body).toBe(s().drafts.token?.body);
      } finally {
        await close();
      }
    });

  it('the code exchanged by another client: a second client registered at the mock; grant_for_another_client', async () => {
    const { s, close } = await atCallback(16, null);
    try {
      s().flowMistakeChosen('other-client');
      await s().legSent('token');
      expect(s().runs.token?.error).toBeNull();
      expect(s().runs.token?.exchange?.response.status).toBe(400);
      expect(s().runs.token?.exchange?.request.body).not.toContain(`client_id=${C.client.id}`);
      expect(shown(s().verdicts.token)).toBe('grant_for_another_client');
    } finally {
      await close();
    }
  });

  it('the code sent twice: the exchange again after success; code_reused', async () => {
    const { s, close } = await atCallback(13, null);
    try {
      await s().legSent('token');
      expect(s().runs.token?.exchange?.response.status).toBe(200);
      s().flowMistakeChosen('code-twice');
      await s().legSent('token');
      expect(s().runs.token?.exchange?.response.status).toBe(400);
      expect(shown(s().verdicts.token)).toBe('code_reused');
    } finally {
      await close();
    }
  });

  it('the old refresh token after rotation: the refresh leg; refresh_token_reused', async () => {
    const { s, close } = await atCallback(14, null);
    try {
      await s().legSent('token');
      await s().legSent('refresh');
      expect(s().runs.refresh?.exchange?.response.status).toBe(200);
      s().flowMistakeChosen('old-refresh-token');
      await s().legSent('refresh');
      expect(s().runs.refresh?.exchange?.response.status).toBe(400);
      expect(shown(s().verdicts.refresh)).toBe('refresh_token_reused');
    } finally {
      await close();
    }
  });

  it('the code after its lifetime: the mock’s clock moved through the bridge; code_expired', async () => {
    // The host's own mock (its clock is the one the bridge moves), as the built-in profile targets it.
    const mock = new MockProvider({ autoLoginUser: 'demo' });
    const host = hostBridge(mock);
    try {
      const base = await mock.start();
      const s = createOAuth2Store({
        bridge: host.bridge,
        crypto: browserCrypto,
        random: seededRandom(15),
        now: Date.now,
      }).getState;
      const p = { ...profile(), baseUrl: base, followsMock: true };
      expect(flowMistakeUnavailable('code-expired', {}, p)).toBeNull();
      expect(flowMistakeUnavailable('code-expired', {}, profile())).toMatch(/built-in mock/);
      await s().flowStarted(p, base);
      await s().urlPasted(await landedAt((await s().authorizationStarted())!));
      s().flowMistakeChosen('code-expired');
      await s().legSent('token');
      expect(s().runs.token?.exchange?.response.status).toBe(400);
      expect(shown(s().verdicts.token)).toBe('code_expired');
    } finally {
      await host.close();
      await mock.stop();
    }
  });
  it('the nonce left out: the mock’s id_token fault switched for one exchange; the client’s nonce check; nonce_mismatch', async () => {
    // The host's own mock (its switches are the ones the bridge changes), as the built-in profile targets it.
    const mock = new MockProvider({ autoLoginUser: 'demo' });
    const host = hostBridge(mock);
    try {
      const base = await mock.start();
      const s = createOAuth2Store({
        bridge: host.bridge,
        crypto: browserCrypto,
        random: seededRandom(17),
        now: Date.now,
      }).getState;
      const p = {
        ...profile(),
        baseUrl: base,
        followsMock: true,
        oauth2: { ...profile().oauth2, scope: 'openid read' },
      };
      expect(flowMistakeUnavailable('nonce-left-out', {}, p)).toBeNull();
      expect(flowMistakeUnavailable('nonce-left-out', {}, { ...p, followsMock: false })).toMatch(/built-in mock/);
      expect(flowMistakeUnavailable('nonce-left-out', {}, profile())).toMatch(/openid/);
      await s().flowStarted(p, base);
      await s().urlPasted(await landedAt((await s().authorizationStarted())!));
      s().flowMistakeChosen('nonce-left-out');
      await s().legSent('token');
      const run = s().runs.token!;
      expect(run.exchange?.response.status).toBe(200);
      expect(run.flowMistake).toBe('nonce-left-out');
      expect(run.outcome?.ok).toBe(false);
      expect(run.outcome?.checks.find((c) => c.name === 'id_token nonce')).toMatchObject({ ok: false });
      expect(run.outcome?.checks.find((c) => c.name === 'id_token nonce')?.message).toMatch(/missing/);
      expect(s().flow?.legs.token).toBe('failed');
      expect(shown(s().verdicts.token)).toBe('nonce_mismatch');
      // A careful client keeps no token from a response whose id_token it refused (OIDC Core §3.1.3.7), and the
      // History records the exchange with the client's verdict.
      expect(s().standing.saved).toBeNull();
      const history = await host.bridge.historyList({ leg: 'token' });
      expect(history.ok && history.value.entries.map((e) => e.outcome)).toEqual(['failed']);
      // Made once: the mock's switch is back as it was.
      const after = await host.bridge.mockState();
      expect(after.ok && after.value.settings.switches.idTokenFault).toBe('off');
    } finally {
      await host.close();
      await mock.stop();
    }
  });
});
