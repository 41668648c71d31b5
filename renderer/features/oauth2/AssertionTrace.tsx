import type { ClientAssertionTrace } from '../../../shared/oauth2/client-assertion';
import { CopyButton } from '../../components/CopyButton';

/**
 * The client assertion signed into the request as it was sent (RFC 7523 §2.2, OIDC Core §9), part by part as the
 * OAuth 1.0a signature steps are shown: header, claims, which key, signing input, signature. The key is only named.
 */
const STEPS: readonly {
  id: string;
  title: string;
  section: string;
  href: string;
  text: (t: ClientAssertionTrace) => string;
}[] = [
  {
    id: 'header',
    title: 'JOSE header',
    section: 'RFC 7515 §4',
    href: 'https://www.rfc-editor.org/rfc/rfc7515#section-4',
    text: (t) => JSON.stringify(t.header, null, 2),
  },
  {
    id: 'claims',
    title: 'Claims: iss and sub are the client_id, aud the server, a fresh jti, a short exp',
    section: 'RFC 7523 §3',
    href: 'https://www.rfc-editor.org/rfc/rfc7523#section-3',
    text: (t) => JSON.stringify(t.claims, null, 2),
  },
  {
    id: 'key',
    title: 'Signing key',
    section: 'OIDC Core §9',
    href: 'https://openid.net/specs/openid-connect-core-1_0.html#ClientAuthentication',
    text: (t) => t.key,
  },
  {
    id: 'signing-input',
    title: 'Signing input: BASE64URL(header) . BASE64URL(claims)',
    section: 'RFC 7515 §5.1',
    href: 'https://www.rfc-editor.org/rfc/rfc7515#section-5.1',
    text: (t) => t.signingInput,
  },
  {
    id: 'signature',
    title: 'Signature',
    section: 'RFC 7518 §3.1',
    href: 'https://www.rfc-editor.org/rfc/rfc7518#section-3.1',
    text: (t) => t.signature,
  },
  {
    id: 'client-assertion',
    title: 'client_assertion, sent with client_assertion_type jwt-bearer',
    section: 'RFC 7523 §2.2',
    href: 'https://www.rfc-editor.org/rfc/rfc7523#section-2.2',
    text: (t) => t.assertion,
  },
];

export function AssertionTrace({ trace }: { trace: ClientAssertionTrace }) {
  return (
    <section className="assertion-trace" aria-label="Client assertion">
      <h3>Client assertion ({trace.method})</h3>
      <ol className="trace" aria-label="Client assertion steps">
        {STEPS.map((step) => {
          const text = step.text(trace);
          const title = step.id === 'signature' ? `${step.title} (${trace.header.alg})` : step.title;
          return (
            <li key={step.id} className="trace-step" data-step={step.id}>
              <div className="step-head">
                <h4>{title}</h4>
                <a className="section" href={step.href} target="_blank" rel="noreferrer">
                  {step.section}
                </a>
                {step.id !== 'key' && <CopyButton text={text} label={title} />}
              </div>
              <pre className="mono wire">{text}</pre>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
