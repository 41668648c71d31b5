import { useEffect, useState } from 'react';
import type { MethodInput, MethodOutput } from '../../shared/bridge/contract';
import { useSaveText } from '../platform/use-save-text';
import { CopyButton } from './CopyButton';
import { useExport } from './export-store';

type Source = MethodInput<'exportRequest'>['source'];
type Result = MethodOutput<'exportRequest'>;
type Target = MethodOutput<'exportTargets'>[number];

const KINDS: readonly [Target['kind'], string][] = [
  ['snapshot', 'This exact request (single-use)'],
  ['signing-code', 'Code that signs each run'],
  ['collection', 'Collections'],
  ['har', 'HAR'],
];

/**
 * "Export" on a request: choose a language or format, preview it, copy or save it. Secrets are left out
 * (named placeholders) unless the user ticks "Include secrets".
 */
export function ExportMenu({
  source,
  exchange,
  note,
}: {
  source: Source;
  exchange?: MethodInput<'exportRequest'>['exchange'];
  note?: string;
}) {
  const targets = useExport((s) => s.targets);
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState('curl');
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const result = useExportResult(open, target, source, exchange, includeSecrets);

  const usable = targets.filter((t) => t.sources.includes(source.kind) && (t.kind !== 'har' || exchange));
  return (
    <details className="export" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>Export this request</summary>
      <div className="form-row">
        <label>
          Export as
          <select value={target} onChange={(e) => (setTarget(e.target.value), setSaved(null))}>
            <TargetOptions usable={usable} />
          </select>
        </label>
        <label className="check">
          <input type="checkbox" checked={includeSecrets} onChange={(e) => setIncludeSecrets(e.target.checked)} />
          Include secrets
        </label>
      </div>
      {note && <p className="muted small">{note}</p>}
      {result && !result.ok && (
        <p className="error" role="alert">
          {result.message}
        </p>
      )}
      {result?.ok && <ExportPreview value={result.value} saved={saved} onSaved={setSaved} />}
    </details>
  );
}

/**
 * The export of the request as chosen, asked of the host while the menu is open; the targets are read when it first
 * opens.
 */
function useExportResult(
  open: boolean,
  target: string,
  source: Source,
  exchange: MethodInput<'exportRequest'>['exchange'] | undefined,
  includeSecrets: boolean
) {
  const { targetsWanted, exportRequest } = useExport((s) => s);
  const [result, setResult] = useState<{ ok: true; value: Result } | { ok: false; message: string } | null>(null);

  useEffect(() => {
    if (open) void targetsWanted();
  }, [open, targetsWanted]);
  // Callers build the source on each render; its content, not its identity, decides when to export again.
  const key = JSON.stringify([source, exchange ?? null]);
  useEffect(() => {
    if (!open) return;
    let live = true;
    void exportRequest({ target, source, includeSecrets, ...(exchange ? { exchange } : {}) }).then(
      (r) => live && setResult(r.ok ? r : { ok: false, message: r.error.message })
    );
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key stands for source and exchange (above)
  }, [open, target, key, includeSecrets, exportRequest]);
  return result;
}

/** The targets the source can be exported to, grouped by kind. */
function TargetOptions({ usable }: { usable: readonly Target[] }) {
  return (
    <>
      {KINDS.map(([kind, label]) => (
        <optgroup key={kind} label={label}>
          {usable
            .filter((t) => t.kind === kind)
            .map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
        </optgroup>
      ))}
    </>
  );
}

/** The export itself: its notes, copy and save (or download), and the text. */
function ExportPreview({
  value,
  saved,
  onSaved,
}: {
  value: Result;
  saved: string | null;
  onSaved: (message: string | null) => void;
}) {
  const { host, save } = useSaveText();
  return (
    <>
      {value.notes.map((n) => (
        <p key={n} className="muted small">
          {n}
        </p>
      ))}
      <div className="value-head">
        <span className="value-label">{value.filename}</span>
        <span>
          <CopyButton text={value.text} label={`${value.filename}`} />{' '}
          <button
            type="button"
            className="copy"
            onClick={() => void save(value.filename, value.text, value.mediaType).then(onSaved)}
          >
            {host === 'electron' ? 'Save…' : 'Download'}
          </button>
        </span>
      </div>
      <pre className="mono wire export-preview" aria-label="Export preview">
        {value.text}
      </pre>
      {saved && (
        <p role="status" className="muted small">
          {saved}
        </p>
      )}
    </>
  );
}
