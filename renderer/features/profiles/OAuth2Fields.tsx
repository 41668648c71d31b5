import { ASSERTION_ALGS } from '../../../shared/oauth2/client-key';
import { DpopKeyInfo } from './DpopKeyInfo';
import { EndpointHint } from './EndpointHint';
import { CheckField, LinesField, PemFileButton, SecretField, SelectField, TextField } from './fields';
import { MockKeyRegistration } from './MockKeyRegistration';
import { TokenPathHint } from './TokenPathHint';

const PKCE = [
  ['S256', 'S256 (recommended)'],
  ['plain', 'plain'],
  ['off', 'off (no PKCE)'],
] as const;
const CLIENT_AUTH = [
  ['body', 'In the body (client_secret)'],
  ['basic', 'HTTP Basic'],
  ['none', 'None (client_id only, a public client)'],
  ['client_secret_jwt', 'client_secret_jwt (JWT signed with the secret)'],
  ['private_key_jwt', 'private_key_jwt (JWT signed with a key)'],
  ['tls_client_auth', 'tls_client_auth (client certificate)'],
  ['self_signed_tls_client_auth', 'self_signed_tls_client_auth'],
] as const;
const ASSERTION_AUDIENCE = [
  ['token_endpoint', 'The token endpoint URL'],
  ['issuer', 'The issuer'],
] as const;
const assertionAlgs = (method: string) => [
  ['', method === 'client_secret_jwt' ? 'HS256 (default)' : "The key's own (RS256 for RSA)"] as const,
  ...ASSERTION_ALGS.filter((a) => a.startsWith('HS') === (method === 'client_secret_jwt')).map((a) => [a, a] as const),
];
const TOKEN_BODY = [
  ['form', 'Form (application/x-www-form-urlencoded)'],
  ['json', 'JSON'],
] as const;

/**
 * The fields the client authentication method needs (the built-in mock profile's key, the mock's, read-only): a client assertion's algorithm, key id and audience (RFC 7523),
 * the client certificate and its key (RFC 8705 §2), the private key (private_key_jwt's, and request objects').
 */
function ClientAuthFields({
  builtIn,
  clientAuthentication,
  mtls,
}: {
  builtIn: boolean;
  clientAuthentication: string;
  mtls: boolean;
}) {
  const assertion = ['client_secret_jwt', 'private_key_jwt'].includes(clientAuthentication);
  return (
    <>
      {assertion && (
        <>
          <SelectField path="oauth2.assertionAlg" options={assertionAlgs(clientAuthentication)} />
          <TextField path="oauth2.assertionKeyId" placeholder="(empty: the JWK's kid, if any)" />
          <SelectField path="oauth2.assertionAudience" options={ASSERTION_AUDIENCE} />
        </>
      )}
      {mtls && (
        <>
          <LinesField
            path="oauth2.clientCertificate"
            className="full"
            maxRows={4}
            placeholder="-----BEGIN CERTIFICATE-----"
            hint="Presented in the TLS handshake of every request of this profile (RFC 8705 §2)."
          />
          <PemFileButton path="oauth2.clientCertificate" holds="certificate" />
          <SecretField path="oauth2.clientKey" multiline className="full" />
          <PemFileButton path="oauth2.clientKey" />
          {clientAuthentication === 'tls_client_auth' && <MockKeyRegistration method="tls_client_auth" />}
        </>
      )}
      {/* Whatever the method: a request object is signed with the private key when there is one (RFC 9101 §4). */}
      <SecretField path="oauth2.assertionKey" multiline className="full" readOnly={builtIn} />
      {!builtIn && <PemFileButton path="oauth2.assertionKey" holds="key-or-jwk" />}
      {clientAuthentication === 'private_key_jwt' && <MockKeyRegistration method="private_key_jwt" />}
    </>
  );
}

/** DPoP on or off (RFC 9449) and, when on, its key. */
function DpopFields({ dpop }: { dpop: boolean }) {
  return (
    <>
      <div className="checks-row">
        <CheckField
          path="oauth2.dpop"
          hint="The token, refresh and API requests carry a proof signed with the DPoP key, for a token bound to it"
        />
      </div>
      {dpop && (
        <>
          <SecretField path="oauth2.dpopKey" multiline className="full" />
          <PemFileButton path="oauth2.dpopKey" holds="key-or-jwk" />
          <DpopKeyInfo />
        </>
      )}
    </>
  );
}

