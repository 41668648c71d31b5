import { useEffect, useMemo, useState } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { useProfiles } from './profiles-context';

const FILE_NAME = 'oauth-lab-profiles.json';

function countOf(json: string): number | null {
  try {
    const data = JSON.parse(json) as { profiles?: unknown };
    return Array.isArray(data.profiles) ? data.profiles.length : null;
  } catch {
    return null;
  }
}

/** A link that downloads the text as a file, from a Blob URL released when the text changes or the page closes. */
function DownloadLink({ text }: { text: string }) {
  const url = useMemo(() => URL.createObjectURL(new Blob([text], { type: 'application/json' })), [text]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <a className="button-link" href={url} download={FILE_NAME}>
      Download {FILE_NAME}
    </a>
  );
}

function ExportPart() {
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const exported = useProfiles((s) => s.exported);
  const error = useProfiles((s) => s.exportError);
  const run = useProfiles((s) => s.exportRequested);
  const count = exported ? countOf(exported.json) : null;
  return (
    <section className="transfer-part" aria-label="Export profiles">
      <h4>Export</h4>
      <p className="small muted">
        Your profiles as JSON, to keep or move to another machine. The built-in mock profile is not exported: every
        OAuth Lab has it.
      </p>
      <div className="send-row">
        <label className="check-label">
          <input type="checkbox" checked={includeSecrets} onChange={(e) => setIncludeSecrets(e.target.checked)} />
          Include secrets
        </label>
        <button type="button" onClick={() => void run(includeSecrets)}>
          Export profiles
        </button>
      </div>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {exported && (
        <div className="export-result">
          <div className="value-head">
            <span className="value-label">
              {count === null ? 'Export' : `${count} profile${count === 1 ? '' : 's'}`},{' '}
              {exported.secretsIncluded ? (
                <span className="warning">secrets included: keep this file private</span>
              ) : (
                'secrets left out'
              )}
            </span>
            <span className="row-actions">
              <CopyButton text={exported.json} label="exported JSON" />
              <DownloadLink text={exported.json} />
            </span>
          </div>
          <pre className="mono wire export-json" aria-label="Exported JSON" tabIndex={0}>
            {exported.json}
          </pre>
        </div>
      )}
    </section>
  );
}

function ImportPart() {
  const [json, setJson] = useState('');
  const imported = useProfiles((s) => s.imported);
  const error = useProfiles((s) => s.importError);
  const run = useProfiles((s) => s.importRequested);
  const load = async (file: File | undefined) => {
    if (file) setJson(await file.text());
  };
  return (
    <section className="transfer-part" aria-label="Import profiles">
      <h4>Import</h4>
      <label className="block-label" htmlFor="profiles-import">
        Paste a profiles export (JSON); taken names get a number, taken ids a new id.
      </label>
      <textarea
        id="profiles-import"
        className="mono"
        rows={6}
        spellCheck={false}
        value={json}
        placeholder={'{"format": "oauth-lab-profiles", "version": 1, "profiles": [...]}'}
        onChange={(e) => setJson(e.target.value)}
      />
      <div className="send-row">
        <button type="button" onClick={() => void run(json)}>
          Import
        </button>
        <label className="file-label">
          or load a file{' '}
          <input type="file" accept=".json,application/json" onChange={(e) => void load(e.target.files?.[0])} />
        </label>
      </div>
      {error && (
        <p className="error" role="alert">
          Not imported: {error}
        </p>
      )}
      {imported && (
        <div role="status" className="import-result">
          <p className="summary ok">
            {imported.imported.length === 0
              ? 'The export held no profiles; nothing was imported.'
              : `Imported ${imported.imported.length} profile${imported.imported.length === 1 ? '' : 's'}: ${imported.imported.map((p) => p.name).join(', ')}.`}
          </p>
          {imported.renamed.length > 0 && (
            <>
              <p className="small muted">Renamed, since the name was taken:</p>
              <ul className="renamed">
                {imported.renamed.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </section>
  );
}

/** Export (secrets only when asked for) and import. */
export function TransferPanel() {
  return (
    <section className="transfer" aria-label="Export and import">
      <h3>Export and import</h3>
      <div className="transfer-grid">
        <ExportPart />
        <ImportPart />
      </div>
    </section>
  );
}
