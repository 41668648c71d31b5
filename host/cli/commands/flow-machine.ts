import type { DpopClient } from '../../../shared/dpop/dpop-client';
import type { ClientAuthentication } from '../../../shared/oauth2/token-request';
import type { TokenSet } from '../../../shared/oauth2/token-response';
import type { MachineClient as MachineTokenClient } from '../../../shared/flows/client-credentials-flow';
import { cliHistory } from '../cli-history';
import { DPOP_FLAGS, dpopClientOf } from '../dpop-flags';
import { parseFlags } from '../flags';
import {
  clientAuthOf,
  machineClientAuth,
  MACHINE_CLIENT_AUTH_FLAGS,
  type MachineClientAuth,
} from '../flow/machine-client-auth';
import { machineEndpoints, type MachineEndpointFlags, type MachineEndpoints } from '../flow/machine-endpoints';
import type { FlowRunOptions } from '../flow/options';
import { machineTokenOutcome } from '../flow/machine-token-outcome';
import { requestTimeoutMs } from '../flow/profile-flags';
import { FlowReport } from '../flow/report';
import { runClientCredentials, runDeviceFlow } from '../flow/run-machine';
import { MACHINE_FLOW_HELP } from '../help/flow-machine';
import { UsageError, type CliIO } from '../io';
import { promptSecret, secretFlagOptions, withSecrets } from '../secret-flags';

/** The two grants without a browser: `flow client-credentials` (RFC 6749 §4.4) and `flow device` (RFC 8628). */
export type MachineGrantName = 'client-credentials' | 'device';

export const COMMON_FLAGS = {
  'base-url': { type: 'string' },
  issuer: { type: 'string' },
  'token-path': { type: 'string' },
  'api-path': { type: 'string' },
  'client-id': { type: 'string' },
  'client-auth': { type: 'string' },
  scope: { type: 'string' },
  json: { type: 'boolean' },
  verbose: { type: 'boolean' },
  'no-history': { type: 'boolean' },
  'store-dir': { type: 'string' },
  'allow-self-signed': { type: 'boolean' },
  timeout: { type: 'string' },
  ...secretFlagOptions(['client-secret']),
} as const;

const FLAGS = {
  'client-credentials': {
    ...COMMON_FLAGS,
    'token-url': { type: 'string' },
    resource: { type: 'string', multiple: true },
    audience: { type: 'string' },
    ...MACHINE_CLIENT_AUTH_FLAGS,
    ...DPOP_FLAGS,
  },
  device: {
    ...COMMON_FLAGS,
    ...MACHINE_CLIENT_AUTH_FLAGS,
    'device-authorization-path': { type: 'string' },
    ...DPOP_FLAGS,
  },
} as const;

export type MachineFlagValues = Readonly<Record<string, string | string[] | boolean | undefined>>;

/** The client as the flags name it: who it is and how it authenticates at the token endpoint. */
interface MachineClient {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly authentication: ClientAuthentication;
  readonly clientAuth: MachineClientAuth;
}

/** The flags' client: --client-id, --client-auth and the secret (asked for, hidden, on a terminal when missing). */
async function machineClientOf(name: string, v: MachineFlagValues, io: CliIO): Promise<MachineClient> {
  const clientId = v['client-id'] as string | undefined;
  if (!clientId) throw new UsageError(`--client-id is required for flow ${name}.`);
  const authentication = clientAuthOf(v['client-auth'] as string | undefined);
  const clientSecret =
    authentication === 'none' || authentication === 'private_key_jwt' || authentication.endsWith('tls_client_auth')
      ? ''
      : ((v['client-secret'] as string | undefined) ??
        (await promptSecret(
          io,
          'client-secret',
          `--client-secret is required for flow ${name} with --client-auth ${authentication}`
        )));
  const clientAuth = machineClientAuth(
    { ...(v as Record<string, string>), 'client-secret': clientSecret },
    authentication,
    clientId
  );
  return { clientId, clientSecret, authentication, clientAuth };
}

