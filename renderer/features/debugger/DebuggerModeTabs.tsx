import { useDpopDebugger } from './use-dpop-debugger';

/** The debugger's two checkers: an OAuth 1.0a signature, or a DPoP proof (RFC 9449). */
export function DebuggerModeTabs() {
  const active = useDpopDebugger((s) => s.active);
  const activeSet = useDpopDebugger((s) => s.activeSet);
  return (
    <div className="dbg-tabs" role="group" aria-label="What to check">
      <button
        type="button"
        className={`dbg-tab${active ? '' : ' current'}`}
        aria-pressed={!active}
        onClick={() => activeSet(false)}
      >
        OAuth 1.0a signature
      </button>
      <button
        type="button"
        className={`dbg-tab${active ? ' current' : ''}`}
        aria-pressed={active}
        onClick={() => activeSet(true)}
      >
        DPoP proof
      </button>
    </div>
  );
}
