import { endpointUrl, oauth1Flow, type BearerPlacement, type SavedBearer } from '../../../shared/flows';
import { savedBearerCallRefreshing } from '../../../shared/flows/driver/bearer-refresh';
import type { FlowHostPort } from '../../../shared/flows/driver/host-port';
import { exchangeVerdict } from '../../../shared/store/history-record';
import type { ApiRequestInput } from '../../../shared/flows/oauth1-flow';
import type { Exchange } from '../../../shared/http';
import { PARAM_SOURCES, traceSignature, type SignatureMethod } from '../../../shared/oauth1';
import { FORM_CONTENT_TYPE, type Param, formEncode } from '../../../shared/url-encoded';
import type { ClientAssertionSettings } from '../../../shared/oauth2/client-assertion-request';
import type { DpopClient } from '../../../shared/dpop/dpop-client';
import { CLIENT_AUTHENTICATIONS, type ClientAuthentication } from '../../../shared/oauth2/token-request';
import { headerSchema, type Profile } from '../../../shared/store/profile';
import { nodeCrypto, nodeRandom } from '../../../platform/node/node-crypto';
import { answerLines } from '../call-answer';
import { callHostPort, type CallSendOptions } from '../call-transport';
import { requestUrl } from '../call-url';
import { cliHistory } from '../cli-history';
import { parseFlags } from '../flags';
import { CALL_SECRETS, secretFlagOptions, withSecrets } from '../secret-flags';
import { formFlag } from '../form-flag';
import { UsageError, type CliIO, type Command } from '../io';
import { headerFlag, requestTimeoutMs } from '../flow/profile-flags';
import { readFileFlag } from '../read-file-flag';
import { terminalSafe, terminalSafeLines } from '../terminal-text';
import { openSavedCredentials, type SavedCredentials } from '../saved-credentials';
import { tokenKindNeeded } from '../call-token-kind';
import { CALL_HELP } from '../help/call';
import { DPOP_FLAGS, dpopClientOf } from '../dpop-flags';

const FLAGS = {
  url: { type: 'string' },
  method: { type: 'string' },
  header: { type: 'string', multiple: true },
  form: { type: 'string', multiple: true },
  data: { type: 'string' },
  'content-type': { type: 'string' },
  json: { type: 'boolean' },
  profile: { type: 'string' },
  'token-id': { type: 'string' },
  'base-url': { type: 'string' },
  'store-dir': { type: 'string' },
  'no-history': { type: 'boolean' },
  'bearer-in': { type: 'string' },
  'token-url': { type: 'string' },
  'client-id': { type: 'string' },
  'client-auth': { type: 'string' },
  'key-id': { type: 'string' },
  'signing-alg': { type: 'string' },
  'expires-at': { type: 'string' },
  'consumer-key': { type: 'string' },
  token: { type: 'string' },
  'signature-method': { type: 'string' },
  'private-key': { type: 'string' },
  placement: { type: 'string' },
  realm: { type: 'string' },
  'allow-self-signed': { type: 'boolean' },
  timeout: { type: 'string' },
  ...DPOP_FLAGS,
  ...secretFlagOptions(CALL_SECRETS),
} as const;

type Values = ReturnType<typeof parseFlags<typeof FLAGS>>;

const oneOf = <T extends string>(value: string | undefined, flag: string, allowed: readonly T[], fallback: T): T => {
  if (value === undefined) return fallback;
  if (!(allowed as readonly string[]).includes(value))
    throw new UsageError(`${flag} must be ${allowed.join(', ')}; got "${value}".`);
  return value as T;
};

function body(v: Values): {
  given: Pick<ApiRequestInput, 'form' | 'rawBody'>;
  sent: { body?: string; contentType?: string };
} {
  const form = (v.form ?? []).map(formFlag);
  if (form.length && v.data !== undefined)
    throw new UsageError('--form and --data both give the body; a request has one.');
  if (v.data !== undefined && !v['content-type'])
    throw new UsageError('--data needs --content-type (for example application/json).');
  if (form.length) return { given: { form }, sent: { body: formEncode(form), contentType: FORM_CONTENT_TYPE } };
  return v.data !== undefined
    ? {
        given: { rawBody: { contentType: v['content-type']!, text: v.data } },
        sent: { body: v.data, contentType: v['content-type']! },
      }
    : { given: {}, sent: {} };
}

