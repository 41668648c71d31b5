import { bad } from '../oauth2-token-error';
import type { FormValues } from '../form-values';

/** RFC 8707 §2 (https://www.rfc-editor.org/rfc/rfc8707#section-2): a resource indicator is an absolute URI without a fragment. */
export const isResourceIndicator = (value: string): boolean => /^[a-z][a-z0-9+.-]*:[^#]*$/i.test(value);

/**
 * The resource a grant without an authorization request asks for at the token endpoint (RFC 8707 §2: client
 * credentials, JWT bearer), the audience its token is bound to; null when none is named.
 */
export function requestedResource(get: FormValues): string | null {
  const resource = get.value('resource') ?? null;
  if (resource !== null && !isResourceIndicator(resource))
    throw bad(
      'invalid_target',
      `resource ${JSON.stringify(resource)} must be an absolute URI without a fragment (RFC 8707 §2).`
    );
  return resource;
}
