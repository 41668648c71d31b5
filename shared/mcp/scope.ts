/**
 * Which scope an MCP client asks for (MCP specification 2025-11-25, "Scope Selection Strategy"
 * (https://modelcontextprotocol.io/specification/2025-11-25/basic/authorization#scope-selection-strategy)): the
 * user's, else the challenge's `scope`, else every scope in the protected resource metadata's scopes_supported,
 * else none (the parameter is left out).
 */
export function chooseScope(input: {
  readonly given: string | null;
  readonly challenged: string | null;
  readonly supported: readonly string[] | null;
}): string | null {
  if (input.given) return input.given;
  if (input.challenged) return input.challenged;
  if (input.supported?.length) return input.supported.join(' ');
  return null;
}

/**
 * Step-up on `insufficient_scope` ("Scope Challenge Handling"): the scope held so far plus the one the challenge
 * names, each scope once, so the new token can still do what the old one did.
 */
export function stepUpScope(held: string | null, challenged: string): string {
  const all = [...(held ?? '').split(' '), ...challenged.split(' ')].filter(Boolean);
  return [...new Set(all)].join(' ');
}

/** Authorizations one `oauth-lab mcp` run may make (the first plus step-ups), so a server that always answers insufficient_scope cannot loop it. */
export const MAX_AUTHORIZATIONS = 3;