/** The profile's headers and the --header ones, a --header replacing a profile header of the same name. */
function extraHeadersOf(v: Values, saved: SavedCredentials | null): Param[] {
  // After each request's own, as the app adds a profile's (shared/flows/extra-headers.ts); a --header of the
  // default User-Agent's name replaces it too.
  const flagHeaders = (v.header ?? []).map((text) => {
    const checked = headerSchema.safeParse(headerFlag(text));
    if (!checked.success) throw new UsageError(`--header: ${checked.error.issues.map((i) => i.message).join('; ')}.`);
    return checked.data;
  });
  const named = new Set(flagHeaders.map(([n]) => n.toLowerCase()));
  return [...(saved?.profile.headers ?? []).filter(([n]) => !named.has(n.toLowerCase())), ...flagHeaders];
}

/** Which credentials the request goes with: the flags', else the profile's saved token; none is a usage error. */
function credentialsKind(v: Values, saved: SavedCredentials | null): 'oauth1' | 'oauth2' {
  const kind = v.bearer !== undefined ? 'oauth2' : v['consumer-key'] !== undefined ? 'oauth1' : saved?.token?.kind;
  if (v.dpop && kind === 'oauth1') throw new UsageError('--dpop goes with an OAuth 2 token (--bearer or a profile).');
  if (!kind)
    throw new UsageError(
      saved
        ? `the profile "${saved.profile.name}" has no saved tokens; run oauth-lab flow ... --save "${saved.profile.name}" first, or give --bearer or --consumer-key.`
        : 'give credentials: --profile NAME, --bearer TOKEN, or --consumer-key K (OAuth 1.0a).'
    );
  return kind;
}

/** What the request is: its method, URL, body (given and as sent) and extra headers. */
interface CallRequest {
  readonly method: string;
  readonly url: string;
  readonly body: ReturnType<typeof body>;
  readonly extraHeaders: readonly Param[];
}

/** The request signed with OAuth 1.0a (RFC 5849 §3.4) with a fresh nonce and timestamp, then sent. */
async function oauth1Sent(v: Values, saved: SavedCredentials | null, r: CallRequest, port: FlowHostPort) {
  const signer = oauth1Signer(v, saved, r.url, r.extraHeaders);
  const input = oauth1Flow.signedRequestInput(signer.state, {
    method: r.method,
    url: r.url,
    ...r.body.given,
    ...signer.token,
  });
  const trace = traceSignature({ ...input, ...oauth1Flow.freshNonceAndTimestamp(nodeRandom, Date.now()) }, nodeCrypto);
  await port.send(oauth1Flow.sentRequest(signer.state, trace.request), {
    leg: 'request',
    verdictOf: (e) => exchangeVerdict(e),
  });
}

/**
 * The request with the bearer token (RFC 6750 §2), refreshed first when expired and once on a 401 when a refresh is
 * possible, by the driver over call's host port (savedBearerCallRefreshing: recorded as the `api` and `refresh` legs
 * with their verdicts, as the app records them); each step other than the call said on stderr, and a refreshed
 * token saved with the profile.
 */
async function bearerSent(
  v: Values,
  c: {
    io: CliIO;
    saved: SavedCredentials | null;
    options: CallSendOptions;
    exchanges: Exchange[];
    dpop: DpopClient | null;
  },
  r: CallRequest
) {
  const { io, saved } = c;
  const given = bearerOf(v, saved);
  const refreshWith = refreshOf(v, saved);
  const port = callHostPort(c.options, c.exchanges, refreshWith && assertionOf(v, saved, refreshWith));
  const result = await savedBearerCallRefreshing(
    port,
    {
      method: r.method,
      url: r.url,
      ...r.body.sent,
      placement: oneOf<BearerPlacement>(v['bearer-in'], '--bearer-in', ['header', 'form', 'query'], 'header'),
      extraHeaders: r.extraHeaders,
    },
    given,
    refreshWith,
    c.dpop
  );
  for (const step of result.steps)
    if (step.kind !== 'call') io.stderr.write(`${step.ok ? '' : 'FAIL '}${terminalSafe(step.summary)}\n`);
  if (result.refreshed && saved) io.stderr.write(`${saved.saveRefreshed(result.token)}\n`);
}

