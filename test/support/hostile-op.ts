import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { approvingAuthorize, json, queryOf, startEmulation, type Emulation } from './emulations/provider-emulation';

/**
 * An OpenID Connect provider on 127.0.0.1 (port 0) that signs what the test asks: a correct discovery document and
 * JWKS, an authorization endpoint that approves at once (remembering the nonce), a token endpoint whose id_token
 * and JWT access token carry the claims the test overrides (a date no clock can show, a missing sub, a c_hash), and
 * a UserInfo endpoint answering sub "alice" to any bearer.
 */
export interface HostileTokens {
  /** Claims merged over a valid id_token's; undefined removes one. */
  readonly idToken?: Record<string, unknown>;
  readonly idTokenHeader?: Record<string, unknown>;
  /** Claims merged over a valid RFC 9068 access token's; null sends an opaque access token, a string that one. */
  readonly accessToken?: Record<string, unknown> | string | null;
}

export const HOSTILE_CLIENT = { id: 'rp', secret: 'rp-secret' } as const;
export const HOSTILE_CODE = 'code-1';

export async function startHostileOp(tokens: () => HostileTokens): Promise<Emulation> {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  let nonce: string | null = null;
  const now = Math.floor(Date.now() / 1000);
  const sign = (header: Record<string, unknown>, claims: Record<string, unknown>) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1', ...header }).sign(privateKey);
  const approve = approvingAuthorize(HOSTILE_CODE);
  return startEmulation({
    '/.well-known/openid-configuration': (_r, e) =>
      json({
        issuer: e.base,
        authorization_endpoint: `${e.base}/authorize`,
        token_endpoint: `${e.base}/token`,
        jwks_uri: `${e.base}/jwks`,
        userinfo_endpoint: `${e.base}/userinfo`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    '/jwks': () => json({ keys: [jwk] }),
    '/userinfo': () => json({ sub: 'alice' }),
    '/authorize': (r, e) => {
      nonce = queryOf(r).get('nonce');
      return approve(r, e);
    },
    'POST /token': async (_r, e) => {
      const t = tokens();
      const base = { iss: e.base, sub: 'alice', aud: HOSTILE_CLIENT.id, iat: now, exp: now + 300 };
      const idToken = await sign(t.idTokenHeader ?? {}, { ...base, nonce, ...t.idToken });
      const accessToken =
        typeof t.accessToken === 'string'
          ? t.accessToken
          : t.accessToken === null
            ? 'opaque-access-token'
            : await sign(
                { typ: 'at+jwt' },
                { ...base, aud: 'api', client_id: HOSTILE_CLIENT.id, jti: 'j1', ...t.accessToken }
              );
      return json({ access_token: accessToken, token_type: 'Bearer', expires_in: 300, id_token: idToken }, 200, {
        'Cache-Control': 'no-store',
      });
    },
  });
}
