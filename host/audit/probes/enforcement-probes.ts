import { exchange, issuedTokens, obtainCode, requestCode, codeSecretsOf } from './code-kit';
import type { ProbeContext } from './probe-context';
import {
  authorize,
  newPkce,
  ProbeSkip,
  randomValue,
  redirectedTo,
  reproduction,
  said,
  scopeParams,
  type AuthorizeAnswer,
  type ProbeOutcome,
} from './probe-kit';
import { exchangeWithoutSecret } from './unauthenticated-exchange';

/**
 * Whether an authorization answer is a code at the client's redirect URI; with `state`, one that came back with no
 * other state (a server that drops state altogether is state-not-echoed's finding, not a reason to look away).
 */
function codeIssued(ctx: ProbeContext, a: AuthorizeAnswer, state?: string): boolean {
  if (!redirectedTo(a, ctx.client.redirectUri)) return false;
  const q = a.location!.searchParams;
  const back = q.get('state');
  return q.get('code') !== null && (state === undefined || back === null || back === state);
}

const answered = (a: AuthorizeAnswer) =>
  a.location
    ? `${a.status} redirect${a.location.searchParams.get('code') !== null ? ' with a code' : ` with error ${JSON.stringify(a.location.searchParams.get('error'))}`}`
    : `${a.status}, no redirect`;

/** RFC 9126 §5: require_pushed_authorization_requests true, yet a plain authorization request. */
export async function parRequiredProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  if (ctx.metadata.require_pushed_authorization_requests !== true)
    throw new ProbeSkip('the metadata does not say require_pushed_authorization_requests: true.');
  const state = randomValue();
  const a = await authorize(ctx, [
    ['response_type', 'code'],
    ['client_id', ctx.client.clientId!],
    ['redirect_uri', ctx.client.redirectUri],
    ['state', state],
    ['code_challenge', newPkce().challenge],
    ['code_challenge_method', 'S256'],
    ...scopeParams(ctx),
  ]);
  const found = codeIssued(ctx, a);
  return {
    found,
    evidence: [`pushed requests required by the metadata; a plain authorization request: ${answered(a)}`],
    reproduce: reproduction(a.request, []),
  };
}

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** RFC 9101 §10.1, RFC 8725 §3.1: an unsigned request object (alg none); its own state shows it was read. */
export async function requestObjectNoneProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  if (ctx.metadata.request_parameter_supported === false)
    throw new ProbeSkip('the metadata says request_parameter_supported: false.');
  const state = randomValue();
  const clientId = ctx.client.clientId!;
  const claims = {
    iss: clientId,
    aud: ctx.issuer,
    client_id: clientId,
    response_type: 'code',
    redirect_uri: ctx.client.redirectUri,
    state,
    code_challenge: newPkce().challenge,
    code_challenge_method: 'S256',
    ...Object.fromEntries(scopeParams(ctx)),
    exp: Math.floor(Date.now() / 1000) + 300,
  };
  const jwt = `${b64url({ alg: 'none', typ: 'oauth-authz-req+jwt' })}.${b64url(claims)}.`;
  // Another state outside the object: a server without request objects (request_parameter_supported defaults to
  // false, OIDC Discovery §3) that ignores the parameter answers with that one, having taken nothing from the object.
  const outerState = randomValue();
  const a = await authorize(ctx, [
    ['client_id', clientId],
    ['response_type', 'code'],
    ['state', outerState],
    ['request', jwt],
  ]);
  const found = codeIssued(ctx, a, state);
  const back = a.location?.searchParams.get('state');
  const stateSeen =
    back === state
      ? ', the request object state echoed'
      : back === outerState
        ? ', the state outside it back (the object ignored)'
        : ', no state back';
  return {
    found,
    evidence: [
      `authorization request whose parameters are an unsigned request object (alg none): ${answered(a)}${found || back === outerState ? stateSeen : ''}`,
    ],
    reproduce: reproduction(a.request, []),
  };
}

const listed = (v: unknown): readonly string[] | null =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null;

/** RFC 8414 §2: what the metadata leaves out (PKCE plain, a client authentication method) tried; accepted anyway is the flaw. */
export async function advertisedProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  const tried: { accepted: boolean; line: string; reproduce: string }[] = [];
  const pkce = listed(ctx.metadata.code_challenge_methods_supported);
  if (pkce && pkce.includes('S256') && !pkce.includes('plain')) {
    const a = await requestCode(ctx, 'plain');
    tried.push({
      accepted: a.code !== null,
      line: `code_challenge_methods_supported ${JSON.stringify(pkce)}; code_challenge_method=plain: ${a.code !== null ? 'a code was issued' : `refused with error ${JSON.stringify(a.error)}`}`,
      reproduce: reproduction(a.answer.request, []),
    });
  }
  const methods = listed(ctx.metadata.token_endpoint_auth_methods_supported);
  const other = (['client_secret_basic', 'client_secret_post'] as const).find((m) => methods && !methods.includes(m));
  if (ctx.client.clientSecret !== null && other) {
    const client = { ...ctx.client, clientAuth: other };
    const a = await obtainCode(ctx);
    const t = await exchange({ ...ctx, client }, a.code, a.verifier);
    tried.push({
      accepted: issuedTokens(t),
      line: `token_endpoint_auth_methods_supported ${JSON.stringify(methods)}; a code exchanged with ${other}: ${said(t)}`,
      reproduce: reproduction(t.request, codeSecretsOf(ctx, a)),
    });
  }
  if (ctx.client.clientSecret !== null && methods && !methods.includes('none')) {
    const { accepted, answer, code } = await exchangeWithoutSecret(ctx);
    tried.push({
      accepted,
      line: `token_endpoint_auth_methods_supported ${JSON.stringify(methods)}; a code of this confidential client exchanged with its client_id alone (none): ${said(answer)}`,
      reproduce: reproduction(answer.request, codeSecretsOf(ctx, code)),
    });
  }
  if (!tried.length)
    throw new ProbeSkip(
      'the metadata leaves out nothing this probe tries (PKCE plain, client_secret_basic, client_secret_post or none).'
    );
  const shown = tried.find((t) => t.accepted) ?? tried[0]!;
  return { found: tried.some((t) => t.accepted), evidence: tried.map((t) => t.line), reproduce: shown.reproduce };
}
