import type { Pair } from './signer-form';
import { SecretInput } from '../../components/SecretInput';
import { isSecretParameter } from '../../../shared/secrets';

/**
 * Name/value rows with add and remove: the form body's parameters, or extra oauth_* protocol parameters. A value
 * whose name is a secret by the one list (shared/secrets.ts: `password`, `oauth_verifier`, …) is masked until revealed.
 */
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
          {isSecretParameter(r.name, 'form') ? (
            <SecretInput
              aria-label={`Value of ${what} ${i + 1}`}
              label={r.name}
              value={r.value}
              placeholder="value"
              onChange={(value) => edit(i, { value })}
            />
          ) : (
            <input
              aria-label={`Value of ${what} ${i + 1}`}
              className="mono"
              value={r.value}
              placeholder="value"
              spellCheck={false}
              onChange={(e) => edit(i, { value: e.target.value })}
            />
          )}
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
