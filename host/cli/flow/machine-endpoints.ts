import { endpointUrl } from '../../../shared/flows/common';
import type { DiscoveredEndpoints } from '../../../shared/oidc/discovery';
import {
  deviceAuthorizationEndpoint,
  endpointSourceWords,
  metadataForCertificateClient,
  metadataTokenEndpoint,
  type ChosenEndpoint,
} from '../../../shared/oidc/profile-endpoints';
import { authenticatesByCertificate } from '../../../shared/oauth2/token-request';
import { clientAuthOf } from './machine-client-auth';
import { SEED } from '../../../shared/seed';
import { discover } from '../../oidc/discover';
import { terminalSafe } from '../terminal-text';
import { UsageError } from '../io';
import { interruptible } from '../interrupt';
import type { FlowRunOptions } from './options';
import { FlowFailure, type FlowReport } from './report';

/** Where a client without a browser sends its requests, from exactly one of --base-url, --issuer, --token-url. */
export interface MachineEndpointFlags {
  readonly 'base-url'?: string;
  readonly issuer?: string;
  readonly 'token-url'?: string;
  readonly 'token-path'?: string;
  readonly 'device-authorization-path'?: string;
  readonly 'client-auth'?: string;
}

export interface MachineEndpoints {
  readonly baseUrl: string;
  readonly tokenUrl: string;
  /** Null unless the grant needs it (the device flow). */
  readonly deviceAuthorizationUrl: string | null;
  /** Where the device authorization endpoint came from, in words (profile-endpoints.ts). */
  readonly deviceAuthorizationFrom?: string;
}

/** The one of --base-url, --issuer, --token-url given; none or more than one is a usage error. */
function oneWhere(v: MachineEndpointFlags, device: boolean): 'base-url' | 'issuer' | 'token-url' {
  const given = (['base-url', 'issuer', 'token-url'] as const).filter((f) => v[f] !== undefined);
  const allowed = device ? '--base-url or --issuer' : 'one of --base-url, --issuer, --token-url';
  if (given.length !== 1)
    throw new UsageError(
      given.length ? `give only one of ${given.map((f) => `--${f}`).join(', ')}.` : `give ${allowed}.`
    );
  return given[0]!;
}

/** The issuer's metadata (OIDC Discovery, RFC 8414), its checks on stderr; null when none is usable and `optional`. */
async function discovered(
  issuer: string,
  options: FlowRunOptions,
  report: FlowReport,
  optional: boolean
): Promise<DiscoveredEndpoints | null> {
  report.step(`Discovery of ${issuer}`);
  const d = await interruptible(`the discovery of ${issuer}`, (signal) =>
    discover(issuer, undefined, { ...options.send, signal })
  );
  const why = d.refused ?? `No discovery document at ${issuer} (tried ${d.tried.join(', ')}).`;
  if (d.endpoints && !d.refused) {
    report.checks(d.checks);
    return d.endpoints;
  }
  if (!optional) throw new FlowFailure('discovery', why);
  report.line(`${terminalSafe(why)} The device authorization endpoint is found without it.`);
  return null;
}

/** The endpoint and where it came from, on stderr: `Token endpoint: URL (from --token-path)`. */
const said = (report: FlowReport, name: string, chosen: ChosenEndpoint, flag: string) =>
  report.line(`${name}: ${terminalSafe(chosen.url)} (from ${terminalSafe(endpointSourceWords(chosen, flag))})`);

/** The metadata as the client reads it: a client that authenticates by certificate its mutual-TLS aliases first. */
const readAs = (v: MachineEndpointFlags, fetched: DiscoveredEndpoints | null) =>
  authenticatesByCertificate(clientAuthOf(v['client-auth'])) ? metadataForCertificateClient(fetched) : fetched;

/**
 * The token endpoint under --issuer: --token-path when given (a typed path wins over the document, as flow oauth2's
 * --token-path and flow device's --device-authorization-path do), else the one the issuer's metadata names (its
 * mutual-TLS alias for a certificate client); neither fails.
 */
