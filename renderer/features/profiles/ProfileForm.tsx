import { useMemo } from 'react';
import { useApp } from '../../app/stores';
import { CopyButton } from '../../components/CopyButton';
import {
  CheckField,
  FieldErrorsContext,
  LinesField,
  PemFileButton,
  SecretField,
  SelectField,
  TextField,
} from './fields';
import { DEFAULT_USER_AGENT } from '../../../shared/flows/extra-headers';
import { SIGNATURE_METHODS } from '../../../shared/oauth1/signing';
import { ASSERTION_ALGS } from '../../../shared/oauth2/client-key';
import { PresetNote } from './PresetNote';
import { isDirty, validateDraft, type FieldErrors, type FieldPath } from './profile-draft';
import { useProfiles } from './profiles-context';
import { PLACEMENT_OPTIONS } from '../../components/placement-options';

const METHOD_OPTIONS = SIGNATURE_METHODS.map((m) => [m, m] as const);
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
const LEG_METHODS = [
  ['POST', 'POST'],
  ['GET', 'GET'],
] as const;
const ENDPOINT_HINT = 'A path, or a full URL for an endpoint on another host.';

/** The messages to show: as typed for the fields the user changed, all of them after a save attempt, and the bridge's. */
function useVisibleErrors(): FieldErrors {
  const editing = useProfiles((s) => s.editing);
  const touched = useProfiles((s) => s.touched);
  const showAll = useProfiles((s) => s.showAllErrors);
  const server = useProfiles((s) => s.serverErrors);
  return useMemo(() => {
    if (!editing) return {};
    const all = validateDraft(editing.draft).errors;
    const shown = Object.fromEntries(Object.entries(all).filter(([k]) => showAll || touched.has(k as FieldPath)));
    return { ...shown, ...server };
  }, [editing, touched, showAll, server]);
}

