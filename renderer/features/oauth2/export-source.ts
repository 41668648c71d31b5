import type { MethodInput } from '../../../shared/bridge/contract';
import { endpointUrl } from '../../../shared/flows';
import type { OAuth2State } from '../../../shared/flows/oauth2-flow';
import type { RawRequest } from '../../../shared/http';
import type { Profile } from '../../../shared/store/profile';
import type { SentLeg } from '../../state/oauth2/oauth2-flow-state';

/**
 * What a leg's *Export this request* exports: the bearer call with what refreshing it needs (RFC 6749 §6
 * (https://www.rfc-editor.org/rfc/rfc6749#section-6)); token requests as they are.
 */
export function oauth2ExportSource(
  leg: SentLeg,
  draft: RawRequest,
  flow: OAuth2State | null,
  profile: Profile | null
): MethodInput<'exportRequest'>['source'] {
  if (leg !== 'api' || !flow || !profile) return { kind: 'request', request: draft };
  const auth = profile.oauth2.clientAuthentication;
  // The snippets refresh with a secret only; a client assertion (RFC 7523) is not written into them yet.
  const secretAuth = auth === 'none' || auth === 'body' || auth === 'basic';
  return {
    kind: 'oauth2',
    request: draft,
    accessToken: flow.token?.accessToken ?? null,
    refreshToken: flow.token?.refreshToken ?? null,
    tokenUrl: secretAuth ? endpointUrl(flow.config.baseUrl, profile.oauth2.tokenPath) : null,
    clientId: flow.config.clientId,
    clientSecret: flow.config.clientSecret,
    ...(secretAuth ? { clientAuthentication: auth } : {}),
    scope: flow.config.scope ?? null,
  };
}