/** The OpenID Connect endpoints, when discovery does not name them or names others: issuer, JWKS, RFC 7009, RFC 7662. */
function OpenIdEndpointFields({ builtIn }: { builtIn: boolean }) {
  return (
    <>
      <TextField
        path="oauth2.issuer"
        readOnly={builtIn}
        placeholder="(empty: the base URL)"
        hint={
          builtIn
            ? undefined
            : "Discovered, and expected as the id_token's iss (OIDC Core §3.1.3.7) and as the redirect's iss (RFC 9207)."
        }
      />
      {!builtIn && (
        <div className="checks-row">
          <CheckField
            path="oauth2.issRequired"
            hint="The metadata advertises authorization_response_iss_parameter_supported: a redirect without iss is refused"
          />
        </div>
      )}
      <TextField
        path="oauth2.jwksUri"
        readOnly={builtIn}
        placeholder="(empty: from discovery)"
        hint={
          builtIn ? undefined : (
            <EndpointHint path="oauth2.jwksUri" lead="The keys that sign id_tokens, when discovery names none." />
          )
        }
      />
      <TextField
        path="oauth2.revocationEndpoint"
        readOnly={builtIn}
        placeholder="(empty: from discovery)"
        hint={builtIn ? undefined : <EndpointHint path="oauth2.revocationEndpoint" lead="RFC 7009." />}
      />
      <TextField
        path="oauth2.introspectionEndpoint"
        readOnly={builtIn}
        placeholder="(empty: from discovery)"
        hint={builtIn ? undefined : <EndpointHint path="oauth2.introspectionEndpoint" lead="RFC 7662." />}
      />
      <TextField
        path="oauth2.deviceAuthorizationEndpoint"
        readOnly={builtIn}
        placeholder="(empty: discovered or default)"
        hint={builtIn ? undefined : 'RFC 8628 §3.1, for the Device authorization page; a path or a full URL.'}
      />
    </>
  );
}

/**
 * The profile's OAuth 2 and OpenID Connect settings: endpoints, client and its authentication (a client assertion's
 * algorithm, key id and audience, RFC 7523; the client certificate, RFC 8705 §2), the token request's shape.
 */
export function OAuth2Fields({
  builtIn,
  clientAuthentication,
  mtls,
  dpop,
}: {
  builtIn: boolean;
  clientAuthentication: string;
  mtls: boolean;
  dpop: boolean;
}) {
  return (
    <fieldset>
      <legend>OAuth 2</legend>
      <div className="field-grid">
        <TextField
          path="oauth2.authorizePath"
          readOnly={builtIn}
          hint={
            builtIn ? undefined : (
              <EndpointHint
                path="oauth2.authorizePath"
                lead="A query may follow, for parameters of your provider (e.g. ?prompt=consent): it is kept (RFC 6749 §3.1)."
              />
            )
          }
        />
        <TextField path="oauth2.tokenPath" readOnly={builtIn} hint={builtIn ? undefined : <TokenPathHint />} />
        <TextField
          path="oauth2.apiPath"
          readOnly={builtIn}
          hint={builtIn ? undefined : <EndpointHint path="oauth2.apiPath" />}
        />
        <TextField path="oauth2.clientId" readOnly={builtIn} />
        <SecretField path="oauth2.clientSecret" readOnly={builtIn} />
        <TextField path="oauth2.scope" placeholder="e.g. read write" />
        <SelectField path="oauth2.pkce" options={PKCE} />
        <SelectField path="oauth2.clientAuthentication" options={CLIENT_AUTH} />
        <ClientAuthFields builtIn={builtIn} clientAuthentication={clientAuthentication} mtls={mtls} />
        <DpopFields dpop={dpop} />
        <SelectField path="oauth2.tokenBody" options={TOKEN_BODY} />
        <TextField
          path="oauth2.accessTokenField"
          placeholder="access_token"
          hint="The token response's field holding the access token, if not access_token: a name or a dotted path (AccessToken, data.access_token)."
        />
        <LinesField
          path="oauth2.tokenParams"
          className="wide"
          placeholder="audience=https://api.example.com"
          hint="name=value, one per line, added to the token request and the refresh."
        />
        <OpenIdEndpointFields builtIn={builtIn} />
        <div className="checks-row">
          <CheckField
            path="oauth2.grantTypeInAuthorization"
            hint="grant_type=authorization_code on the authorization URL, as the service's interface sends it; RFC 6749 §4.1.1 has none"
          />
        </div>
      </div>
    </fieldset>
  );
}