/** Create or edit a profile: every field of shared/store/profile.ts, validated as typed with savableProfileSchema. */
export function ProfileForm() {
  const editing = useProfiles((s) => s.editing);
  const busy = useProfiles((s) => s.busy);
  const save = useProfiles((s) => s.saveRequested);
  const discard = useProfiles((s) => s.changesDiscarded);
  const mock = useApp((s) => s.mock);
  const errors = useVisibleErrors();
  if (!editing) return <p className="profiles-empty muted">Choose a profile to edit, or create a new one.</p>;
  const d = editing.draft;
  const builtIn = d.builtIn;
  const dirty = isDirty(editing);
  const mockTarget = builtIn || d.followsMock;
  // Port 0 (and the built-in profile) take a free port when the flow starts: there is no number to show yet.
  const freePort = builtIn || d.callbackPort.trim() === '0';
  const catcherUri = `http://127.0.0.1:${freePort ? '<free port>' : d.callbackPort}${d.callbackPath}`;
  const redirectUri = d.redirectUri.trim() || catcherUri;
  const redirectFixed = !mockTarget && !(freePort && d.redirectUri.trim() === '');
  const title = editing.isNew ? 'New profile' : `Edit ${editing.original.name}`;
  const assertion = ['client_secret_jwt', 'private_key_jwt'].includes(d.oauth2.clientAuthentication);
  // The certificate fields also serve servers that ask for one with another client authentication.
  const mtls =
    ['tls_client_auth', 'self_signed_tls_client_auth'].includes(d.oauth2.clientAuthentication) ||
    d.oauth2.clientCertificate !== '';
  return (
    <FieldErrorsContext.Provider value={errors}>
      <form
        className="profile-form"
        aria-label={title}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <div className="form-head">
          <h3>
            {editing.isNew ? (
              'New profile'
            ) : (
              <>
                Edit <span className="profile-name">{editing.original.name}</span>
              </>
            )}
          </h3>
        </div>
        {editing.preset && <PresetNote preset={editing.preset} />}
        {builtIn && (
          <p className="builtin-note">
            The base URL, endpoint paths and credentials of the built-in profile come from the running mock (its port
            changes on every start), so they are read-only here; the callback and the options are yours to change.
          </p>
        )}
        <fieldset>
          <legend>Server</legend>
          <div className="field-grid">
            <TextField path="name" mono={false} readOnly={builtIn} placeholder="e.g. Staging API" />
            {mockTarget ? (
              <div className="field wide">
                <label htmlFor="profile-baseUrl">Base URL</label>
                <div className="secret-input">
                  <input
                    id="profile-baseUrl"
                    className="mono"
                    readOnly
                    value={mock.baseUrl ?? 'the mock is not running'}
                  />
                  {mock.baseUrl && <CopyButton text={mock.baseUrl} label="base URL" />}
                </div>
              </div>
            ) : (
              <TextField path="baseUrl" className="wide" placeholder="https://api.example.com" />
            )}
            {!builtIn && (
              <CheckField
                path="followsMock"
                className="wide"
                hint="Its base URL is the running mock's, taken each time it is used: the mock's port changes on every start and on Stop/Start."
              />
            )}
            <TextField
              path="callbackPort"
              numeric
              placeholder="8765"
              hint={builtIn ? 'Unused against the mock: each flow takes a free port.' : '0: any free port'}
            />
            <TextField path="callbackPath" placeholder="/callback" />
            <div className="field wide redirect">
              <span className="field-label">
                Redirect URI{' '}
                {mockTarget ? '(the mock accepts any loopback port, RFC 8252 §7.3)' : 'to register with the provider'}
              </span>
              <div className="secret-input">
                <code className="mono">{redirectUri}</code>
                {redirectFixed && <CopyButton text={redirectUri} label="redirect URI" />}
              </div>
              {!mockTarget && !redirectFixed && (
                <p className="field-hint" role="note">
                  Port 0: a free port is chosen when a flow starts, so this URI changes every time. Register a fixed
                  port with the provider, unless it accepts any loopback port (RFC 8252 §7.3).
                </p>
              )}
            </div>
            <TextField
              path="redirectUri"
              className="wide"
              placeholder={`(none: ${catcherUri})`}
              hint="For a provider that registers one fixed URL, an https URL or a name (eBay's RuName). The redirect then cannot reach OAuth Lab: paste the address you land on in the flow's authorize step."
            />
            <LinesField
              path="headers"
              className="full"
              placeholder={`Accept: application/json\nUser-Agent: ${DEFAULT_USER_AGENT}`}
              hint={`Name: value, one per line, sent on every request of both flows. Without a User-Agent here, User-Agent: ${DEFAULT_USER_AGENT} is sent.`}
            />
          </div>
        </fieldset>
        <fieldset>
          <legend>OAuth 1.0a</legend>
          <div className="field-grid">
            <TextField path="oauth1.requestTokenPath" readOnly={builtIn} hint={builtIn ? undefined : ENDPOINT_HINT} />
            <TextField path="oauth1.authorizePath" readOnly={builtIn} />
            <TextField path="oauth1.accessTokenPath" readOnly={builtIn} />
            <TextField path="oauth1.apiPath" readOnly={builtIn} />
            <TextField path="oauth1.consumerKey" readOnly={builtIn} />
            <SecretField path="oauth1.consumerSecret" readOnly={builtIn} />
            <SecretField path="oauth1.rsaPrivateKey" readOnly={builtIn} multiline className="full" />
            {!builtIn && <PemFileButton path="oauth1.rsaPrivateKey" />}
            <SelectField path="oauth1.signatureMethod" options={METHOD_OPTIONS} />
            <SelectField path="oauth1.placement" options={PLACEMENT_OPTIONS} />
            <SelectField path="oauth1.legMethod" options={LEG_METHODS} />
            <TextField path="oauth1.realm" placeholder="(none: not sent)" />
            <div className="checks-row">
              <CheckField
                path="oauth1.useOob"
                hint="oauth_callback=oob: the provider shows the verifier (RFC 5849 §2.1)"
              />
              <CheckField path="oauth1.includeVersion" hint="optional in RFC 5849 §3.1" />
            </div>
          </div>
        </fieldset>
        <fieldset>
          <legend>OAuth 2</legend>
          <div className="field-grid">
            <TextField
              path="oauth2.authorizePath"
              readOnly={builtIn}
              hint={
                builtIn
                  ? undefined
                  : 'A query may follow, for parameters of your provider (e.g. ?prompt=consent): it is kept (RFC 6749 §3.1).'
              }
            />
            <TextField path="oauth2.tokenPath" readOnly={builtIn} hint={builtIn ? undefined : ENDPOINT_HINT} />
            <TextField path="oauth2.apiPath" readOnly={builtIn} />
            <TextField path="oauth2.clientId" readOnly={builtIn} />
            <SecretField path="oauth2.clientSecret" readOnly={builtIn} />
            <TextField path="oauth2.scope" placeholder="e.g. read write" />
            <SelectField path="oauth2.pkce" options={PKCE} />
            <SelectField path="oauth2.clientAuthentication" options={CLIENT_AUTH} />
            {assertion && (
              <>
                <SelectField path="oauth2.assertionAlg" options={assertionAlgs(d.oauth2.clientAuthentication)} />
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
              </>
            )}
            {d.oauth2.clientAuthentication === 'private_key_jwt' && (
              <>
                <SecretField path="oauth2.assertionKey" multiline className="full" />
                <PemFileButton path="oauth2.assertionKey" holds="key-or-jwk" />
              </>
            )}
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
            <TextField
              path="oauth2.issuer"
              readOnly={builtIn}
              placeholder="(empty: the base URL)"
              hint={builtIn ? undefined : "Discovered, and expected as the id_token's iss (OIDC Core §3.1.3.7)."}
            />
            <TextField
              path="oauth2.jwksUri"
              readOnly={builtIn}
              placeholder="(empty: from discovery)"
              hint={builtIn ? undefined : 'The keys that sign id_tokens, when discovery names none.'}
            />
            <TextField
              path="oauth2.revocationEndpoint"
              readOnly={builtIn}
              placeholder="(empty: from discovery)"
              hint={builtIn ? undefined : 'RFC 7009; a path or a full URL.'}
            />
            <TextField
              path="oauth2.introspectionEndpoint"
              readOnly={builtIn}
              placeholder="(empty: from discovery)"
              hint={builtIn ? undefined : 'RFC 7662; a path or a full URL.'}
            />
            <div className="checks-row">
              <CheckField
                path="oauth2.grantTypeInAuthorization"
                hint="grant_type=authorization_code on the authorization URL, as the service's interface sends it; RFC 6749 §4.1.1 has none"
              />
            </div>
          </div>
        </fieldset>
        <fieldset>
          <legend>Connection</legend>
          <div className="field-grid">
            <TextField path="timeoutMs" numeric placeholder="30000" hint="1000 to 600000" />
            <LinesField
              path="caCertificates"
              className="full"
              maxRows={4}
              placeholder="-----BEGIN CERTIFICATE-----"
              hint="A private or self-signed authority's certificates (PEM), trusted besides the usual ones."
            />
            <PemFileButton path="caCertificates" holds="certificate" />
            <div className="checks-row">
              <CheckField path="allowSelfSigned" hint="the host name and dates are still checked" />
              {!builtIn && (
                <CheckField
                  path="service"
                  hint="what its interface requires beyond the RFCs (oauth_expires_in, token_type bearer, …) is checked as a failure; otherwise a note"
                />
              )}
            </div>
          </div>
        </fieldset>
        {errors.form && (
          <p className="error" role="alert">
            {errors.form}
          </p>
        )}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy}>
            {editing.isNew ? 'Create profile' : 'Save'}
          </button>
          <button type="button" onClick={discard} disabled={!editing.isNew && !dirty}>
            {editing.isNew ? 'Cancel' : 'Discard changes'}
          </button>
          {/* Words, not only a colour: read out with the buttons, and kept in view by the sticky bar. */}
          {dirty && <span className="tag unsaved">Unsaved changes</span>}
          {Object.keys(errors).length > 0 && (
            <span className="error small">
              {Object.keys(errors).length === 1
                ? 'One field needs attention.'
                : `${Object.keys(errors).length} fields need attention.`}
            </span>
          )}
        </div>
      </form>
    </FieldErrorsContext.Provider>
  );
}
