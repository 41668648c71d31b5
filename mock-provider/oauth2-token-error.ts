import { refused } from './context';
import { oauth2Error, type OAuth2ErrorCode } from './errors';
import type { Handled } from './handled';

/** A refusal at the token endpoint or an endpoint that reads a client's form POST like it (RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2)). */
export class TokenError {
  constructor(
    readonly status: number,
    readonly error: OAuth2ErrorCode,
    readonly description: string,
    readonly headers: [string, string][] = []
  ) {}
}

/** RFC 6749 §5.2: most refusals are 400 with an error code. */
export const bad = (error: OAuth2ErrorCode, description: string) => new TokenError(400, error, description);

/**
 * The one place a refusal becomes its reply, for the token endpoint and every endpoint that reads a client's form
 * POST like it (device authorization, PAR, revocation, introspection): RFC 6749 §5.2 JSON with the error's status
 * and headers, and the exchange's verdict refused with the same words.
 */
export async function answeringTokenErrors(
  endpoint: string,
  assumption: string,
  body: () => Promise<Handled>
): Promise<Handled> {
  try {
    return await body();
  } catch (e) {
    if (!(e instanceof TokenError)) throw e;
    return {
      endpoint,
      reply: oauth2Error(e.status, e.error, e.description, e.headers),
      verdict: refused(e.error, e.description),
      assumptions: [assumption],
    };
  }
}
