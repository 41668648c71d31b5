import type { Challenge } from '../../mcp/challenge';
import { chooseScope, stepUpScope } from '../../mcp/scope';
import { STRICT_TARGETS } from '../../mcp/targets';
import type { TokenSet } from '../../oauth2/token-response';
import type { SavedBearer } from '../bearer-call';
import { authorize, refreshSaved, register } from './authorization-leg';
import type { McpRunInput } from './run-input';
import { discover, type Discovered } from './discovery-leg';
import { chainFlowPort } from './chain-flow-port';
import { obtainMachineToken } from './machine-leg';
import { tokenEndpointFor } from './token-endpoint';
import { McpChainFailure, type McpChainPorts, type McpClient } from './ports';
import type { McpSavedAuthorization, McpTokenKeeper } from './saved-server';

/** The run's authorization so far: discovery and registration are done once, the token is replaced on step-up. */
export interface Authorization {
  discovered: Discovered | null;
  /**
   * The clients this run holds, by the issuer of the authorization server that registered them: a client is never
   * used with another authorization server (MCP 2026-07-28, SEP-2352), so a server that moves gets a new one.
   */
  readonly clients: Map<string, McpClient>;
  /** The issuer the user's --client-id (and secret) are for: the first authorization server the run meets. */
  givenFor: string | null;
  token: string | null;
  /** The issuer of the authorization server that issued the token; null when unknown (saved before it was kept). */
  tokenIssuer: string | null;
  scope: string | null;
  count: number;
  /** The saved authorization the token came from, while that token is the one loaded (not yet refreshed). */
  saved: McpSavedAuthorization | null;
}

export const freshAuthorization = (): Authorization => ({
  discovered: null,
  clients: new Map(),
  givenFor: null,
  token: null,
  tokenIssuer: null,
  scope: null,
  count: 0,
  saved: null,
});

/** Discovery (once), the client for the discovered issuer (registered once per issuer), then a token. */
export async function authorizeFor(
  challenge: Challenge | null,
  insufficient: boolean,
  auth: Authorization,
  input: McpRunInput,
  ports: McpChainPorts
): Promise<void> {
  const grant = input.grant ?? { kind: 'authorization-code' };
  auth.discovered ??= await discover(input.url, challenge, input.targets ?? STRICT_TARGETS, ports, grant.kind);
  const { discovered } = auth;
  const { issuer } = discovered;
  if (grant.kind !== 'authorization-code' && !input.client.clientId)
    throw new McpChainFailure(
      'registration',
      `The ${grant.kind} grant needs a pre-registered client_id: a client without a user registers no redirect URI.`
    );
  const redirectUri = grant.kind === 'authorization-code' ? await ports.redirectUri() : '';
  auth.givenFor ??= issuer;
  // The user's client_id belongs to the first authorization server; a document URL is no credential, so it is kept.
  const flags = auth.givenFor === issuer ? input.client : { ...input.client, clientId: null, clientSecret: '' };
  const client = auth.clients.get(issuer) ?? (await register(discovered, flags, redirectUri, ports));
  auth.clients.set(issuer, client);
  const challenged = challenge?.params.scope ?? null;
  const scope =
    insufficient && challenged
      ? stepUpScope(auth.scope, challenged)
      : chooseScope({ given: input.scope, challenged, supported: discovered.scopesSupported });
  if (insufficient)
    ports.report.line(
      `insufficient_scope: step-up authorization with scope ${scope ?? '(none)'} (MCP "Scope Challenge Handling").`
    );
  auth.count++;
  auth.saved = null;
  const headers = input.headers ?? [];
  const policy = input.targets ?? STRICT_TARGETS;
  const tokenUrl = tokenEndpointFor(discovered, client, !!input.client.certificate, input.url, policy, ports);
  const token =
    grant.kind === 'authorization-code'
      ? await authorize(discovered, client, tokenUrl, scope, redirectUri, headers, ports)
      : await obtainMachineToken(grant, discovered, client, tokenUrl, scope, headers, chainFlowPort(ports));
  auth.token = token.accessToken;
  auth.tokenIssuer = issuer;
  auth.scope = token.scope ?? scope;
  await input.keeper?.save({
    client,
    issuer,
    authorizationEndpoint: discovered.endpoints.authorization,
    tokenEndpoint: tokenUrl,
    resource: discovered.resource,
    token: bearerOf(token, auth.scope),
  });
}

