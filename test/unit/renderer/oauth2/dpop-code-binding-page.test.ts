import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppServices, type AppServices } from '../../../../host/bridge/app-services';
import { createAppStore } from '../../../../host/store';
import { MockProvider } from '../../../../mock-provider';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { dispatch } from '../../../../shared/bridge/dispatch';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { createStores, type Stores } from '../../../../renderer/app/stores';
import { authorizationToOpen } from '../../../../renderer/features/oauth2/authorization-to-open';
import { usePar } from '../../../../renderer/state/oauth2/par-store';
import { useRequestObject } from '../../../../renderer/state/oauth2/request-object-store';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { C } from '../../mock-provider/helpers';

/*
 * The OAuth 2 page binds the code to the profile's DPoP key (RFC 9449 §10, §10.1), through the page's stores and the
 * app's real host services (transport, DPoP key and signing) against the mock over real sockets: dpop_jkt on the
 * authorization URL without PAR; with PAR, a proof on the push, shown as the token leg's proofs are, and recorded.
 */
let dir: string;
let services: AppServices;
let bridge: BridgeApi;
let provider: MockProvider;
let baseUrl: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'oauth-lab-dpop-code-page-'));
  provider = new MockProvider({ autoLoginUser: 'demo' });
  services = createAppServices({
    host: 'web',
    version: 'test',
    store: createAppStore({ cwd: dir }),
    shell: { openInSystemBrowser: async () => true },
    provider,
    mockCaDir: dir,
  });
  bridge = new Proxy({} as BridgeApi, {
    get: (_, name) =>
      name === 'on' ? () => () => {} : (input: unknown) => dispatch(services.handlers, String(name), input),
  });
  baseUrl = (await services.handlers.mockStart({ port: 0 })).baseUrl!;
});
afterAll(async () => {
  await services.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A profile of the mock's client with DPoP on and a new ES256 key made by the host (bridge dpopKey). */
async function dpopProfile(id: string): Promise<{ profile: Profile; thumbprint: string }> {
  const made = await services.handlers.dpopKey({ key: '', alg: 'ES256' });
  const profile = profileSchema.parse({
    id,
    name: 'DPoP code binding',
    baseUrl,
    service: true,
    callbackPort: 0,
    oauth2: {
      clientId: C.client.id,
      clientSecret: C.client.secret,
      scope: 'read',
      issuer: baseUrl,
      dpop: true,
      dpopKey: made.key,
    },
  });
  return { profile, thumbprint: made.thumbprint };
}

async function page(profile: Profile, par: boolean): Promise<Stores> {
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: Date.now });
  await stores.oauth2.getState().flowStarted(profile, profile.baseUrl);
  expect(stores.oauth2.getState().startError).toBeNull();
  usePar.of(stores).getState().toggled(par);
  return stores;
}

const opened = (stores: Stores): Promise<string | null> => {
  const { flow, profile, authorizationStarted } = stores.oauth2.getState();
  const choices = { par: usePar.of(stores).getState(), requestObject: useRequestObject.of(stores).getState() };
  return authorizationToOpen(choices, flow!, profile!, authorizationStarted);
};

/** Authorizes in the "browser" (auto-login), brings the code back and sends the token leg: its run. */
async function tokenLeg(stores: Stores, url: string) {
  const landed = await fetch(url, { redirect: 'manual' });
  expect(landed.headers.get('location')).toContain('code=');
  await stores.oauth2.getState().urlPasted(landed.headers.get('location')!);
  await stores.oauth2.getState().legSent('token');
  return stores.oauth2.getState().runs.token!;
}

const verdicts = () => provider.context.events.recent().map((e) => e.verdict.message);

describe('OAuth 2 page: the code bound to the DPoP key (RFC 9449 §10)', () => {
  it('without PAR, the authorization URL carries dpop_jkt, the key the token leg proves; the exchange succeeds', async () => {
    const { profile, thumbprint } = await dpopProfile('dpop-jkt');
    const stores = await page(profile, false);
    expect(new URL(stores.oauth2.getState().authorizeUrl!).searchParams.get('dpop_jkt')).toBe(thumbprint);
    const url = await opened(stores);
    const token = await tokenLeg(stores, url!);
    expect(token.outcome?.ok, token.outcome?.summary ?? token.error?.message).toBe(true);
    expect(verdicts()).toContainEqual(expect.stringContaining(`bound to DPoP key ${thumbprint} (RFC 9449 §10)`));
    expect(verdicts().at(-1)).toContain('made with the DPoP key the code is bound to');
  });

  it('with PAR, the push carries a proof for POST at the endpoint (no ath), shown on the push leg and recorded', async () => {
    const { profile, thumbprint } = await dpopProfile('dpop-par');
    const stores = await page(profile, true);
    const url = await opened(stores);
    const par = usePar.of(stores).getState();
    expect(url, par.error ?? par.outcome?.summary).toMatch(/request_uri=/);
    expect(par.dpop).toMatchObject({ thumbprint, nonceRetried: false });
    expect(par.dpop!.proofs).toHaveLength(1);
    const parts = Object.fromEntries(par.dpop!.proofs[0]!.trace.map((t) => [t.part, t.value]));
    expect(parts).toMatchObject({ htm: 'POST', htu: `${baseUrl}/oauth/v2/par` });
    expect(parts.ath).toBeUndefined();
    expect(par.exchange!.request.headers.find(([n]) => n === 'DPoP')?.[1]).toMatch(/^ey/);
    expect(verdicts()).toContainEqual(
      expect.stringContaining(`bound to DPoP key ${thumbprint} (the DPoP proof of this request, RFC 9449 §10.1)`)
    );
    const token = await tokenLeg(stores, url!);
    expect(token.outcome?.ok, token.outcome?.summary ?? token.error?.message).toBe(true);
    await vi.waitFor(async () => {
      const history = await services.handlers.historyList({ offset: 0, limit: 100, profileId: profile.id });
      expect(history.entries.filter((e) => e.leg === 'par').map((e) => e.outcome)).toEqual(['succeeded']);
    });
  });

  it('with PAR and the nonce switch on, the push follows the nonce asked for once, shown as its own step (§8)', async () => {
    const { profile } = await dpopProfile('dpop-par-nonce');
    provider.context.settings.switches.dpopNonce = true;
    try {
      const stores = await page(profile, true);
      const url = await opened(stores);
      const par = usePar.of(stores).getState();
      expect(url, par.error ?? par.outcome?.summary).toMatch(/request_uri=/);
      expect(par.dpop).toMatchObject({ nonceRetried: true });
      expect(par.dpop!.proofs.map((p) => p.step)).toEqual(['proof', 'nonce-retry']);
      await vi.waitFor(async () => {
        const history = await services.handlers.historyList({ offset: 0, limit: 100, profileId: profile.id });
        expect(history.entries.filter((e) => e.leg === 'par')).toHaveLength(2);
      });
    } finally {
      provider.context.settings.switches.dpopNonce = false;
    }
  });
});
