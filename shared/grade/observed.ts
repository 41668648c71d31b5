/**
 * One request the scenario's issuer saw, as the judge reads it: which endpoint, what it answered, whether that answer
 * was the scenario's bad response, and the wire facts the wire checks judge. No secret is in it: the raw request
 * (for the report) is kept beside it by the grader.
 */
export type GradedEndpoint = 'discovery' | 'jwks' | 'authorize' | 'token' | 'userinfo' | 'honeypot' | 'other';

export interface Observed {
  readonly endpoint: GradedEndpoint;
  /** The token request's grant_type, else null. */
  readonly grant: 'authorization_code' | 'refresh_token' | 'other' | null;
  readonly method: string;
  /** The path below the issuer URL. */
  readonly path: string;
  readonly status: number;
  /** This answer carries the scenario's fault: in a reject scenario, the bad response the client must stop at. */
  readonly bad: boolean;
  /** What the issuer answered or saw, in words. */
  readonly said: string;
  /** On an authorization request: the PKCE method sent (RFC 7636 §4.3), `none` without a challenge. */
  readonly pkceMethod?: 'S256' | 'plain' | 'none';
  /** On a code grant: whether code_verifier matched the challenge (RFC 7636 §4.6). */
  readonly verifier?: 'match' | 'mismatch' | 'missing' | 'not-asked';
  /** On a token request: how the client authenticated (RFC 6749 §2.3.1). */
  readonly clientAuth?: 'basic' | 'post' | 'none' | 'wrong';
  /** On a refresh: which refresh token it used (RFC 9700 §4.14.2). */
  readonly refreshToken?: 'current' | 'rotated-out' | 'unknown';
}
