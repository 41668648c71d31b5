/** Profiles: being built. */
export function ProfilesPage() {
  return (
    <div className="page">
      <header className="page-head">
        <h2>Profiles</h2>
      </header>
    </div>
  );
}
