import {
  checkAssertionAudience,
  checkAssertionSignature,
  checkAssertionTimes,
  decodeAssertion,
  rememberAssertionId,
  type Refuse,
} from '../client-assertion';
import { SEED } from '../../shared/seed';
import { findClient } from '../clients';
import { bad } from '../oauth2-token-error';
import type { Grant } from './grant';
import { grantedScope } from './granted-scope';
import { isIdJag, redeemIdJag } from './id-jag-redeem';
import { issueTokens } from './issue-tokens';
import { requestedResource } from './requested-resource';

const ASSUME_JWT_BEARER =
  'The JWT bearer grant follows RFC 7523 §2.1; the service documents only the authorization code grant (interface §4.2).';

/** RFC 7523 §3.1: an assertion that is not valid is invalid_grant, saying why. */
const refuse: Refuse = (why) => bad('invalid_grant', `The assertion ${why}`);

/**
 * The JWT bearer authorization grant (RFC 7523 §2.1 (https://www.rfc-editor.org/rfc/rfc7523#section-2.1)),
 * mock-only: the assertion is checked as §3 says. Its iss names the party trusted to issue it, a client of this
 * provider whose keys (its secret for HS*, else its JWK Set) verify the signature (item 1, 9); sub is whom the token
 * is for (item 2); aud names this provider (item 3); exp is in the future, nbf not (item 4, 5); a jti is not
 * accepted twice (item 7). The client asking authenticates as at every grant (optional by §3.1, the mock's token
 * endpoint identifies every client); no refresh token: the assertion is presented again (RFC 7521 §4.1).
 */
export const jwtBearerGrant = {
  grantType: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
  async handle(ctx, client, get, certificate) {
    const assertion = get.value('assertion');
    if (!assertion)
      throw bad('invalid_request', 'assertion is missing; send the JWT as the assertion parameter (RFC 7523 §2.1).');
    const { header, payload, alg } = decodeAssertion(assertion, refuse);
    const { iss, sub } = payload;
    // An ID-JAG (draft-ietf-oauth-identity-assertion-authz-grant §4.4) is checked as that draft says.
    if (isIdJag(ctx, header, iss)) return redeemIdJag(ctx, client, assertion, { header, payload }, get, certificate);
    if (typeof iss !== 'string' || iss === '') throw refuse('has no iss (RFC 7523 §3 item 1).');
    if (typeof sub !== 'string' || sub === '')
      throw refuse('has no sub, the principal the token is for (RFC 7523 §3 item 2).');
    const issuer = findClient(ctx, iss);
    if (!issuer)
      throw refuse(
        `is issued by ${JSON.stringify(iss)}, which this provider does not trust: iss must be one of its clients, whose keys verify the signature (RFC 7523 §3 item 1).`
      );
    checkAssertionAudience(ctx, SEED.endpoints.oauth2Token.path, payload.aud, refuse);
    const exp = checkAssertionTimes(ctx, payload, refuse);
    await checkAssertionSignature(issuer, assertion, alg, header, refuse);
    if (typeof payload.jti === 'string' && payload.jti !== '')
      rememberAssertionId(ctx, issuer.id, payload.jti, exp, refuse);
    // Google's JWT bearer flow puts the scope in the assertion; a scope parameter, when sent, decides.
    const claimed = typeof payload.scope === 'string' ? payload.scope : undefined;
    const scope = grantedScope(ctx, client, get.value('scope') ?? claimed);
    const grant = { grantId: ctx.state.newSecret(9, 'g-'), clientId: client.id, username: sub };
    return {
      ...issueTokens(ctx, grant, scope, `JWT bearer assertion of ${iss} for ${sub} accepted (RFC 7523 §2.1)`, {
        withoutRefresh: true,
        resource: requestedResource(get),
        certificate,
      }),
      assumptions: [ASSUME_JWT_BEARER],
    };
  },
} as const satisfies Grant;