function issuerToken(
  issuer: string,
  tokenPath: string | undefined,
  metadata: DiscoveredEndpoints | null
): ChosenEndpoint {
  if (tokenPath !== undefined) return { url: endpointUrl(issuer, tokenPath), source: 'profile' };
  const token = metadataTokenEndpoint(metadata);
  if (!token)
    throw new FlowFailure(
      'discovery',
      `The discovery document of ${issuer} has no token_endpoint; give --token-path, or --base-url with the paths.`
    );
  return token;
}

/**
 * The device flow's endpoints (RFC 8628): the token endpoint by issuerToken under --issuer, or under --base-url from
 * --token-path (else a certificate client's mutual-TLS alias in the metadata, RFC 8705 §5, else the service's
 * default path); the device authorization endpoint by the one resolution (deviceAuthorizationEndpoint:
 * --device-authorization-path, else the metadata's device_authorization_endpoint, RFC 8628 §4, of --issuer or of
 * --base-url, else a preset for the base URL, else the service's default path), each said on stderr with where it
 * came from, as the Device page does.
 */
async function deviceEndpoints(
  v: MachineEndpointFlags,
  which: 'base-url' | 'issuer',
  options: FlowRunOptions,
  report: FlowReport
): Promise<MachineEndpoints> {
  const base = which === 'issuer' ? v.issuer! : v['base-url']!;
  const flag = v['device-authorization-path'] ?? '';
  const fetched = which === 'issuer' || !flag ? await discovered(base, options, report, which === 'base-url') : null;
  const metadata = readAs(v, fetched);
  const alias = metadataTokenEndpoint(metadata);
  const token: ChosenEndpoint =
    which === 'issuer'
      ? issuerToken(base, v['token-path'], metadata)
      : v['token-path'] !== undefined
        ? { url: endpointUrl(base, v['token-path']), source: 'profile' }
        : alias?.source === 'mtls-alias'
          ? alias
          : { url: endpointUrl(base, SEED.endpoints.oauth2Token.path), source: 'default' };
  const device = deviceAuthorizationEndpoint(flag, base, metadata);
  said(report, 'Device authorization endpoint', device, '--device-authorization-path');
  said(report, 'Token endpoint', token, '--token-path');
  return {
    baseUrl: base,
    tokenUrl: token.url,
    deviceAuthorizationUrl: device.url,
    deviceAuthorizationFrom: endpointSourceWords(device, '--device-authorization-path'),
  };
}

/**
 * The endpoints: under --base-url (paths defaulting to the mock's), from the issuer's discovery document (OIDC
 * Discovery, RFC 8414; a certificate client's mutual-TLS alias, RFC 8705 §5; --token-path wins, said on stderr), or
 * the token URL as given; the device flow's by deviceEndpoints.
 */
export async function machineEndpoints(
  v: MachineEndpointFlags,
  device: boolean,
  options: FlowRunOptions,
  report: FlowReport
): Promise<MachineEndpoints> {
  const which = oneWhere(v, device);
  if (which === 'token-url' && v['token-path'] !== undefined)
    throw new UsageError(
      '--token-path goes with --base-url or --issuer; --token-url is the whole token endpoint: give one.'
    );
  if (device && which !== 'token-url') return deviceEndpoints(v, which, options, report);
  if (which === 'base-url') {
    const base = v['base-url']!;
    return {
      baseUrl: base,
      tokenUrl: endpointUrl(base, v['token-path'] ?? SEED.endpoints.oauth2Token.path),
      deviceAuthorizationUrl: null,
    };
  }
  if (which === 'token-url')
    return { baseUrl: v['token-url']!, tokenUrl: v['token-url']!, deviceAuthorizationUrl: null };
  const issuer = v.issuer!;
  const metadata = readAs(v, await discovered(issuer, options, report, false));
  const token = issuerToken(issuer, v['token-path'], metadata);
  said(report, 'Token endpoint', token, '--token-path');
  return { baseUrl: issuer, tokenUrl: token.url, deviceAuthorizationUrl: null };
}
