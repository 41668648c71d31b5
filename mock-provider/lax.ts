import type { MockLax } from '../shared/audit/mock-lax';

/**
 * Whether the mock is told to have this flaw (its switch `lax`, the values in shared/audit/mock-lax.ts): each makes
 * one `oauth-lab audit` finding true, so every finding is tested against a server with the flaw and one without.
 */
export const isLax = (switches: { readonly lax: readonly MockLax[] }, flaw: MockLax): boolean =>
  switches.lax.includes(flaw);
