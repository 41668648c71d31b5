import { basicAuthorization } from '../../../shared/oauth2/token-request';
import { formEncode, type Param } from '../../../shared/url-encoded';
import { exchange, issuedTokens, obtainCode, codeSecretsOf } from './code-kit';
import type { ProbeContext } from './probe-context';
import { answerOf, endpoint, header, ProbeSkip, reproduction, said, type ProbeOutcome } from './probe-kit';
import { exchangeWithoutSecret } from './unauthenticated-exchange';

const grantParams = (ctx: ProbeContext, code: string, verifier: string | null): Param[] => [
  ['grant_type', 'authorization_code'],
  ['code', code],
  ['redirect_uri', ctx.client.redirectUri],
  ...(verifier === null ? [] : ([['code_verifier', verifier]] as Param[])),
];

const withQuery = (url: string, params: readonly Param[]) =>
  `${url}${url.includes('?') ? '&' : '?'}${formEncode(params)}`;

/** RFC 6749 §3.2: the token endpoint takes POST only; a GET puts the code (and more) in URLs and logs. */
export async function tokenGetProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  const a = await obtainCode(ctx);
  const { clientId, clientSecret } = ctx.client;
  const basic = clientSecret !== null && ctx.client.clientAuth === 'client_secret_basic';
  const params = [
    ...grantParams(ctx, a.code, a.verifier),
    ['client_id', clientId!] as const,
    ...(clientSecret !== null && !basic ? ([['client_secret', clientSecret]] as Param[]) : []),
  ];
  const t = await answerOf(ctx, {
    method: 'GET',
    url: withQuery(endpoint(ctx, 'token_endpoint'), params),
    headers: [
      ['Accept', 'application/json'],
      ...(basic ? ([['Authorization', basicAuthorization(clientId!, clientSecret)]] as [string, string][]) : []),
    ],
  });
  return {
    found: issuedTokens(t),
    evidence: [`the code exchanged by GET, its parameters in the query: ${said(t)}`],
    reproduce: reproduction(t.request, codeSecretsOf(ctx, a)),
  };
}

/** RFC 6749 §5.1: a response with tokens carries Cache-Control: no-store. */
export async function tokenCacheProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  const a = await obtainCode(ctx);
  const t = await exchange(ctx, a.code, a.verifier);
  if (!issuedTokens(t)) throw new ProbeSkip(`the exchange of a fresh code failed: ${said(t)}.`);
  const cache = header(t.response, 'cache-control');
  return {
    found: !cache || !/(^|,)\s*no-store\s*(,|$)/i.test(cache),
    evidence: [
      `a token response (${said(t)}) with Cache-Control ${cache === undefined ? '(absent)' : JSON.stringify(cache)}`,
    ],
    reproduce: reproduction(t.request, codeSecretsOf(ctx, a)),
  };
}

/** RFC 6749 §2.3.1: the client secret is never sent in the request URI. */
export async function secretInQueryProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  const { clientId, clientSecret } = ctx.client;
  if (clientSecret === null) throw new ProbeSkip('needs a client with a secret.');
  const a = await obtainCode(ctx);
  const t = await answerOf(ctx, {
    method: 'POST',
    url: withQuery(endpoint(ctx, 'token_endpoint'), [['client_secret', clientSecret]]),
    headers: [
      ['Content-Type', 'application/x-www-form-urlencoded'],
      ['Accept', 'application/json'],
    ],
    body: formEncode([...grantParams(ctx, a.code, a.verifier), ['client_id', clientId!]]),
  });
  // Tokens without the secret anywhere would say nothing of the query: then it is left undecided.
  if (issuedTokens(t)) {
    const control = await exchangeWithoutSecret(ctx);
    if (control.accepted)
      throw new ProbeSkip(
        `the code exchanged with client_secret in the token endpoint's query: ${said(t)}; but one exchanged with no secret at all too (${said(control.answer)}): the query proves nothing here (advertised-not-enforced tries that).`
      );
  }
  return {
    found: issuedTokens(t),
    evidence: [`the code exchanged with client_secret in the token endpoint's query: ${said(t)}`],
    reproduce: reproduction(t.request, codeSecretsOf(ctx, a)),
  };
}
