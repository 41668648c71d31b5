import { runOAuth1 } from '../../../../host/cli/flow/run-oauth1';
import { runOAuth2 } from '../../../../host/cli/flow/run-oauth2';
import { dpopClientOf } from '../../../../host/cli/dpop-flags';
import type { CliIO } from '../../../../host/cli/io';
import { joseVerifier } from '../../../../platform/jose';
import { flowTokensOf } from '../../../../renderer/features/oidc/flow-tokens';
import { createOidcStore } from '../../../../renderer/state/oidc/oidc-store';
import { createStores } from '../../../../renderer/app/stores';
import { authorizationToOpen } from '../../../../renderer/features/oauth2/authorization-to-open';
import { usePar } from '../../../../renderer/state/oauth2/par-store';
import { useRequestObject } from '../../../../renderer/state/oauth2/request-object-store';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createOAuth1Store } from '../../../../renderer/state/oauth1/oauth1-store';
import { createOAuth2Store } from '../../../../renderer/state/oauth2/oauth2-store';
import type { BridgeApi } from '../../../../shared/bridge/api';
import type { RandomPort } from '../../../../shared/ports';
import type { Profile } from '../../../../shared/store/profile';
import { appHostRun, cliHostRun, landedAt, NOW, seededRandom, type FlowRun, type MockFront } from './parity-host';

const asIs = (bridge: BridgeApi) => bridge;

/**
 * The app's run of the code grant: the OAuth 2 page authorizes (the URL landed on pasted) and sends the token leg;
 * with openid in scope, the OpenID Connect page then runs OpenID Connect after the code grant with the flow's
 * tokens, as `flow oauth2` does. `random`: the OAuth 2 page's source (seeded from `seed` unless given), `oidcRandom`
 * the OpenID Connect page's.
 */
export function appOAuth2Run(
  front: MockFront,
  profile: Profile,
  seed: number,
  tamper: (bridge: BridgeApi) => BridgeApi = asIs,
  random: RandomPort = seededRandom(seed),
  oidcRandom: RandomPort = seededRandom(seed + 1)
): Promise<FlowRun> {
  return appHostRun(front, seed, tamper, async (bridge) => {
    const deps = { bridge, crypto: browserCrypto, now: () => NOW };
    const store = createOAuth2Store({ ...deps, random });
    const s = store.getState;
    await s().flowStarted(profile, profile.baseUrl);
    const authorizeUrl = await s().authorizationStarted();
    await s().urlPasted(await landedAt(authorizeUrl!));
    const callback = s().callbackOutcome!;
    if (callback.ok) await s().legSent('token');
    // The token leg accepted the response (its nonce included) and the flow sent one: OpenID Connect follows.
    const tokens = s().runs.token?.outcome?.ok && s().flow?.nonce ? flowTokensOf(s()) : null;
    if (tokens) {
      const oidc = createOidcStore({ ...deps, random: oidcRandom, jose: joseVerifier, profile: () => s().profile });
      await oidc.getState().afterCodeRan(profile.oauth2.issuer || profile.baseUrl, tokens, true);
    }
    return { authorizeUrl, callback: callback.ok ? 'ok' : callback.summary };
  });
}

/**
 * The app's run of the code grant with PAR on (RFC 9126): the OAuth 2 page's "Open in browser" with its push
 * toggled on (the grant's par leg, then the authorization with the URL landed on pasted), then the token leg.
 */
export function appOAuth2ParRun(
  front: MockFront,
  profile: Profile,
  seed: number,
  tamper: (bridge: BridgeApi) => BridgeApi = asIs
): Promise<FlowRun> {
  return appHostRun(front, seed, tamper, async (bridge) => {
    const stores = createStores({ bridge, crypto: browserCrypto, random: seededRandom(seed), now: () => NOW });
    const s = stores.oauth2.getState;
    await s().flowStarted(profile, profile.baseUrl);
    usePar.of(stores).getState().toggled(true);
    const choices = { par: usePar.of(stores).getState(), requestObject: useRequestObject.of(stores).getState() };
    const authorizeUrl = await authorizationToOpen(choices, s().flow!, profile, s().authorizationStarted);
    // A refused push: the flow stops there, as the CLI's does.
    if (authorizeUrl === null) return { authorizeUrl, callback: 'ok' };
    await s().urlPasted(await landedAt(authorizeUrl));
    const callback = s().callbackOutcome!;
    if (callback.ok) await s().legSent('token');
    return { authorizeUrl, callback: callback.ok ? 'ok' : callback.summary };
  });
}

/** Nothing said: the DPoP client's stderr in a test. */
const quiet = { stderr: { write: () => true } } as unknown as CliIO;

/**
 * The CLI's run of the code grant: `flow oauth2`'s runOAuth2 (with `--par` when `par`); with the profile's DPoP on,
 * its DPoP client made as `--dpop --dpop-key` makes it, with the profile's key. `random`: the host's source.
 */
export const cliOAuth2Run = (
  front: MockFront,
  profile: Profile,
  seed: number,
  par = false,
  random: RandomPort = seededRandom(seed)
): Promise<FlowRun> =>
  cliHostRun(
    front,
    profile,
    seed,
    'oauth2',
    async (options, report, effects) => {
      const o = profile.oauth2;
      const dpop = await dpopClientOf({ dpop: o.dpop }, quiet, { name: profile.name, on: o.dpop, key: o.dpopKey });
      return runOAuth2(profile, options, report, undefined, dpop, { par, requestObject: false }, effects);
    },
    random
  );

/**
 * Every nonce (16 octets, oauth1-leg-input.ts) the same bytes: the page draws a nonce for each draft (and a new one
 * after each send), the CLI one per request it signs, so with nonces that repeat both sign with the same ones. Any
 * other draw (a history record's id, 8 octets) counts up, so the page's records stay apart.
 */
export function repeatingRandom(seed: number): RandomPort {
  let counter = 0;
  return {
    bytes: (k) =>
      k === 16 ? new Uint8Array(k).fill(seed & 0xff) : Uint8Array.from({ length: k }, () => (counter += 1) & 0xff),
  };
}

/** The app's run of OAuth 1.0a's three legs: request token, authorization (the URL landed on pasted), access token. */
export function appOAuth1Run(
  front: MockFront,
  profile: Profile,
  seed: number,
  tamper: (bridge: BridgeApi) => BridgeApi = asIs
): Promise<FlowRun> {
  return appHostRun(front, seed, tamper, async (bridge) => {
    const store = createOAuth1Store({ bridge, crypto: browserCrypto, random: repeatingRandom(seed), now: () => NOW });
    const s = store.getState;
    await s().flowStarted(profile, profile.baseUrl);
    await s().legSent('requestToken');
    if (!s().runs.requestToken?.outcome?.ok) return { authorizeUrl: null, callback: 'ok' };
    const authorizeUrl = await s().authorizationStarted();
    await s().urlPasted(await landedAt(authorizeUrl!));
    const callback = s().authorize.outcome!;
    if (callback.ok) await s().legSent('accessToken');
    return { authorizeUrl, callback: callback.ok ? 'ok' : callback.summary };
  });
}

/** The CLI's run of OAuth 1.0a's three legs: `flow oauth1`'s runOAuth1. */
export const cliOAuth1Run = (front: MockFront, profile: Profile, seed: number): Promise<FlowRun> =>
  cliHostRun(
    front,
    profile,
    seed,
    'oauth1',
    (options, report, effects) => runOAuth1(profile, options, report, effects),
    repeatingRandom(seed)
  );
