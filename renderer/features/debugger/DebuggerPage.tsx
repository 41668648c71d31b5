/** Signature debugger: being built. */
export function DebuggerPage() {
  return (
    <div className="page">
      <header className="page-head">
        <h2>Signature debugger</h2>
      </header>
    </div>
  );
}
