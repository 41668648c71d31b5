import { useEffect, useState, type FormEvent } from 'react';
import { CopyButton } from '../../components/CopyButton';
import { useSaveText } from '../../platform/use-save-text';
import { useMockTls } from '../../state/mock/mock-tls-store';

/** A labelled value on one row, with its copy button. */
function Fact({ label, text }: { label: string; text: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className="tls-fact">
        <code className="mono">{text}</code>
        <CopyButton text={text} label={label} />
      </dd>
    </>
  );
}

/**
 * Mutual TLS at the mock (RFC 8705): where its TLS port is, the local CA a client must trust (the PEM to save or
 * copy, its SHA-256 fingerprint to compare), and client certificates issued from that CA for tls_client_auth
 * (§2.1). A certificate's key stays in its file: the page shows where it is, never what it is.
 */
export function MockTlsPanel({ mtlsBaseUrl }: { mtlsBaseUrl: string | undefined }) {
  const { ca, issued, issueError, readCa, issue } = useMockTls((s) => s);
  const { save } = useSaveText();
  const [name, setName] = useState('');
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => void readCa(), [readCa]);
  const onIssue = (e: FormEvent) => {
    e.preventDefault();
    void issue(name.trim());
  };
  if (ca && !ca.ok)
    return (
      <section aria-label="Mutual TLS">
        <h3>Mutual TLS</h3>
        <p className="error">{ca.message}</p>
      </section>
    );
  return (
    <section aria-label="Mutual TLS" className="mock-tls">
      <h3>Mutual TLS</h3>
      <p className="muted small">
        The token, introspection, revocation, device and userinfo endpoints answer on a second port that asks for a
        client certificate (RFC 8705; discovery lists them as <code>mtls_endpoint_aliases</code>). A token issued there
        to a client that presented a certificate is bound to it (<code>cnf.x5t#S256</code>).
      </p>
      <dl className="tls-facts">
        {mtlsBaseUrl && <Fact label="TLS port" text={mtlsBaseUrl} />}
        {ca?.ok && <Fact label="CA SHA-256" text={ca.value.sha256Fingerprint} />}
        {ca?.ok && <Fact label="CA file" text={ca.value.certificatePath} />}
      </dl>
      {ca?.ok && (
        <div className="send-row">
          <button
            type="button"
            onClick={() =>
              void save('oauth-lab-mock-ca.pem', ca.value.certificatePem, 'application/x-pem-file').then(setSaved)
            }
          >
            Download CA certificate
          </button>
          <CopyButton text={ca.value.certificatePem} label="CA certificate PEM" />
          {saved && <span className="muted small">{saved}</span>}
        </div>
      )}
      <form className="send-row tls-issue" onSubmit={onIssue} aria-label="Issue a client certificate">
        <label>
          Client certificate name{' '}
          <input
            className="mono"
            value={name}
            placeholder="my-client"
            onChange={(e) => setName(e.target.value)}
            aria-describedby="tls-name-rule"
          />
        </label>
        <button type="submit" disabled={name.trim() === ''}>
          Issue a client certificate
        </button>
      </form>
      <p id="tls-name-rule" className="muted small">
        Letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;; it becomes the subject CN and the file name.
      </p>
      {issueError && (
        <p role="alert" className="error">
          {issueError}
        </p>
      )}
      {issued.map((c) => (
        <dl key={c.certificatePath} className="tls-facts issued" aria-label={`Client certificate ${c.subjectDn}`}>
          <Fact label="Subject DN" text={c.subjectDn} />
          <Fact label="x5t#S256" text={c.thumbprint} />
          <Fact label="Certificate" text={c.certificatePath} />
          <Fact label="Key file" text={c.keyPath} />
        </dl>
      ))}
    </section>
  );
}
