import { requestWithProof } from '../../../shared/dpop/dpop-client';
import { accessTokenOf } from '../../../shared/flows/driver/dpop-port';
import type { RawRequest } from '../../../shared/http';

/** What the preview shows where the proof goes: it is signed only at Send, fresh each time (RFC 9449 §4.2). */
const PROOF_AT_SEND = '(a fresh proof, signed at Send)';

/**
 * A leg's request as it will go with DPoP on, built as the sending client builds it (requestWithProof): on the API call the
 * token in the DPoP scheme (RFC 9449 §7.1), and a DPoP header on the token, refresh and API legs, so the preview
 * shows the wire and not the draft the user edits. A draft without a token (edited away) is shown as it is.
 */
export function dpopPreview(draft: RawRequest, leg: string): RawRequest {
  if (leg !== 'api') return requestWithProof(draft, null, PROOF_AT_SEND);
  try {
    return requestWithProof(draft, accessTokenOf(draft), PROOF_AT_SEND);
  } catch {
    return draft;
  }
}
