import type { SignatureTrace } from '../../shared/oauth1';
import { percentEncode } from '../../shared/percent-encoding';

/**
 * The signature base string with its three parts set apart (RFC 5849 §3.4.1.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.1)): METHOD & encoded URI & encoded
 * parameters, each parameter a span linked to its table row (hover one, the other lights up). `hide` draws a part's
 * secrets masked.
 */
export function BaseStringView({
  trace,
  hovered,
  onHover,
  hide = (text) => text,
}: {
  trace: SignatureTrace;
  hovered: number | null;
  onHover: (index: number | null) => void;
  hide?: (text: string) => string;
}) {
  const method = trace.baseString.slice(0, trace.baseString.indexOf('&'));
  const uri = percentEncode(trace.baseStringUri);
  return (
    <pre className="mono wire base-string" aria-label="Signature base string">
      <span className="part method" title="HTTP method, uppercase (§3.4.1.1)">
        {method}
      </span>
      <span className="amp">&amp;</span>
      <span className="part uri" title="Base string URI, encoded (§3.4.1.2)">
        {hide(uri)}
      </span>
      <span className="amp">&amp;</span>
      <span className="part params" title="Normalized parameters, encoded (§3.4.1.3.2)">
        {trace.sortedParams.map((p, i) => (
          <span key={p.index}>
            {i > 0 && <span className="amp">%26</span>}
            <span
              className={hovered === p.index ? 'param lit' : 'param'}
              onMouseEnter={() => onHover(p.index)}
              onMouseLeave={() => onHover(null)}
            >
              {hide(percentEncode(`${p.encodedName}=${p.encodedValue}`))}
            </span>
          </span>
        ))}
      </span>
    </pre>
  );
}
