import { useApp } from '../../app/stores';
import { useKeyRegistration } from '../../state/profiles/key-registration-store';
import type { ProfileDraft } from './profile-draft';
import { useProfiles } from './profiles-context';

/** The redirect URI to register: the profile's own, else the catcher's (any loopback port, RFC 8252 §7.3). */
function redirectUriOf(d: ProfileDraft): string {
  const port = d.callbackPort.trim();
  return d.redirectUri.trim() || `http://127.0.0.1${port && port !== '0' ? `:${port}` : ''}${d.callbackPath}`;
}

/** The certificates the profile trusts, with the mock's CA added once. */
const withCa = (kept: string, ca: string) =>
  kept.includes(ca.trim()) ? kept : [kept.trim(), ca.trim()].filter(Boolean).join('\n');

/**
 * private_key_jwt and tls_client_auth against the embedded mock without openssl or curl. private_key_jwt: a key made
 * in the host, its public half registered at the mock (RFC 7591 §3.1), the new client's id, the key and its kid
 * filled in. tls_client_auth: a client certificate issued from the mock's local CA, a client registered with its
 * subject DN (RFC 8705 §2.1.2), the id, certificate, key and the CA to trust filled in. Shown for a profile that
 * follows the mock (the built-in profile keeps the mock's own client).
 */
export function MockKeyRegistration({ method }: { method: 'private_key_jwt' | 'tls_client_auth' }) {
  const draft = useProfiles((s) => s.editing?.draft ?? null);
  const edit = useProfiles((s) => s.fieldEdited);
  const mockBase = useApp((s) => s.mock.baseUrl);
  const { busy, status, keyRegistered, certificateRegistered } = useKeyRegistration((s) => s);
  if (!draft?.followsMock || draft.builtIn) return null;
  const registerKey = async (base: string) => {
    const r = await keyRegistered(base, redirectUriOf(draft));
    if (!r) return;
    edit('oauth2.clientId', r.clientId);
    edit('oauth2.clientSecret', '');
    edit('oauth2.assertionKey', r.assertionKey);
    edit('oauth2.assertionKeyId', r.assertionKeyId);
  };
  const registerCertificate = async (base: string) => {
    const r = await certificateRegistered(base, redirectUriOf(draft));
    if (!r) return;
    edit('oauth2.clientId', r.clientId);
    edit('oauth2.clientSecret', '');
    edit('oauth2.clientCertificate', r.clientCertificate);
    edit('oauth2.clientKey', r.clientKey);
    edit('caCertificates', withCa(draft.caCertificates, r.caCertificate));
  };
  const register = () => {
    if (mockBase) void (method === 'private_key_jwt' ? registerKey(mockBase) : registerCertificate(mockBase));
  };
  return (
    <div className="field full">
      <div>
        <button type="button" onClick={register} disabled={busy || !mockBase}>
          {method === 'private_key_jwt'
            ? 'Make a key and register it at the mock'
            : 'Issue a certificate and register it at the mock'}
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
