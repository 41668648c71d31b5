import { json } from '../provider-emulation';
import { startClientCredentialsEmulation } from './client-credentials-emulation';
import type { PresetEmulation } from './preset-emulation';

/**
 * Microsoft Entra client credentials (https://learn.microsoft.com/en-us/entra/identity-platform/v2-oauth2-client-creds-grant-flow):
 * POST /{tenant}/oauth2/v2.0/token with the secret in the body, or a certificate's assertion
 * (https://learn.microsoft.com/en-us/entra/identity-platform/certificate-credentials: PS256, the certificate named by
 * x5t#S256, aud the token endpoint); the scope must be the resource's `/.default`, else invalid_scope; no refresh token.
 */
export async function startEntra(): Promise<PresetEmulation> {
  const e = await startClientCredentialsEmulation({
    tokenPath: '/your-tenant-id/oauth2/v2.0/token',
    clientAuth: 'body',
    privateKeyJwt: { alg: 'PS256', keyHeader: 'x5t#S256' },
    check: (f) =>
      (f.get('scope') ?? '').endsWith('/.default')
        ? null
        : json(
            {
              error: 'invalid_scope',
              error_description:
                'AADSTS1002012: The provided value for scope is not valid. Client credential flows must have a scope value with /.default suffixed to the resource identifier (application ID URI).',
            },
            400
          ),
    apiPath: '/v1.0/organization',
    tokenResponse: () =>
      json({ token_type: 'Bearer', expires_in: 3599, ext_expires_in: 3599, access_token: 'eyJ0eXAi.entra-app' }),
  });
  return {
    hosts: { 'https://login.microsoftonline.com': e.main.base, 'https://graph.microsoft.com': e.main.base },
    granted: e.granted,
    servers: [e.main],
    expected: { access_token: 'eyJ0eXAi.entra-app', token_type: 'Bearer' },
  };
}
