import { PRESETS } from '../../../shared/presets';
import { useEffect } from 'react';
import { useApp, useAppStore, useDeps } from '../../app/stores';
import { keptProfilesStore } from '../../state/profiles/kept-store';
import { ProfileForm } from './ProfileForm';
import { ProfileAudit } from './ProfileAudit';
import { ProfileList } from './ProfileList';
import { isDirty } from './profile-draft';
import { ProfilesProvider, useProfiles } from './profiles-context';
import { ReplaceConfirm } from './ReplaceConfirm';
import { SavedTokens } from './SavedTokens';
import { TransferPanel } from './TransferPanel';
import './profiles.css';

/** Where secrets are kept on this host (appInfo.secretStorage), in one line. */
function StorageNote() {
  const storage = useApp((s) => s.info?.secretStorage);
  if (!storage) return null;
  return (
    <p className="storage-note small muted">
      {storage === 'encrypted'
        ? 'Secrets (consumer and client secrets, RSA keys, saved tokens) are stored encrypted with the system keychain.'
        : 'Secrets (consumer and client secrets, RSA keys, saved tokens) are stored in a file only you can read; this host has no system keychain to encrypt them.'}
    </p>
  );
}

function StatusLine() {
  const status = useProfiles((s) => s.status);
  return (
    <p
      className={`profiles-status ${status?.tone === 'bad' ? 'error' : 'summary ok'}`}
      role="status"
      aria-live="polite"
    >
      {status?.text ?? ''}
    </p>
  );
}

function Editor() {
  const editing = useProfiles((s) => s.editing);
  return (
    <div className="col profiles-editor">
      <ReplaceConfirm />
      <ProfileForm />
      {editing && !editing.isNew && <SavedTokens profileName={editing.original.name} />}
      {editing && !editing.isNew && <ProfileAudit profileId={editing.original.id} unsaved={isDirty(editing)} />}
    </div>
  );
}

function Layout() {
  const activeName = useApp((s) => s.profiles.find((p) => p.id === s.activeProfileId)?.name);
  const opened = useProfiles((s) => s.pageOpened);
  const start = useProfiles((s) => s.newProfileStarted);
  useEffect(() => {
    void opened();
  }, [opened]);
  return (
    <div className="page profiles-page">
      <header className="page-head">
        <h2>Profiles</h2>
        {activeName && <span className="muted">active: {activeName}</span>}
        <button type="button" className="primary" onClick={() => start()}>
          New profile
        </button>
        <select
          aria-label="New profile from a provider preset"
          value=""
          onChange={(e) => e.target.value && start(e.target.value)}
        >
          <option value="">New from a preset…</option>
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
      </header>
      <StorageNote />
      <StatusLine />
      <div className="profiles-layout">
        <div className="col">
          <p className="small muted list-intro">
            The flow pages run against the active profile. Choose <em>Use</em> to switch.
          </p>
          <ProfileList />
        </div>
        <Editor />
      </div>
      <TransferPanel />
    </div>
  );
}

/** Profiles: the built-in mock and real servers, edited and validated as typed, with saved tokens, export and import. */
export function ProfilesPage() {
  const store = keptProfilesStore(useDeps(), useAppStore());
  return (
    <ProfilesProvider store={store}>
      <Layout />
    </ProfilesProvider>
  );
}