export const callCommand: Command = async (argv, io) => {
  if (argv.includes('--help') || argv.includes('-h') || argv.length === 0) {
    io.stdout.write(CALL_HELP);
    return argv.length === 0 ? 2 : 0;
  }
  const v = withSecrets(parseFlags(argv, FLAGS, 'call'), io.env, CALL_SECRETS);
  if (!v.url) throw new UsageError('--url is required.');
  if (v['token-id'] !== undefined && !v.profile) throw new UsageError('--token-id picks a token of --profile NAME.');
  const saved = v.profile
    ? openSavedCredentials(v.profile, v['store-dir'], v['token-id'], (profile) => {
        const baseUrl = v['base-url'] ?? (profile.baseUrl || undefined);
        return tokenKindNeeded(v, profile, { url: requestUrl(v.url!, baseUrl, profile.name), baseUrl });
      })
    : null;
  const b = body(v);
  const method = (v.method ?? (b.sent.body !== undefined ? 'POST' : 'GET')).toUpperCase();
  const url = requestUrl(v.url, v['base-url'] ?? saved?.profile.baseUrl, saved?.profile.name ?? null);
  const request: CallRequest = { method, url, body: b, extraHeaders: extraHeadersOf(v, saved) };
  const exchanges: Exchange[] = [];
  // Recorded as the app's request signer records its sends: `request` signed, `api` with a token, `refresh`.
  const recording = v['no-history']
    ? null
    : cliHistory(v['store-dir'], saved?.profile.id ?? 'cli', 'signer', (problem) =>
        io.stderr.write(`warn: ${terminalSafe(problem)}\n`)
      );
  const timeoutMs = v.timeout === undefined ? saved?.profile.timeoutMs : requestTimeoutMs(v.timeout);
  const allowSelfSigned = !!v['allow-self-signed'] || !!saved?.profile.allowSelfSigned;
  const options = { io, profile: saved?.profile ?? null, allowSelfSigned, timeoutMs, recording };
  const kind = credentialsKind(v, saved);
  const usesSaved = !!saved?.token && v.bearer === undefined && v.token === undefined;
  // RFC 9449 §7.1: the saved token of a profile with DPoP on is bound to the profile's key, so it goes with a proof.
  const p = saved && kind === 'oauth2' ? saved.profile : null;
  const dpop = await dpopClientOf(v, io, p && { name: p.name, on: usesSaved && p.oauth2.dpop, key: p.oauth2.dpopKey });
  if (usesSaved && saved.tokenNote) io.stderr.write(`${saved.tokenNote}\n`);
  if (kind === 'oauth1') await oauth1Sent(v, saved, request, callHostPort(options, exchanges, null));
  else await bearerSent(v, { io, saved, options, exchanges, dpop: dpop?.client ?? null }, request);
  const last = exchanges[exchanges.length - 1]!;
  if (v.json)
    io.stdout.write(
      `${JSON.stringify({ exchanges, ...(dpop ? { dpop: { thumbprint: dpop.thumbprint, proofs: dpop.proofs } } : {}) })}\n`
    );
  else {
    for (const line of answerLines(last.response, usesSaved ? saved.otherTokenIds : [])) io.stderr.write(`${line}\n`);
    io.stdout.write(terminalSafeLines(last.response.bodyText) + (last.response.bodyText.endsWith('\n') ? '' : '\n'));
  }
  return last.response.status >= 200 && last.response.status < 300 ? 0 : 1;
};

/**
 * The OAuth 1.0a settings of the request (flags first, then the profile's) as the engine's state, and its token:
 * the request is then built, signed and sent with the extra headers exactly as the app's flows do.
 */
