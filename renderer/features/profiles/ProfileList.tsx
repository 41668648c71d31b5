import { useEffect, useRef } from 'react';
import type { Profile } from '../../../shared/store/profile';
import { targetsMock } from '../../../shared/flows/profile-config';
import { useApp } from '../../app/stores';
import { isDirty, isMock } from './profile-draft';
import { useProfiles } from './profiles-context';

/** The in-page confirmation (not window.confirm): names the profile, focuses Cancel, Escape cancels. */
function DeleteConfirm({ profile }: { profile: Profile }) {
  const confirm = useProfiles((s) => s.deleteConfirmed);
  const cancel = useProfiles((s) => s.deleteCancelled);
  const editsLost = useProfiles((s) => s.editing?.draft.id === profile.id && isDirty(s.editing));
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  const id = `delete-${profile.id}`;
  return (
    <div
      className="confirm"
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onKeyDown={(e) => e.key === 'Escape' && cancel()}
    >
      <p id={`${id}-title`} className="confirm-title">
        Delete “{profile.name}”?
      </p>
      <p id={`${id}-text`} className="small muted">
        Its saved tokens go with it{editsLost ? ', and so do your unsaved changes to it' : ''}. This cannot be undone.
      </p>
      <div className="row-actions">
        <button type="button" className="danger" onClick={() => void confirm()}>
          Delete {profile.name}
        </button>
        <button type="button" ref={cancelRef} onClick={cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

function ProfileItem({ profile }: { profile: Profile }) {
  const activeId = useApp((s) => s.activeProfileId);
  const choose = useApp((s) => s.profileChosen);
  const mock = useApp((s) => s.mock);
  const editingId = useProfiles((s) => s.editing?.draft.id);
  const confirming = useProfiles((s) => s.confirmingDelete === profile.id);
  const open = useProfiles((s) => s.profileOpened);
  const duplicate = useProfiles((s) => s.duplicateRequested);
  const askDelete = useProfiles((s) => s.deleteRequested);
  const active = profile.id === activeId;
  // When the confirmation closes without deleting, focus goes back to the Delete button that opened it.
  const deleteRef = useRef<HTMLButtonElement>(null);
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (wasConfirming.current && !confirming) deleteRef.current?.focus();
    wasConfirming.current = confirming;
  }, [confirming]);
  const where = targetsMock(profile)
    ? mock.baseUrl
      ? `embedded mock · ${mock.baseUrl}`
      : 'embedded mock · not running'
    : profile.baseUrl;
  return (
    <li
      className={`profile-item${active ? ' active' : ''}${editingId === profile.id ? ' editing' : ''}`}
      aria-label={profile.name}
      aria-current={active ? 'true' : undefined}
    >
      <div className="profile-title">
        <span className="profile-name">{profile.name}</span>
        {profile.builtIn && <span className="tag">built in</span>}
        {active && <span className="tag active-tag">active</span>}
      </div>
      <div className="mono small muted profile-where">{where}</div>
      {confirming ? (
        <DeleteConfirm profile={profile} />
      ) : (
        <div className="row-actions">
          {!active && (
            <button
              type="button"
              className="primary"
              aria-label={`Use ${profile.name}`}
              onClick={() => choose(profile.id)}
            >
              Use
            </button>
          )}
          <button
            type="button"
            aria-label={`Edit ${profile.name}`}
            aria-pressed={editingId === profile.id}
            onClick={() => void open(profile)}
          >
            Edit
          </button>
          <button type="button" aria-label={`Duplicate ${profile.name}`} onClick={() => void duplicate(profile)}>
            Duplicate
          </button>
          {!isMock(profile) && (
            <button
              type="button"
              ref={deleteRef}
              aria-label={`Delete ${profile.name}`}
              onClick={() => askDelete(profile.id)}
            >
              Delete
            </button>
          )}
        </div>
      )}
    </li>
  );
}

/** The built-in mock profile first (the bridge lists it first), then the user's; the active one marked. */
export function ProfileList() {
  const profiles = useApp((s) => s.profiles);
  const sorted = [...profiles.filter(isMock), ...profiles.filter((p) => !isMock(p))];
  return (
    <ul className="profile-list" aria-label="Profiles">
      {sorted.map((p) => (
        <ProfileItem key={p.id} profile={p} />
      ))}
    </ul>
  );
}
