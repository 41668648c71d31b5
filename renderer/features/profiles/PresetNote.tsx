import type { Preset } from '../../../shared/presets';

/** What a preset's provider asks for, with links to the documentation its settings come from. */
export function PresetNote({ preset }: { preset: Preset }) {
  return (
    <div className="preset-note" role="note" aria-label={`${preset.name} preset`}>
      <p>
        <strong>{preset.name}</strong> ({preset.protocol === 'oauth1' ? 'OAuth 1.0a' : 'OAuth 2'}): {preset.note} Fill
        in your {preset.protocol === 'oauth1' ? 'consumer key and secret' : 'client ID and secret'}.
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
