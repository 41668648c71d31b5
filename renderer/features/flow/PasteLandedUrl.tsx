import { useState } from 'react';
import { redirectReachesCatcher } from '../../../shared/flows/profile-config';
import type { Profile } from '../../../shared/store/profile';

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
  const [url, setUrl] = useState('');
  if (!profile?.redirectUri || (catcherUri && redirectReachesCatcher(profile.redirectUri, catcherUri))) return null;
  return (
    <form
      className="form-row"
      aria-label="Paste the URL you landed on"
      onSubmit={(e) => (e.preventDefault(), onPaste(url))}
    >
      <label className="grow">
        <span>
          The provider redirects to <code>{profile.redirectUri}</code>, which OAuth Lab cannot receive: paste the URL
          you landed on (from the address bar)
        </span>
        <input
          className="mono"
          value={url}
          placeholder="https://…?code=…&state=…"
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => setUrl(e.target.value)}
        />
      </label>
      <button type="submit" disabled={url.trim() === ''}>
        Continue with this URL
      </button>
    </form>
  );
}
