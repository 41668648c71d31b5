import { useMemo } from 'react';
import { CheckField, FieldErrorsContext, LinesField, PemFileButton, TextField } from './fields';
import { OAuth1Fields } from './OAuth1Fields';
import { OAuth2Fields } from './OAuth2Fields';
import { PresetNote } from './PresetNote';
import { ServerFields } from './ServerFields';
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

/** The Connection fieldset: the time limit, the authorities trusted, self-signed certificates, the service checks. */
function ConnectionFields({ builtIn }: { builtIn: boolean }) {
  return (
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
  );
}

/** Save (or Create) and Discard, with the unsaved changes and the fields needing attention said in words. */
function FormActions({ isNew, dirty, errorCount }: { isNew: boolean; dirty: boolean; errorCount: number }) {
  const busy = useProfiles((s) => s.busy);
  const discard = useProfiles((s) => s.changesDiscarded);
  return (
    <div className="form-actions">
      <button type="submit" className="primary" disabled={busy}>
        {isNew ? 'Create profile' : 'Save'}
      </button>
      <button type="button" onClick={discard} disabled={!isNew && !dirty}>
        {isNew ? 'Cancel' : 'Discard changes'}
      </button>
      {/* Words, not only a colour: read out with the buttons, and kept in view by the sticky bar. */}
      {dirty && <span className="tag unsaved">Unsaved changes</span>}
      {errorCount > 0 && (
        <span className="error small">
          {errorCount === 1 ? 'One field needs attention.' : `${errorCount} fields need attention.`}
        </span>
      )}
    </div>
  );
}

/** Create or edit a profile: every field of shared/store/profile.ts, validated as typed with savableProfileSchema. */
export function ProfileForm() {
  const editing = useProfiles((s) => s.editing);
  const save = useProfiles((s) => s.saveRequested);
  const errors = useVisibleErrors();
  if (!editing) return <p className="profiles-empty muted">Choose a profile to edit, or create a new one.</p>;
  const d = editing.draft;
  const builtIn = d.builtIn;
  const dirty = isDirty(editing);
  const title = editing.isNew ? 'New profile' : `Edit ${editing.original.name}`;
  // The certificate fields also serve servers that ask for one with another client authentication.
  const mtls =
    ['tls_client_auth', 'self_signed_tls_client_auth'].includes(d.oauth2.clientAuthentication) ||
    d.oauth2.clientCertificate !== '';
  // A provider's preset is for one protocol: the other's section would only ask for credentials it has none of.
  const protocol = editing.preset?.protocol ?? null;
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
        <ServerFields draft={d} />
        {protocol !== 'oauth2' && <OAuth1Fields builtIn={builtIn} />}
        {protocol !== 'oauth1' && (
          <OAuth2Fields
            builtIn={builtIn}
            clientAuthentication={d.oauth2.clientAuthentication}
            mtls={mtls}
            dpop={d.oauth2.dpop === true}
          />
        )}
        <ConnectionFields builtIn={builtIn} />
        {errors.form && (
          <p className="error" role="alert">
            {errors.form}
          </p>
        )}
        <FormActions isNew={editing.isNew} dirty={dirty} errorCount={Object.keys(errors).length} />
      </form>
    </FieldErrorsContext.Provider>
  );
}
