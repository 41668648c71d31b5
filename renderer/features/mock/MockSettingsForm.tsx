import { useEffect, useState } from 'react';
import type { MethodOutput } from '../../../shared/bridge/contract';
import { useMockProvider } from '../../state/mock/mock-store';
import { SETTING_CHOICES, SETTING_LABELS, SETTING_LISTS } from './switch-labels';

type Settings = MethodOutput<'mockUpdateSettings'>;
type Value = Settings['switches'][string];

/** Lifetimes and strictness switches, as the mock reports them; the mock validates and names what is wrong. */
export function MockSettingsForm({ settings, onSaved }: { settings: Settings; onSaved: (message: string) => void }) {
  const updateSettings = useMockProvider((s) => s.updateSettings);
  const [draft, setDraft] = useState<Settings>(settings);
  const [error, setError] = useState<string | null>(null);
  // The page re-reads the mock on every request it receives: only settings that changed replace an unsaved edit.
  const saved = JSON.stringify(settings);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the content, not the object's identity
  useEffect(() => setDraft(settings), [saved]);
  const changed = JSON.stringify(draft) !== saved;
  const set = (group: 'lifetimes' | 'switches', key: string, value: Value) =>
    setDraft({ ...draft, [group]: { ...draft[group], [key]: value } });
  const save = async () => {
    const r = await updateSettings(draft);
    if (r.ok) {
      setError(null);
      onSaved('Settings saved; they apply to the next request.');
    } else setError(r.error.message);
  };
  return (
    <form className="mock-settings" aria-label="Mock settings" onSubmit={(e) => (e.preventDefault(), void save())}>
      <h3>Lifetimes</h3>
      {Object.entries(draft.lifetimes).map(([k, v]) => (
        <SettingField key={k} name={k} value={v} onChange={(value) => set('lifetimes', k, value)} />
      ))}
      <h3>Strictness</h3>
      {Object.entries(draft.switches).map(([k, v]) => (
        <SettingField key={k} name={k} value={v} onChange={(value) => set('switches', k, value)} />
      ))}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="send-row">
        <button type="submit" className="primary" disabled={!changed}>
          Save settings
        </button>
        <button type="button" disabled={!changed} onClick={() => (setDraft(settings), setError(null))}>
          Undo changes
        </button>
      </div>
    </form>
  );
}

/** One setting, as its value's type asks: a checkbox, a number, a list's values, a choice, or text. */
function SettingField({ name, value, onChange }: { name: string; value: Value; onChange: (value: Value) => void }) {
  const label = SETTING_LABELS[name] ?? name;
  if (typeof value === 'boolean')
    return (
      <label className="check setting">
        <input type="checkbox" checked={value} onChange={(e) => onChange(e.target.checked)} />
        {label}
      </label>
    );
  if (typeof value === 'number')
    return (
      <label className="setting">
        {label}
        <input
          type="number"
          className="mono"
          value={value}
          onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
        />
      </label>
    );
  if (Array.isArray(value)) {
    return (
      <fieldset className="setting">
        <legend>{label}</legend>
        {(SETTING_LISTS[name] ?? []).map((m) => (
          <label key={m} className="check">
            <input
              type="checkbox"
              checked={value.includes(m)}
              onChange={(e) => onChange(e.target.checked ? [...value, m] : value.filter((x) => x !== m))}
            />
            {m}
          </label>
        ))}
      </fieldset>
    );
  }
  const choices = SETTING_CHOICES[name];
  if (choices)
    return (
      <label className="setting">
        {label}
        <select value={value} onChange={(e) => onChange(e.target.value)}>
          {choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
    );
  return (
    <label className="setting">
      {label}
      <input className="mono" value={value} onChange={(e) => onChange(e.target.value)} />
    </label>
  );
}
