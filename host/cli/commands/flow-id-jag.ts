import type { IdJagConfig } from '../../../shared/flows/driver/grants/id-jag';
import { DPOP_FLAGS } from '../dpop-flags';
import { parseFlags } from '../flags';
import { MACHINE_CLIENT_AUTH_FLAGS } from '../flow/machine-client-auth';
import { runIdJag } from '../flow/run-machine';
import { ID_JAG_FLOW_HELP } from '../help/flow-id-jag';
import { UsageError, type CliIO } from '../io';
import { secretFlagOptions, withSecrets } from '../secret-flags';
import { COMMON_FLAGS, runMachineGrant, type MachineFlagValues } from './flow-machine';

const FLAGS = {
  ...COMMON_FLAGS,
  'token-url': { type: 'string' },
  ...MACHINE_CLIENT_AUTH_FLAGS,
  ...DPOP_FLAGS,
  'idp-token-endpoint': { type: 'string' },
  'idp-client-id': { type: 'string' },
  ...secretFlagOptions(['idp-client-secret', 'id-token']),
  audience: { type: 'string' },
  resource: { type: 'string' },
} as const;

const SECRETS = ['client-secret', 'idp-client-secret', 'id-token'];

/** A flag the command cannot run without, refused by name and what it is. */
function required(v: MachineFlagValues, flag: string, words: string): string {
  const value = v[flag];
  if (typeof value !== 'string' || value === '') throw new UsageError(`${words} is required for flow id-jag.`);
  return value;
}

/** The IdP's side from the flags: its token endpoint, its client (Basic with a secret, else its id only), the id_token. */
function idpOf(v: MachineFlagValues): Pick<IdJagConfig, 'idp' | 'idToken'> {
  const tokenUrl = required(v, 'idp-token-endpoint', '--idp-token-endpoint URL (the IdP’s token endpoint)');
  const clientId = required(v, 'idp-client-id', '--idp-client-id ID (the client at the IdP)');
  const idToken = required(v, 'id-token', '--id-token-file FILE (or --id-token, or OAUTH_LAB_ID_TOKEN)');
  const clientSecret = (v['idp-client-secret'] as string | undefined) ?? '';
  return {
    idp: { tokenUrl, clientId, clientSecret, authentication: clientSecret ? 'basic' : 'none' },
    idToken,
  };
}

/** The ID-JAG's audience: --audience, else the resource's authorization server's issuer (--issuer, --base-url). */
function audienceOf(v: MachineFlagValues): string {
  const audience = (v.audience ?? v.issuer ?? v['base-url']) as string | undefined;
  if (!audience)
    throw new UsageError(
      '--audience ISSUER is required for flow id-jag with --token-url: the resource authorization server’s issuer.'
    );
  return audience;
}

/**
 * `oauth-lab flow id-jag`: the exchange at the enterprise IdP for an ID-JAG, then its redemption at the resource's
 * authorization server (grants/id-jag.ts); no browser, exit 0 only with a token, printed on stdout (JSON with
 * --json), both legs and their checks on stderr.
 */
export async function idJagFlowCommand(argv: string[], io: CliIO): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(ID_JAG_FLOW_HELP);
    return 0;
  }
  const v = withSecrets(parseFlags(argv, FLAGS, 'flow id-jag'), io.env, SECRETS) as MachineFlagValues;
  const idp = idpOf(v);
  const audience = audienceOf(v);
  return runMachineGrant('id-jag', v, io, ({ client, options, report, dpop }) => {
    const config: IdJagConfig = {
      ...idp,
      ...client,
      audience,
      resource: (v.resource as string | undefined) ?? null,
      scope: (v.scope as string | undefined) ?? null,
    };
    return runIdJag(config, options, report, dpop);
  });
}
