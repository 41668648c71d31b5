import { base64Decode } from '../shared/encoding/base64';
import { utf8Decode } from '../shared/encoding/utf8';
import { constantTimeEqual } from '../shared/oauth1';
import { percentDecode } from '../shared/percent-encoding';
import { clientAssertionClient } from './client-assertion';
import type { ClientAuthMethod } from './client-auth-methods';
import { basicFailure, checkMethod, clientFailure } from './client-auth-refusal';
import { findClient } from './clients';
import type { ClientConfig } from './config';
import type { ProviderContext } from './context';
import type { FormValues } from './form-values';
import { checkClientCertificate } from './mtls/tls-client-auth';
import { headerValues, type ProviderRequest } from './http';
import { bad } from './oauth2-token-error';

/** RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1): HTTP Basic, id and secret each form-urlencoded, then base64. */
function readBasic(req: ProviderRequest, realm: string): { id: string; secret: string } | null {
  const auths = headerValues(req, 'authorization');
  if (auths.length > 1) throw bad('invalid_request', 'Send exactly one Authorization header.');
  if (auths[0] === undefined) return null;
  const m = /^\s*basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(auths[0]);
  if (!m)
    throw basicFailure(
      realm,
      'The Authorization header is not HTTP Basic client authentication (RFC 6749 §2.3.1); use Basic base64(client_id:client_secret) or send the credentials in the body.'
    );
  let decoded: string;
  try {
    decoded = utf8Decode(base64Decode(m[1]!));
  } catch {
    throw basicFailure(realm, 'The Basic credentials are not base64 of UTF-8 text.');
  }
  const colon = decoded.indexOf(':');
  if (colon < 0)
    throw basicFailure(
      realm,
      'The Basic credentials must be client_id:client_secret, each form-urlencoded (RFC 6749 §2.3.1).'
    );
  try {
    return { id: percentDecode(decoded.slice(0, colon), true), secret: percentDecode(decoded.slice(colon + 1), true) };
  } catch {
    throw basicFailure(
      realm,
      'The Basic credentials contain a malformed percent-escape; id and secret are form-urlencoded before base64 (RFC 6749 §2.3.1).'
    );
  }
}

/**
 * Authenticates the client of a token, revocation, introspection or device authorization request by one of the
 * methods of client-auth-methods.ts: HTTP Basic or client_id + client_secret in the body (RFC 6749 §2.3.1), a JWT
 * assertion (RFC 7523 §2.2, assertion checks in client-assertion.ts), or client_id alone for a public client.
 * Each refusal names its cause; the method must be the client's registered one.
 */
export async function authenticateClient(
  req: ProviderRequest,
  ctx: ProviderContext,
  get: FormValues
): Promise<ClientConfig> {
  const realm = ctx.config.realm;
  const basic = readBasic(req, realm);
  const bodyId = get.value('client_id');
  const bodySecret = get.value('client_secret');
  if (basic && bodySecret !== undefined)
    throw bad(
      'invalid_request',
      'The client authenticated twice, with HTTP Basic and client_secret in the body; use one method (RFC 6749 §2.3).'
    );
  if (basic && bodyId !== undefined && bodyId !== basic.id)
    throw bad('invalid_request', 'client_id in the body differs from the one in the Basic credentials.');
  if (get.value('client_assertion') !== undefined || get.value('client_assertion_type') !== undefined) {
    if (basic || bodySecret !== undefined)
      throw bad(
        'invalid_request',
        `The client authenticated twice, with a client_assertion and ${basic ? 'HTTP Basic' : 'client_secret'}; use one method (RFC 6749 §2.3).`
      );
    return clientAssertionClient(req, ctx, get);
  }
  const id = basic?.id ?? bodyId;
  if (id === undefined)
    throw bad(
      'invalid_request',
      'client_id is missing; the service requires client_id and client_secret in the body (interface §4.2).'
    );
  const client = findClient(ctx, id);
  const secret = basic?.secret ?? bodySecret;
  // Compare even for an unknown client, so timing does not reveal which ids exist.
  const secretOk = constantTimeEqual(client?.secret ?? '\u0000unknown-client', secret ?? '');
  if (!client)
    throw clientFailure(
      basic !== null,
      realm,
      `Client authentication failed: client_id ${JSON.stringify(id)} is not a client of this provider.`
    );
  const registered = client.tokenEndpointAuthMethod;
  if (
    (registered === 'tls_client_auth' || registered === 'self_signed_tls_client_auth') &&
    !basic &&
    secret === undefined
  ) {
    await checkClientCertificate(req, ctx, client, registered);
    return client;
  }
  const used: ClientAuthMethod = basic ? 'client_secret_basic' : secret !== undefined ? 'client_secret_post' : 'none';
  if (client.tokenEndpointAuthMethod) checkMethod(client, used, basic !== null, realm);
  if (client.secret === undefined) {
    if (secret !== undefined)
      throw clientFailure(
        basic !== null,
        realm,
        `Client ${client.id} is a public client and has no secret; send only client_id (and the PKCE code_verifier).`
      );
    return client;
  }
  if (secret === undefined)
    throw clientFailure(
      basic !== null,
      realm,
      `Client authentication failed: client_secret is missing for confidential client ${client.id} (interface §4.2).`
    );
  if (!secretOk)
    throw clientFailure(basic !== null, realm, `Client authentication failed: wrong client_secret for ${client.id}.`);
  return client;
}
