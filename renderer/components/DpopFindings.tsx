import type { DpopFinding } from '../../shared/dpop/mistakes';

/**
 * The DPoP verifier's mistakes (shared/dpop/verify.ts), each by name with its RFC 9449 section and its cause: the
 * Debugger's DPoP tab and a flow leg's mistake made on purpose show them alike. The cause quotes the proof's
 * claims, server-controlled text, rendered as text.
 */
export function DpopFindings({ mistakes }: { mistakes: readonly DpopFinding[] }) {
  return (
    <ol className="dbg-causes">
      {mistakes.map((m) => (
        <li key={m.id} className="dbg-cause" data-mistake={m.id}>
          <div className="dbg-cause-head">
            <h4>
              <code>{m.id}</code>: {m.title}
            </h4>
            <span className="dbg-rfc">{m.section}</span>
          </div>
          <p>{m.detail}</p>
        </li>
      ))}
    </ol>
  );
}
