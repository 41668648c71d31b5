import type { OAuth2Run } from './oauth2-run';
import type { ClientAssertionTrace } from '../../../shared/oauth2/client-assertion';
import type { AppliedAuthMistake, ClientAuthMistake } from '../../../shared/oauth2/client-auth-mistakes';

/** The assertion of a leg's last send if the server accepted it (2xx): the jti a replay presents again. */
export const acceptedAssertion = (run: OAuth2Run | undefined): ClientAssertionTrace | null =>
  run?.assertion && run.exchange && run.exchange.response.status < 300 ? run.assertion : null;

/** The chosen mistake with what it needs: the Basic credentials, or the jti of the leg's last assertion to replay. */
export function appliedAuthMistake(
  mistake: ClientAuthMistake | null,
  client: { readonly clientId: string; readonly clientSecret: string },
  last: ClientAssertionTrace | null
): AppliedAuthMistake | null {
  if (!mistake) return null;
  if (mistake === 'basic-unencoded')
    return { kind: mistake, clientId: client.clientId, clientSecret: client.clientSecret };
  return { kind: mistake, jti: last ? String(last.claims.jti) : null };
}
