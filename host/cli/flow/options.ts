import type { ClientAssertionSettings } from '../../../shared/oauth2/client-assertion-request';
import type { SendOptions } from '../../../platform/node/transport';
import type { RecordingFor } from '../cli-history';
import type { ObtainedTokens } from './save-tokens';

/** What both flows need from the command line besides the profile. */
export interface FlowRunOptions {
  readonly open: boolean;
  /** --headless: the authorization URL is fetched, not opened; the code is taken from its redirect. */
  readonly headless?: boolean;
  readonly waitTimeoutMs: number;
  readonly send: SendOptions;
  /** client_secret_jwt / private_key_jwt: how each request that asks for a client assertion gets one signed. */
  readonly clientAssertion?: ClientAssertionSettings | null;
  /** Where the URL landed on is pasted when the redirect cannot reach the catcher. */
  readonly stdin: NodeJS.ReadableStream;
  /** How each leg's exchange is recorded in the history; absent or null: not recorded (--no-history). */
  readonly recording?: RecordingFor | null;
  /** Called once the token endpoint has answered with tokens, before any later leg can fail (to print and save them). */
  readonly onTokens?: (obtained: ObtainedTokens) => void;
}
