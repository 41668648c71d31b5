import { CopyButton } from '../../components/CopyButton';
import { Secret } from '../../components/Secret';
import { useGrade } from '../../state/grade/grade-store';

/**
 * What to paste into the client for the scenario run now (the variables `oauth-lab grade` gives a driven client):
 * the issuer (discovery at its /.well-known/openid-configuration), a confidential client registered for
 * client_secret_basic, its redirect URI (nothing needs to listen there), the scope and the registered id_token alg.
 */
export function GradeClientValues() {
  const issuer = useGrade((s) => s.status.issuer);
  const client = useGrade((s) => s.status.client);
  if (!issuer || !client) return null;
  return (
    <section aria-label="Client values" className="grade-values">
      <h3>Paste into your client</h3>
      <dl>
        <Row label="Issuer URL" value={issuer} />
        <Row label="Client ID" value={client.clientId} />
        <dt>Client secret</dt>
        <dd>
          <Secret value={client.clientSecret} label="client secret" />
          <span className="muted small"> client_secret_basic</span>
        </dd>
        <Row label="Redirect URI" value={client.redirectUri} />
        <Row label="Scope" value={client.scope} />
        <Row label="id_token alg" value={client.idTokenSignedResponseAlg} />
      </dl>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>
        <code aria-label={label}>{value}</code> <CopyButton text={value} label={label} />
      </dd>
    </>
  );
}
