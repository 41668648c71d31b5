import type { Check } from '../../../shared/check';
import type { McpGrantName } from '../../../shared/flows/mcp/ports';
import type { Exchange } from '../../../shared/http';
import type { ClientAuthentication } from '../../../shared/oauth2/token-request';
import type { MCP_FAULTS } from '../../../shared/mcp/mock-faults';
import type { McpProtocolVersion } from '../../../shared/mcp/stateless-wire';
import type { TargetPolicy } from '../../../shared/mcp/targets';
import type { McpSavedServer } from './page-token-keeper';

/** What a leg showed, in order: a remark (a challenge read, a URL to open) or a request with its answer. */
export type McpLegItem =
  { readonly kind: 'line'; readonly text: string } | { readonly kind: 'exchange'; readonly exchange: Exchange };

/** One leg of the chain as the page shows it: its title, what it sent, answered and remarked, its checks. */
export interface McpLeg {
  readonly title: string;
  readonly items: readonly McpLegItem[];
  readonly checks: readonly Check[];
  /** The leg waits for the user's browser at this authorization URL. */
  readonly authorizationUrl?: string;
}

export interface McpForm {
  readonly url: string;
  readonly clientId: string;
  readonly clientSecret: string;
  readonly scope: string;
  readonly call: string;
  readonly args: string;
  /** How the token is obtained: the code flow in the browser, or a grant without one. */
  readonly grant: McpGrantName;
  /** JWT bearer: the workload's JWT (RFC 7523 §2.1). */
  readonly assertion: string;
  /** ID-JAG: the IdP's token endpoint (empty on the mock: its own, as it plays the IdP). */
  readonly idpTokenEndpoint: string;
  /** ID-JAG: the client at the IdP (empty: the Client ID, with its secret). */
  readonly idpClientId: string;
  /** ID-JAG: that client's secret, sent with Basic (empty: none). */
  readonly idpClientSecret: string;
  /** ID-JAG: the user's id_token from the IdP, the token exchange's subject_token. */
  readonly idToken: string;
  /** Empty: the registration's method, else the first the server lists. */
  readonly clientAuth: ClientAuthentication | '';
  /** private_key_jwt: the client's private key (PEM or JWK). */
  readonly privateKey: string;
  /** The client assertion's alg; empty: the key's own (HS256 for client_secret_jwt). */
  readonly signingAlg: string;
  readonly assertionAud: 'token_endpoint' | 'issuer';
  /** DPoP (RFC 9449) with a new key for the run. */
  readonly dpop: boolean;
  /** The revision to speak; empty: the newest the server speaks. */
  readonly protocolVersion: McpProtocolVersion | '';
}

export type McpFaultName = (typeof MCP_FAULTS)[number];

export interface McpTool {
  readonly name: string;
  readonly description: string;
}

export interface McpPageState {
  readonly form: McpForm;
  /** What the user allows of the URLs the server chooses: plain http, private targets (both off by default). */
  readonly targets: TargetPolicy;
  readonly running: boolean;
  readonly legs: readonly McpLeg[];
  /** A step-up's authorization URL, waiting for the user to open it (a click: a browser opens no tab by itself). */
  readonly pendingAuthorization: string | null;
  readonly outcome: {
    readonly ok: boolean;
    readonly summary: string;
    readonly tools: readonly McpTool[];
    /** The revision the run spoke and why (asked for, or the newest the server speaks). */
    readonly spoke?: string;
    /** The tool called and its answer, when one was called. */
    readonly called?: string;
    readonly result?: unknown;
  } | null;
  readonly fault: McpFaultName | null;
  /** The token saved for the server the form names (its URL, or the mock's endpoint), with its profile. */
  readonly saved: McpSavedServer | null;
  readonly savedProblem: string | null;
  formEdited(patch: Partial<McpForm>): void;
  targetsEdited(patch: Partial<TargetPolicy>): void;
  /** Starts the run; answers with the first authorization URL to open, or null when the run ends without one. */
  runStarted(): Promise<string | null>;
  /** The step-up's URL, handed out once to the click that opens it. */
  pendingOpened(): Promise<string | null>;
  faultRead(): Promise<void>;
  faultChosen(fault: McpFaultName): Promise<void>;
  /** Reads the saved token of the server the form names. */
  savedRead(): Promise<void>;
  /** Deletes the server's profile and its token: the next Connect registers and authorizes afresh. */
  savedForgotten(): Promise<void>;
}