function oauth1Signer(v: Values, saved: SavedCredentials | null, url: string, headers: readonly Param[]) {
  const p: Profile['oauth1'] | undefined = saved?.profile.oauth1;
  const oauth1Token = saved?.token?.kind === 'oauth1' ? saved.token : null;
  const consumerKey = v['consumer-key'] ?? p?.consumerKey ?? '';
  if (!consumerKey) throw new UsageError('--consumer-key is required for an OAuth 1.0a request.');
  const privateKeyPem = v['private-key'] ? readFileFlag('--private-key', v['private-key']) : p?.rsaPrivateKey;
  const state = oauth1Flow.startOAuth1({
    baseUrl: url,
    consumerKey,
    consumerSecret: v['consumer-secret'] ?? p?.consumerSecret ?? '',
    // Only step one sends a callback; this request is not step one.
    callback: 'oob',
    signatureMethod: (v['signature-method'] ?? p?.signatureMethod ?? 'HMAC-SHA1') as SignatureMethod,
    realm: v.realm ?? (p?.realm || null),
    placement: oneOf(v.placement, '--placement', PARAM_SOURCES, p?.placement ?? 'header'),
    includeVersion: p?.includeVersion ?? true,
    headers,
    ...(privateKeyPem ? { privateKeyPem } : {}),
  });
  return {
    state,
    token: {
      token: v.token ?? oauth1Token?.token ?? null,
      tokenSecret: v['token-secret'] ?? oauth1Token?.tokenSecret ?? null,
    },
  };
}

function bearerOf(v: Values, saved: SavedCredentials | null): SavedBearer {
  const t = saved?.token?.kind === 'oauth2' ? saved.token : null;
  const expiresAt =
    v['expires-at'] === undefined ? (v.bearer === undefined ? (t?.expiresAt ?? null) : null) : Number(v['expires-at']);
  if (expiresAt !== null && !Number.isInteger(expiresAt))
    throw new UsageError(`--expires-at must be epoch milliseconds (a whole number); got "${v['expires-at']}".`);
  return {
    accessToken: v.bearer ?? t?.token ?? '',
    refreshToken: v['refresh-token'] ?? (v.bearer === undefined ? t?.refreshToken || null : null),
    expiresAt,
    scope: t?.scope || null,
  };
}

function refreshOf(v: Values, saved: SavedCredentials | null) {
  const o = saved?.profile.oauth2;
  const tokenUrl = v['token-url'] ?? (saved ? endpointUrl(saved.profile.baseUrl, o!.tokenPath) : undefined);
  const clientId = v['client-id'] ?? o?.clientId;
  if (!tokenUrl || !clientId) return null;
  return {
    tokenUrl,
    clientId,
    clientSecret: v['client-secret'] ?? o?.clientSecret ?? '',
    authentication: oneOf(v['client-auth'], '--client-auth', CLIENT_AUTHENTICATIONS, o?.clientAuthentication ?? 'body'),
    ...(o ? { bodyFormat: o.tokenBody, extraParams: o.tokenParams, accessTokenField: o.accessTokenField || null } : {}),
    extraHeaders: saved?.profile.headers ?? [],
  };
}

/** How a refresh's client assertion is made: the profile's settings, each replaced by its flag when given. */
function assertionOf(
  v: Values,
  saved: SavedCredentials | null,
  r: { tokenUrl: string; clientId: string; clientSecret: string; authentication: ClientAuthentication }
): ClientAssertionSettings | null {
  const method = r.authentication;
  if (method !== 'client_secret_jwt' && method !== 'private_key_jwt') return null;
  const o = saved?.profile.oauth2;
  const privateKey = v['private-key'] ? readFileFlag('--private-key', v['private-key']) : (o?.assertionKey ?? '');
  return {
    method,
    clientId: r.clientId,
    key: method === 'client_secret_jwt' ? r.clientSecret : privateKey,
    alg: v['signing-alg'] ?? (o?.assertionAlg || null),
    kid: v['key-id'] ?? (o?.assertionKeyId || null),
    audience: o?.assertionAudience === 'issuer' ? o.issuer || saved!.profile.baseUrl : r.tokenUrl,
  };
}
