import type { FindingId } from '../../../shared/audit/findings';
import { isLoopbackHost } from '../../../shared/url';
import {
  authorize,
  newPkce,
  ProbeSkip,
  randomValue,
  redirectedTo,
  reproduction,
  scopeParams,
  type AuthorizeAnswer,
  type ProbeOutcome,
} from './probe-kit';
import type { ProbeContext } from './probe-context';

/**
 * The redirect URI probes (RFC 9700 §2.1, §4.1): the client's registered redirect URI changed one way at a time,
 * sent in an otherwise valid authorization request. A server that redirects to the changed URI takes it.
 */
type Variant = (registered: URL) => string;

const VARIANTS: Partial<Record<FindingId, Variant>> = {
  'redirect-uri-prefix-match': (u) => {
    const v = new URL(u);
    v.pathname = `${v.pathname.replace(/\/$/, '')}/oauth-lab-audit`;
    return v.href;
  },
  'redirect-uri-query-added': (u) => {
    if (u.search !== '') throw new ProbeSkip(`the redirect URI ${u.href} has a query already.`);
    return `${u.href}?oauth_lab_audit=1`;
  },
  'redirect-uri-other-port': (u) => {
    // RFC 8252 §7.3: a loopback redirect URI may take any port, so another port proves nothing there.
    if (isLoopbackHost(u.hostname))
      throw new ProbeSkip(`the redirect URI ${u.href} is loopback, where any port is allowed (RFC 8252 §7.3).`);
    const v = new URL(u);
    v.port = v.port === '8443' ? '8444' : '8443';
    return v.href;
  },
  'redirect-uri-other-host': (u) => {
    const v = new URL(u);
    v.hostname = 'oauth-lab-audit.invalid';
    return v.href;
  },
  'redirect-uri-scheme-downgrade': (u) => {
    if (u.protocol !== 'https:') throw new ProbeSkip(`the redirect URI ${u.href} is not https.`);
    return `http:${u.href.slice('https:'.length)}`;
  },
};

const codeRequest = (ctx: ProbeContext, redirectUri: string) => [
  ['response_type', 'code'] as const,
  ['client_id', ctx.client.clientId!] as const,
  ['redirect_uri', redirectUri] as const,
  ['state', randomValue()] as const,
  ['code_challenge', newPkce().challenge] as const,
  ['code_challenge_method', 'S256'] as const,
  ...scopeParams(ctx),
];

const outcomeOf = (a: AuthorizeAnswer) =>
  a.location ? `${a.status} redirect to ${a.location.origin}${a.location.pathname}` : `${a.status}, no redirect`;

/** The registered redirect URI itself must be taken, or no variant's refusal means anything. */
export async function redirectBaseline(ctx: ProbeContext): Promise<string | null> {
  const a = await authorize(ctx, codeRequest(ctx, ctx.client.redirectUri));
  return redirectedTo(a, ctx.client.redirectUri)
    ? null
    : `the registered redirect URI ${ctx.client.redirectUri} itself was not taken (${outcomeOf(a)}): check --client-id and --redirect-uri.`;
}

export function redirectProbe(id: FindingId): (ctx: ProbeContext) => Promise<ProbeOutcome> {
  const variant = VARIANTS[id];
  if (!variant) throw new Error(`${id} is not a redirect URI finding`);
  return async (ctx) => {
    const changed = variant(new URL(ctx.client.redirectUri));
    const a = await authorize(ctx, codeRequest(ctx, changed));
    const found = redirectedTo(a, changed);
    return {
      found,
      evidence: [
        `authorization request with redirect_uri ${changed} (registered: ${ctx.client.redirectUri}): ${outcomeOf(a)}${found ? ', the changed URI taken' : ''}`,
      ],
      reproduce: reproduction(a.request, []),
    };
  };
}

/** RFC 9700 §4.11.2, RFC 6749 §4.1.2.1: an error must not be redirected to a URI that is not registered. */
export async function errorRedirectProbe(ctx: ProbeContext): Promise<ProbeOutcome> {
  const unregistered = 'https://oauth-lab-audit.invalid/callback';
  const a = await authorize(ctx, [
    ['response_type', 'oauth_lab_audit_unsupported'],
    ['client_id', ctx.client.clientId!],
    ['redirect_uri', unregistered],
    ['state', randomValue()],
  ]);
  const found = redirectedTo(a, unregistered);
  return {
    found,
    evidence: [
      `authorization request with an unsupported response_type and the unregistered redirect_uri ${unregistered}: ${outcomeOf(a)}${found ? ': an open redirect' : ''}`,
    ],
    reproduce: reproduction(a.request, []),
  };
}
