import type { SendOptions } from '../../services/transport';

/** What both flows need from the command line besides the profile. */
export interface FlowRunOptions {
  readonly open: boolean;
  readonly waitTimeoutMs: number;
  readonly send: SendOptions;
  /** Where the URL landed on is pasted when the redirect cannot reach the catcher. */
  readonly stdin: NodeJS.ReadableStream;
}
