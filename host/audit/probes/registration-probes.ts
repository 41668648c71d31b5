import type { ProbeClient, ProbeContext } from './probe-context';
import { codeSecretsOf, exchange, issuedTokens, obtainCode } from './code-kit';
import { answerOf, endpoint, ProbeSkip, reproduction, said, type ProbeOutcome, type TokenAnswer } from './probe-kit';

/** RFC 7591 §3.1: a client registered with these redirect URIs, authenticating with client_secret_basic. */
function register(
  ctx: ProbeContext,
  redirectUris: readonly string[],
  extra: Readonly<Record<string, unknown>> = {}
): Promise<TokenAnswer> {
  const metadata = {
    ...extra,
    client_name: 'oauth-lab audit',
    redirect_uris: redirectUris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'client_secret_basic',
  };
  return answerOf(ctx, {
    method: 'POST',
    url: endpoint(ctx, 'registration_endpoint'),
    headers: [
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json'],
    ],
    body: JSON.stringify(metadata),
  });
}

const registered = (a: TokenAnswer) => a.response.status === 201 && typeof a.json?.client_id === 'string';

/** --register: the probes' client, registered with the redirect URI given; throws why when it cannot be. */
export async function registerProbeClient(
  ctx: ProbeContext,
  extra: Readonly<Record<string, unknown>> = {}
): Promise<ProbeClient> {
  const a = await register(ctx, [ctx.client.redirectUri], extra);
  if (!registered(a)) throw new ProbeSkip(`--register: the registration endpoint answered ${said(a)}.`);
  const secret = a.json!.client_secret;
  return {
    ...ctx.client,
    clientId: a.json!.client_id as string,
    clientSecret: typeof secret === 'string' ? secret : null,
  };
}

const needsRegister = (ctx: ProbeContext) => {
  if (!ctx.client.register)
    throw new ProbeSkip('registers a client at the audited server: give --register to allow it.');
};

/** RFC 6749 §4.1.3: a code is exchanged only by the client it was issued to; a second client is registered to try. */
export async function codeOtherClientProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  needsRegister(ctx);
  const other = await registerProbeClient(ctx);
  const a = await obtainCode(ctx);
  const t = await exchange({ ...ctx, client: other }, a.code, a.verifier);
  return {
    found: issuedTokens(t),
    evidence: [
      `a code issued to ${ctx.client.clientId}, exchanged by the client registered as ${other.clientId}: ${said(t)}`,
    ],
    reproduce: reproduction(t.request, codeSecretsOf({ ...ctx, client: other }, a)),
  };
}

/** RFC 9700 §2.6, RFC 7591 §5: a redirect URI on plain http at a non-loopback host must not be registered. */
export async function dcrInsecureRedirectProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  needsRegister(ctx);
  const insecure = 'http://oauth-lab-audit.example/callback';
  const a = await register(ctx, [insecure]);
  return {
    found: registered(a),
    evidence: [
      `registration with redirect_uris ["${insecure}"]: ${a.response.status === 201 ? '201, registered' : said(a)}`,
    ],
    reproduce: reproduction(a.request, []),
  };
}

/** RFC 9449 §5.2: a client registered with dpop_bound_access_tokens true gets no token without a DPoP proof. */
export async function dpopRequiredProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  needsRegister(ctx);
  const bound = { ...ctx, client: await registerProbeClient(ctx, { dpop_bound_access_tokens: true }) };
  const a = await obtainCode(bound);
  const t = await exchange(bound, a.code, a.verifier);
  return {
    found: issuedTokens(t),
    evidence: [
      `a client registered with dpop_bound_access_tokens true (${bound.client.clientId}) exchanged a code without a DPoP proof: ${said(t)}`,
    ],
    reproduce: reproduction(t.request, codeSecretsOf(bound, a)),
  };
}
