import { ProtocolError, PROTOCOL_ERROR } from '../errors';
import type { Param } from '../url-encoded';
import type { SignatureMethod } from './signing';

/** What a client puts into the `oauth_*` protocol parameters (RFC 5849 §3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.1)). */
export interface ProtocolParameterInput {
  readonly consumerKey: string;
  /** Absent, not empty, when the request has no token (§3.1: "MAY be omitted"; an empty one is a classic 400). */
  readonly token?: string | null;
  readonly signatureMethod: SignatureMethod;
  /** Injected by the caller. Both may be left out only with PLAINTEXT (§3.1). */
  readonly nonce?: string | null;
  readonly timestamp?: string | null;
  /** Sends `oauth_version="1.0"` (§3.1: OPTIONAL). Default true, as the service lists it. */
  readonly includeVersion?: boolean;
  readonly callback?: string | null;
  readonly verifier?: string | null;
  /** Any other `oauth_*` parameter a server wants, such as oauth_session_handle. */
  readonly extraOauthParams?: readonly Param[];
}

const present = (v: string | null | undefined): v is string => v !== undefined && v !== null && v !== '';
const STEP = 'protocol-parameters';

/** §3.1: the protocol parameters in the order they are sent, without oauth_signature (added after signing). */
export function protocolParameters(input: ProtocolParameterInput, bodyHashValue?: string): Param[] {
  if (!present(input.consumerKey))
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_CONSUMER_KEY,
      STEP,
      'The consumer key is empty; every signed request carries oauth_consumer_key (RFC 5849 §3.1).'
    );
  const needsNonce = input.signatureMethod !== 'PLAINTEXT';
  if (needsNonce && !present(input.nonce))
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_NONCE,
      STEP,
      `oauth_nonce is empty; ${input.signatureMethod} requests need a unique nonce (RFC 5849 §3.3).`
    );
  if (needsNonce && !present(input.timestamp))
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_TIMESTAMP,
      STEP,
      `oauth_timestamp is empty; ${input.signatureMethod} requests need the time in Unix seconds (RFC 5849 §3.3).`
    );
  const params: Param[] = [['oauth_consumer_key', input.consumerKey]];
  if (present(input.token)) params.push(['oauth_token', input.token]);
  params.push(['oauth_signature_method', input.signatureMethod]);
  if (present(input.timestamp)) params.push(['oauth_timestamp', input.timestamp]);
  if (present(input.nonce)) params.push(['oauth_nonce', input.nonce]);
  if (present(input.callback)) params.push(['oauth_callback', input.callback]);
  if (present(input.verifier)) params.push(['oauth_verifier', input.verifier]);
  if (bodyHashValue !== undefined) params.push(['oauth_body_hash', bodyHashValue]);
  if (input.includeVersion !== false) params.push(['oauth_version', '1.0']);
  for (const [name, value] of input.extraOauthParams ?? []) {
    if (!name.startsWith('oauth_'))
      throw new ProtocolError(
        PROTOCOL_ERROR.INVALID_EXTRA_PARAMETER,
        STEP,
        `Extra protocol parameter "${name}" must start with oauth_; send other parameters in the query or the form body.`
      );
    if (name === 'oauth_signature' || params.some(([n]) => n === name)) {
      throw new ProtocolError(
        PROTOCOL_ERROR.DUPLICATE_PROTOCOL_PARAMETER,
        STEP,
        `Extra protocol parameter "${name}" is already set by the signer; a protocol parameter may appear only once (RFC 5849 §3.1).`
      );
    }
    params.push([name, value]);
  }
  return params;
}
