import { TOKEN_ENDPOINT_GRANTS, tokenEndpointGrantNamed } from '../../../shared/flows/driver/registry';
import { clientAssertionOf, transportOf } from '../../../shared/flows/profile-config';
import type { Profile } from '../../../shared/store/profile';
import { loginParams, PROMPTS, type LoginOptions, type Prompt } from '../../../shared/oidc/login-options';
import { cliHistory } from '../cli-history';
import { parseFlags } from '../flags';
import { UsageError, type CliIO, type Command } from '../io';
import type { FlowRunOptions } from '../flow/options';
import { PROFILE_FLAGS, profileFromFlags } from '../flow/profile-flags';
import { FlowReport, flowFailed } from '../flow/report';
import { runOAuth1 } from '../flow/run-oauth1';
import { runOAuth2 } from '../flow/run-oauth2';
import { DPOP_FLAGS, dpopClientOf, unmadeDpopMistake } from '../dpop-flags';
import { printTokens } from '../flow/print-tokens';
import { openFlowSaveTarget, type ObtainedTokens } from '../flow/save-tokens';
import { FLOW_HELP } from '../help/flow';
import { FLOW_SECRETS, promptSecret, withSecrets } from '../secret-flags';

export const flowCommand: Command = async (argv, io) => {
  const [protocol, ...rest] = argv;
  if (!protocol || protocol === '--help' || protocol === '-h') {
    io.stdout.write(FLOW_HELP);
    return protocol ? 0 : 2;
  }
  if (protocol === 'client-credentials' || protocol === 'device')
    return (await import('./flow-machine')).machineFlowCommand(protocol, rest, io);
  if (protocol === 'id-jag') return (await import('./flow-id-jag')).idJagFlowCommand(rest, io);
  const tokenGrant = tokenEndpointGrantNamed(protocol);
  if (tokenGrant) return (await import('./flow-grant')).tokenEndpointGrantCommand(tokenGrant, rest, io);
  if (protocol !== 'oauth1' && protocol !== 'oauth2')
    throw new UsageError(
      `the first argument must be oauth1 or oauth2, or ${['client-credentials', 'device', ...TOKEN_ENDPOINT_GRANTS.map((g) => g.spec.command), 'id-jag'].join(', ')} (no browser); got "${protocol}".`
    );
  const v = withSecrets(parseFlags(rest, FLAGS, 'flow'), io.env, FLOW_SECRETS);
  const profile = await withCredentials(protocol, profileFromFlags(v), io);
  const report = new FlowReport(io.stderr, !!v.verbose);
  const options: FlowRunOptions = {
    open: !v['no-open'] && !v.headless,
    headless: !!v.headless,
    waitTimeoutMs: integer(v['wait-timeout'] ?? '300', '--wait-timeout', 1, 86400) * 1000,
    send: { ...transportOf(profile), env: io.env },
    clientAssertion: clientAssertionOf(profile, profile.baseUrl),
    stdin: io.stdin,
    recording: v['no-history']
      ? null
      : cliHistory(v['store-dir'], profile.id, protocol, (problem) => report.line(`warn: ${problem}`)),
  };
  const openId = {
    idTokenAlg: v['id-token-alg'] ?? null,
    lifecycle: !!v.lifecycle,
    bearerAsIssued: !!v['bearer-as-issued'],
    login: loginFromFlags(v.prompt, v['max-age']),
    // OIDC Discovery §4: an OpenID Connect flow given its issuer takes its endpoints from the issuer's metadata.
    ...(v.issuer !== undefined && profile.oauth2.scope.split(/\s+/).includes('openid')
      ? { discoverFirst: { authorize: v['authorize-path'] !== undefined, token: v['token-path'] !== undefined } }
      : {}),
  };
  if (v.dpop && protocol !== 'oauth2') throw new UsageError('--dpop goes with flow oauth2.');
  if (v.headless && protocol !== 'oauth2') throw new UsageError('--headless goes with flow oauth2.');
  for (const f of ['par', 'request-object'] as const)
    if (v[f] && protocol !== 'oauth2') throw new UsageError(`--${f} goes with flow oauth2.`);
  const authorization = { par: !!v.par, requestObject: !!v['request-object'] };
  const dpop = await dpopClientOf(v, io);
  const saveTarget =
    v.save === undefined ? null : openFlowSaveTarget(v.save, v['store-dir'], profile, `oauth-lab flow ${protocol}`);
  if (saveTarget?.notice) report.line(saveTarget.notice);
  // Printed (and saved) as soon as the token endpoint answers, before a later leg (id_token, lifecycle) can fail.
  const keepTokens = ({ fields, tokens }: ObtainedTokens) => {
    printTokens(io.stdout, fields, v.json ? 'json' : saveTarget ? 'masked' : 'lines', dpop?.thumbprint ?? null);
    if (!saveTarget) return;
    try {
      report.line(saveTarget.save(tokens));
    } catch (e) {
      if (!v.json) {
        io.stderr.write('The tokens in full, since they could not be saved:\n');
        printTokens(io.stdout, fields, 'lines');
      }
      throw e;
    }
  };
  try {
    const run = { ...options, onTokens: keepTokens };
    if (protocol === 'oauth1') await runOAuth1(profile, run, report);
    else await runOAuth2(profile, run, report, openId, dpop, authorization);
  } catch (e) {
    return flowFailed(e, protocol, io.stderr, report);
  }
  report.blank();
  const unmade = unmadeDpopMistake(dpop);
  if (unmade) {
    report.line(unmade);
    return 1;
  }
  report.line('Flow completed.');
  return 0;
};

