import type { Check } from '../../check';
import type { DpopClient } from '../../dpop/dpop-client';
import type { Exchange, RawRequest, RawResponse } from '../../http';
import type { ClientAssertionTrace } from '../../oauth2/client-assertion';
import type { ClientAssertionSettings } from '../../oauth2/client-assertion-request';
import type { ClientAuthentication } from '../../oauth2/token-request';
import type { CryptoPort, RandomPort } from '../../ports';
import type { AssertionSigner } from '../driver/client-auth-port';
import type { IdpClient } from '../driver/grants/id-jag';

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
  /** Client assertions and DPoP, through the flow driver's authenticatedPort; absent: neither. */
  readonly senderAuth?: McpSenderAuth;
  readonly random: RandomPort;
  readonly crypto: CryptoPort;
  readonly now: () => number;
}

/** Progress, one leg at a time; every text may hold what a server sent, so a driver shows it as untrusted text. */
export interface McpReport {
  step(title: string): void;
  checks(checks: readonly Check[]): void;
  line(text: string): void;
  /** A client assertion signed into a request (RFC 7523 §2.2), with its trace. */
  assertion(trace: ClientAssertionTrace): void;
}

/**
 * How the client proves itself beyond what a request carries as built: a client assertion signed per request
 * (client_secret_jwt, private_key_jwt; its aud once the token endpoint and the issuer are known), and DPoP proofs
 * on the token requests and on the MCP requests that carry the token (RFC 9449 §5, §7.1).
 */
export interface McpSenderAuth {
  readonly assertion: (tokenUrl: string, issuer: string | null) => ClientAssertionSettings | null;
  readonly sign: AssertionSigner;
  readonly dpop: DpopClient | null;
}

/**
 * How the chain gets its token: the authorization code grant with the user (the default), or without a browser the
 * client credentials grant (RFC 6749 §4.4), a workload's JWT presented as the JWT bearer grant (RFC 7523 §2.1), or
 * enterprise-managed authorization: the user's id_token exchanged at the IdP for an ID-JAG (RFC 8693), redeemed by
 * the JWT bearer grant (draft-ietf-oauth-identity-assertion-authz-grant §4).
 */
export type McpGrant =
  | { readonly kind: 'authorization-code' }
  | { readonly kind: 'client-credentials' }
  | { readonly kind: 'jwt-bearer'; readonly assertion: string }
  | { readonly kind: 'id-jag'; readonly idp: IdpClient; readonly idToken: string };

/** The grants' names, as `--grant` and the page name them. */
export const MCP_GRANTS = [
  'authorization-code',
  'client-credentials',
  'jwt-bearer',
  'id-jag',
] as const satisfies readonly McpGrant['kind'][];
export type McpGrantName = (typeof MCP_GRANTS)[number];

/** What the user gave for the client. */
export interface ClientFlags {
  readonly clientId: string | null;
  readonly clientSecret: string;
  readonly metadataUrl: string | null;
  readonly authentication: ClientAuthentication | null;
  /** The host presents a client certificate on its TLS connections (RFC 8705); absent: none. */
  readonly certificate?: boolean;
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
