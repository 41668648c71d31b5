import { base64Decode } from '../../../shared/encoding/base64';
import { utf8Decode } from '../../../shared/encoding/utf8';
import { constantTimeEqual, percentDecode } from '../../../shared/oauth1';
import { SEED } from '../../../shared/seed';
import type { ClientConfig } from './config';
import { refused, type Handled, type ProviderContext } from './context';
import { FormValues } from './form-values';
import { oauth2Error, quoted } from './errors';
import { grantChoices, grantFor } from './grants/registry';
import { decodeFormBody, decodeParams, headerValues, mediaType, type ProviderRequest } from './http';
import { bad, TokenError } from './oauth2-token-error';
import { checkDpop, nonceHeaders } from './dpop';

/**
 * The token endpoint (interface §4.2, RFC 6749 §3.2 (https://www.rfc-editor.org/rfc/rfc6749#section-3.2)): what every grant shares is done here once (POST, a form body,
 * no repeated parameter, client authentication, grant_type present, known and allowed for the client), then the
 * grant's own module in grants/ takes over. Errors are RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2) JSON.
 */
const endpoint = SEED.endpoints.oauth2Token.id;
const ASSUME_ERRORS = 'OAuth 2 error bodies follow RFC 6749 §5.2; the service does not show them (interface §7).';

export function token(req: ProviderRequest, ctx: ProviderContext): Handled {
  try {
    return grant(req, ctx);
  } catch (e) {
    if (!(e instanceof TokenError)) throw e;
    return {
      endpoint,
      reply: oauth2Error(e.status, e.error, e.description, e.headers),
      verdict: refused(e.error, e.description),
      assumptions: [ASSUME_ERRORS],
    };
  }
}

function grant(req: ProviderRequest, ctx: ProviderContext): Handled {
  const { client, get } = readClientPost(req, ctx, 'the token endpoint', 'RFC 6749 §4.1.3');
  const grantType = get.value('grant_type');
  if (!grantType) throw bad('invalid_request', `grant_type is missing; use ${grantChoices(true)}.`);
  const registered = grantFor(grantType);
  // RFC 6749 §5.2: a grant type the server does not support is unsupported_grant_type.
  if (!registered)
    throw bad(
      'unsupported_grant_type',
      `grant_type ${JSON.stringify(grantType)} is not supported; use ${grantChoices(false)}.`
    );
  if (!(client.grantTypes as readonly string[]).includes(grantType))
    throw bad('unauthorized_client', `Client ${client.id} may not use the ${grantType} grant.`);
  // RFC 9449 §5: a token request with a proof gets tokens bound to its key (issue-tokens.ts reads dpopJkt).
  const dpop = checkDpop(req, ctx, {
    required: client.dpop === 'required',
    accessToken: null,
    boundJkt: null,
    why: `client ${client.id} requires DPoP (its dpop setting, or dpop_bound_access_tokens at registration, RFC 9449 §5.2)`,
  });
  if (!dpop.ok) throw new TokenError(400, dpop.error, dpop.description, nonceHeaders(dpop));
  return registered.handle(dpop.jkt ? { ...ctx, dpopJkt: dpop.jkt } : ctx, client, get);
}

/**
 * A client's form POST as the token endpoint reads it (RFC 6749 §3.2, §2.3.1), shared with the mock's revocation
 * (RFC 7009 §2.1 (https://www.rfc-editor.org/rfc/rfc7009#section-2.1)) and introspection (RFC 7662 §2.1 (https://www.rfc-editor.org/rfc/rfc7662#section-2.1)) endpoints: POST, a form body, no repeated parameters, the client
 * authenticated. Throws TokenError.
 */
