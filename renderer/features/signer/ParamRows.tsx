import type { Pair } from './signer-form';

/** Name/value rows with add and remove: the form body's parameters, or extra oauth_* protocol parameters. */
export function ParamRows({
  rows,
  onChange,
  what,
  namePlaceholder,
  addLabel,
}: {
  rows: readonly Pair[];
  onChange: (rows: Pair[]) => void;
  what: string;
  namePlaceholder: string;
  addLabel: string;
}) {
  const edit = (i: number, patch: Partial<Pair>) => onChange(rows.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <div className="signer-rows">
      {rows.map((r, i) => (
        <div className="signer-row" key={i}>
          <input
            aria-label={`Name of ${what} ${i + 1}`}
            className="mono"
            value={r.name}
            placeholder={namePlaceholder}
            spellCheck={false}
            onChange={(e) => edit(i, { name: e.target.value })}
          />
          <span className="muted" aria-hidden>
            =
          </span>
          <input
            aria-label={`Value of ${what} ${i + 1}`}
            className="mono"
            value={r.value}
            placeholder="value"
            spellCheck={false}
            onChange={(e) => edit(i, { value: e.target.value })}
          />
          <button
            type="button"
            aria-label={`Remove ${what} ${r.name || i + 1}`}
            title="Remove"
            onClick={() => onChange(rows.filter((_, j) => j !== i))}
          >
            ✕
          </button>
        </div>
      ))}
      <button type="button" className="link signer-add" onClick={() => onChange([...rows, { name: '', value: '' }])}>
        {addLabel}
      </button>
    </div>
  );
}
