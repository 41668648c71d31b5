/**
 * A coded protocol error. `step` names the computation that failed (a trace step id, a parser, a builder)
 * so a UI can mark exactly that step, and `message` says what is wrong and what was expected.
 */
export class ProtocolError extends Error {
  override readonly name = 'ProtocolError';
  constructor(
    readonly code: string,
    readonly step: string,
    message: string,
  ) {
    super(message);
  }
}