export function readClientPost(
  req: ProviderRequest,
  ctx: ProviderContext,
  where: string,
  formSection: string
): { client: ClientConfig; get: FormValues } {
  if (req.method !== 'POST')
    throw new TokenError(
      405,
      'invalid_request',
      `${req.method} is not accepted; ${where} takes POST (RFC 6749 §3.2).`,
      [['Allow', 'POST']]
    );
  if (mediaType(req) !== 'application/x-www-form-urlencoded')
    throw bad(
      'invalid_request',
      `The body must be application/x-www-form-urlencoded (${formSection}); got ${JSON.stringify(mediaType(req) || 'no Content-Type')}.`
    );
  // RFC 6749 §3.2 lets the endpoint URI carry a query, but never the client's secret (§2.3.1).
  const q = req.query ? decodeParams(req.query, false, 'query') : null;
  if (q && !q.ok)
    throw bad(
      'invalid_request',
      `${q.message} ${where[0]!.toUpperCase()}${where.slice(1)} takes its parameters in the form body (${formSection}).`
    );
  if (q?.params.some(([n]) => n === 'client_secret'))
    throw bad(
      'invalid_request',
      'client_secret must not be sent in the request URI (RFC 6749 §2.3.1); send it in the form body.'
    );
  const form = decodeFormBody(req);
  if (!form.ok) throw bad('invalid_request', `The request body could not be parsed: ${form.message}`);
  const dupes = repeated(form.params);
  if (dupes.length)
    throw bad(
      'invalid_request',
      `${dupes.join(', ')} appear${dupes.length > 1 ? '' : 's'} more than once (RFC 6749 §3.2).`
    );
  const get = new FormValues(form.params);
  return { client: authenticate(req, ctx, get), get };
}

type Params = readonly (readonly [string, string])[];

/** Names sent more than once with a value (RFC 6749 §3.2). */
function repeated(params: Params): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const [n, v] of params) if (v !== '') (seen.has(n) ? dupes : seen).add(n);
  return [...dupes];
}

const basicFailure = (realm: string, description: string) =>
  new TokenError(401, 'invalid_client', description, [['WWW-Authenticate', `Basic realm=${quoted(realm)}`]]);
/** RFC 6749 §5.2: 401 for failed client authentication, with a Basic challenge when the client used Basic. */
const clientFailure = (usedBasic: boolean, realm: string, description: string) =>
  usedBasic ? basicFailure(realm, description) : new TokenError(401, 'invalid_client', description);

/** RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1): HTTP Basic (id and secret form-urlencoded, then base64) or client_id + client_secret in the body, not both. */
function authenticate(req: ProviderRequest, ctx: ProviderContext, get: FormValues): ClientConfig {
  const realm = ctx.config.realm;
  const auths = headerValues(req, 'authorization');
  let basic: { id: string; secret: string } | null = null;
  if (auths.length > 1) throw bad('invalid_request', 'Send exactly one Authorization header.');
  if (auths[0] !== undefined) {
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
      basic = {
        id: percentDecode(decoded.slice(0, colon), true),
        secret: percentDecode(decoded.slice(colon + 1), true),
      };
    } catch {
      throw basicFailure(
        realm,
        'The Basic credentials contain a malformed percent-escape; id and secret are form-urlencoded before base64 (RFC 6749 §2.3.1).'
      );
    }
  }
  const bodyId = get.value('client_id');
  const bodySecret = get.value('client_secret');
  if (basic && bodySecret !== undefined)
    throw bad(
      'invalid_request',
      'The client authenticated twice, with HTTP Basic and client_secret in the body; use one method (RFC 6749 §2.3).'
    );
  if (basic && bodyId !== undefined && bodyId !== basic.id)
    throw bad('invalid_request', 'client_id in the body differs from the one in the Basic credentials.');
  const id = basic?.id ?? bodyId;
  if (id === undefined)
    throw bad(
      'invalid_request',
      'client_id is missing; the service requires client_id and client_secret in the body (interface §4.2).'
    );
  const client = ctx.config.oauth2.clients.find((c) => c.id === id);
  const secret = basic?.secret ?? bodySecret;
  // Compare even for an unknown client, so timing does not reveal which ids exist.
  const secretOk = constantTimeEqual(client?.secret ?? '\u0000unknown-client', secret ?? '');
  if (!client)
    throw clientFailure(
      basic !== null,
      realm,
      `Client authentication failed: client_id ${JSON.stringify(id)} is not a client of this provider.`
    );
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
