import type { CauseId } from './causes';
import type { BehaviourId, LibraryId } from './library-catalogue';
import type { Keys, Variant } from './pipeline';
import type { ReceivedParam, ReceivedRequest } from './received';

/** One behaviour as it applies to this request: how it changes the computation, and the libraries it concerns here. */
export interface Part {
  readonly id: BehaviourId;
  readonly cause: CauseId;
  readonly detail: string;
  readonly libraries: readonly LibraryId[];
  readonly variant: Variant;
  readonly key?: string;
}

/** What every behaviour looks at: the request, the signed parameters (without oauth_signature), the keys. */
export interface Seen {
  readonly r: ReceivedRequest;
  readonly params: readonly ReceivedParam[];
  readonly keys: Keys;
}

export const isOauth = (p: { name: string }) => p.name.startsWith('oauth_');
export const nonAscii = /[^\x00-\x7f]/;
