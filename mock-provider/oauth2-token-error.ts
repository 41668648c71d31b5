import type { OAuth2ErrorCode } from './errors';

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
