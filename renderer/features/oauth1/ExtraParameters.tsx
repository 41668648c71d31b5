import { queryParameters } from '../../../shared/oauth1';
import { FORM_CONTENT_TYPE, formEncode, parseUrlEncoded } from '../../../shared/url-encoded';
import type { OAuth1Draft } from '../../state/oauth1/oauth1-drafts';
import { SecretInput } from '../../components/SecretInput';
import { isSecretParameter } from '../../../shared/secrets';

type Row = { source: 'query' | 'body'; name: string; value: string };

const encodePairs = (rows: readonly Row[]) => formEncode(rows.map((r) => [r.name, r.value] as const));

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

/** The request's query and form body parameters as an editable table; each edit rewrites the URL and the body. */
export function ExtraParameters({
  draft,
  onEdit,
}: {
  draft: OAuth1Draft;
  onEdit: (patch: Partial<OAuth1Draft>) => void;
}) {
  const rows = rowsOf(draft);
  const setRows = (next: Row[]) => onEdit(withRows(draft, next));
  return (
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
          {isSecretParameter(r.name, 'form') ? (
            <div className="grow">
              <SecretInput
                aria-label={`Value of parameter ${i + 1}`}
                label={r.name}
                value={r.value}
                onChange={(value) => setRows(rows.map((x, j) => (j === i ? { ...x, value } : x)))}
              />
            </div>
          ) : (
            <input
              aria-label={`Value of parameter ${i + 1}`}
              className="mono grow"
              value={r.value}
              onChange={(e) => setRows(rows.map((x, j) => (j === i ? { ...x, value: e.target.value } : x)))}
            />
          )}
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
  );
}
