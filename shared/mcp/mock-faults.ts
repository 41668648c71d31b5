/**
 * The mock's MCP faults (mock-only): each breaks one link of the MCP authorization chain, so a client can be seen
 * refusing it. `wrong-resource`: the protected resource metadata names another server (RFC 9728 §3.3);
 * `no-pkce`: the metadata leaves out code_challenge_methods_supported; `audience-mismatch`: tokens are issued for
 * another resource than the one asked for (RFC 8707 §2), and the MCP endpoint refuses them; `accept-other-resource`:
 * the MCP endpoint accepts a token issued for another resource (the confused deputy the MCP specification's
 * "Token Audience Binding and Validation" forbids); `dcr-refused`: dynamic client registration answers an RFC 7591
 * §3.2.2 error, so a client without a pre-registered id or a client ID metadata document has no way in;
 * `only-2025-11-25`: the MCP endpoint refuses 2026-07-28's stateless wire (server/discover) with HTTP 400, as a
 * server of the older revision does, so a client that asked for no version falls back to initialize;
 * `no-authorization-endpoint`: the metadata leaves out authorization_endpoint and the authorization code grant, as a
 * server of machine grants only may (RFC 8414 §2), so a client of the code grant has nowhere to send the user.
 */
export const MCP_FAULTS = [
  'off',
  'wrong-resource',
  'no-pkce',
  'audience-mismatch',
  'accept-other-resource',
  'dcr-refused',
  'only-2025-11-25',
  'no-authorization-endpoint',
] as const;
