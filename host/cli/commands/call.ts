import { PROTOCOL_ERROR, ProtocolError } from '../../../shared/errors';
import { callWithBearer, endpointUrl, oauth1Flow, type BearerPlacement, type SavedBearer } from '../../../shared/flows';
import type { ApiRequestInput } from '../../../shared/flows/oauth1-flow';
import type { Exchange, RawRequest } from '../../../shared/http';
import {
  FORM_CONTENT_TYPE,
  PARAM_SOURCES,
  traceSignature,
  type Param,
  type SignatureMethod,
} from '../../../shared/oauth1';
import { withClientAssertion, type ClientAssertionSettings } from '../../../shared/oauth2/client-assertion-request';
import { formEncode } from '../../../shared/oauth2/form';
import { CLIENT_AUTHENTICATIONS, type ClientAuthentication } from '../../../shared/oauth2/token-request';
import { joseSigner } from '../../../platform/jose';
import { FlowReport } from '../flow/report';
import { transportOf } from '../../../shared/flows/profile-config';
import { headerSchema, type Profile } from '../../../shared/store/profile';
import { nodeCrypto, nodeRandom } from '../../node-crypto';
import { sendRecorded } from '../../store/history/record-exchange';
import { TransportError } from '../../transport';
import { answerLines } from '../call-answer';
import { requestUrl } from '../call-url';
import { cliHistory } from '../cli-history';
import { parseFlags } from '../flags';
import { CALL_SECRETS, secretFlagOptions, withSecrets } from '../secret-flags';
import { formFlag } from '../form-flag';
import { interruptible } from '../interrupt';
import { UsageError, type Command } from '../io';
import { headerFlag, requestTimeoutMs } from '../flow/profile-flags';
import { readFileFlag } from '../read-file-flag';
import { terminalSafe, terminalSafeLines } from '../terminal-text';
import { openSavedCredentials, type SavedCredentials } from '../saved-credentials';
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

