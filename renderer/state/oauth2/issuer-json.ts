import type { BridgeApi } from '../../../shared/bridge/api';
import { transportOf } from '../../../shared/flows/profile-config';
import { getJsonFollowingRedirects, type JsonGetter } from '../../../shared/oidc/json-document';
import type { Profile } from '../../../shared/store/profile';

/**
 * How the OAuth 2 page reads an issuer's metadata (RFC 8414 §3, OIDC Discovery §4): a GET by the host, with the
 * profile's TLS settings, redirects followed; one the host could not send throws its reason.
 */
export const issuerJsonGetter =
  (bridge: Pick<BridgeApi, 'httpSend'>, profile: Profile): JsonGetter =>
  (url) =>
    getJsonFollowingRedirects(url, async (at) => {
      const r = await bridge.httpSend({
        request: { method: 'GET', url: at, headers: [['Accept', 'application/json']] },
        options: transportOf(profile),
      });
      if (!r.ok) throw new Error(r.error.message);
      return r.value.response;
    });
