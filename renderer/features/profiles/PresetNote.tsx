import type { Preset } from '../../../shared/presets';

/** The protocol, and for a machine-to-machine preset its grant: client credentials (RFC 6749 §4.4) or the device flow (RFC 8628). */
const protocolOf = (preset: Preset): string =>
  preset.protocol === 'oauth1'
    ? 'OAuth 1.0a'
    : preset.machine?.grant === 'client_credentials'
      ? 'OAuth 2, client credentials'
      : preset.machine?.grant === 'device_code'
        ? 'OAuth 2, device flow'
        : 'OAuth 2';

/** What the user types in: a public client (RFC 6749 §2.1) has only its ID. */
const credentialsOf = (preset: Preset): string =>
  preset.protocol === 'oauth1'
    ? 'consumer key and secret'
    : preset.profile.oauth2?.clientAuthentication === 'none'
      ? 'client ID'
      : 'client ID and secret';

/** What a preset's provider asks for, with links to the documentation its settings come from. */
export function PresetNote({ preset }: { preset: Preset }) {
  return (
    <div className="preset-note" role="note" aria-label={`${preset.name} preset`}>
      <p>
        <strong>{preset.name}</strong> ({protocolOf(preset)}): {preset.note} Fill in your {credentialsOf(preset)}.
      </p>
      <p className="small">
        Documentation:{' '}
        {preset.docs.map((url, i) => (
          <span key={url}>
            {i > 0 && ' · '}
            <a href={url} target="_blank" rel="noreferrer noopener">
              {url.replace(/^https:\/\//, '')}
            </a>
          </span>
        ))}
      </p>
    </div>
  );
}
