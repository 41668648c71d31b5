import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDpopHandlers } from '../../../../host/bridge/dpop-handlers';
import { nodeRandom } from '../../../../platform/node/node-crypto';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import type { SentLeg } from '../../../../renderer/state/oauth2/oauth2-flow-state';
import { PLANTED_DPOP, type PlantedDpopMistake } from '../../../../shared/dpop/planted-mistakes';
import { profileSchema } from '../../../../shared/store/profile';
import { C, Harness } from '../../mock-provider/helpers';
import { countedHost } from './counted-host';

/*
 * DPoP mistakes on purpose on the OAuth 2 page, against the real mock over sockets with the host's
 * real key handlers: each made once on its leg by the one client (shared/dpop/dpop-client.ts), refused by the mock
 * naming it, and the DPoP verifier's verdict on the proof sent naming it with its section.
 */
const h = new Harness({ autoLoginUser: 'demo' });
beforeAll(() => h.start());
afterAll(() => h.stop());
const dpop = createDpopHandlers();

async function pageAtTokenLeg() {
  const { deps, writes } = countedHost({ dpopKey: dpop.dpopKey, dpopSign: dpop.dpopSign });
  // Real randomness: the counted host's repeats every 16 proofs, and the mock refuses a jti seen before (§11.1).
  const page = createOAuth2Store({ ...deps, random: nodeRandom });
  const key = await dpop.dpopKey({ key: '', alg: 'ES256' });
  const profile = profileSchema.parse({
    id: 'dpop-mistakes',
    name: 'DPoP mistakes',
    baseUrl: h.base,
    service: true,
    oauth2: { clientId: C.client.id, clientSecret: C.client.secret, scope: 'read', dpop: true, dpopKey: key.key },
  });
  await page.getState().flowStarted(profile, h.base);
  const url = await page.getState().authorizationStarted();
  const landed = await fetch(url!, { redirect: 'manual' });
  await page.getState().urlPasted(landed.headers.get('location')!);
  return { page, writes, thumbprint: key.thumbprint };
}

type Page = Awaited<ReturnType<typeof pageAtTokenLeg>>['page'];

/** Sends the leg with the mistake chosen; the run it left, its choice forgotten. */
async function sentWith(page: Page, leg: SentLeg, mistake: PlantedDpopMistake) {
  page.getState().dpopMistakeChosen(leg, mistake);
  await page.getState().legSent(leg);
  expect(page.getState().dpopMistakes[leg]).toBeUndefined();
  return page.getState().runs[leg]!;
}

function expectRefusedByName(run: Awaited<ReturnType<typeof sentWith>>, mistake: PlantedDpopMistake, status: number) {
  const named = PLANTED_DPOP[mistake].refusedAs;
  expect(run.exchange?.response.status, run.error?.message).toBe(status);
  expect(run.exchange!.response.bodyText + JSON.stringify(run.exchange!.response.headers)).toContain(
    `DPoP proof refused, ${named}:`
  );
  const planted = run.dpop!.planted!;
  expect(planted).toMatchObject({ mistake, status });
  expect(planted.verification.mistakes.map((m) => m.id)).toContain(named);
  expect(planted.verification.mistakes.find((m) => m.id === named)!.section).toMatch(/^RFC 9449 §/);
}

describe('DPoP mistakes on purpose on the OAuth 2 page', () => {
  it.each(['htu-query', 'htm-wrong', 'iat-stale'] as const)(
    'token leg, %s: sent once, refused by the mock by name, named by the verifier; the next send is right',
    async (mistake) => {
      const { page } = await pageAtTokenLeg();
      const run = await sentWith(page, 'token', mistake);
      expectRefusedByName(run, mistake, 400);
      expect(run.dpop!.proofs.map((p) => p.step)).toEqual(['proof']);
      await page.getState().legSent('token');
      expect(page.getState().runs.token!.exchange?.response.status).toBe(200);
      expect(page.getState().runs.token!.dpop!.planted).toBeNull();
    }
  );

  it('token leg, reused-jti: the accepted proof sent again, refused as a replay', async () => {
    const { page, writes } = await pageAtTokenLeg();
    const run = await sentWith(page, 'token', 'reused-jti');
    expectRefusedByName(run, 'reused-jti', 400);
    expect(run.dpop!.proofs.map((p) => p.step)).toEqual(['proof', 'replay']);
    expect(writes.filter((w) => w.leg === 'token')).toHaveLength(2);
  });

  it.each(['ath-missing', 'ath-wrong', 'another-key', 'iat-future', 'reused-jti'] as const)(
    'API leg, %s: refused by the mock by name (401), named by the verifier',
    async (mistake) => {
      const { page } = await pageAtTokenLeg();
      await page.getState().legSent('token');
      expect(page.getState().runs.token!.outcome?.ok).toBe(true);
      expectRefusedByName(await sentWith(page, 'api', mistake), mistake, 401);
    }
  );

  it('refresh leg, iat-stale: refused by the mock by name, named by the verifier; the refresh then goes through', async () => {
    const { page } = await pageAtTokenLeg();
    await page.getState().legSent('token');
    expect(page.getState().runs.token!.outcome?.ok).toBe(true);
    expectRefusedByName(await sentWith(page, 'refresh', 'iat-stale'), 'iat-stale', 400);
    await page.getState().legSent('refresh');
    expect(page.getState().runs.refresh!.outcome?.ok, page.getState().runs.refresh!.outcome?.summary).toBe(true);
  });

  it('API leg, the nonce ignored: with the mock asking for nonces, the refusal stands (no retry)', async () => {
    h.provider.context.settings.switches.dpopNonce = true;
    try {
      const { page } = await pageAtTokenLeg();
      await page.getState().legSent('token');
      expect(page.getState().runs.token!.outcome?.ok).toBe(true);
      const run = await sentWith(page, 'api', 'nonce-missing');
      expectRefusedByName(run, 'nonce-missing', 401);
      expect(run.dpop!.proofs).toHaveLength(1);
    } finally {
      h.provider.context.settings.switches.dpopNonce = false;
    }
  });

  it('the nonce ignored where the server asks for none: accepted, and the verifier finds no mistake to name', async () => {
    const { page } = await pageAtTokenLeg();
    await page.getState().legSent('token');
    const token = page.getState().runs.token!;
    expect(token.outcome?.ok, token.outcome?.summary ?? token.error?.message).toBe(true);
    const run = await sentWith(page, 'api', 'nonce-missing');
    expect(run.exchange?.response.status).toBe(200);
    expect(run.dpop!.planted).toMatchObject({ mistake: 'nonce-missing', status: 200 });
    expect(run.dpop!.planted!.verification.ok).toBe(true);
  });
});
