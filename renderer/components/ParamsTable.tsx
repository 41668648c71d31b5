import type { TraceParam } from '../../shared/oauth1';

/** One trace step's parameters: name, value, where it came from, its sort position, and (once encoded) its encoded form. */
export function ParamsTable({
  params,
  sorted,
  hovered,
  onHover,
  caption,
  encoded,
}: {
  params: readonly TraceParam[];
  sorted: readonly TraceParam[];
  hovered: number | null;
  onHover: (index: number | null) => void;
  caption: string;
  encoded: boolean;
}) {
  if (!params.length) return <p className="muted">None.</p>;
  const position = new Map(sorted.map((p, i) => [p.index, i + 1]));
  return (
    <table className="params">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" title="Sort rank: where the parameter goes in the normalized string (RFC 5849 §3.4.1.3.2)">
            <abbr title="Sort rank">#</abbr>
            <span className="sr-only"> (sort rank)</span>
          </th>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
          <th scope="col">Source</th>
          {encoded && <th scope="col">Encoded</th>}
        </tr>
      </thead>
      <tbody>
        {params.map((p) => (
          <tr
            key={p.index}
            className={hovered === p.index ? 'lit' : undefined}
            onMouseEnter={() => onHover(p.index)}
            onMouseLeave={() => onHover(null)}
          >
            <td className="num">{position.get(p.index)}</td>
            <td className="mono">{p.name}</td>
            <td className="mono break">{p.value}</td>
            <td>
              <span className={`tag src-${p.source}`}>{p.source}</span>
            </td>
            {encoded && (
              <td className="mono break">
                {p.encodedName}={p.encodedValue}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
