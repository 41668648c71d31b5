import { MCP_GRANTS, type ClientFlags, type McpGrant, type McpSenderAuth } from '../../../shared/flows/mcp/ports';
import type { ClientAuthentication } from '../../../shared/oauth2/token-request';
import { idpTokenEndpointRefusal } from '../../../shared/mcp/targets';
import { parseHttpUrl } from '../../../shared/url';
import { nodeRandom } from '../../../platform/node/node-crypto';
import { DPOP_FLAGS, dpopClientOf } from '../dpop-flags';
import { hostAssertionSigner } from '../../client-assertion-signer';
import {
  clientAuthOf,
  machineClientAuth,
  MACHINE_CLIENT_AUTH_FLAGS,
  type MachineClientAuth,
} from '../flow/machine-client-auth';
import { UsageError, type CliIO } from '../io';
import { secretFlagOptions } from '../secret-flags';

/** The secrets `oauth-lab mcp` takes, each also from a file or the environment (secret-flags.ts). */
export const MCP_SECRETS = ['client-secret', 'assertion', 'idp-client-secret', 'id-token'] as const;

/**
 * The client's flags of `oauth-lab mcp`: who it is, how it gets its token (--grant), how it authenticates (the
 * flags `flow` has: machine-client-auth.ts) and DPoP (dpop-flags.ts).
 */
export const MCP_CLIENT_FLAGS = {
  'client-id': { type: 'string' },
  'client-metadata-url': { type: 'string' },
  ...secretFlagOptions(MCP_SECRETS),
  'client-auth': { type: 'string' },
  grant: { type: 'string' },
  'idp-token-endpoint': { type: 'string' },
  'idp-client-id': { type: 'string' },
  ...MACHINE_CLIENT_AUTH_FLAGS,
  ...DPOP_FLAGS,
} as const;

type Values = Readonly<Record<string, string | boolean | string[] | undefined>>;

/** The methods whose requests name one registered client: its assertion's iss and sub, or its certificate's. */
const NEEDS_CLIENT_ID: readonly ClientAuthentication[] = [
  'client_secret_jwt',
  'private_key_jwt',
  'tls_client_auth',
  'self_signed_tls_client_auth',
];

/** A grant's own flags, each with what it is (flag names without their `-file` form). */
const GRANT_FLAGS: Readonly<Record<string, { grant: string; what: string }>> = {
  assertion: { grant: 'jwt-bearer', what: 'the workload JWT it presents, RFC 7523 §2.1' },
  'idp-token-endpoint': { grant: 'id-jag', what: 'the enterprise IdP that issues the ID-JAG' },
  'idp-client-id': { grant: 'id-jag', what: 'the client at the IdP' },
  'idp-client-secret': { grant: 'id-jag', what: 'the client at the IdP' },
  'id-token': { grant: 'id-jag', what: 'the user’s id_token, exchanged for the ID-JAG' },
};

/** A grant's flags go only with that grant: refused before a file is read. */
export function refuseStrayGrantFlags(v: Values): void {
  for (const [flag, { grant, what }] of Object.entries(GRANT_FLAGS))
    if ((v[flag] !== undefined || v[`${flag}-file`] !== undefined) && v.grant !== grant)
      throw new UsageError(`--${flag} goes with --grant ${grant} (${what}).`);
}

/**
 * --dpop-mistake comes with the DPoP flags but is not honoured here: the MCP chain takes a refused proof at the MCP
 * server for a refused token and authorizes again, so the planted mistake's refusal would not be what the run shows.
 */
export function refuseFlowOnlyFlags(v: Values): void {
  if (v['dpop-mistake'] !== undefined)
    throw new UsageError(
      `--dpop-mistake belongs to oauth-lab flow (and oauth-lab call), not to oauth-lab mcp: plant a DPoP mistake with oauth-lab flow client-credentials --dpop --dpop-mistake ${String(v['dpop-mistake'])}.`
    );
}

