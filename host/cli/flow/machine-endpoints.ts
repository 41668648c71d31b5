import { endpointUrl } from '../../../shared/flows/common';
import { DEFAULT_DEVICE_AUTHORIZATION_PATH } from '../../../shared/flows/device-flow';
import { SEED } from '../../../shared/seed';
import { discover } from '../../oidc/discover';
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
}

export interface MachineEndpoints {
  readonly baseUrl: string;
  readonly tokenUrl: string;
  /** Null unless the grant needs it (the device flow). */
  readonly deviceAuthorizationUrl: string | null;
}

/**
 * The endpoints: under --base-url (paths defaulting to the mock's), from the issuer's discovery document (OIDC
 * Discovery, RFC 8414; device_authorization_endpoint: RFC 8628 §4), or the token URL as given.
 */
export async function machineEndpoints(
  v: MachineEndpointFlags,
  device: boolean,
  options: FlowRunOptions,
  report: FlowReport
): Promise<MachineEndpoints> {
  const given = (['base-url', 'issuer', 'token-url'] as const).filter((f) => v[f] !== undefined);
  const allowed = device ? '--base-url or --issuer' : 'one of --base-url, --issuer, --token-url';
  if (given.length !== 1)
    throw new UsageError(
      given.length ? `give only one of ${given.map((f) => `--${f}`).join(', ')}.` : `give ${allowed}.`
    );
  const [which] = given;
  if (which === 'base-url') {
    const base = v['base-url']!;
    return {
      baseUrl: base,
      tokenUrl: endpointUrl(base, v['token-path'] ?? SEED.endpoints.oauth2Token.path),
      deviceAuthorizationUrl: device
        ? endpointUrl(base, v['device-authorization-path'] ?? DEFAULT_DEVICE_AUTHORIZATION_PATH)
        : null,
    };
  }
  if (which === 'token-url')
    return { baseUrl: v['token-url']!, tokenUrl: v['token-url']!, deviceAuthorizationUrl: null };
  const issuer = v.issuer!;
  report.step(`Discovery of ${issuer}`);
  const d = await interruptible(`the discovery of ${issuer}`, (signal) =>
    discover(issuer, undefined, { ...options.send, signal })
  );
  report.checks(d.checks);
  if (!d.endpoints)
    throw new FlowFailure(
      'discovery',
      d.refused ?? `No discovery document at ${issuer} (tried ${d.tried.join(', ')}).`
    );
  const missing = (member: string) =>
    new FlowFailure(
      'discovery',
      `The discovery document of ${issuer} has no ${member}; give --base-url with the paths instead.`
    );
  if (!d.endpoints.token) throw missing('token_endpoint');
  if (device && !d.endpoints.deviceAuthorization) throw missing('device_authorization_endpoint (RFC 8628 §4)');
  return {
    baseUrl: issuer,
    tokenUrl: d.endpoints.token,
    deviceAuthorizationUrl: d.endpoints.deviceAuthorization ?? null,
  };
}
