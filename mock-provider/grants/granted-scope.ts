import type { ClientConfig } from '../config';
import type { ProviderContext } from '../context';
import { bad } from '../oauth2-token-error';

/**
 * The scope a grant without a user's consent gets (client credentials RFC 6749 §4.4.2, device authorization RFC 8628
 * §3.1): what was asked, each value among the client's registered scopes (or the provider's when it registered
 * none), duplicates dropped; nothing asked gives every scope of the client (RFC 6749 §3.3 lets the server choose).
 */
export function grantedScope(
  ctx: ProviderContext,
  client: Pick<ClientConfig, 'id' | 'scopes'>,
  asked: string | undefined
): string {
  const allowed = client.scopes ?? ctx.config.oauth2.scopes;
  if (asked === undefined) return allowed.join(' ');
  const wanted = [...new Set(asked.split(' ').filter(Boolean))];
  const extra = wanted.filter((s) => !allowed.includes(s));
  if (extra.length)
    throw bad(
      'invalid_scope',
      `Scope ${extra.join(' ')} is not among client ${client.id}'s scopes (${allowed.join(' ') || 'none'}) (RFC 6749 §3.3).`
    );
  return wanted.join(' ');
}
