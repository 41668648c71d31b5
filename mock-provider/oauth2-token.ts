import { SEED } from '../shared/seed';
import { authenticateClient } from './client-auth';
import type { ClientConfig } from './config';
import type { Handled, ProviderContext } from './context';
import { FormValues } from './form-values';
import { grantChoices, grantFor } from './grants/registry';
import { decodeFormBody, decodeParams, mediaType, type ProviderRequest } from './http';
import { answeringTokenErrors, bad, TokenError } from './oauth2-token-error';
import { checkDpop, nonceHeaders } from './dpop';
import { isLax } from './lax';

/**
 * The token endpoint (interface §4.2, RFC 6749 §3.2 (https://www.rfc-editor.org/rfc/rfc6749#section-3.2)): what every grant shares is done here once (POST, a form body,
 * no repeated parameter, client authentication, grant_type present, known and allowed for the client), then the
 * grant's own module in grants/ takes over. Errors are RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2) JSON.
 */
const endpoint = SEED.endpoints.oauth2Token.id;
const ASSUME_ERRORS = 'OAuth 2 error bodies follow RFC 6749 §5.2; the service does not show them (interface §7).';

export async function token(req: ProviderRequest, ctx: ProviderContext): Promise<Handled> {
  const sw = ctx.settings.switches;
  // Lax token-endpoint-get-accepted: a GET's query read as the form, which RFC 6749 §3.2 forbids.
  const read = req.method === 'GET' && isLax(sw, 'token-endpoint-get-accepted') ? queryAsForm(req) : req;
  const handled = await answeringTokenErrors(endpoint, ASSUME_ERRORS, () => grant(read, ctx));
  if (!isLax(sw, 'token-response-cacheable')) return handled;
  // Lax token-response-cacheable: no Cache-Control: no-store nor Pragma: no-cache (RFC 6749 §5.1).
  const cacheable = handled.reply.headers.filter(([n]) => !/^(cache-control|pragma)$/i.test(n));
  return { ...handled, reply: { ...handled.reply, headers: cacheable } };
}

/** A GET whose query stands in for a form body (only under its lax switch). */
const queryAsForm = (req: ProviderRequest): ProviderRequest => ({
  ...req,
  method: 'POST',
  target: req.path,
  query: null,
  body: Buffer.from(req.query ?? ''),
  bodyText: req.query ?? '',
  bodyIsUtf8: true,
  headers: [
    ...req.headers.filter(([n]) => n.toLowerCase() !== 'content-type'),
    ['Content-Type', 'application/x-www-form-urlencoded'],
  ],
});

async function grant(req: ProviderRequest, ctx: ProviderContext): Promise<Handled> {
  const { client, get } = await readClientPost(req, ctx, 'the token endpoint', 'RFC 6749 §4.1.3', repeatableOfGrant);
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
    at: 'authorization-server',
    // Lax dpop-required-not-enforced: a DPoP-bound client's token request without a proof is answered (RFC 9449 §5.2).
    required: client.dpop === 'required' && !isLax(ctx.settings.switches, 'dpop-required-not-enforced'),
    accessToken: null,
    boundJkt: null,
    why: `client ${client.id} requires DPoP (its dpop setting, or dpop_bound_access_tokens at registration, RFC 9449 §5.2)`,
  });
  if (!dpop.ok) throw new TokenError(400, dpop.error, dpop.description, nonceHeaders(dpop));
  return registered.handle(
    dpop.jkt ? { ...ctx, dpopJkt: dpop.jkt } : ctx,
    client,
    get,
    req.peerCertificate?.thumbprint ?? null
  );
}

/**
 * A client's form POST as the token endpoint reads it (RFC 6749 §3.2, §2.3.1), shared with the mock's revocation
 * (RFC 7009 §2.1 (https://www.rfc-editor.org/rfc/rfc7009#section-2.1)) and introspection (RFC 7662 §2.1 (https://www.rfc-editor.org/rfc/rfc7662#section-2.1)) endpoints: POST, a form body, no repeated parameters, the client
 * authenticated. Throws TokenError.
 */
export async function readClientPost(
  req: ProviderRequest,
  ctx: ProviderContext,
  where: string,
  formSection: string,
  repeatable: (params: Params) => readonly string[] = () => []
): Promise<{ client: ClientConfig; get: FormValues }> {
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
  // Lax client-secret-in-query-accepted: the query's client credentials read with the form.
  const laxQuery = isLax(ctx.settings.switches, 'client-secret-in-query-accepted');
  if (q?.params.some(([n]) => n === 'client_secret') && !laxQuery)
    throw bad(
      'invalid_request',
      'client_secret must not be sent in the request URI (RFC 6749 §2.3.1); send it in the form body.'
    );
  const form = decodeFormBody(req);
  if (!form.ok) throw bad('invalid_request', `The request body could not be parsed: ${form.message}`);
  const params =
    laxQuery && q ? [...form.params, ...q.params.filter(([n]) => /^client_(id|secret)$/.test(n))] : form.params;
  const dupes = repeated(params, repeatable(params));
  if (dupes.length)
    throw bad(
      'invalid_request',
      `${dupes.join(', ')} appear${dupes.length > 1 ? '' : 's'} more than once (RFC 6749 §3.2).`
    );
  const get = new FormValues(params);
  return { client: await authenticateClient(req, ctx, get), get };
}

type Params = readonly (readonly [string, string])[];

/** The parameters the grant named by grant_type takes more than once (RFC 8693 §2.1's resource and audience). */
const repeatableOfGrant = (params: Params): readonly string[] =>
  grantFor(params.find(([n]) => n === 'grant_type')?.[1] ?? '')?.repeatable ?? [];

/** Names sent more than once with a value (RFC 6749 §3.2), but those the request's grant takes more than once. */
function repeated(params: Params, repeatable: readonly string[]): string[] {
  const seen = new Set<string>();
  const dupes = new Set<string>();
  for (const [n, v] of params) if (v !== '' && !repeatable.includes(n)) (seen.has(n) ? dupes : seen).add(n);
  return [...dupes];
}
