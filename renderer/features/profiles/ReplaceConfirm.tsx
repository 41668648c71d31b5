import { useEffect, useRef } from 'react';
import type { Editing, Replacement } from '../../state/profiles/profiles-state';
import { useProfiles } from './profiles-context';

/** Names what would be lost: the saved name of the profile edited, or the new profile's typed name, if any. */
function title(e: Editing): string {
  if (!e.isNew) return `Discard your unsaved changes to “${e.original.name}”?`;
  const name = e.draft.name.trim();
  return name ? `Discard the new profile “${name}”?` : 'Discard the new profile?';
}

function what(r: Replacement): string {
  if (r.kind === 'open') return `Editing “${r.profile.name}”`;
  if (r.kind === 'new') return 'Starting a new profile';
  return `Duplicating “${r.profile.name}” (the copy opens here)`;
}

/** One per request: a second request, made while asking, asks afresh and remembers its own button. */
const keyOf = (r: Replacement) => (r.kind === 'new' ? 'new' : `${r.kind}-${r.profile.id}`);

/**
 * The in-page question (not window.confirm) when an action would replace a draft with unsaved changes: names whose
 * changes would go; focuses Keep editing, and Keep editing or Escape puts focus back where the user was.
 */
function Question({ editing, replacing }: { editing: Editing; replacing: Replacement }) {
  const confirm = useProfiles((s) => s.replaceConfirmed);
  const cancel = useProfiles((s) => s.replaceCancelled);
  const keepRef = useRef<HTMLButtonElement>(null);
  // Read at first render, before Keep editing takes focus: the button that asked.
  const opener = useRef(document.activeElement as HTMLElement | null);
  useEffect(() => keepRef.current?.focus(), []);
  const keep = () => {
    cancel();
    opener.current?.focus();
  };
  return (
    <div
      className="confirm replace-confirm"
      role="alertdialog"
      aria-labelledby="replace-title"
      aria-describedby="replace-text"
      onKeyDown={(e) => e.key === 'Escape' && keep()}
    >
      <p id="replace-title" className="confirm-title">
        {title(editing)}
      </p>
      <p id="replace-text" className="small muted">
        {what(replacing)} replaces the form, and{' '}
        {editing.isNew ? 'this profile has not been created yet' : 'these changes have not been saved'}.
      </p>
      <div className="row-actions">
        <button type="button" className="danger" onClick={() => void confirm()}>
          Discard changes
        </button>
        <button type="button" ref={keepRef} onClick={keep}>
          Keep editing
        </button>
      </div>
    </div>
  );
}

export function ReplaceConfirm() {
  const editing = useProfiles((s) => s.editing);
  const replacing = useProfiles((s) => s.replacing);
  if (!editing || !replacing) return null;
  return <Question key={keyOf(replacing)} editing={editing} replacing={replacing} />;
}
