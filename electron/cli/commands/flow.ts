import type { Profile } from '../../../shared/store/profile';
import { validateIssuer } from '../../../shared/oidc';
import { cliHistory } from '../cli-history';
import { parseFlags } from '../flags';
import { UsageError, type Command } from '../io';
import type { FlowRunOptions } from '../flow/options';
import { PROFILE_FLAGS, profileFromFlags } from '../flow/profile-flags';
import { FlowFailure, FlowReport } from '../flow/report';
import { runOAuth1 } from '../flow/run-oauth1';
import { runOAuth2 } from '../flow/run-oauth2';
import { saveFlowTokens } from '../flow/save-tokens';
import { FLOW_HELP } from '../help/flow';
import { terminalSafe } from '../terminal-text';

export const flowCommand: Command = async (argv, io) => {
  const [protocol, ...rest] = argv;
  if (!protocol || protocol === '--help' || protocol === '-h') {
    io.stdout.write(FLOW_HELP);
    return protocol ? 0 : 2;
  }
  if (protocol !== 'oauth1' && protocol !== 'oauth2')
    throw new UsageError(`the first argument must be oauth1 or oauth2; got "${protocol}".`);
  const v = parseFlags(rest, FLAGS, 'flow');
  const profile = profileFromFlags(v);
  requireCredentials(protocol, profile);
  const report = new FlowReport(io.stderr, !!v.verbose);
  const options: FlowRunOptions = {
    open: !v['no-open'],
    waitTimeoutMs: integer(v['wait-timeout'] ?? '300', '--wait-timeout', 1, 86400) * 1000,
    send: { allowSelfSigned: profile.allowSelfSigned, env: io.env },
    stdin: io.stdin,
    recording: v['no-history']
      ? null
      : cliHistory(v['store-dir'], profile.id, protocol, (problem) => report.line(`warn: ${problem}`)),
  };
  const issuer = v.issuer ?? null;
  if (issuer !== null) {
    try {
      validateIssuer(issuer);
    } catch (e) {
      throw new UsageError(`--issuer: ${(e as Error).message}`);
    }
  }
  const openId = {
    issuer,
    idTokenAlg: v['id-token-alg'] ?? null,
    lifecycle: !!v.lifecycle,
    bearerAsIssued: !!v['bearer-as-issued'],
  };
  try {
    let fields: Record<string, unknown>;
    if (protocol === 'oauth1') {
      const tokens = await runOAuth1(profile, options, report);
      fields = tokens;
      if (v.save)
        report.line(
          await saveFlowTokens(v.save, v['store-dir'], {
            kind: 'oauth1',
            token: tokens.oauth_token ?? '',
            tokenSecret: tokens.oauth_token_secret ?? '',
            expiresAt: null,
          })
        );
    } else {
      const result = await runOAuth2(profile, options, report, openId);
      fields = result.fields;
      const t = result.token;
      if (v.save)
        report.line(
          await saveFlowTokens(v.save, v['store-dir'], {
            kind: 'oauth2',
            token: t.accessToken,
            refreshToken: t.refreshToken ?? '',
            scope: t.scope ?? '',
            expiresAt: t.expiresAt,
          })
        );
    }
    if (v.json) io.stdout.write(`${JSON.stringify(fields)}\n`);
    else for (const [name, value] of flatten(fields)) io.stdout.write(`${terminalSafe(name)}=${terminalSafe(value)}\n`);
    report.blank();
    report.line('Flow completed.');
    return 0;
  } catch (e) {
    if (!(e instanceof FlowFailure)) throw e;
    io.stderr.write(`\noauth-lab flow ${protocol}: failed at ${e.step}: ${terminalSafe(e.message)}\n`);
    if (e.response) {
      io.stderr.write('The response (secrets masked):\n');
      report.raw(e.response);
    }
    return 1;
  }
};

const FLAGS = {
  ...PROFILE_FLAGS,
  'wait-timeout': { type: 'string' },
  'no-open': { type: 'boolean' },
  json: { type: 'boolean' },
  save: { type: 'string' },
  'store-dir': { type: 'string' },
  'no-history': { type: 'boolean' },
  verbose: { type: 'boolean' },
  issuer: { type: 'string' },
  'id-token-alg': { type: 'string' },
  lifecycle: { type: 'boolean' },
  'bearer-as-issued': { type: 'boolean' },
} as const;

function requireCredentials(protocol: 'oauth1' | 'oauth2', p: Profile): void {
  const need = (value: string, flag: string) => {
    if (value === '') throw new UsageError(`${flag} is required for flow ${protocol}.`);
  };
  if (protocol === 'oauth1') {
    need(p.oauth1.consumerKey, '--consumer-key');
    if (p.oauth1.signatureMethod.startsWith('RSA-')) need(p.oauth1.rsaPrivateKey, '--private-key');
    else need(p.oauth1.consumerSecret, '--consumer-secret');
  } else {
    need(p.oauth2.clientId, '--client-id');
    if (p.oauth2.clientAuthentication !== 'none') need(p.oauth2.clientSecret, '--client-secret');
  }
}

function integer(text: string, flag: string, min: number, max: number): number {
  if (!/^[0-9]+$/.test(text) || +text < min || +text > max)
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}; got "${text}".`);
  return +text;
}

/** Fields as `name=value` lines; a nested object's fields (Slack's authed_user.access_token) under dotted names. */
function flatten(fields: Readonly<Record<string, unknown>>, prefix = ''): [string, string][] {
  return Object.entries(fields).flatMap(([name, value]): [string, string][] =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? flatten(value as Record<string, unknown>, `${prefix}${name}.`)
      : [[`${prefix}${name}`, typeof value === 'string' ? value : JSON.stringify(value)]]
  );
}