export const callCommand: Command = async (argv, io) => {
  if (argv.includes('--help') || argv.includes('-h') || argv.length === 0) {
    io.stdout.write(CALL_HELP);
    return argv.length === 0 ? 2 : 0;
  }
  const v = withSecrets(parseFlags(argv, FLAGS, 'call'), io.env, CALL_SECRETS);
  if (!v.url) throw new UsageError('--url is required.');
  if (v['token-id'] !== undefined && !v.profile) throw new UsageError('--token-id picks a token of --profile NAME.');
  const saved = v.profile ? openSavedCredentials(v.profile, v['store-dir'], v['token-id']) : null;
  const b = body(v);
  const method = (v.method ?? (b.sent.body !== undefined ? 'POST' : 'GET')).toUpperCase();
  const url = requestUrl(v.url, v['base-url'] ?? saved?.profile.baseUrl, saved?.profile.name ?? null);
  // The profile's headers and the --header ones after each request's own, a --header replacing a profile header
  // (and the default User-Agent) of the same name, as the app adds a profile's (shared/flows/extra-headers.ts).
  const flagHeaders = (v.header ?? []).map((text) => {
    const checked = headerSchema.safeParse(headerFlag(text));
    if (!checked.success) throw new UsageError(`--header: ${checked.error.issues.map((i) => i.message).join('; ')}.`);
    return checked.data;
  });
  const named = new Set(flagHeaders.map(([n]) => n.toLowerCase()));
  const extraHeaders = [...(saved?.profile.headers ?? []).filter(([n]) => !named.has(n.toLowerCase())), ...flagHeaders];
  const exchanges: Exchange[] = [];
  // Recorded as the app's request signer records its sends: `request` signed, `bearer` with a token, `refresh`.
  const recording = v['no-history']
    ? null
    : cliHistory(v['store-dir'], saved?.profile.id ?? 'cli', 'signer', (problem) =>
        io.stderr.write(`warn: ${terminalSafe(problem)}\n`)
      );
  const timeoutMs = v.timeout === undefined ? saved?.profile.timeoutMs : requestTimeoutMs(v.timeout);
  let legOf = (_: RawRequest) => 'request';
  let assertion: ClientAssertionSettings | null = null;
  const transport = async (unsigned: RawRequest) => {
    // A refresh with client_secret_jwt or private_key_jwt gets its assertion signed now (RFC 7523 §2.2).
    const signed = await withClientAssertion(unsigned, assertion, {
      random: nodeRandom,
      jose: joseSigner,
      now: Date.now(),
    });
    if (signed.trace) new FlowReport(io.stderr).assertion(signed.trace);
    const request = signed.request;
    try {
      const e = await interruptible(`${request.method} ${request.url}`, (signal) =>
        sendRecorded(
          request,
          {
            // The profile's CA file and client certificate (RFC 8705 §2), when it has them.
            ...(saved ? transportOf(saved.profile) : {}),
            allowSelfSigned: !!v['allow-self-signed'] || !!saved?.profile.allowSelfSigned,
            env: io.env,
            signal,
            ...(timeoutMs === undefined ? {} : { timeoutMs }),
          },
          recording?.(legOf(request)) ?? null
        )
      );
      exchanges.push(e);
      return e;
    } catch (e) {
      // Not a flag problem: exit 1, naming the request that could not be sent.
      if (e instanceof TransportError)
        throw new ProtocolError(PROTOCOL_ERROR.SEND_FAILED, 'send', `${request.method} ${request.url}: ${e.message}`, {
          cause: e,
        });
      throw e;
    }
  };
  const kind = v.bearer !== undefined ? 'oauth2' : v['consumer-key'] !== undefined ? 'oauth1' : saved?.token?.kind;
  if (v.dpop && kind === 'oauth1') throw new UsageError('--dpop goes with an OAuth 2 token (--bearer or a profile).');
  if (!kind)
    throw new UsageError(
      saved
        ? `the profile "${saved.profile.name}" has no saved tokens; run oauth-lab flow ... --save "${saved.profile.name}" first, or give --bearer or --consumer-key.`
        : 'give credentials: --profile NAME, --bearer TOKEN, or --consumer-key K (OAuth 1.0a).'
    );
  const usesSaved = !!saved?.token && v.bearer === undefined && v.token === undefined;
  // RFC 9449 §7.1: the saved token of a profile with DPoP on is bound to the profile's key, so it goes with a proof.
  const p = saved && kind === 'oauth2' ? saved.profile : null;
  const dpop = await dpopClientOf(v, io, p && { name: p.name, on: usesSaved && p.oauth2.dpop, key: p.oauth2.dpopKey });
  if (usesSaved && saved.tokenNote) io.stderr.write(`${saved.tokenNote}\n`);
  if (kind === 'oauth1') {
    const signer = oauth1Signer(v, saved, url, extraHeaders);
    const input = oauth1Flow.signedRequestInput(signer.state, { method, url, ...b.given, ...signer.token });
    const trace = traceSignature(
      { ...input, ...oauth1Flow.freshNonceAndTimestamp(nodeRandom, Date.now()) },
      nodeCrypto
    );
    await transport(oauth1Flow.sentRequest(signer.state, trace.request));
  } else {
    const given = bearerOf(v, saved);
    const refreshWith = refreshOf(v, saved);
    assertion = refreshWith && assertionOf(v, saved, refreshWith);
    legOf = (request) => (request.url === refreshWith?.tokenUrl ? 'refresh' : 'bearer');
    const result = await callWithBearer(
      {
        method,
        url,
        ...b.sent,
        placement: oneOf<BearerPlacement>(v['bearer-in'], '--bearer-in', ['header', 'form', 'query'], 'header'),
        extraHeaders,
      },
      given,
      refreshWith,
      transport,
      Date.now,
      dpop?.client ?? null
    );
    for (const step of result.steps)
      if (step.kind !== 'call') io.stderr.write(`${step.ok ? '' : 'FAIL '}${terminalSafe(step.summary)}\n`);
    if (result.refreshed && saved) io.stderr.write(`${saved.saveRefreshed(result.token)}\n`);
  }
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
