import type { ReactNode } from 'react';
import type { MethodInput } from '../../../shared/bridge/contract';
import type { LegStatus } from '../../../shared/flows';
import type { RawRequest } from '../../../shared/http';
import type { Arrow } from '../../components/SequenceDiagram';
import type { PollAttemptRow } from './PollAttempts';

/** What a leg's *Export this request* exports. */
export type LegExportSource = MethodInput<'exportRequest'>['source'];

/** What the generic page needs of a grant's state: where it started and each leg's status. */
export interface GrantPageState<L extends string> {
  readonly config: { readonly baseUrl: string };
  readonly legs: Readonly<Record<L, LegStatus>>;
}

/**
 * A grant's explanations, the only page-side module a grant brings (GrantPage renders its legs from the registry):
 * the words around each leg, what is secret in its state, and the parts only it has.
 */
export interface GrantPageParts<S, L extends string> {
  /** The grant's name, as the heading, the start button and the diagram say it ("Client credentials"). */
  readonly name: string;
  /** Before the flow starts: what it walks through. */
  readonly intro: string;
  /** Where the user logs in at the embedded mock (none of the machine grants opens a login tab); absent: no one. */
  readonly mockLogin?: ReactNode;
  /** Each leg's short title (the stepper, the leg's heading, Continue). */
  readonly titles: Readonly<Record<L, string>>;
  readonly arrows: readonly Arrow<L>[];
  /** Each leg's explanation, remembered as read under `<explainKey>.<leg>`. */
  readonly explain: Readonly<Record<L, ReactNode>>;
  readonly explainKey: string;
  /** The secrets and tokens in the state: masked in the request and the exchange until revealed. */
  readonly secrets: (state: S | null) => readonly (string | null | undefined)[];
  /** The credentials obtained so far, under the stepper. */
  readonly credentials: (state: S | null, now: () => number) => ReactNode;
  /** A leg's settings, edited in the state above its request (the request shown follows them). */
  readonly fields?: Partial<Record<L, (state: S, edit: (edit: (state: S) => S) => void) => ReactNode>>;
  /** What the page shows above a leg's panel, whatever the width (the device's codes for the user). */
  readonly above?: Partial<Record<L, (state: S, now: () => number) => ReactNode>>;
  /** A polling leg's attempts, as the state records them (listed as they come). */
  readonly attempts?: (state: S) => readonly PollAttemptRow[];
  /** A sent leg's button when the state says something about sending it again ("Ask again"); Send otherwise. */
  readonly sendLabel?: (leg: L, state: S) => string;
  /**
   * What a leg's *Export this request* exports, where a grant has more than the request itself to give (code that
   * gets a new token when this one expires); without it, every leg exports its request as it is.
   */
  readonly exportSource?: (leg: L, state: S, request: RawRequest) => LegExportSource;
}
