import { formDecode } from '../../../shared/url-encoded';
import type { OAuth2FlowState } from '../../state/oauth2/oauth2-flow-state';
import type { ValidationInputs } from '../../state/oidc/oidc-state';

/**
 * The id_token and access token of the OAuth 2 flow's last token response, read from its raw fields (the flow keeps
 * the access token, not the id_token), with the client, the nonce and the max_age the flow sent: what the id_token is checked
 * against (OIDC Core §3.1.3.7). Null until a token response carries an id_token.
 */
export function flowTokensOf(s: Pick<OAuth2FlowState, 'flow' | 'runs'>): Partial<ValidationInputs> | null {
  const body = s.runs.token?.exchange?.response.bodyText ?? null;
  if (!s.flow || !body) return null;
  let fields: Record<string, unknown>;
  try {
    fields = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof fields.id_token !== 'string') return null;
  return {
    idToken: fields.id_token,
    accessToken: s.flow.token?.accessToken ?? (typeof fields.access_token === 'string' ? fields.access_token : ''),
    clientId: s.flow.config.clientId,
    clientSecret: s.flow.config.clientSecret,
    nonce: s.flow.nonce ?? '',
    maxAge: s.flow.config.login?.maxAge == null ? '' : String(s.flow.config.login.maxAge),
    code: sentCode(s.runs.token?.exchange?.request.body ?? ''),
  };
}

/** The code the token request sent (RFC 6749 §4.1.3), for c_hash; empty when the body cannot be read. */
function sentCode(body: string): string {
  try {
    return formDecode(body, 'token').find(([name]) => name === 'code')?.[1] ?? '';
  } catch {
    return '';
  }
}