const FLAGS = {
  ...PROFILE_FLAGS,
  'wait-timeout': { type: 'string' },
  'no-open': { type: 'boolean' },
  headless: { type: 'boolean' },
  json: { type: 'boolean' },
  save: { type: 'string' },
  'store-dir': { type: 'string' },
  'no-history': { type: 'boolean' },
  verbose: { type: 'boolean' },
  'id-token-alg': { type: 'string' },
  lifecycle: { type: 'boolean' },
  'bearer-as-issued': { type: 'boolean' },
  prompt: { type: 'string' },
  'max-age': { type: 'string' },
  ...DPOP_FLAGS,
  par: { type: 'boolean' },
  'request-object': { type: 'boolean' },
} as const;

/** --prompt and --max-age as the authorization request's login options, refused here if OIDC Core forbids them. */
function loginFromFlags(promptText: string | undefined, maxAgeText: string | undefined): LoginOptions {
  const prompt = (promptText ?? '').split(/[\s,]+/).filter(Boolean);
  const unknown = prompt.filter((p) => !(PROMPTS as readonly string[]).includes(p));
  if (unknown.length)
    throw new UsageError(`--prompt: ${unknown.map((u) => `"${u}"`).join(', ')} is not one of ${PROMPTS.join(', ')}.`);
  const login: LoginOptions = {
    prompt: prompt as Prompt[],
    maxAge: maxAgeText === undefined ? null : integer(maxAgeText, '--max-age', 0, 10 * 365 * 86400),
  };
  try {
    loginParams(login);
  } catch (e) {
    throw new UsageError(`--prompt: ${(e as Error).message}`);
  }
  return login;
}

/** The profile with its required secret, asked for on a terminal when no flag, file or variable gave it. */
async function withCredentials(protocol: 'oauth1' | 'oauth2', p: Profile, io: CliIO): Promise<Profile> {
  const need = (value: string, flag: string) => {
    if (value === '') throw new UsageError(`${flag} is required for flow ${protocol}.`);
  };
  const why = (flag: string) => `--${flag} is required for flow ${protocol}`;
  if (protocol === 'oauth1') {
    need(p.oauth1.consumerKey, '--consumer-key');
    if (p.oauth1.signatureMethod.startsWith('RSA-')) need(p.oauth1.rsaPrivateKey, '--private-key');
    else if (p.oauth1.consumerSecret === '')
      return {
        ...p,
        oauth1: { ...p.oauth1, consumerSecret: await promptSecret(io, 'consumer-secret', why('consumer-secret')) },
      };
  } else {
    need(p.oauth2.clientId, '--client-id');
    const method = p.oauth2.clientAuthentication;
    if (method === 'private_key_jwt') need(p.oauth2.assertionKey, '--private-key');
    else if (method === 'tls_client_auth' || method === 'self_signed_tls_client_auth') {
      need(p.oauth2.clientCertificate, '--client-cert');
      need(p.oauth2.clientKey, '--client-key');
    } else if (p.oauth2.clientAuthentication !== 'none' && p.oauth2.clientSecret === '')
      return {
        ...p,
        oauth2: { ...p.oauth2, clientSecret: await promptSecret(io, 'client-secret', why('client-secret')) },
      };
  }
  return p;
}

function integer(text: string, flag: string, min: number, max: number): number {
  if (!/^[0-9]+$/.test(text) || +text < min || +text > max)
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}; got "${text}".`);
  return +text;
}
