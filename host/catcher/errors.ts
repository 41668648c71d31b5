import { CodedError } from '../../shared/errors';

export type CatcherErrorCode =
  | 'invalid_option'
  | 'port_in_use'
  | 'port_not_permitted'
  | 'listen_failed'
  | 'duplicate_wait'
  | 'callback_timeout'
  | 'wait_aborted'
  | 'catcher_closed';

/** A coded catcher error; the message says what went wrong and what to do. */
export class CatcherError extends CodedError<CatcherErrorCode> {
  override readonly name = 'CatcherError';
  constructor(code: CatcherErrorCode, message: string) {
    super(code, undefined, message);
  }
}
