import { useApp } from '../../app/stores';
import { useKeyRegistration } from '../../state/profiles/key-registration-store';
import type { ProfileDraft } from './profile-draft';
import { useProfiles } from './profiles-context';

/** The redirect URI to register: the profile's own, else the catcher's (any loopback port, RFC 8252 §7.3). */
function redirectUriOf(d: ProfileDraft): string {
  const port = d.callbackPort.trim();
  return d.redirectUri.trim() || `http://127.0.0.1${port && port !== '0' ? `:${port}` : ''}${d.callbackPath}`;
}

/**
 * private_key_jwt against the embedded mock without openssl or curl: a key made in the host, its public half
 * registered at the mock (RFC 7591 §3.1), and the new client's id, the key and its kid filled into the form. Shown
 * for a profile that follows the mock (the built-in profile keeps the mock's own client).
 */
export function MockKeyRegistration() {
  const draft = useProfiles((s) => s.editing?.draft ?? null);
  const edit = useProfiles((s) => s.fieldEdited);
  const mockBase = useApp((s) => s.mock.baseUrl);
  const { busy, status, keyRegistered } = useKeyRegistration((s) => s);
  if (!draft?.followsMock || draft.builtIn) return null;
  const register = async () => {
    if (!mockBase) return;
    const r = await keyRegistered(mockBase, redirectUriOf(draft));
    if (!r) return;
    edit('oauth2.clientId', r.clientId);
    edit('oauth2.clientSecret', '');
    edit('oauth2.assertionKey', r.assertionKey);
    edit('oauth2.assertionKeyId', r.assertionKeyId);
  };
  return (
    <div className="field full">
      <div>
        <button type="button" onClick={() => void register()} disabled={busy || !mockBase}>
          Make a key and register it at the mock
        </button>
      </div>
      {!mockBase && <p className="field-hint">Start the mock first (Mock page).</p>}
      {status && (
        <p className={status.ok ? 'field-hint' : 'field-error'} role={status.ok ? 'status' : 'alert'}>
          {status.text}
        </p>
      )}
    </div>
  );
}
