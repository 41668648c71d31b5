import type { Check } from '../../check';
import { ProtocolError, PROTOCOL_ERROR } from '../../errors';
import type { Exchange, RawRequest } from '../../http';
import type { TokenSet } from '../../oauth2/token-response';
import { interpretMachineToken, machineTokenRequest, type MachineClient } from '../client-credentials-flow';
import type { Interpretation, LegStatus } from '../common';
import { buildBearerRequest, interpretBearerResponse } from '../oauth2-flow';
import type { Grant } from './grant';

/** One parameter a grant sends beside grant_type and scope (RFC 7523 §2.1's `assertion`). */
export interface GrantParameter {
  /** The form parameter's name; the CLI's flag is `--<name>` with `-` for `_` (and `--<name>-file`): parameterFlag. */
  readonly name: string;
  /** What the value is, for the help and the page ("the JWT the client presents, RFC 7523 §2.1"). */
  readonly what: string;
  /** A credential: read from a file or the environment as well, never printed. */
  readonly secret: boolean;
  /** Sent only when given (RFC 8693 §2.1's audience); required otherwise. */
  readonly optional?: boolean;
  /** Required when this other parameter is given (RFC 8693 §2.1: actor_token_type with actor_token). */
  readonly requiredWith?: string;
  /** Sent once per value, the values one per line (RFC 8707 §2's resource); the CLI's flag repeats. */
  readonly repeatable?: boolean;
}

/** The CLI's flag of a parameter: its name with `-` for `_` (subject_token: --subject-token). */
export const parameterFlag = (p: Pick<GrantParameter, 'name'>): string => p.name.replace(/_/g, '-');

/** A parameter's values as sent: a repeatable one's lines (blank ones dropped), else the value itself. */
const parameterValues = (p: GrantParameter, value: string | undefined): string[] =>
  !value
    ? []
    : p.repeatable
      ? value
          .split(/\r?\n/)
          .map((v) => v.trim())
          .filter(Boolean)
      : [value];

/**
 * A grant that is one request to the token endpoint (RFC 6749 §4.5 (https://www.rfc-editor.org/rfc/rfc6749#section-4.5)
 * extension grants): its grant type, its parameters and the client's authentication (the driver's, as every leg's).
 * Everything else follows from it: the driver's legs (the token request, then the bearer call), `oauth-lab flow
 * <command>` with a flag per parameter, and the mock's side in mock-provider/grants/.
 */
export interface TokenEndpointGrantSpec {
  /** `oauth-lab flow <command>`. */
  readonly command: string;
  /** How the grant is named in titles ("JWT bearer"). */
  readonly title: string;
  readonly grantType: string;
  /** Where the grant is defined ("RFC 7523 §2.1"). */
  readonly definedBy: string;
  readonly parameters: readonly GrantParameter[];
  /** What the grant's own response says beyond RFC 6749 §5.1 (RFC 8693 §2.2.1's issued_token_type), judged. */
  readonly responseChecks?: (
    fields: Readonly<Record<string, unknown>>,
    values: Readonly<Record<string, string>>
  ) => readonly Check[];
}

export interface TokenEndpointGrantConfig extends MachineClient {
  readonly scope: string | null;
  /** Each parameter's value by its name. */
  readonly values: Readonly<Record<string, string>>;
  /** RFC 8707 §2 resource indicators, one `resource` parameter each (an MCP server's, say). */
  readonly resources?: readonly string[];
}

export type TokenEndpointGrantLeg = 'token' | 'api';

export interface TokenEndpointGrantState {
  readonly config: TokenEndpointGrantConfig;
  readonly token: TokenSet | null;
  readonly legs: Readonly<Record<TokenEndpointGrantLeg, LegStatus>>;
}

export type TokenEndpointGrant = Grant<TokenEndpointGrantState, TokenEndpointGrantConfig, TokenEndpointGrantLeg> & {
  readonly spec: TokenEndpointGrantSpec;
};

/** The parameters that must be given and are empty: the required ones, and those another given one needs. */
export function missingParameters(
  spec: TokenEndpointGrantSpec,
  values: Readonly<Record<string, string>>
): GrantParameter[] {
  const given = (name: string) =>
    parameterValues(
      spec.parameters.find((p) => p.name === name)!,
      values[name]
    ).length > 0;
  return spec.parameters.filter((p) => !given(p.name) && (p.requiredWith ? given(p.requiredWith) : !p.optional));
}

/** The token request: grant_type, scope and every parameter given, refused when a needed one is empty (RFC 6749 §4.5). */
function buildGrantRequest(spec: TokenEndpointGrantSpec, s: TokenEndpointGrantState): RawRequest {
  const missing = missingParameters(spec, s.config.values);
  if (missing.length)
    throw new ProtocolError(
      PROTOCOL_ERROR.MISSING_GRANT_PARAMETER,
      'token-request',
      `The ${spec.title} grant (${spec.definedBy}) needs ${missing.map((p) => `${p.name} (${p.what})`).join(' and ')}; it is empty.`
    );
  return machineTokenRequest(s.config, {
    type: 'extension',
    grantType: spec.grantType,
    scope: s.config.scope,
    params: [
      ...spec.parameters.flatMap((p) => parameterValues(p, s.config.values[p.name]).map((v) => [p.name, v] as const)),
      ...(s.config.resources ?? []).map((r) => ['resource', r] as const),
    ],
  });
}

function interpretGrantToken(
  spec: TokenEndpointGrantSpec,
  s: TokenEndpointGrantState,
  exchange: Exchange,
  now: number
): Interpretation<TokenEndpointGrantState> {
  const r = interpretMachineToken(exchange, now, 'extension');
  const checks =
    r.token && spec.responseChecks ? [...r.checks, ...spec.responseChecks(r.token.fields, s.config.values)] : r.checks;
  const ok = !!r.token && checks.every((c) => c.ok);
  return {
    ok,
    checks,
    summary: r.summary,
    state: r.token
      ? { ...s, token: r.token, legs: { token: ok ? 'succeeded' : 'failed', api: 'ready' } }
      : { ...s, legs: { ...s.legs, token: 'failed' } },
  };
}

/** The driver's grant of a spec: the token request, then the bearer call (RFC 6750 §2.1) for the user to send. */
export function tokenEndpointGrant(spec: TokenEndpointGrantSpec): TokenEndpointGrant {
  return {
    spec,
    name: spec.title,
    flow: 'oauth2',
    start: (config) => ({ config, token: null, legs: { token: 'ready', api: 'not_started' } }),
    first: 'token',
    next: () => null,
    tokensObtained: (before, after) =>
      after.token && after.token !== before.token ? { kind: 'oauth2', token: after.token } : null,
    legs: {
      token: {
        kind: 'send',
        title: () => `Token request (${spec.title}, ${spec.definedBy})`,
        build: (s) => buildGrantRequest(spec, s),
        interpret: (s, exchange, now) => interpretGrantToken(spec, s, exchange, now),
      },
      api: {
        kind: 'send',
        title: () => 'Call the API with the access token (Bearer)',
        build: (s) => buildBearerRequest(s, { method: 'GET', path: s.config.apiPath }),
        interpret: interpretBearerResponse,
      },
    },
  };
}

/** Whether a registered grant is a token-endpoint grant (its page and its `flow` command are derived). */
export const isTokenEndpointGrant = (g: object): g is TokenEndpointGrant => 'spec' in g;
