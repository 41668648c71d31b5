import type { Reply } from './http';
import type { SignatureFindings } from './oauth1-signature-report';
import type { Verdict } from './provider-event';

/** A handler's answer: the reply plus what goes into the event. */
export interface Handled {
  readonly endpoint: string;
  readonly reply: Reply;
  readonly verdict: Verdict;
  readonly signature?: SignatureFindings | null;
  readonly assumptions?: readonly string[];
}
