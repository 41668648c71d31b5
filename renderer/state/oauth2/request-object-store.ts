import { createStore } from 'zustand';
import type { BridgeApi } from '../../../shared/bridge/api';
import { oauth2Flow } from '../../../shared/flows';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { Param } from '../../../shared/url-encoded';
import { requestObjectAlgRefusal, requestObjectKeyOf, type RequestObject } from '../../../shared/oauth2/request-object';
import { discoverIssuer } from '../../../shared/oidc/discovery';
import type { Profile } from '../../../shared/store/profile';
import { pageStore } from '../../app/page-store';
import { issuerJsonGetter } from './issuer-json';

export interface RequestObjectState {
  /** Send the authorization request as a signed request object (RFC 9101). */
  readonly enabled: boolean;
  readonly signing: boolean;
  /** The request object for the flow's authorization request, shown before it is sent. */
  readonly made: RequestObject | null;
  /**
   * What the last one made or refused was made from (requestObjectInputs): when the flow's request or profile no
   * longer matches, it is made again, so a refusal follows the profile as a request object does.
   */
  readonly madeFrom: string | null;
  /** `made` has gone out: the next send signs a new one, with a jti of its own (RFC 7519 §4.1.7). */
  readonly sent: boolean;
  /**
   * Why none could be made: the client has no key, the host could not sign with it, or the provider's metadata does
   * not list its algorithm (request_object_signing_alg_values_supported), so it would be refused.
   */
  readonly error: string | null;
  toggled(on: boolean): void;
  /** Signs the request object for the flow's authorization request as it stands, to show it (or why it cannot). */
  prepared(flow: OAuth2State, profile: Profile): Promise<void>;
  /**
   * The parameters that go in place of the plain ones: client_id and request (RFC 9101 §5), with the request object
   * shown (a new one if that one went out, no longer fits the request or is about to expire); null when none could
   * be made.
   */
  toSend(flow: OAuth2State, profile: Profile): Promise<Param[] | null>;
}

/** Seconds a shown request object must still be valid to be sent rather than made again. */
const STILL_VALID_SECONDS = 30;

/** How the app's user gets a key for an algorithm the provider lists, said when its metadata would refuse the one used. */
const ALG_FIX =
  "Give the profile the private key whose public half the client registered (the profile's Private key field; the built-in mock profile holds its client's demo key).";

/**
 * Why the provider would refuse a request object signed with `alg`: its metadata (the profile's issuer, else the
 * base URL) does not list it. Metadata that cannot be read says nothing; the provider then answers for itself.
 */
async function algRefusal(
  bridge: Pick<BridgeApi, 'httpSend'>,
  alg: string,
  flow: OAuth2State,
  profile: Profile
): Promise<string | null> {
  try {
    const d = await discoverIssuer(profile.oauth2.issuer || flow.config.baseUrl, issuerJsonGetter(bridge, profile));
    return d.refused ? null : requestObjectAlgRefusal(alg, d.document, ALG_FIX);
  } catch {
    return null;
  }
}

/** Why this profile's client cannot sign a request object (shared/oauth2/request-object.ts), or null. */
export function requestObjectUnavailable(profile: Profile): string | null {
  const choice = requestObjectKeyOf(clientOf(profile));
  return choice.ok ? null : choice.reason;
}

const clientOf = (profile: Profile) => ({
  authentication: profile.oauth2.clientAuthentication,
  clientSecret: profile.oauth2.clientSecret,
  privateKey: profile.oauth2.assertionKey,
  alg: profile.oauth2.assertionAlg || null,
  kid: profile.oauth2.assertionKeyId || null,
});

/**
 * What a request object is made from, as text: the authorization request's parameters (its claims), the client's key
 * and authentication (its signature), the issuer (its aud, RFC 9101 §4, and the metadata that may refuse it).
 */
export function requestObjectInputs(flow: OAuth2State, profile: Profile): string {
  const params = oauth2Flow.buildAuthorizeRequest(flow).params;
  return JSON.stringify([params, clientOf(profile), profile.oauth2.issuer || flow.config.baseUrl]);
}

/**
 * The OAuth 2 page's request object (RFC 9101): the authorization request's parameters signed by the app host with
 * the client's key (its private key, else the client secret: the CLI's choice), aud the issuer (§4), refused before
 * it is sent when the provider's metadata does not list its algorithm; sent by value as `request` or pushed (RFC
 * 9126 §3).
 */
function createRequestObjectStore(bridge: Pick<BridgeApi, 'requestObjectSign' | 'httpSend'>, now: () => number) {
  return createStore<RequestObjectState>()((set, get) => {
    const sign = async (flow: OAuth2State, profile: Profile): Promise<RequestObject | null> => {
      const params = oauth2Flow.buildAuthorizeRequest(flow).params;
      const madeFrom = requestObjectInputs(flow, profile);
      const choice = requestObjectKeyOf(clientOf(profile));
      if (!choice.ok) {
        set({ made: null, madeFrom, error: choice.reason });
        return null;
      }
      set({ signing: true, error: null });
      const r = await bridge.requestObjectSign({
        params: params.map(([n, v]) => [n, v]),
        clientId: flow.config.clientId,
        audience: profile.oauth2.issuer || flow.config.baseUrl,
        key: choice.key,
      });
      if (!r.ok) {
        set({ signing: false, made: null, madeFrom, sent: false, error: r.error.message });
        return null;
      }
      // Said before it is sent (RFC 9101 §4): the provider lists the algorithms it verifies.
      const refusal = await algRefusal(bridge, String(r.value.header.alg), flow, profile);
      const made = refusal ? null : r.value;
      set({ signing: false, made, madeFrom, sent: false, error: refusal });
      return made;
    };
    /** The shown one, if it is for this request and profile, not sent yet and valid a while longer. */
    const sendable = (flow: OAuth2State, profile: Profile): RequestObject | null => {
      const { made, madeFrom, sent } = get();
      const exp = made?.claims.exp;
      const fits = madeFrom === requestObjectInputs(flow, profile);
      return made && !sent && fits && typeof exp === 'number' && exp - now() / 1000 > STILL_VALID_SECONDS ? made : null;
    };
    return {
      enabled: false,
      signing: false,
      made: null,
      madeFrom: null,
      sent: false,
      error: null,
      toggled: (enabled) => set({ enabled, made: null, madeFrom: null, sent: false, error: null }),
      async prepared(flow, profile) {
        await sign(flow, profile);
      },
      async toSend(flow, profile) {
        const made = sendable(flow, profile) ?? (await sign(flow, profile));
        if (!made) return null;
        set({ sent: true });
        return [
          ['client_id', flow.config.clientId],
          ['request', made.jwt],
        ];
      },
    };
  });
}

// The toggle stays on from one attempt to the next, as the page's other choices do.
export const useRequestObject = pageStore((deps) => createRequestObjectStore(deps.bridge, deps.now));
