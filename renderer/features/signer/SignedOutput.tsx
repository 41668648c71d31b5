import { curlCommand } from '../../../shared/curl-command';
import { requestText } from '../../../shared/http-text';
import type { SignatureTrace } from '../../../shared/oauth1';
import { Value } from '../../components/Value';
import { maskWire } from './plaintext-mask';

/**
 * The signed request as HTTP/1.1 text and as a curl command, each with its copy button. No secret appears in them
 * but the signature; under PLAINTEXT the signature is the secrets, masked here until revealed (the copies are whole).
 */
export function SignedOutput({ trace, mask }: { trace: SignatureTrace; mask: boolean }) {
  const http = requestText(trace.request);
  const curl = curlCommand(trace.request);
  const shown = (text: string) => (mask ? maskWire(text, trace) : text);
  return (
    <div className="signer-output">
      {/* Shown without the trailing blank lines of an empty body; the copy is the exact text. */}
      <Value label="HTTP request" text={http}>
        {shown(trace.request.body ? http : http.trimEnd())}
      </Value>
      <Value label="curl command" text={curl}>
        {shown(curl)}
      </Value>
    </div>
  );
}

/** PLAINTEXT in words: the signature is the secrets (RFC 5849 §3.4.4 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.4)), so only TLS protects them. */
export function PlaintextWarning({
  url,
  revealed,
  onReveal,
}: {
  url: string;
  revealed: boolean;
  onReveal: () => void;
}) {
  return (
    <div className="signer-warning" role="note" aria-label="PLAINTEXT warning">
      <p>
        <strong>PLAINTEXT sends your secrets.</strong> Its oauth_signature is the signing key itself, the consumer
        secret and the token secret joined by <code>&amp;</code> (RFC 5849 §3.4.4): anyone who sees the request can sign
        as you. Use it only over HTTPS
        {url.trim().toLowerCase().startsWith('http:')
          ? '; this URL is plain http, so they would travel in clear text'
          : ''}
        .
      </p>
      <button type="button" className="link" aria-pressed={revealed} onClick={onReveal}>
        {revealed ? 'Mask the signature' : 'Reveal the signature'}
      </button>
    </div>
  );
}
