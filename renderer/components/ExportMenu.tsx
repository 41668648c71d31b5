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
  const { targets, targetsWanted, exportRequest } = useExport((s) => s);
  const { host, save } = useSaveText();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState('curl');
  const [includeSecrets, setIncludeSecrets] = useState(false);
  const [result, setResult] = useState<{ ok: true; value: Result } | { ok: false; message: string } | null>(null);
  const [saved, setSaved] = useState<string | null>(null);

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

  const usable = targets.filter((t) => t.sources.includes(source.kind) && (t.kind !== 'har' || exchange));
  return (
    <details className="export" open={open} onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>Export this request</summary>
      <div className="form-row">
        <label>
          Export as
          <select value={target} onChange={(e) => (setTarget(e.target.value), setSaved(null))}>
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
      {result?.ok && (
        <>
          {result.value.notes.map((n) => (
            <p key={n} className="muted small">
              {n}
            </p>
          ))}
          <div className="value-head">
            <span className="value-label">{result.value.filename}</span>
            <span>
              <CopyButton text={result.value.text} label={`${result.value.filename}`} />{' '}
              <button
                type="button"
                className="copy"
                onClick={() =>
                  void save(result.value.filename, result.value.text, result.value.mediaType).then(setSaved)
                }
              >
                {host === 'electron' ? 'Save…' : 'Download'}
              </button>
            </span>
          </div>
          <pre className="mono wire export-preview" aria-label="Export preview">
            {result.value.text}
          </pre>
          {saved && (
            <p role="status" className="muted small">
              {saved}
            </p>
          )}
        </>
      )}
    </details>
  );
}
