import type { SendOptions } from '../../services/transport';

/** What both flows need from the command line besides their credentials. */
export interface FlowRunOptions {
  readonly baseUrl: string;
  readonly callbackPort: number;
  readonly callbackPath: string;
  readonly open: boolean;
  readonly waitTimeoutMs: number;
  readonly send: SendOptions;
}
