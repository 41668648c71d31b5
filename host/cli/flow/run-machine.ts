import type { DpopClient } from '../../../shared/dpop/dpop-client';
import type { ClientCredentialsConfig } from '../../../shared/flows/client-credentials-flow';
import type { DeviceConfig, DeviceState } from '../../../shared/flows/device-flow';
import type { Grant } from '../../../shared/flows/driver/grant';
import type { FlowRunnerPort } from '../../../shared/flows/driver/host-port';
import { CLIENT_GRANTS } from '../../../shared/flows/driver/registry';
import type { TokenEndpointGrant, TokenEndpointGrantConfig } from '../../../shared/flows/driver/token-endpoint-grant';
import type { IdJagConfig } from '../../../shared/flows/driver/grants/id-jag';
import { LegFailed, runFlow } from '../../../shared/flows/driver/run-flow';
import type { TokenSet } from '../../../shared/oauth2/token-response';
import { cliLegPort, NODE_EFFECTS, type CliEffects } from './cli-host-port';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/** A grant with no browser leg on the CLI: its sent and polling legs through cliLegPort. */
function machinePort(
  options: FlowRunOptions,
  report: FlowReport,
  effects: CliEffects,
  dpop: DpopClient | null = null
): FlowRunnerPort {
  return {
    ...cliLegPort(options, report, effects, dpop),
    awaitRedirect: () => Promise.reject(new Error('A grant without a user agent has no redirect leg.')),
  };
}

async function runMachineGrant<S extends { readonly token: TokenSet | null }, C, L extends string>(
  grant: Grant<S, C, L>,
  config: C,
  port: FlowRunnerPort,
  succeeded?: (leg: L, state: S) => void
): Promise<TokenSet> {
  try {
    const { state } = await runFlow(grant, config, port, succeeded);
    // A run that ends without a failed leg ends with the token (runFlow throws LegFailed otherwise).
    return state.token!;
  } catch (e) {
    if (e instanceof LegFailed) throw new FlowFailure(e.leg, e.message, e.run.exchange?.response ?? null);
    throw e;
  }
}

/**
 * Client credentials (RFC 6749 §4.4) on the flow driver: one token request, the token or the reason there is none;
 * with `dpop`, the request carries a proof and follows a nonce challenge (RFC 9449 §5, §8).
 */
export const runClientCredentials = (
  config: ClientCredentialsConfig,
  options: FlowRunOptions,
  report: FlowReport,
  dpop: DpopClient | null = null,
  effects: CliEffects = NODE_EFFECTS
): Promise<TokenSet> =>
  runMachineGrant(CLIENT_GRANTS.client_credentials, config, machinePort(options, report, effects, dpop));

/**
 * The device flow (RFC 8628) on the flow driver: the device authorization request, the codes for the user on
 * stderr (one `name: value` line each, for a program to read), then the polls until the answer is final; with
 * `dpop`, each poll carries a proof and follows a nonce challenge (RFC 9449 §5, §8: the token endpoint's legs).
 */
export const runDeviceFlow = (
  config: DeviceConfig,
  options: FlowRunOptions,
  report: FlowReport,
  dpop: DpopClient | null = null,
  effects: CliEffects = NODE_EFFECTS
): Promise<TokenSet> =>
  runMachineGrant(
    CLIENT_GRANTS.device_code,
    config,
    machinePort(options, report, effects, dpop),
    (leg, s: DeviceState) => {
      if (leg !== 'device' || !s.device) return;
      report.line(`verification_uri: ${s.device.verificationUri}`);
      report.line(`user_code: ${s.device.userCode}`);
      if (s.device.verificationUriComplete)
        report.line(`verification_uri_complete: ${s.device.verificationUriComplete}`);
    }
  );

/**
 * A token-endpoint grant (RFC 6749 §4.5; token-endpoint-grant.ts) on the flow driver: its one token request with
 * the client's authentication and, with `dpop`, a proof (RFC 9449 §5).
 */
export const runTokenEndpointGrant = (
  grant: TokenEndpointGrant,
  config: TokenEndpointGrantConfig,
  options: FlowRunOptions,
  report: FlowReport,
  dpop: DpopClient | null = null,
  effects: CliEffects = NODE_EFFECTS
): Promise<TokenSet> => runMachineGrant(grant, config, machinePort(options, report, effects, dpop));

/**
 * The ID-JAG grant (grants/id-jag.ts) on the flow driver: the exchange at the IdP, then the redemption with the
 * client's authentication and, with `dpop`, a proof (RFC 9449 §5).
 */
export const runIdJag = (
  config: IdJagConfig,
  options: FlowRunOptions,
  report: FlowReport,
  dpop: DpopClient | null = null,
  effects: CliEffects = NODE_EFFECTS
): Promise<TokenSet> => runMachineGrant(CLIENT_GRANTS.id_jag, config, machinePort(options, report, effects, dpop));
