import { constantTimeEqual } from '../../shared/oauth1';
import { codeChallenge, PKCE_VALUE_SYNTAX } from '../../shared/oauth2/pkce';
import type { ProviderContext } from '../context';
import { bad } from '../oauth2-token-error';
import type { AuthorizationCode } from '../state';
import type { Grant } from './grant';
import { issueTokens } from './issue-tokens';
import { isLax } from '../lax';

/** OAuth 2 step two (interface §4.2, RFC 6749 §4.1.3 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.3)): the code from the redirect for tokens, with PKCE (RFC 7636 §4.5 (https://www.rfc-editor.org/rfc/rfc7636#section-4.5)). */
export const authorizationCodeGrant = {
  grantType: 'authorization_code',
  definedBy: 'interface §4.2',
  handle(ctx, client, get, certificate) {
    const codeValue = get.value('code');
    if (!codeValue)
      throw bad('invalid_request', 'code is missing; send the code from the authorization redirect (interface §4.2).');
    const redirectUri = get.value('redirect_uri');
    if (!redirectUri)
      throw bad(
        'invalid_request',
        'redirect_uri is missing; send the same value as in the authorization request (interface §4.2, RFC 6749 §4.1.3).'
      );
    const verifier = get.value('code_verifier');
    if (verifier !== undefined && !PKCE_VALUE_SYNTAX.test(verifier))
      throw bad(
        'invalid_request',
        `code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~ (RFC 7636 §4.1); got ${verifier.length} characters.`
      );
    const code = ctx.state.codes.get(codeValue);
    if (!code) throw bad('invalid_grant', 'The authorization code is unknown to this provider.');
    const sw = ctx.settings.switches;
    if (code.clientId !== client.id && !isLax(sw, 'code-other-client'))
      throw bad('invalid_grant', 'The authorization code was issued to another client (RFC 6749 §4.1.3).');
    if (code.status === 'redeemed' && !isLax(sw, 'code-reuse-accepted')) {
      const revoked = ctx.settings.switches.revokeOnCodeReuse ? ctx.state.revokeGrant(code.grantId) : 0;
      throw bad(
        'invalid_grant',
        `The authorization code was already used; a code is single-use (RFC 6749 §4.1.2).${revoked ? ' The tokens issued for it are now revoked.' : ''}`
      );
    }
    // From here on the code is spent whatever happens, so a verifier cannot be guessed by retrying.
    code.status = 'redeemed';
    if (ctx.state.isExpired(code))
      throw bad(
        'invalid_grant',
        `The authorization code expired at ${new Date(code.expiresAt).toISOString()} (${ctx.settings.lifetimes.codeTtl} s after issue); the service requires an immediate exchange (interface §8).`
      );
    if (code.redirectUri !== redirectUri)
      throw bad(
        'invalid_grant',
        `redirect_uri differs from the one of the authorization request (${JSON.stringify(code.redirectUri)}); it must be identical (RFC 6749 §4.1.3).`
      );
    checkVerifier(ctx, code, verifier);
    checkDpopBinding(ctx, code);
    // RFC 8707 §2.2 (https://www.rfc-editor.org/rfc/rfc8707#section-2.2): the token request's resource is one the grant covers.
    const resource = get.value('resource');
    if (resource !== undefined && resource !== code.resource)
      throw bad(
        'invalid_target',
        `resource ${JSON.stringify(resource)} is not the one of the authorization request (${JSON.stringify(code.resource ?? null)}) (RFC 8707 §2.2).`
      );
    const bound = code.dpopJkt ? `, made with the DPoP key the code is bound to (RFC 9449 §10)` : '';
    return issueTokens(ctx, code, code.scope, `Code exchanged${bound}`, { code, certificate });
  },
} as const satisfies Grant;

/** RFC 9449 §10: a code bound to a DPoP key is exchanged only with a proof made with that key. */
function checkDpopBinding(ctx: ProviderContext, code: AuthorizationCode): void {
  if (!code.dpopJkt || code.dpopJkt === ctx.dpopJkt) return;
  throw bad(
    'invalid_grant',
    `The authorization code is bound to DPoP key ${code.dpopJkt} (dpop_jkt, or the pushed request's proof); ${ctx.dpopJkt ? `the token request's proof was made with key ${ctx.dpopJkt}` : 'the token request carries no DPoP proof'}. Send a proof made with the bound key (RFC 9449 §10).`
  );
}

function checkVerifier(ctx: ProviderContext, code: AuthorizationCode, verifier: string | undefined): void {
  if (!code.pkce) {
    if (verifier !== undefined)
      throw bad(
        'invalid_grant',
        'code_verifier was sent but the authorization request had no code_challenge (PKCE downgrade, RFC 9700 §4.8.2).'
      );
    return;
  }
  const sw = ctx.settings.switches;
  // Lax pkce-downgrade and pkce-verifier-not-checked: the flaws RFC 9700 §4.8.2 and RFC 7636 §4.6 guard against.
  if (verifier === undefined && isLax(sw, 'pkce-downgrade')) return;
  if (verifier === undefined)
    throw bad(
      'invalid_grant',
      'code_verifier is missing; the authorization request carried a code_challenge (RFC 7636 §4.5).'
    );
  if (
    !constantTimeEqual(codeChallenge(verifier, code.pkce.method, ctx.crypto), code.pkce.challenge) &&
    !isLax(sw, 'pkce-verifier-not-checked')
  )
    throw bad('invalid_grant', `code_verifier does not match the code_challenge (${code.pkce.method}, RFC 7636 §4.6).`);
}
