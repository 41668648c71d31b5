/** Request signer: being built. */
export function SignerPage() {
  return (
    <div className="page">
      <header className="page-head">
        <h2>Request signer</h2>
      </header>
    </div>
  );
}
