/**
 * RFC 8705 §5 (https://www.rfc-editor.org/rfc/rfc8705#section-5): a server's metadata may name, in
 * mtls_endpoint_aliases, the endpoints again where it asks for the client's certificate; a client that uses mutual
 * TLS (tls_client_auth, self_signed_tls_client_auth, or certificate-bound tokens) sends there instead.
 */
export interface MtlsEndpointAliases {
  readonly token: string | null;
  readonly revocation: string | null;
  readonly introspection: string | null;
  readonly deviceAuthorization: string | null;
  /** OIDC Discovery §3's userinfo_endpoint, where a certificate-bound token (§3) is accepted. */
  readonly userinfo: string | null;
}

const MEMBERS: Readonly<Record<keyof MtlsEndpointAliases, string>> = {
  token: 'token_endpoint',
  revocation: 'revocation_endpoint',
  introspection: 'introspection_endpoint',
  deviceAuthorization: 'device_authorization_endpoint',
  userinfo: 'userinfo_endpoint',
};

/**
 * The aliases a metadata document names (its mtls_endpoint_aliases member); null when it has none or it is not an
 * object. Each URL goes through `usable` (discovery's URL check: a URL that fails it is not used, null).
 */
export function mtlsAliasesOf(
  member: unknown,
  usable: (name: string, value: unknown) => string | null
): MtlsEndpointAliases | null {
  if (!member || typeof member !== 'object' || Array.isArray(member)) return null;
  const named = member as Record<string, unknown>;
  const alias = (key: keyof MtlsEndpointAliases) =>
    usable(`mtls_endpoint_aliases.${MEMBERS[key]}`, named[MEMBERS[key]]);
  return {
    token: alias('token'),
    revocation: alias('revocation'),
    introspection: alias('introspection'),
    deviceAuthorization: alias('deviceAuthorization'),
    userinfo: alias('userinfo'),
  };
}
