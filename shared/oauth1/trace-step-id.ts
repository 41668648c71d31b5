/**
 * The ids of a signature trace's steps (RFC 5849 §3.4 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4)), on their
 * own so that shared/errors.ts can name a failing step without importing the signer that builds the trace.
 */
export type TextStepId =
  | 'body-hash'
  | 'normalized-parameters'
  | 'base-string-uri'
  | 'signature-base-string'
  | 'signing-key'
  | 'signature'
  | 'authorization-header';

export type ParamsStepId =
  'protocol-parameters' | 'query-parameters' | 'body-parameters' | 'encoded-parameters' | 'sorted-parameters';

export type TraceStepId = TextStepId | ParamsStepId;
