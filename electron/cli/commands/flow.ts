import { PRESETS } from '../../../shared/presets';
import type { Profile } from '../../../shared/store/profile';
import { validateIssuer } from '../../../shared/oidc';
import { loginParams, PROMPTS, type LoginOptions, type Prompt } from '../../../shared/oidc/login-options';
import { cliHistory } from '../cli-history';
import { parseFlags } from '../flags';
import { UsageError, type Command } from '../io';
import type { FlowRunOptions } from '../flow/options';
import { PROFILE_FLAGS, profileFromFlags } from '../flow/profile-flags';
import { FlowFailure, FlowReport } from '../flow/report';
import { runOAuth1 } from '../flow/run-oauth1';
import { runOAuth2 } from '../flow/run-oauth2';
import { saveFlowTokens } from '../flow/save-tokens';
import { terminalSafe, terminalSafeJson } from '../terminal-text';

const HELP = `Usage: oauth-lab flow oauth1 --base-url URL --consumer-key K --consumer-secret S [options]
       oauth-lab flow oauth2 --base-url URL --client-id I --client-secret S [--scope S] [--no-pkce] [options]
       oauth-lab flow oauth2 --preset github --client-id I --client-secret S

Runs a whole flow against a server and prints the tokens. Progress goes to stderr; the authorization URL is
printed on its own line there and opened in the system browser, and a loopback listener on 127.0.0.1 catches
the redirect (RFC 8252). The flags are the settings of a profile in the app, validated the same way.

  --preset NAME         start from a provider's documented settings: ${PRESETS.map((p) => p.id).join(', ')}
  --header "Name: value"  an extra header on every request (repeatable); without a User-Agent among them,
                        User-Agent: OAuth-Lab/<version> is sent
  --request-token-path P, --authorize-path P, --access-token-path P, --token-path P, --api-path P
                        endpoint paths, or full URLs for endpoints on another host; a query on an authorize
                        path is kept (the provider's own parameters)
  --callback-port N     port of the redirect catcher (default 0: any free port; real providers need the
                        registered one, e.g. 8765 for http://127.0.0.1:8765/callback)
  --callback-path P     path of the redirect URI (default /callback)
  --redirect-uri URI    send this redirect URI instead of the catcher's (an https URL, a fixed registered URL,
                        an eBay RuName); unless it is the catcher's loopback URL, paste the URL your browser
                        landed on into stdin
  --wait-timeout S      seconds to wait for the browser's redirect (default 300)
  --allow-self-signed   accept an HTTPS certificate no trusted authority signed (a warning, not a default)
  --no-open             do not open a browser; open the printed URL yourself
  --service             the server implements the service's interface: what it requires beyond the RFCs
                        (oauth_expires_in, token_type bearer, expires_in, scope, refresh_token) fails the flow
                        when missing; without it those are notes and the verdict follows the RFCs
  --verbose             print every raw response (secrets masked; a failure always prints the one that failed)
  --json                print one JSON object with the final token response fields on stdout
  --save PROFILE        store the tokens under the profile with this id or name in the app's store
  --store-dir DIR       the store to save to and record in (default: the per-user config directory, as
                        oauth-lab web)
  --no-history          do not record the exchanges in the store's history (recorded by default, as the
                        app does, unless history is turned off in its settings)

OAuth 1.0a:
  --signature-method M  HMAC-SHA1 (default), HMAC-SHA256, HMAC-SHA512, RSA-SHA1, RSA-SHA256, RSA-SHA512, PLAINTEXT
  --private-key FILE    PEM (PKCS#8) private key for the RSA methods
  --placement P         header (default), query or body: where the protocol parameters go (RFC 5849 §3.5)
  --leg-method M        POST (default) or GET for the request token and access token legs
  --realm R             realm sent first in the Authorization header (never signed)
  --no-version          leave out oauth_version=1.0

OAuth 2:
  --client-auth A       body (default, client_secret in the body), basic (HTTP Basic) or none (client_id only)
  --token-body F        form (default, RFC 6749 §4.1.3) or json
  --token-param n=v     an extra parameter of the token request (repeatable)
  --access-token-field PATH  the token response's field that holds the access token, for a provider that
                        does not call it access_token: a name or a dotted path (AccessToken, token,
                        data.access_token); token_type, expires_in and refresh_token are read beside it
  --grant-type-in-authorize  also send grant_type=authorization_code on the authorization URL, as the
                        service's interface does (RFC 6749 §4.1.1 has none; off by default)
  --no-pkce             leave out PKCE (S256 by default)
  --issuer URL          OpenID Connect (--scope with openid): the issuer to discover and expect in the
                        id_token (default: the base URL); a nonce is sent, the id_token validated step by
                        step (OIDC Core §3.1.3.7) and UserInfo called; a failed step fails the flow
  --id-token-alg ALG    OpenID Connect: the id_token algorithm the client registered (default: any the
                        provider's discovery document lists)
  --prompt VALUES       OpenID Connect: ask the provider for a fresh login (OIDC Core §3.1.2.1): login
                        (authenticate again, e.g. as another user), select_account, consent, or none (show
                        no page: login_required if the user would have to log in); several, comma-separated
                        (none stands alone). The browser keeps the provider's session, so without it the
                        same user is often logged in at once
  --max-age S           OpenID Connect: the oldest acceptable login at the provider, in seconds; the
                        id_token's auth_time is checked against it (OIDC Core §3.1.3.7 item 13)
  --lifecycle           after the exchange, refresh (the rotation shown), introspect (RFC 7662), revoke the
                        new refresh token (RFC 7009) and introspect again; the endpoints come from the
                        provider's metadata. The grant ends revoked; the printed fields are the first response's
`;

export const flowCommand: Command = async (argv, io) => {
  const [protocol, ...rest] = argv;
  if (!protocol || protocol === '--help' || protocol === '-h') {
    io.stdout.write(HELP);
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
    login: loginFromFlags(v.prompt, v['max-age']),
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
    if (v.json) io.stdout.write(`${terminalSafeJson(fields)}\n`);
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
  prompt: { type: 'string' },
  'max-age': { type: 'string' },
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
