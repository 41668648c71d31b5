import { useEffect } from 'react';
import { useDpopKey } from '../../state/profiles/dpop-key-store';
import { fieldValue } from './profile-draft';
import { useProfiles } from './profiles-context';

/**
 * The profile's DPoP key as the host reads it (bridge dpopKey; the private key stays there): its algorithm and
 * RFC 7638 thumbprint, the jkt a token bound to it carries, or why it cannot be read; and a button to make a new
 * ES256 key, kept with the profile as a secret (RFC 9449 §4.2).
 */
export function DpopKeyInfo() {
  const key = useProfiles((s) => (s.editing ? String(fieldValue(s.editing.draft, 'oauth2.dpopKey')) : ''));
  const edit = useProfiles((s) => s.fieldEdited);
  const { read, keyRead, keyMade } = useDpopKey((s) => s);
  useEffect(() => void keyRead(key), [keyRead, key]);
  const made = async () => {
    const newKey = await keyMade();
    if (newKey !== null) edit('oauth2.dpopKey', newKey);
  };
  return (
    <div className="field full">
      <div>
        <button type="button" onClick={() => void made()}>
          {key.trim() ? 'Make a new DPoP key (ES256)' : 'Make a DPoP key (ES256)'}
        </button>
      </div>
      {read && (
        <p className={read.ok ? 'field-hint mono' : 'field-error'} role={read.ok ? undefined : 'alert'}>
          {read.text}
        </p>
      )}
      {!key.trim() && <p className="field-hint">No key yet: make one here, or load a PEM or JWK file.</p>}
    </div>
  );
}
