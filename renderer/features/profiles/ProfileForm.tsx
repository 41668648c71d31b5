import { useMemo } from 'react';
import { useApp } from '../../app/stores';
import { CopyButton } from '../../components/CopyButton';
import { CheckField, FieldErrorsContext, LinesField, PemFileButton, TextField } from './fields';
import { DEFAULT_USER_AGENT } from '../../../shared/flows/extra-headers';
import { OAuth1Fields } from './OAuth1Fields';
import { OAuth2Fields } from './OAuth2Fields';
import { PresetNote } from './PresetNote';
import { isDirty, validateDraft, type FieldErrors, type FieldPath } from './profile-draft';
import { useProfiles } from './profiles-context';

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
        <OAuth1Fields builtIn={builtIn} />
        <OAuth2Fields
          builtIn={builtIn}
          clientAuthentication={d.oauth2.clientAuthentication}
          mtls={mtls}
          dpop={d.oauth2.dpop === true}
        />
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
