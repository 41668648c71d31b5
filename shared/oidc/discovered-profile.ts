import type { Preset } from '../presets';
import type { Discovered } from './discovery';

/** What the document lists in a string array member, or null when it lists nothing usable. */
function listed(doc: Record<string, unknown>, member: string): readonly string[] | null {
  const v = doc[member];
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? v : null;
}

/** `openid` (OIDC Core §3.1.2.1 requires it), then email and profile when scopes_supported lists them (§5.4). */
export function suggestedScope(doc: Record<string, unknown>): string {
  const offered = listed(doc, 'scopes_supported') ?? [];
  return ['openid', ...['email', 'profile'].filter((s) => offered.includes(s))].join(' ');
}

/**
 * The client authentication the token endpoint takes: client_secret_basic when listed, or when the member is
 * absent (its default, OIDC Discovery §3 and RFC 8414 §2 (https://www.rfc-editor.org/rfc/rfc8414#section-2)); else client_secret_post; else none (a public client).
 */
function clientAuthentication(doc: Record<string, unknown>): 'basic' | 'body' | 'none' {
  const methods = listed(doc, 'token_endpoint_auth_methods_supported') ?? ['client_secret_basic'];
  if (methods.includes('client_secret_basic')) return 'basic';
  return methods.includes('client_secret_post') ? 'body' : 'none';
}

/**
 * A new OAuth 2 profile's settings from a discovery that passed: the issuer as base URL, the authorize and token
 * endpoints as full URLs, UserInfo as the API, the revocation and introspection endpoints when listed, PKCE S256 (RFC 9700 §2.1.1 (https://www.rfc-editor.org/rfc/rfc9700#section-2.1.1)), and the scope above. Shaped as a preset
 * so the Profiles page starts it as it starts any preset, with the document named as its source. Null when the
 * document lacks an authorization or token endpoint.
 */
export function discoveredPreset(d: Discovered): Preset | null {
  const e = d.endpoints;
  if (!e?.authorization || !e.token || !d.document || typeof d.document !== 'object') return null;
  const doc = d.document as Record<string, unknown>;
  return {
    id: 'discovered',
    name: e.issuer.replace(/^https?:\/\//, ''),
    protocol: 'oauth2',
    docs: [d.url],
    note: `Endpoints from the provider's ${d.kind === 'openid-configuration' ? 'OpenID Connect discovery document (OIDC Discovery 1.0)' : 'authorization server metadata (RFC 8414)'}.`,
    profile: {
      baseUrl: e.issuer,
      oauth2: {
        authorizePath: e.authorization,
        tokenPath: e.token,
        ...(e.userinfo ? { apiPath: e.userinfo } : {}),
        // Kept so the lifecycle legs reach them even where a later document leaves them out (optional in RFC 8414 §2).
        ...(e.revocation ? { revocationEndpoint: e.revocation } : {}),
        ...(e.introspection ? { introspectionEndpoint: e.introspection } : {}),
        ...(e.deviceAuthorization ? { deviceAuthorizationEndpoint: e.deviceAuthorization } : {}),
        // RFC 9207 §3: the redirect back must then carry iss.
        ...(doc.authorization_response_iss_parameter_supported === true ? { issRequired: true } : {}),
        scope: suggestedScope(doc),
        pkce: 'S256',
        clientAuthentication: clientAuthentication(doc),
      },
    },
  };
}
