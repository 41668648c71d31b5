import { base64UrlEncode } from '../encoding/base64';
import type { RandomPort } from '../ports';

/** True when the scope asks for OpenID Connect (OIDC Core §3.1.2.1: scope contains `openid`). */
export const isOpenIdScope = (scope: string | null | undefined): boolean => (scope ?? '').split(' ').includes('openid');

/** A fresh nonce, 128 random bits base64url, sent on the authorization request and expected back in the id_token (OIDC Core §3.1.2.1, §15.5.2). */
export const generateNonce = (random: RandomPort): string => base64UrlEncode(random.bytes(16));
