import type { McpProtocolVersion } from '../../mcp/stateless-wire';
import type { TargetPolicy } from '../../mcp/targets';
import type { Param } from '../../url-encoded';
import type { ClientFlags, McpGrant } from './ports';
import type { McpTokenKeeper } from './saved-server';

/** What one run of the MCP chain is given: the server, the client, what to call and what the user allowed. */
export interface McpRunInput {
  readonly url: string;
  readonly client: ClientFlags;
  /** The revision to speak (../../mcp/stateless-wire.ts); absent or null: the newest the server speaks. */
  readonly protocolVersion?: McpProtocolVersion | null;
  /** Asked for instead of what the challenge or the metadata say. */
  readonly scope: string | null;
  readonly call: { readonly name: string; readonly arguments: Readonly<Record<string, unknown>> } | null;
  /** How the token is obtained; absent: the authorization code grant with the user. */
  readonly grant?: McpGrant;
  /** Extra headers on the OAuth requests (a profile's, such as a User-Agent). */
  readonly headers?: readonly Param[];
  /** Where this server's token is kept between runs; absent or null: every run authorizes afresh. */
  readonly keeper?: McpTokenKeeper | null;
  /** What the user allowed of the URLs the server chooses (../../mcp/targets.ts); absent: neither. */
  readonly targets?: TargetPolicy;
}
