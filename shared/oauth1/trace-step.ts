import type { ParamSource } from './parameters';
import type { ParamsStepId, TextStepId } from './trace-step-id';

// A signature trace's steps and rows, apart from trace.ts because base-string-trace.ts (which trace.ts calls) builds
// some of them too.

/** Where the protocol parameters travel (RFC 5849 §3.5 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5)): the Authorization header, the form body or the query. */
export type ParameterPlacement = ParamSource;

export interface TraceParam {
  readonly name: string;
  readonly value: string;
  readonly source: ParamSource;
  readonly encodedName: string;
  readonly encodedValue: string;
  /** Position in collection order (protocol, query, body), so a sorted row can point back to its origin. */
  readonly index: number;
}

export type TraceStep =
  | {
      readonly id: TextStepId;
      readonly title: string;
      readonly section: string;
      readonly kind: 'text';
      readonly text: string;
    }
  | {
      readonly id: ParamsStepId;
      readonly title: string;
      readonly section: string;
      readonly kind: 'params';
      readonly params: readonly TraceParam[];
    };
