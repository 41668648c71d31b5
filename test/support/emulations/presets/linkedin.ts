import { expect } from 'vitest';
import { json } from '../provider-emulation';
import { startOAuth2Emulation } from './oauth2-emulation';
import { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

/**
 * LinkedIn (https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow):
 * /oauth/v2/authorization and /oauth/v2/accessToken on www.linkedin.com, client_id and client_secret in the form
 * body; the response has access_token, expires_in and scope (an id_token with the openid scope).
 */
/** An id_token as LinkedIn's reads (its signature is not checked here): the client compares its nonce (OIDC Core §3.1.3.7 item 11). */
const b64url = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const idTokenFor = (nonce: string | null) =>
  `${b64url({ alg: 'RS256', kid: 'emulated' })}.${b64url({ iss: 'https://www.linkedin.com/oauth', aud: EMULATED_CLIENT.id, sub: 'emulated-member', nonce })}.c2lnbmF0dXJl`;

export async function startLinkedIn(): Promise<PresetEmulation> {
  const e = await startOAuth2Emulation({
    authorizePath: '/oauth/v2/authorization',
    tokenPath: '/oauth/v2/accessToken',
    clientId: EMULATED_CLIENT.id,
    clientSecret: EMULATED_CLIENT.secret,
    clientAuth: 'body',
    tokenResponse: (q) =>
      json({
        access_token: 'AQV-emulated',
        expires_in: 5183999,
        scope: q.get('scope') ?? '',
        token_type: 'Bearer',
        id_token: idTokenFor(q.get('nonce')),
      }),
  });
  return {
    hosts: { 'https://www.linkedin.com': e.main.base, 'https://api.linkedin.com': e.main.base },
    granted: e.granted,
    servers: [e.main],
    expected: { id_token: expect.stringMatching(/^eyJ[\w-]+\.eyJ[\w-]+\.c2lnbmF0dXJl$/) },
  };
}
