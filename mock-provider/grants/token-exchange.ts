import { TOKEN_EXCHANGE_GRANT, TOKEN_TYPE } from '../../shared/oauth2/token-exchange';
import type { ClientConfig } from '../config';
import type { Handled, ProviderContext } from '../context';
import type { FormValues } from '../form-values';
import { bad } from '../oauth2-token-error';
import { exchangedParty, type ExchangedParty } from './exchange-subject';
import type { Grant } from './grant';
import { grantedScope } from './granted-scope';
import { issueIdJag } from './id-jag-issue';
import { issueTokens } from './issue-tokens';
import { servedTargets } from './served-targets';

const ASSUME_TOKEN_EXCHANGE =
  'The token exchange grant follows RFC 8693 §2; the service documents only the authorization code grant (interface §4.2).';

/** The token types the mock issues by exchange (RFC 8693 §2.1 requested_token_type). */
const ISSUED_TYPES = [TOKEN_TYPE.accessToken, TOKEN_TYPE.idJag] as const;

/** RFC 8693 §2.2.2: a target the server does not serve is invalid_target, naming what it serves. */
function checkTargets(ctx: ProviderContext, get: FormValues): void {
  const served = servedTargets(ctx);
  for (const [param, list] of [
    ['audience', served.audiences],
    ['resource', served.resources],
  ] as const)
    for (const value of get.values(param))
      if (!list.includes(value))
        throw bad(
          'invalid_target',
          `${param} ${JSON.stringify(value)} is not served by this provider; it serves ${list.join(', ')} (RFC 8693 §2.2.2).`
        );
}

/**
 * The subject id_token was issued to the client asking (OIDC Core §2: its aud names the client and, when present, its
 * azp is the client); another client's id_token is not the asking client's to exchange. For an ID-JAG
 * (draft-ietf-oauth-identity-assertion-authz-grant §4.3: its audience is that client) it is invalid_grant (RFC 6749
 * §5.2); for an access token, an unacceptable subject_token, invalid_request (RFC 8693 §2.2.2).
 */
function checkIssuedTo(client: ClientConfig, subject: ExchangedParty, forIdJag: boolean): void {
  const issuedTo = subject.issuedTo;
  if (!issuedTo) return;
  const { aud, azp } = issuedTo;
  if (aud.includes(client.id) && (azp === null || azp === client.id)) return;
  const named = azp !== null && azp !== client.id ? `${azp} (azp)` : `${aud.join(', ') || 'no one'} (aud)`;
  const held = `subject_token is an id_token issued to ${named}, not to ${client.id}`;
  if (forIdJag)
    throw bad(
      'invalid_grant',
      `${held}, the client asking for the ID-JAG; an ID-JAG is issued only for the asking client's own id_token (draft-ietf-oauth-identity-assertion-authz-grant §4.3).`
    );
  throw bad(
    'invalid_request',
    `${held}, the client asking for the exchange; a client exchanges only an id_token issued to it (OpenID Connect Core §2, RFC 8693 §2.2.2).`
  );
}

/**
 * The ID-JAG asked for (draft-ietf-oauth-identity-assertion-authz-grant §4.3): the subject an id_token, one
 * audience (the resource's authorization server's issuer) and at most one resource.
 */
function idJagFor(ctx: ProviderContext, client: ClientConfig, get: FormValues, subject: ExchangedParty): Handled {
  if (get.value('subject_token_type') !== TOKEN_TYPE.idToken)
    throw bad(
      'invalid_request',
      `an ID-JAG is issued for an id_token: subject_token_type must be ${TOKEN_TYPE.idToken} (draft-ietf-oauth-identity-assertion-authz-grant §4.3).`
    );
  const [audience, ...more] = get.values('audience');
  if (audience === undefined || more.length)
    throw bad(
      'invalid_request',
      `audience is required for an ID-JAG, exactly once: the issuer of the resource's authorization server (draft-ietf-oauth-identity-assertion-authz-grant §4.3).`
    );
  checkIssuedTo(client, subject, true);
  const resources = get.values('resource');
  if (resources.length > 1)
    throw bad(
      'invalid_request',
      'An ID-JAG names at most one resource (draft-ietf-oauth-identity-assertion-authz-grant §4.3).'
    );
  const scope = grantedScope(ctx, client, get.value('scope'));
  return issueIdJag(ctx, client, { username: subject.username, audience, resource: resources[0] ?? null, scope });
}

/**
 * The token exchange grant (RFC 8693 §2.1 (https://www.rfc-editor.org/rfc/rfc8693#section-2.1)), mock-only and
 * strict: the subject token (and an actor token) must be a token the mock issued, of the type its *_token_type
 * says; audience and resource must be targets it serves; the requested type one it issues: an access token of the
 * subject's, for the client asking, without a refresh token, with issued_token_type (§2.2.1); or, as the
 * enterprise IdP, an ID-JAG (id-jag-issue.ts).
 */
export const tokenExchangeGrant = {
  grantType: TOKEN_EXCHANGE_GRANT,
  definedBy: 'RFC 8693 §2.1',
  repeatable: ['resource', 'audience'],
  handle(ctx, client, get, certificate) {
    const subjectToken = get.value('subject_token');
    if (!subjectToken)
      throw bad('invalid_request', 'subject_token is missing; send the token to exchange (RFC 8693 §2.1).');
    const subject = exchangedParty(ctx, 'subject_token', subjectToken, get.value('subject_token_type'));
    const actorToken = get.value('actor_token');
    if (actorToken === undefined && get.value('actor_token_type') !== undefined)
      throw bad('invalid_request', 'actor_token_type is sent without actor_token (RFC 8693 §2.1: only with it).');
    const actor =
      actorToken === undefined ? null : exchangedParty(ctx, 'actor_token', actorToken, get.value('actor_token_type'));
    const requested = get.value('requested_token_type') ?? TOKEN_TYPE.accessToken;
    if (!(ISSUED_TYPES as readonly string[]).includes(requested))
      throw bad(
        'invalid_request',
        `requested_token_type ${JSON.stringify(requested)} is not one this provider issues; it issues ${ISSUED_TYPES.join(', ')} (RFC 8693 §2.2.2).`
      );
    checkTargets(ctx, get);
    if (requested === TOKEN_TYPE.idJag) return idJagFor(ctx, client, get, subject);
    checkIssuedTo(client, subject, false);
    const scope = grantedScope(ctx, client, get.value('scope'));
    const grant = { grantId: ctx.state.newSecret(9, 'g-'), clientId: client.id, username: subject.username };
    const by = actor ? `, acting: ${actor.username} (${actor.what})` : '';
    const what = `Token exchange of the ${subject.what} for ${subject.username}${by} (RFC 8693 §2.1)`;
    return {
      ...issueTokens(ctx, grant, scope, what, {
        withoutRefresh: true,
        certificate,
        resource: get.values('resource')[0] ?? null,
        fields: { issued_token_type: requested },
      }),
      assumptions: [ASSUME_TOKEN_EXCHANGE],
    };
  },
} as const satisfies Grant;
