import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import type { Param } from '../url-encoded';

/** The prompt values of OIDC Core §3.1.2.1: re-authenticate, choose an account, approve again, or show no page at all. */
export const PROMPTS = ['login', 'select_account', 'consent', 'none'] as const;
export type Prompt = (typeof PROMPTS)[number];

/**
 * How fresh the user's login at the provider must be (OIDC Core §3.1.2.1): `prompt` asks for a login, an account
 * choice or consent (or for none: the provider answers login_required rather than show a page); `maxAge` is the
 * oldest acceptable login in seconds, checked again against the id_token's auth_time (§3.1.3.7 (13)).
 */
export interface LoginOptions {
  readonly prompt?: readonly Prompt[];
  readonly maxAge?: number | null;
}

/** The login options as authorization request parameters, refusing a value OIDC Core §3.1.2.1 does not allow. */
export function loginParams(o: LoginOptions | undefined): Param[] {
  if (!o) return [];
  const prompt = o.prompt ?? [];
  if (prompt.includes('none') && prompt.length > 1)
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_LOGIN_OPTION,
      'authorize',
      `prompt=none cannot be combined with other values (got "${prompt.join(' ')}"); OIDC Core §3.1.2.1 forbids it.`
    );
  if (o.maxAge != null && !(Number.isInteger(o.maxAge) && o.maxAge >= 0))
    throw new ProtocolError(
      PROTOCOL_ERROR.INVALID_LOGIN_OPTION,
      'authorize',
      `max_age is ${o.maxAge}; expected a whole number of seconds, 0 or more (OIDC Core §3.1.2.1).`
    );
  return [
    ...(prompt.length ? [['prompt', prompt.join(' ')] as Param] : []),
    ...(o.maxAge != null ? [['max_age', String(o.maxAge)] as Param] : []),
  ];
}