/** How the flow sends and records: no browser, no callback to wait for, the history unless --no-history. */
function machineRunOptions(v: MachineFlagValues, io: CliIO, client: MachineClient, report: FlowReport): FlowRunOptions {
  return {
    open: false,
    waitTimeoutMs: 0,
    send: {
      allowSelfSigned: !!v['allow-self-signed'],
      timeoutMs: v.timeout === undefined ? 30_000 : requestTimeoutMs(v.timeout as string),
      env: io.env,
      ...client.clientAuth.send,
    },
    stdin: io.stdin,
    recording: v['no-history']
      ? null
      : cliHistory(v['store-dir'] as string | undefined, 'cli', 'oauth2', (problem) => report.line(`warn: ${problem}`)),
  };
}

/** A machine grant's client once its endpoints are known: the client's fields of every grant's config. */
export type MachineGrantClient = Omit<MachineTokenClient, 'headers'>;

/** What a grant run gets: its endpoints and client, the run options (with the client's assertion), the report, DPoP. */
export interface MachineGrantRun {
  readonly endpoints: MachineEndpoints;
  readonly client: MachineGrantClient;
  readonly options: FlowRunOptions;
  readonly report: FlowReport;
  readonly dpop: DpopClient | null;
}

/**
 * Runs one grant without a browser, non-interactively for CI, the setup every such command shares: the flags'
 * client (a hidden prompt for the secret on a terminal the only one), the report, DPoP, the endpoints, the client's
 * assertion for the token endpoint; exit 0 only with a token, printed on stdout (JSON with --json), progress and
 * checks on stderr. `device`: the device flow's endpoints too.
 */
export async function runMachineGrant(
  name: string,
  v: MachineFlagValues,
  io: CliIO,
  grant: (run: MachineGrantRun) => Promise<TokenSet>,
  device = false
): Promise<number> {
  const machineClient = await machineClientOf(name, v, io);
  const { clientId, clientSecret, authentication, clientAuth } = machineClient;
  const report = new FlowReport(io.stderr, !!v.verbose);
  const dpop = await dpopClientOf(v as Parameters<typeof dpopClientOf>[0], io);
  const options = machineRunOptions(v, io, machineClient, report);
  const obtain = async () => {
    const endpoints = await machineEndpoints(v as MachineEndpointFlags, device, options, report);
    const assertion = clientAuth.assertion(endpoints.tokenUrl, (v.issuer as string | undefined) ?? null);
    const { baseUrl, tokenUrl } = endpoints;
    const apiPath = (v['api-path'] as string | undefined) ?? '/api/v2/me';
    const client = { baseUrl, tokenUrl, clientId, clientSecret, authentication, apiPath };
    const run = { ...options, clientAssertion: assertion };
    return grant({ endpoints, client, options: run, report, dpop: dpop?.client ?? null });
  };
  return machineTokenOutcome(obtain, name, io, report, dpop, !!v.json);
}

/** Runs client-credentials or the device flow to its token. */
function machineGrant(name: MachineGrantName, v: MachineFlagValues) {
  const scope = (v.scope as string | undefined) ?? null;
  return ({ endpoints, client, options, report, dpop }: MachineGrantRun): Promise<TokenSet> =>
    name === 'device'
      ? runDeviceFlow(
          {
            ...client,
            deviceAuthorizationUrl: endpoints.deviceAuthorizationUrl!,
            ...(endpoints.deviceAuthorizationFrom
              ? { deviceAuthorizationFrom: endpoints.deviceAuthorizationFrom }
              : {}),
            scope,
          },
          options,
          report,
          dpop
        )
      : runClientCredentials(
          {
            ...client,
            scope,
            resources: (v.resource as string[] | undefined) ?? [],
            audience: (v.audience as string | undefined) ?? null,
          },
          options,
          report,
          dpop
        );
}

/** `oauth-lab flow client-credentials` and `flow device` (runMachineGrant). */
export async function machineFlowCommand(name: MachineGrantName, argv: string[], io: CliIO): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(MACHINE_FLOW_HELP);
    return 0;
  }
  const v = withSecrets(parseFlags(argv, FLAGS[name], `flow ${name}`), io.env, ['client-secret']) as MachineFlagValues;
  return runMachineGrant(name, v, io, machineGrant(name, v), name === 'device');
}
