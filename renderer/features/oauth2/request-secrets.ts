import { headerValue, type RawRequest } from '../../../shared/http';
import { percentEncode } from '../../../shared/oauth1/percent-encoding';

/** The dots a secret is shown as: as many as its characters, at most 16 (as masked() in Secret.tsx draws them). */
const dotsFor = (secret: string) => '•'.repeat(Math.min(secret.length, 16));

/**
 * Every secret an OAuth 2 request may carry, in each form it takes on the wire: the client secret as typed and
 * form-encoded (RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1), Appendix B), the credentials of an HTTP Basic header, a bearer token (RFC 6750
 * §2.1 (https://www.rfc-editor.org/rfc/rfc6750#section-2.1)) and the refresh token.
 */
export function requestSecrets(
  request: RawRequest,
  clientSecret: string,
  tokens: readonly (string | null | undefined)[]
): string[] {
  const auth = headerValue(request.headers, 'authorization') ?? '';
  const credentials = /^(?:Basic|Bearer)\s+(\S+)/i.exec(auth)?.[1];
  return [clientSecret, percentEncode(clientSecret), credentials, ...tokens].filter((s): s is string => !!s);
}

/**
 * The form body as the user edits it without revealing the client secret: the secret (form-encoded, as the body
 * holds it) is dots, and dots left as they were put it back, so any other part can be changed unseen.
 */
export function bodyForEditing(body: string, clientSecret: string): string {
  const encoded = percentEncode(clientSecret);
  return encoded ? body.split(encoded).join(dotsFor(encoded)) : body;
}

export function bodyFromEditing(edited: string, clientSecret: string): string {
  const encoded = percentEncode(clientSecret);
  return encoded ? edited.split(dotsFor(encoded)).join(encoded) : edited;
}