/**
 * A token refused with a 401: the protected resource metadata is read again (the run authorizes with what it says
 * now), and when it names another authorization server than the token's the run authorizes there, with a client of
 * that server (SEP-2352); true then, false when the server is the same.
 */
export async function movedAuthorizationServer(
  challenge: Challenge | null,
  auth: Authorization,
  input: McpRunInput,
  ports: McpChainPorts
): Promise<boolean> {
  ports.report.line('The access token was refused: reading the protected resource metadata again.');
  const grant = input.grant?.kind ?? 'authorization-code';
  const now = await discover(input.url, challenge, input.targets ?? STRICT_TARGETS, ports, grant);
  const previous = auth.tokenIssuer;
  auth.discovered = now;
  if (now.issuer === previous) return false;
  ports.report.line(
    `The authorization server is now ${now.issuer}, not ${previous ?? 'the one the saved token came from'}: a client of its own there (the other server's credentials are not used with it).`
  );
  return true;
}

const bearerOf = (t: TokenSet, scope: string | null): SavedBearer => ({
  accessToken: t.accessToken,
  refreshToken: t.refreshToken,
  expiresAt: t.expiresAt,
  scope,
});

/**
 * The token saved for this server, used as it is while it has not expired; past its expiry, refreshed first
 * (RFC 6749 §6); without a refresh token, or when the refresh is refused, the run authorizes afresh.
 */
export async function useSaved(
  keeper: McpTokenKeeper,
  auth: Authorization,
  input: McpRunInput,
  ports: McpChainPorts
): Promise<void> {
  const saved = await keeper.load();
  if (!saved) return;
  const { token } = saved;
  const now = ports.now();
  const expired = token.expiresAt !== null && token.expiresAt <= now;
  ports.report.step('The token saved for this server');
  ports.report.line(
    `Saved access token for resource ${saved.resource}${saved.issuer ? ` from ${saved.issuer}` : ''}, scope ${token.scope ?? '(none)'}, ${token.expiresAt === null ? 'no expiry given' : `${expired ? 'expired' : 'expires'} ${new Date(token.expiresAt).toISOString()}`}${token.refreshToken ? ', with a refresh token' : ''}.`
  );
  // A client saved without its issuer is used only to refresh its own token: it cannot be matched to a server.
  if (saved.issuer) auth.clients.set(saved.issuer, saved.client);
  Object.assign(auth, { saved, token: token.accessToken, tokenIssuer: saved.issuer, scope: token.scope });
  if (expired) await refreshOrDrop(auth, input, ports);
}

/** Refreshes the saved token and saves the new one; false (and nothing kept in the run) when it cannot be. */
export async function refreshOrDrop(auth: Authorization, input: McpRunInput, ports: McpChainPorts): Promise<boolean> {
  const saved = auth.saved!;
  auth.saved = null;
  if (!saved.token.refreshToken) ports.report.line('No refresh token was saved: authorizing again.');
  const fresh = saved.token.refreshToken ? await refreshSaved(saved, input.headers ?? [], ports) : null;
  if (!fresh) {
    if (saved.issuer) auth.clients.delete(saved.issuer);
    Object.assign(auth, { token: null, tokenIssuer: null, scope: null });
    return false;
  }
  auth.token = fresh.accessToken;
  auth.scope = fresh.scope ?? saved.token.scope;
  await input.keeper?.save({ ...saved, token: bearerOf(fresh, auth.scope) });
  return true;
}
