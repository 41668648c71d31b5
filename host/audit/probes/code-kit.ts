import type { Param } from '../../../shared/url-encoded';
import type { ProbeContext } from './probe-context';
import {
  authorize,
  newPkce,
  ProbeSkip,
  randomValue,
  redirectedTo,
  scopeParams,
  tokenRequest,
  type AuthorizeAnswer,
  type TokenAnswer,
} from './probe-kit';

/** What an authorization request with the client's own redirect URI brought back. */
export interface CodeAnswer {
  /** The code, or null when the redirect carried an error instead. */
  readonly code: string | null;
  readonly error: string | null;
  /** The state sent, and the one the redirect carried (null: none). */
  readonly stateSent: string;
  readonly stateBack: string | null;
  readonly issBack: string | null;
  readonly verifier: string | null;
  readonly answer: AuthorizeAnswer;
}

export type PkceUse = 'S256' | 'plain' | null;

/**
 * An authorization request for a code (RFC 6749 §4.1.1) with PKCE as asked (RFC 7636 §4.3). A server that does not
 * redirect to the client's redirect URI at all leaves the probe undecided.
 */
export async function requestCode(ctx: ProbeContext, pkce: PkceUse, extra: readonly Param[] = []): Promise<CodeAnswer> {
  const state = randomValue();
  const p = newPkce();
  const params: Param[] = [
    ['response_type', 'code'],
    ['client_id', ctx.client.clientId!],
    ['redirect_uri', ctx.client.redirectUri],
    ['state', state],
    ...(pkce === 'S256'
      ? ([
          ['code_challenge', p.challenge],
          ['code_challenge_method', 'S256'],
        ] as Param[])
      : []),
    ...(pkce === 'plain'
      ? ([
          ['code_challenge', p.verifier],
          ['code_challenge_method', 'plain'],
        ] as Param[])
      : []),
    ...(extra.some(([n]) => n === 'scope') ? [] : scopeParams(ctx)),
    ...extra,
  ];
  const answer = await authorize(ctx, params);
  if (!redirectedTo(answer, ctx.client.redirectUri) || !answer.location)
    throw new ProbeSkip(
      `the authorization request was answered ${answer.status} without a redirect to ${ctx.client.redirectUri}: check --client-id and --redirect-uri.`
    );
  const q = answer.location.searchParams;
  return {
    code: q.get('code'),
    error: q.get('error'),
    stateSent: state,
    stateBack: q.get('state'),
    issBack: q.get('iss'),
    verifier: pkce === null ? null : p.verifier,
    answer,
  };
}

/** A code, or a skip saying the server gave none (the probe needs one to go on). */
export async function obtainCode(ctx: ProbeContext, pkce: PkceUse = 'S256'): Promise<CodeAnswer & { code: string }> {
  const a = await requestCode(ctx, pkce);
  if (a.code === null)
    throw new ProbeSkip(
      `the authorization request (PKCE ${pkce ?? 'none'}) got no code: error ${JSON.stringify(a.error)}.`
    );
  return a as CodeAnswer & { code: string };
}

/** The code exchanged (RFC 6749 §4.1.3) with this verifier (null: none sent). */
export const exchange = (ctx: ProbeContext, code: string, verifier: string | null): Promise<TokenAnswer> =>
  tokenRequest(ctx, [
    ['grant_type', 'authorization_code'],
    ['code', code],
    ['redirect_uri', ctx.client.redirectUri],
    ...(verifier === null ? [] : ([['code_verifier', verifier]] as Param[])),
  ]);

export const issuedTokens = (a: TokenAnswer): boolean =>
  a.response.status === 200 && typeof a.json?.access_token === 'string';

/** The secrets of a token request, each with its placeholder, for its reproduction. */
/** The client secret, the code and its PKCE verifier, each with its placeholder in a reproduction. */
export const codeSecretsOf = (
  ctx: ProbeContext,
  a: { readonly code: string | null; readonly verifier: string | null }
) =>
  secretsOf(ctx, [
    [a.code, '<CODE>'],
    [a.verifier, '<CODE_VERIFIER>'],
  ]);

export const secretsOf = (ctx: ProbeContext, extra: readonly (readonly [string | null, string])[] = []) =>
  [[ctx.client.clientSecret, '<CLIENT_SECRET>'] as const, ...extra].filter(
    (p): p is readonly [string, string] => typeof p[0] === 'string' && p[0] !== ''
  );
