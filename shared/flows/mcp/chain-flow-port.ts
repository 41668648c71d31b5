import { headerValue, type RawRequest } from '../../http';
import { exchangeVerdict } from '../../store/history-record';
import { authenticatedPort, TOKEN_DPOP_LEGS, type AssertionSigner } from '../driver/client-auth-port';
import type { DpopLegKind } from '../driver/dpop-port';
import type { FlowRunnerPort } from '../driver/host-port';
import { McpChainFailure, type McpChainPorts } from './ports';

/**
 * The chain's ports as the flow driver's host port, so the driver's grants (client credentials, JWT bearer) run on
 * them: each leg sent by the chain's `send` under its leg's name, shown by its report. The chain keeps its tokens
 * itself (its keeper), and a grant without a user agent has no redirect.
 */
export function chainFlowPort(ports: McpChainPorts): FlowRunnerPort {
  return {
    send: (request, { leg }) => ports.send(leg, request),
    saveTokens: () => {},
    now: ports.now,
    sleep: () => Promise.reject(new Error('The MCP chain runs no polling grant.')),
    random: ports.random,
    crypto: ports.crypto,
    report: (event) =>
      event.kind === 'step'
        ? ports.report.step(event.title)
        : event.kind === 'assertion'
          ? ports.report.assertion(event.trace)
          : ports.report.checks(event.checks),
    recordRedirect: () => Promise.resolve(),
    awaitRedirect: () => Promise.reject(new Error('A grant without a user agent has no redirect leg.')),
  };
}

/** The legs with a DPoP proof: the token endpoint's, and an MCP request that carries the token (RFC 9449 §7.1). */
const dpopLegsOf = (request: RawRequest): Readonly<Record<string, DpopLegKind>> =>
  headerValue(request.headers, 'authorization') === undefined
    ? TOKEN_DPOP_LEGS
    : { ...TOKEN_DPOP_LEGS, mcp: 'resource' };

/**
 * The chain's ports with the client authenticated on every request through the driver's authenticatedPort, as
 * every flow's legs are: a client assertion signed into a token request that asks for one, its aud the token
 * endpoint or the issuer (`issuer`: the discovered one, or a saved token's before any discovery), and DPoP on the
 * token requests and on the MCP requests that carry the token, each following its server's nonce once (RFC 9449 §8,
 * §9).
 */
export function authenticatedChainPorts(ports: McpChainPorts, issuer: () => string | null): McpChainPorts {
  const auth = ports.senderAuth;
  if (!auth) return ports;
  const base = chainFlowPort(ports);
  return {
    ...ports,
    send: (leg, request) =>
      authenticatedPort(base, {
        // Only a request that asks for an assertion (a token or refresh request) gets one: its URL is the token endpoint.
        assertion: auth.assertion(request.url, issuer()),
        sign: signedOrFailed(auth.sign, leg),
        dpop: auth.dpop,
        dpopLegs: dpopLegsOf(request),
      }).send(request, { leg, verdictOf: (e) => exchangeVerdict(e) }),
  };
}

/** A key that cannot sign ends the run at the leg that needed the assertion, saying why (nothing was sent). */
const signedOrFailed =
  (sign: AssertionSigner, leg: string): AssertionSigner =>
  async (settings, issuedAt, mistake) => {
    try {
      return await sign(settings, issuedAt, mistake);
    } catch (e) {
      throw new McpChainFailure(
        leg,
        `The client assertion (${settings.method}) could not be signed: ${e instanceof Error ? e.message : String(e)}`
      );
    }
  };
