import { WEIGHT, type CauseList } from './candidates';
import { earliestEarlier, latestEarlier, type ExplainContext } from './explain-context';
import { clientCredentials, jwtPayload, serverDate, type ClientCredentials } from './facts';
import type { LegKey } from './leg-index';
import type { Leg } from './legs';
import { recogniseProviderText } from './provider-texts';

/** What application/x-www-form-urlencoded leaves as it is (WHATWG URL's urlencoded serializer): the rest is escaped. */
const FORM_SAFE = /^[A-Za-z0-9*\-._]*$/;
const ESCAPE = /%[0-9A-Fa-f]{2}/;

/** RFC 8414 §2 names of the methods, as a discovery document lists them. */
const METHOD_NAMES: Record<ClientCredentials['method'], string> = {
  basic: 'client_secret_basic',
  body: 'client_secret_post',
  assertion: 'private_key_jwt',
  none: 'none',
};

function advertisedMethods(ctx: ExplainContext): { entry: number; methods: string[] } | null {
  for (const leg of ctx.legs) {
    if (leg.kind !== 'discovery') continue;
    const m = leg.main.response().body.fields?.token_endpoint_auth_methods_supported;
    if (Array.isArray(m))
      return { entry: leg.main.index, methods: m.filter((x): x is string => typeof x === 'string') };
  }
  return null;
}

/** Basic credentials holding a character that form-encoding would have escaped, as it is (a `%` not starting %XX too). */
const notFormEncoded = (raw: NonNullable<ClientCredentials['basicRaw']>) =>
  [raw.id, raw.secret].some((v) => !FORM_SAFE.test(v.replace(/%[0-9A-Fa-f]{2}/g, '')));

/** RFC 6749 §2.3.1: Basic carries client_id and secret form-encoded, then base64. Which side skipped a step. */
function basicEncoding(leg: Leg, creds: ClientCredentials, list: CauseList): void {
  const raw = creds.basicRaw!;
  const e = leg.main.index;
  if (notFormEncoded(raw))
    list.add(
      'basic_credentials_not_form_encoded',
      // Above a provider's "wrong secret": it says the secret differs, this says why.
      WEIGHT.decisive + 20,
      `the Basic credentials of entry ${e} hold characters that form-encoding escapes (such as + / = : or a space) as they are; RFC 6749 §2.3.1 form-encodes client_id and secret before base64, and a server that decodes them reads another secret.`
    );
  else if ([raw.id, raw.secret].some((v) => ESCAPE.test(v)))
    list.add(
      'basic_credentials_not_form_decoded',
      WEIGHT.likely + 5,
      `the Basic credentials of entry ${e} are form-encoded as RFC 6749 §2.3.1 says (they hold %XX escapes); a server that does not form-decode them compares the escaped text with the secret and refuses a correct client.`
    );
}

/** Assertion leeway: a few seconds either way is not worth naming (RFC 7523 §3 lets servers allow "some small leeway"). */
const ASSERTION_LEEWAY_MS = 60_000;

/**
 * RFC 7523 §3: the server judges a client assertion's exp and iat by its own clock (its Date header). An assertion
 * valid by the client's clock but not by the server's is clock skew; one expired by both is a wrong assertion.
 */
function assertionTimes(leg: Leg, list: CauseList): void {
  const claims = jwtPayload(leg.main.form.client_assertion ?? '');
  if (!claims) return;
  const server = serverDate(leg.main);
  const client = leg.main.sentAt;
  const serverNow = Number.isFinite(server) ? server : client;
  const e = leg.main.index;
  if (typeof claims.exp === 'number' && claims.exp * 1000 < serverNow - ASSERTION_LEEWAY_MS)
    list.add(
      claims.exp * 1000 >= client ? 'clock_skew' : 'client_authentication_failed',
      WEIGHT.strong,
      `the client assertion of entry ${e} expired at ${new Date(claims.exp * 1000).toISOString()}; the server's clock (Date header) said ${new Date(serverNow).toISOString()}, the client's ${new Date(client).toISOString()}.`,
      'RFC 7523 §3'
    );
  if (typeof claims.iat === 'number' && claims.iat * 1000 > serverNow + ASSERTION_LEEWAY_MS)
    list.add(
      'clock_skew',
      WEIGHT.strong,
      `the client assertion of entry ${e} was issued at ${new Date(claims.iat * 1000).toISOString()}, ahead of the server's clock (${new Date(serverNow).toISOString()}).`,
      'RFC 7523 §3'
    );
}

/** The legs where a client authenticates (RFC 6749 §2.3, RFC 7009 §2.1, RFC 7662 §2.1, RFC 9126 §2). */
const AUTHENTICATED_KINDS: readonly string[] = ['pushed', 'token', 'refresh', 'grant', 'revocation', 'introspection'];
const authenticatingClient: LegKey = (l) =>
  AUTHENTICATED_KINDS.includes(l.kind) ? clientCredentials(l.main).clientId : undefined;
const codeIssuedTo: LegKey = (l) =>
  l.kind === 'authorization' && l.callback?.params.code !== undefined ? l.params.client_id : undefined;

