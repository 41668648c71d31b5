import {
  missingParameters,
  parameterFlag,
  type GrantParameter,
  type TokenEndpointGrant,
} from '../../../shared/flows/driver/token-endpoint-grant';
import { DPOP_FLAGS } from '../dpop-flags';
import { parseFlags } from '../flags';
import { MACHINE_CLIENT_AUTH_FLAGS } from '../flow/machine-client-auth';
import {
  assertionRecipeOf,
  GRANT_ASSERTION_FLAGS,
  signGrantAssertion,
  type AssertionRecipe,
} from '../flow/grant-assertion';
import { NODE_EFFECTS } from '../flow/cli-host-port';
import { runTokenEndpointGrant } from '../flow/run-machine';
import { tokenEndpointGrantHelp } from '../help/flow-grant';
import { UsageError, type CliIO } from '../io';
import { secretFlagOptions, withSecrets } from '../secret-flags';
import { COMMON_FLAGS, runMachineGrant, type MachineFlagValues } from './flow-machine';

/** The flags of a token-endpoint grant: the machine grants' own, and one per parameter (a secret's also -file). */
function grantFlags(grant: TokenEndpointGrant) {
  const params = grant.spec.parameters;
  return {
    ...COMMON_FLAGS,
    'token-url': { type: 'string' },
    ...MACHINE_CLIENT_AUTH_FLAGS,
    ...DPOP_FLAGS,
    ...(buildsAssertion(grant) ? GRANT_ASSERTION_FLAGS : {}),
    ...secretFlagOptions(params.filter((p) => p.secret).map(parameterFlag)),
    ...Object.fromEntries(
      params
        .filter((p) => !p.secret)
        .map((p) => [parameterFlag(p), p.repeatable ? { type: 'string', multiple: true } : { type: 'string' }] as const)
    ),
  } as const;
}

/** A grant whose parameter is an assertion (RFC 7521 §4.1) can build it from a key when none is given. */
const buildsAssertion = (grant: TokenEndpointGrant) => grant.spec.parameters.some((p) => p.name === 'assertion');

/** How a parameter is given on the command line, for its usage error: `--assertion-file FILE (or …)`. */
const flagWords = (p: GrantParameter) => {
  const flag = parameterFlag(p);
  return p.secret
    ? `--${flag}-file FILE (or --${flag}, or OAUTH_LAB_${flag.toUpperCase().replace(/-/g, '_')})`
    : `--${flag}`;
};

/** Each parameter's value from its flag (its file, its variable; a repeated flag's values one per line), refused by name when a needed one is missing. */
function parameterValues(
  grant: TokenEndpointGrant,
  v: MachineFlagValues,
  recipe: AssertionRecipe | null
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const p of grant.spec.parameters) {
    const value = v[parameterFlag(p)];
    const text = Array.isArray(value) ? value.join('\n') : value;
    if (typeof text === 'string' && text !== '') values[p.name] = text;
  }
  const missing = missingParameters(grant.spec, values).filter((p) => !(recipe && p.name === 'assertion'))[0];
  if (missing) {
    const needed = missing.requiredWith ? ` with --${parameterFlag({ name: missing.requiredWith })}` : '';
    throw new UsageError(`${flagWords(missing)} is required for flow ${grant.spec.command}${needed}: ${missing.what}.`);
  }
  return values;
}

/**
 * `oauth-lab flow <command>` of a token-endpoint grant, derived from its spec: no browser, exit 0 only with a
 * token, printed on stdout (JSON with --json); progress and checks on stderr.
 */
export async function tokenEndpointGrantCommand(grant: TokenEndpointGrant, argv: string[], io: CliIO): Promise<number> {
  const { command, parameters } = grant.spec;
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(tokenEndpointGrantHelp(grant.spec));
    return 0;
  }
  const secrets = ['client-secret', ...parameters.filter((p) => p.secret).map(parameterFlag)];
  const given = withSecrets(
    parseFlags(argv, grantFlags(grant), `flow ${command}`),
    io.env,
    secrets
  ) as MachineFlagValues;
  const recipe = buildsAssertion(grant) ? assertionRecipeOf(given) : null;
  const v = recipe ? withRecipeDefaults(given, recipe) : given;
  const values = parameterValues(grant, v, recipe);
  return runMachineGrant(command, v, io, async ({ client, options, report, dpop }) => {
    const config = {
      ...client,
      // Google's JWT bearer flow takes the scope in the assertion, not as a parameter.
      scope: recipe?.scopeClaim ? null : ((v.scope as string | undefined) ?? null),
      values: recipe
        ? { ...values, assertion: await signGrantAssertion(recipe, client.tokenUrl, report, NODE_EFFECTS) }
        : values,
    };
    return runTokenEndpointGrant(grant, config, options, report, dpop);
  });
}

/**
 * A service account's defaults (grant-assertion.ts): its token_uri as the token endpoint, its client_email as the
 * client_id, no client authentication (Google's JWT bearer flow has none), unless the flags say otherwise.
 */
function withRecipeDefaults(v: MachineFlagValues, recipe: AssertionRecipe): MachineFlagValues {
  if (!recipe.tokenUrl) return v;
  const named = v['base-url'] !== undefined || v.issuer !== undefined || v['token-url'] !== undefined;
  return {
    ...v,
    ...(named ? {} : { 'token-url': recipe.tokenUrl }),
    'client-id': v['client-id'] ?? recipe.clientId ?? undefined,
    'client-auth': v['client-auth'] ?? 'none',
  };
}
