import type { FindingId } from '../shared/audit/findings';

/**
 * The flaws the mock can be told to have (the switch `lax`), each named by the `oauth-lab audit` finding it makes
 * true (issue 39), so every finding is tested against a server that has the flaw and one that has not. None is on
 * by default. A finding an older switch already decides is not here: docs/mock.md names that switch.
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

/** Whether the mock is told to have this flaw. */
export const isLax = (switches: { readonly lax: readonly MockLax[] }, flaw: MockLax): boolean =>
  switches.lax.includes(flaw);
