import { isSignatureMethod } from '../../../shared/oauth1';
import { validateIssuer } from '../../../shared/oidc';
import { parseHttpUrl } from '../../../shared/url';
import { parseFlags } from '../flags';
import { UsageError, type Command } from '../io';
import type { FlowRunOptions } from '../flow/options';
import { FlowFailure, FlowReport } from '../flow/report';
import { runOAuth1 } from '../flow/run-oauth1';
import { runOAuth2 } from '../flow/run-oauth2';

const HELP = `Usage: oauth-lab flow oauth1 --base-url URL --consumer-key K --consumer-secret S [options]
       oauth-lab flow oauth2 --base-url URL --client-id I --client-secret S [--scope S] [--no-pkce] [options]

Runs a whole flow against a server and prints the tokens. Progress goes to stderr; the authorization URL is
printed on its own line there and opened in the system browser, and a loopback listener on 127.0.0.1 catches
the redirect (RFC 8252).

  --signature-method M  OAuth 1.0a: HMAC-SHA1 (default), HMAC-SHA256, HMAC-SHA512, PLAINTEXT
  --realm R             OAuth 1.0a: realm sent first in the Authorization header (never signed)
  --no-version          OAuth 1.0a: leave out oauth_version=1.0
  --request-token-path P, --authorize-path P, --access-token-path P, --token-path P
                        endpoint paths (or full URLs) when the server does not use the service's
                        /oauth/v1/... and /oauth/v2/... paths
  --callback-port N     port of the redirect catcher (default 0: any free port; real providers need the
                        registered one, e.g. 8765 for http://127.0.0.1:8765/callback)
  --callback-path P     path of the redirect URI (default /callback)
  --wait-timeout S      seconds to wait for the browser's redirect (default 300)
  --client-auth body|basic  OAuth 2 client authentication (default body, as the service documents)
  --issuer URL          OpenID Connect (--scope with openid): the issuer to discover and expect in the
                        id_token (default: the base URL); a nonce is sent, the id_token validated step by
                        step (OIDC Core §3.1.3.7) and UserInfo called; a failed step fails the flow
  --id-token-alg ALG    OpenID Connect: the id_token algorithm the client registered (default: any the
                        provider's discovery document lists)
  --lifecycle           OAuth 2: after the exchange, refresh (the rotation shown), introspect (RFC 7662), revoke
                        the new refresh token (RFC 7009) and introspect again; the endpoints come from the
                        provider's metadata. The grant ends revoked; the printed fields are the first response's
  --allow-self-signed   accept an HTTPS certificate no trusted authority signed (a warning, not a default)
  --no-open             do not open a browser; open the printed URL yourself
  --json                print one JSON object with the final token response fields on stdout
`;

export const flowCommand: Command = async (argv, io) => {
  const [protocol, ...rest] = argv;
  if (!protocol || protocol === '--help' || protocol === '-h') {
    io.stdout.write(HELP);
    return protocol ? 0 : 2;
  }
  if (protocol !== 'oauth1' && protocol !== 'oauth2') throw new UsageError(`the first argument must be oauth1 or oauth2; got "${protocol}".`);
  const v = parseFlags(rest, FLAGS, 'flow');
  const need = (name: keyof typeof v, flag: string): string => {
    const value = v[name];
    if (typeof value !== 'string' || value === '') throw new UsageError(`${flag} is required for flow ${protocol}.`);
    return value;
  };
  const baseUrl = need('base-url', '--base-url');
  try {
    parseHttpUrl(baseUrl, 'base-url');
  } catch (e) {
    throw new UsageError(`--base-url: ${(e as Error).message}`);
  }
  const options: FlowRunOptions = {
    baseUrl,
    callbackPort: integer(v['callback-port'] ?? '0', '--callback-port', 0, 65535),
    callbackPath: v['callback-path'] ?? '/callback',
    open: !v['no-open'],
    waitTimeoutMs: integer(v['wait-timeout'] ?? '300', '--wait-timeout', 1, 86400) * 1000,
    send: { allowSelfSigned: !!v['allow-self-signed'], env: io.env },
  };
  if (!options.callbackPath.startsWith('/')) throw new UsageError(`--callback-path must start with "/"; got "${options.callbackPath}".`);
  const clientAuth = v['client-auth'] ?? 'body';
  if (clientAuth !== 'body' && clientAuth !== 'basic') throw new UsageError(`--client-auth must be body or basic; got "${clientAuth}".`);
  const signatureMethod = v['signature-method'] ?? 'HMAC-SHA1';
  if (!isSignatureMethod(signatureMethod) || signatureMethod.startsWith('RSA-')) throw new UsageError(`--signature-method must be HMAC-SHA1, HMAC-SHA256, HMAC-SHA512 or PLAINTEXT; got "${signatureMethod}".`);
  const issuer = v.issuer ?? null;
  if (issuer !== null) {
    try {
      validateIssuer(issuer);
    } catch (e) {
      throw new UsageError(`--issuer: ${(e as Error).message}`);
    }
  }
  const report = new FlowReport(io.stderr);
  try {
    const result =
      protocol === 'oauth1'
        ? await runOAuth1({ consumerKey: need('consumer-key', '--consumer-key'), consumerSecret: need('consumer-secret', '--consumer-secret'), signatureMethod, realm: v.realm ?? null, includeVersion: !v['no-version'], paths: { requestToken: v['request-token-path'], authorize: v['authorize-path'], accessToken: v['access-token-path'] } }, options, report)
        : await runOAuth2({ clientId: need('client-id', '--client-id'), clientSecret: need('client-secret', '--client-secret'), scope: v.scope ?? null, pkce: !v['no-pkce'], authentication: clientAuth, paths: { authorize: v['authorize-path'], token: v['token-path'] }, issuer, idTokenAlg: v['id-token-alg'] ?? null, lifecycle: !!v.lifecycle }, options, report);
    if (v.json) io.stdout.write(`${JSON.stringify(result)}\n`);
    else for (const [name, value] of Object.entries(result)) io.stdout.write(`${name}=${String(value)}\n`);
    report.line('\nFlow completed.');
    return 0;
  } catch (e) {
    if (!(e instanceof FlowFailure)) throw e;
    io.stderr.write(`\noauth-lab flow ${protocol}: failed at ${e.step}: ${e.message}\n`);
    return 1;
  }
};

const FLAGS = {
  'base-url': { type: 'string' }, 'consumer-key': { type: 'string' }, 'consumer-secret': { type: 'string' },
  'client-id': { type: 'string' }, 'client-secret': { type: 'string' }, scope: { type: 'string' }, 'no-pkce': { type: 'boolean' },
  'callback-port': { type: 'string' }, 'callback-path': { type: 'string' }, 'wait-timeout': { type: 'string' }, 'client-auth': { type: 'string' },
  'allow-self-signed': { type: 'boolean' }, 'signature-method': { type: 'string' }, realm: { type: 'string' }, 'no-version': { type: 'boolean' },
  'request-token-path': { type: 'string' }, 'authorize-path': { type: 'string' }, 'access-token-path': { type: 'string' }, 'token-path': { type: 'string' }, issuer: { type: 'string' }, 'id-token-alg': { type: 'string' }, lifecycle: { type: 'boolean' }, 'no-open': { type: 'boolean' }, json: { type: 'boolean' },
} as const;

function integer(text: string, flag: string, min: number, max: number): number {
  if (!/^[0-9]+$/.test(text) || +text < min || +text > max) throw new UsageError(`${flag} must be a whole number from ${min} to ${max}; got "${text}".`);
  return +text;
}
