import { useState } from 'react';
import {
  FORM_CONTENT_TYPE,
  percentEncode,
  queryParameters,
  SIGNATURE_METHODS,
  parseUrlEncoded,
  type ParamSource,
} from '../../../shared/oauth1';
import type { OAuth1Draft, SignedLeg } from '../../state/oauth1-drafts';
import { PLACEMENT_OPTIONS } from '../../components/placement-options';

type Row = { source: 'query' | 'body'; name: string; value: string };

const encodePairs = (rows: readonly Row[]) =>
  rows.map((r) => `${percentEncode(r.name)}=${percentEncode(r.value)}`).join('&');

function rowsOf(draft: OAuth1Draft): Row[] {
  const q = draft.url.indexOf('?');
  const query = q < 0 ? [] : safe(() => queryParameters(draft.url.slice(q + 1)));
  const body =
    draft.body && (draft.contentType ?? FORM_CONTENT_TYPE) === FORM_CONTENT_TYPE
      ? safe(() => parseUrlEncoded(draft.body!, true, 'body-parameters'))
      : [];
  return [
    ...query.map(([name, value]) => ({ source: 'query' as const, name, value })),
    ...body.map(([name, value]) => ({ source: 'body' as const, name, value })),
  ];
}
function safe<T>(f: () => T[]): T[] {
  try {
    return f();
  } catch {
    return [];
  }
}

/** Rewrites the URL's query and the form body from the table's rows (RFC 3986 (https://www.rfc-editor.org/rfc/rfc3986) encoding, as §3.6 signs them). */
function withRows(draft: OAuth1Draft, rows: readonly Row[]): Partial<OAuth1Draft> {
  const base = draft.url.split('?')[0]!;
  const query = encodePairs(rows.filter((r) => r.source === 'query'));
  const body = rows.filter((r) => r.source === 'body');
  return {
    url: query ? `${base}?${query}` : base,
    ...(body.length
      ? { body: encodePairs(body), contentType: FORM_CONTENT_TYPE }
      : { body: '', contentType: FORM_CONTENT_TYPE }),
  };
}

/** The leg's request before sending, every field editable, prefilled from the profile and the flow. */
export function RequestForm({
  leg,
  draft,
  onEdit,
  onRenew,
}: {
  leg: SignedLeg;
  draft: OAuth1Draft;
  onEdit: (patch: Partial<OAuth1Draft>) => void;
  onRenew: () => void;
}) {
  const [showSecret, setShowSecret] = useState(false);
  const rows = rowsOf(draft);
  const setRows = (next: Row[]) => onEdit(withRows(draft, next));
  return (
    <form className="request-form" aria-label="Request" onSubmit={(e) => e.preventDefault()}>
      <div className="form-row">
        <label>
          Method
          <input
            className="mono method-input"
            value={draft.method}
            onChange={(e) => onEdit({ method: e.target.value.toUpperCase() })}
          />
        </label>
        <label className="grow">
          URL
          <input
            className="mono"
            value={draft.url}
            spellCheck={false}
            onChange={(e) => onEdit({ url: e.target.value })}
          />
        </label>
      </div>
      <div className="form-row">
        <label>
          Consumer key
          <input className="mono" value={draft.consumerKey} onChange={(e) => onEdit({ consumerKey: e.target.value })} />
        </label>
        <label>
          Consumer secret
          <input
            className="mono"
            type={showSecret ? 'text' : 'password'}
            value={draft.consumerSecret ?? ''}
            onChange={(e) => onEdit({ consumerSecret: e.target.value })}
          />
        </label>
        <button type="button" className="link" aria-pressed={showSecret} onClick={() => setShowSecret(!showSecret)}>
          {showSecret ? 'Hide secret' : 'Reveal secret'}
        </button>
      </div>
      <div className="form-row">
        <label>
          Signature method
          <select
            value={draft.signatureMethod}
            onChange={(e) => onEdit({ signatureMethod: e.target.value as OAuth1Draft['signatureMethod'] })}
          >
            {SIGNATURE_METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <label>
          Parameters in
          <select
            value={draft.placement ?? 'header'}
            onChange={(e) => onEdit({ placement: e.target.value as ParamSource })}
          >
            {PLACEMENT_OPTIONS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label>
          Realm
          <input
            className="mono"
            value={draft.realm ?? ''}
            placeholder="(none)"
            onChange={(e) => onEdit({ realm: e.target.value || null })}
          />
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.includeVersion ?? true}
            onChange={(e) => onEdit({ includeVersion: e.target.checked })}
          />
          oauth_version
        </label>
      </div>
      <div className="form-row">
        {leg !== 'api' && (
          <label className="grow">
            oauth_callback
            <input
              className="mono"
              value={draft.callback ?? ''}
              placeholder={leg === 'accessToken' ? '(not sent)' : 'oob'}
              onChange={(e) => onEdit({ callback: e.target.value || null })}
            />
          </label>
        )}
        {leg === 'accessToken' && (
          <label>
            oauth_verifier
            <input
              className="mono"
              value={draft.verifier ?? ''}
              onChange={(e) => onEdit({ verifier: e.target.value || null })}
            />
          </label>
        )}
        <label>
          oauth_nonce
          <input className="mono" value={draft.nonce} onChange={(e) => onEdit({ nonce: e.target.value })} />
        </label>
        <label>
          oauth_timestamp
          <input className="mono ts" value={draft.timestamp} onChange={(e) => onEdit({ timestamp: e.target.value })} />
        </label>
        <button type="button" onClick={onRenew}>
          New nonce and timestamp
        </button>
      </div>
      <fieldset className="extra-params">
        <legend>Query and body parameters (signed with the protocol parameters)</legend>
        {rows.map((r, i) => (
          <div className="form-row" key={i}>
            <select
              aria-label={`Source of parameter ${i + 1}`}
              value={r.source}
              onChange={(e) =>
                setRows(rows.map((x, j) => (j === i ? { ...x, source: e.target.value as Row['source'] } : x)))
              }
            >
              <option value="query">query</option>
              <option value="body">body</option>
            </select>
            <input
              aria-label={`Name of parameter ${i + 1}`}
              className="mono"
              value={r.name}
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)))}
            />
            <input
              aria-label={`Value of parameter ${i + 1}`}
              className="mono grow"
              value={r.value}
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
            />
            <button
              type="button"
              aria-label={`Remove parameter ${r.name || i + 1}`}
              onClick={() => setRows(rows.filter((_, j) => j !== i))}
            >
              Remove
            </button>
          </div>
        ))}
        <button
          type="button"
          onClick={() => setRows([...rows, { source: draft.method === 'GET' ? 'query' : 'body', name: '', value: '' }])}
        >
          Add parameter
        </button>
      </fieldset>
    </form>
  );
}
