import type { ClientFlags, McpSenderAuth } from '../../../shared/flows/mcp/ports';
import type { RendererDeps } from '../../app/deps';
import { keyDpop } from '../dpop-page-send';
import { bridgeAssertionSigner } from '../page-client-auth';
import type { McpForm } from './mcp-state';

/**
 * The page's sender authentication for one run, as `oauth-lab mcp` has it: a client assertion signed in the app
 * host per token request (client_secret_jwt, private_key_jwt; aud the token endpoint or the issuer), and with DPoP a
 * new key made in the host for the run, its proofs signed there (RFC 9449), its nonces kept for the run. A choice
 * that cannot work is named instead.
 */
export async function mcpSenderAuth(
  deps: RendererDeps,
  form: McpForm,
  client: ClientFlags
): Promise<McpSenderAuth | string> {
  const method = form.clientAuth;
  if (method === 'private_key_jwt' && !form.privateKey.trim())
    return "private_key_jwt signs with the client's private key: paste it (PEM or JWK) in Private key.";
  if ((method === 'client_secret_jwt' || method === 'private_key_jwt') && !client.clientId)
    return `${method} names the client in its assertion (iss, sub): fill in the Client ID.`;
  let dpop: McpSenderAuth['dpop'] = null;
  if (form.dpop) {
    const made = await deps.bridge.dpopKey({ key: '', alg: 'ES256' });
    if (!made.ok) return made.error.message;
    const read = await keyDpop(deps, made.value.key, new Map());
    if (!read.ok) return read.error.message;
    dpop = read.value.client;
  }
  return {
    assertion: (tokenUrl, issuer) =>
      method === 'client_secret_jwt' || method === 'private_key_jwt'
        ? {
            method,
            clientId: client.clientId!,
            key: method === 'client_secret_jwt' ? client.clientSecret : form.privateKey,
            alg: form.signingAlg.trim() || null,
            kid: null,
            audience: form.assertionAud === 'issuer' && issuer ? issuer : tokenUrl,
          }
        : null,
    sign: bridgeAssertionSigner(deps.bridge),
    dpop,
  };
}