/** A flag --grant id-jag cannot run without, refused by name and what it is. */
function idJagFlag(v: Values, flag: string, words: string): string {
  const value = v[flag];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--grant id-jag needs ${words}.`);
  return value;
}

/**
 * The IdP's side of --grant id-jag (enterprise-managed authorization): its token endpoint, its client (Basic with a
 * secret, else its id in the body, as `flow id-jag`), and the user's id_token to exchange.
 */
function idJagGrantOf(v: Values): McpGrant {
  const tokenUrl = idJagFlag(v, 'idp-token-endpoint', '--idp-token-endpoint URL (the IdP’s token endpoint)');
  try {
    parseHttpUrl(tokenUrl, 'url');
  } catch (e) {
    throw new UsageError(`--idp-token-endpoint: ${(e as Error).message}`);
  }
  const insecure = idpTokenEndpointRefusal(tokenUrl, !!v['allow-insecure-http']);
  if (insecure)
    throw new UsageError(`--idp-token-endpoint ${insecure} --allow-insecure-http allows it, for a test IdP you trust.`);
  const clientId = idJagFlag(v, 'idp-client-id', '--idp-client-id ID (the client at the IdP)');
  const idToken = idJagFlag(
    v,
    'id-token',
    '--id-token-file FILE (or OAUTH_LAB_ID_TOKEN, or --id-token): the user’s id_token from the IdP'
  );
  const clientSecret = (v['idp-client-secret'] as string | undefined) ?? '';
  return {
    kind: 'id-jag',
    idp: { tokenUrl, clientId, clientSecret, authentication: clientSecret ? 'basic' : 'none' },
    idToken,
  };
}

function grantOf(v: Values): McpGrant {
  const name = (v.grant as string | undefined) ?? 'authorization-code';
  if (!(MCP_GRANTS as readonly string[]).includes(name))
    throw new UsageError(
      `--grant must be authorization-code, client-credentials, jwt-bearer or id-jag; got "${name}".`
    );
  if (name !== 'authorization-code' && v['client-id'] === undefined)
    throw new UsageError(
      `--grant ${name} needs --client-id: a pre-registered client (a client without a user registers no redirect URI).`
    );
  if (name === 'client-credentials') return { kind: 'client-credentials' };
  if (name === 'authorization-code') return { kind: 'authorization-code' };
  if (name === 'id-jag') return idJagGrantOf(v);
  const assertion = v.assertion as string | undefined;
  if (!assertion)
    throw new UsageError(
      '--grant jwt-bearer needs --assertion-file FILE (or OAUTH_LAB_ASSERTION, or --assertion): the workload JWT it presents (RFC 7523 §2.1).'
    );
  return { kind: 'jwt-bearer', assertion };
}

/**
 * The client, the grant and the sender authentication of the flags, checked before anything is sent: a method
 * without what it needs, a key that is not a private key, a certificate without its key, each named.
 */
export async function mcpClientOf(
  v: Values,
  io: CliIO
): Promise<{ client: ClientFlags; grant: McpGrant; senderAuth: McpSenderAuth; send: MachineClientAuth['send'] }> {
  const text = v['client-auth'] as string | undefined;
  const authentication = text === undefined ? null : clientAuthOf(text);
  const clientId = (v['client-id'] as string | undefined) ?? null;
  if (authentication && NEEDS_CLIENT_ID.includes(authentication) && clientId === null)
    throw new UsageError(`--client-auth ${authentication} needs --client-id: the client registered with that method.`);
  const grant = grantOf(v);
  const clientSecret = (v['client-secret'] as string | undefined) ?? '';
  const auth = machineClientAuth(
    { ...(v as Record<string, string>), 'client-secret': clientSecret },
    authentication ?? 'none',
    clientId ?? ''
  );
  const dpop = await dpopClientOf(v as Parameters<typeof dpopClientOf>[0], io);
  return {
    client: {
      clientId,
      clientSecret,
      metadataUrl: (v['client-metadata-url'] as string | undefined) ?? null,
      authentication,
      certificate: auth.send.clientCertificate !== undefined,
    },
    grant,
    senderAuth: { assertion: auth.assertion, sign: hostAssertionSigner(nodeRandom), dpop: dpop?.client ?? null },
    send: auth.send,
  };
}
