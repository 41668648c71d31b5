import type { Check } from '../../check';
import type { Exchange, RawRequest, RawResponse } from '../../http';
import type { ClientAuthentication } from '../../oauth2/token-request';
import type { CryptoPort, RandomPort } from '../../ports';

/**
 * What the MCP authorization chain needs from its driver: the CLI (host/cli/commands/mcp.ts) and the app's
 * MCP page each give their own way to send a request, catch the redirect and show progress; the chain is one.
 */
export interface McpChainPorts {
  /** Sends one leg's request as it is and answers with the exchange; a transport failure rejects. */
  readonly send: (step: string, request: RawRequest) => Promise<Exchange>;
  /** The redirect URI to register and send (a loopback listener, started when first needed). */
  readonly redirectUri: () => Promise<string>;
  /** The front channel: show (and open) the URL, and answer with the redirect's query once it arrives. */
  readonly authorizeInBrowser: (url: string, state: string) => Promise<string>;
  readonly report: McpReport;
  readonly random: RandomPort;
  readonly crypto: CryptoPort;
  readonly now: () => number;
}

/** Progress, one leg at a time; every text may hold what a server sent, so a driver shows it as untrusted text. */
export interface McpReport {
  step(title: string): void;
  checks(checks: readonly Check[]): void;
  line(text: string): void;
}

/** What the user gave for the client. */
export interface ClientFlags {
  readonly clientId: string | null;
  readonly clientSecret: string;
  readonly metadataUrl: string | null;
  readonly authentication: ClientAuthentication | null;
}

/** The client as the authorization server knows it, once per run (step-ups reuse it) or saved with its token. */
export interface McpClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authentication: ClientAuthentication;
}

/** A link of the chain that did not hold: the leg, why, and the response that ended it. */
export class McpChainFailure extends Error {
  override readonly name = 'McpChainFailure';
  constructor(
    readonly step: string,
    why: string,
    readonly response: RawResponse | null = null
  ) {
    super(why);
  }
}
