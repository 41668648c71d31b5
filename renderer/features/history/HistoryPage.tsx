/** History: being built. */
export function HistoryPage() {
  return (
    <div className="page">
      <header className="page-head">
        <h2>History</h2>
      </header>
    </div>
  );
}
