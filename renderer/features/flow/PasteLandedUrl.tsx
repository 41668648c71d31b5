import { useState, type ReactNode } from 'react';
import { redirectReachesCatcher } from '../../../shared/flows/profile-config';
import type { Profile } from '../../../shared/store/profile';
import { SecretField } from '../../components/SecretInput';
import { secretSpans } from '../../components/secret-spans';

/**
 * A URL from the browser's address bar, handed to the flow, which checks it as a caught callback. Its code (or an
 * implicit grant's tokens) is masked until revealed (RFC 6749 §10.5): the rest, the state among it, stays readable.
 */
export function PasteUrlForm({ label, onPaste }: { label: ReactNode; onPaste: (url: string) => void }) {
  const [url, setUrl] = useState('');
  return (
    <form
      className="form-row"
      aria-label="Paste the URL you landed on"
      onSubmit={(e) => (e.preventDefault(), onPaste(url))}
    >
      <SecretField
        className="grow"
        // One span: a label in a form row is a grid, its text and code would each take a line.
        label={<span>{label}</span>}
        name="URL landed on"
        spans={secretSpans}
        value={url}
        placeholder="https://…?code=…&state=…"
        onChange={setUrl}
      />
      <button type="submit" disabled={url.trim() === ''}>
        Continue with this URL
      </button>
    </form>
  );
}

/** Whether the profile sends a redirect URI the catcher cannot receive, so the user pastes the landing URL. */
export function pasteNeeded(profile: Profile | null, catcherUri: string | null): boolean {
  return !!profile?.redirectUri && !(catcherUri && redirectReachesCatcher(profile.redirectUri, catcherUri));
}

/**
 * When the profile sends a redirect URI the catcher cannot receive (a fixed registered URL, an https URL, a name
 * such as an eBay RuName), the user copies the address the browser landed on and the flow continues from it, with
 * the same checks as a caught callback (the state, or the oauth_token echo).
 */
export function PasteLandedUrl({
  profile,
  catcherUri,
  onPaste,
}: {
  profile: Profile | null;
  catcherUri: string | null;
  onPaste: (url: string) => void;
}) {
  if (!profile?.redirectUri || !pasteNeeded(profile, catcherUri)) return null;
  return (
    <PasteUrlForm
      onPaste={onPaste}
      label={
        <>
          The provider redirects to <code>{profile.redirectUri}</code>, which OAuth Lab cannot receive: paste the URL
          you landed on (from the address bar)
        </>
      }
    />
  );
}
