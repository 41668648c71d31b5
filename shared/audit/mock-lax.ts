import type { FindingId } from './findings';

/**
 * The flaws the mock provider can be told to have (its switch `lax`), each named by the `oauth-lab audit` finding it
 * makes true, shared by the mock (which validates and applies them) and the page (which offers them). A
 * finding an older switch already decides is not here: docs/mock.md names that switch.
 */
export const MOCK_LAX = [
  'metadata-issuer-mismatch',
  'metadata-http-endpoint',
  'metadata-no-s256',
  'metadata-implicit-advertised',
  'metadata-password-grant-advertised',
  'metadata-jwks-private-key',
  'redirect-uri-prefix-match',
  'redirect-uri-query-added',
  'redirect-uri-other-port',
  'redirect-uri-other-host',
  'redirect-uri-scheme-downgrade',
  'error-redirect-unregistered',
  'pkce-not-required',
  'pkce-verifier-not-checked',
  'pkce-downgrade',
  'code-reuse-accepted',
  'code-other-client',
  'dcr-insecure-redirect-accepted',
  'state-not-echoed',
  'iss-missing-in-response',
  'token-endpoint-get-accepted',
  'token-response-cacheable',
  'client-secret-in-query-accepted',
  'refresh-reuse-not-detected',
  'par-required-not-enforced',
  'dpop-required-not-enforced',
  'advertised-not-enforced',
] as const satisfies readonly FindingId[];
export type MockLax = (typeof MOCK_LAX)[number];
