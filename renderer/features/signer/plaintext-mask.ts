import type { SignatureTrace } from '../../../shared/oauth1';
import { percentEncode } from '../../../shared/percent-encoding';

const DOTS = '••••••••';

/**
 * PLAINTEXT's signature is the signing key, the secrets themselves (RFC 5849 §3.4.4 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.4)), so it is masked wherever it
 * shows until the user reveals it. With both secrets empty the signature is a bare `&` and hides nothing.
 */
export function plaintextExposes(trace: SignatureTrace, method: string): boolean {
  return method === 'PLAINTEXT' && trace.signature !== '&';
}

/** On the wire (header, query or form body) the signature travels percent-encoded (§3.6). */
export const maskWire = (text: string, trace: SignatureTrace): string =>
  text.split(percentEncode(trace.signature)).join(DOTS);

/** The trace with the signature and the Authorization header masked, for the walk-through. */
export function maskedTrace(trace: SignatureTrace): SignatureTrace {
  return {
    ...trace,
    signature: DOTS,
    authorization: trace.authorization === null ? null : maskWire(trace.authorization, trace),
    steps: trace.steps.map((s) =>
      s.kind !== 'text'
        ? s
        : s.id === 'signature'
          ? { ...s, text: DOTS }
          : s.id === 'authorization-header'
            ? { ...s, text: maskWire(s.text, trace) }
            : s
    ),
  };
}
