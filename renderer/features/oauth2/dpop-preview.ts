import type { RawRequest } from '../../../shared/http';

/** What the preview shows where the proof goes: it is signed only at Send, fresh each time (RFC 9449 §4.2). */
const PROOF_AT_SEND = '(a fresh proof, signed at Send)';

/**
 * A leg's request as it will go with DPoP on: the API call's token in the DPoP scheme (RFC 9449 §7.1) and a DPoP
 * header on the token, refresh and API legs, so the preview shows the wire and not the draft the user edits.
 */
export function dpopPreview(draft: RawRequest, leg: string): RawRequest {
  const headers = draft.headers.map(([name, value]): [string, string] =>
    leg === 'api' && name.toLowerCase() === 'authorization'
      ? [name, value.replace(/^Bearer(?= )/i, 'DPoP')]
      : [name, value]
  );
  return { ...draft, headers: [...headers.filter(([n]) => n.toLowerCase() !== 'dpop'), ['DPoP', PROOF_AT_SEND]] };
}