/** Another leg of the same client that authenticated: a different secret then is the evidence of a wrong one now. */
function comparedWithEarlier(ctx: ExplainContext, at: number, creds: ClientCredentials, list: CauseList): boolean {
  const leg = ctx.legs[at]!;
  const before = latestEarlier(ctx, at, authenticatingClient, creds.clientId, (_l, i) => ctx.answers[i]!.ok);
  if (before === undefined) return false;
  const then = clientCredentials(ctx.legs[before]!.main);
  if (then.secret !== null && creds.secret !== null && then.secret !== creds.secret) {
    list.add(
      'client_authentication_failed',
      WEIGHT.decisive,
      `entry ${ctx.legs[before]!.main.index} authenticated client ${JSON.stringify(creds.clientId)} with secret ${ctx.fp(then.secret)}; entry ${leg.main.index} sent ${ctx.fp(creds.secret)}.`
    );
    return true;
  }
  if (then.method !== creds.method) {
    list.add(
      'client_auth_method_mismatch',
      WEIGHT.strong,
      `entry ${ctx.legs[before]!.main.index} authenticated with ${METHOD_NAMES[then.method]} and succeeded; entry ${leg.main.index} used ${METHOD_NAMES[creds.method]}.`
    );
    return true;
  }
  return false;
}

/**
 * A refusal that is not invalid_client (node-oidc-provider answers invalid_request when the Basic credentials do not
 * form-decode): Basic credentials that skipped RFC 6749 §2.3.1's form-encoding are evidence on their own.
 */
export function basicCredentialsRefused(ctx: ExplainContext, at: number, list: CauseList): void {
  const leg = ctx.legs[at]!;
  const creds = clientCredentials(leg.main);
  if (creds.basicRaw && notFormEncoded(creds.basicRaw)) basicEncoding(leg, creds, list);
}

/** RFC 6749 §2.3 and §5.2 invalid_client: which of the client's credentials the evidence points at. */
export function clientCauses(ctx: ExplainContext, at: number, list: CauseList): void {
  const leg = ctx.legs[at]!;
  const creds = clientCredentials(leg.main);
  const e = leg.main.index;
  if (creds.method === 'none')
    list.add(
      'client_auth_method_mismatch',
      WEIGHT.strong,
      `entry ${e} sends no client credentials (no Authorization header, no client_secret, no client_assertion).`
    );
  if (creds.method === 'basic' && leg.main.form.client_secret !== undefined)
    list.add(
      'client_auth_method_mismatch',
      WEIGHT.strong,
      `entry ${e} authenticates twice: Basic and client_secret in the body.`,
      'RFC 6749 §2.3'
    );
  const advertised = advertisedMethods(ctx);
  if (advertised && !advertised.methods.includes(METHOD_NAMES[creds.method]))
    list.add(
      'client_auth_method_mismatch',
      WEIGHT.strong,
      `entry ${e} uses ${METHOD_NAMES[creds.method]}; the metadata in entry ${advertised.entry} lists token_endpoint_auth_methods_supported ${JSON.stringify(advertised.methods)}.`,
      'RFC 8414 §2'
    );
  if (creds.basicRaw) basicEncoding(leg, creds, list);
  if (creds.method === 'assertion') assertionTimes(leg, list);
  if (comparedWithEarlier(ctx, at, creds, list)) return;
  if (creds.method !== 'none') {
    list.add(
      'client_authentication_failed',
      WEIGHT.likely,
      `entry ${e} authenticated as client ${JSON.stringify(creds.clientId)} with ${METHOD_NAMES[creds.method]} and was refused; no leg in the file shows this client authenticating successfully.`
    );
    list.add(
      'unknown_client',
      WEIGHT.possible,
      `the server may not know client_id ${JSON.stringify(creds.clientId)} (entry ${e}); RFC 6749 §5.2 answers both with invalid_client.`
    );
  }
}

/** Where the file shows the server knowing a client_id: a code issued to it, or a leg where it authenticated. */
function knownBy(ctx: ExplainContext, at: number, clientId: string): string | null {
  const issuedAt = earliestEarlier(ctx, Infinity, codeIssuedTo, clientId);
  const issued = issuedAt === undefined ? undefined : ctx.legs[issuedAt]!;
  if (issued)
    return `the authorization endpoint issued a code to client_id ${JSON.stringify(clientId)} (the request in entry ${issued.paramsEntry}, the code in entry ${issued.callback!.entry.index})`;
  const authenticated = earliestEarlier(
    ctx,
    Infinity,
    authenticatingClient,
    clientId,
    (_l, i) => i !== at && ctx.answers[i]!.ok
  );
  if (authenticated !== undefined)
    return `entry ${ctx.legs[authenticated]!.main.index} authenticated client_id ${JSON.stringify(clientId)} successfully`;
  return null;
}

/**
 * RFC 6749 §5.2 answers an unknown client and a failed authentication alike (invalid_client, and some providers
 * word both "client is invalid"). A client_id the file shows the server knowing rules unknown_client out: what was
 * refused is the client's authentication (its secret or its method).
 */
export function knownClient(ctx: ExplainContext, at: number, list: CauseList): void {
  const leg = ctx.legs[at]!;
  const clientId = clientCredentials(leg.main).clientId;
  if (clientId === null || !list.has('unknown_client')) return;
  // A provider whose words name only this cause ("client not found") is taken at its word: it may be another tenant.
  const { error, text } = ctx.answers[at]!;
  const said = recogniseProviderText(error, text, leg.kind)?.causes;
  if (said?.length === 1 && said[0] === 'unknown_client') return;
  const known = knownBy(ctx, at, clientId);
  if (!known) return;
  list.ruleOut('unknown_client');
  list.add(
    'client_authentication_failed',
    WEIGHT.strong,
    `${known}, so the server knows this client: entry ${leg.main.index} was refused for how it authenticated (the secret or the method), not for its client_id.`
  );
}
