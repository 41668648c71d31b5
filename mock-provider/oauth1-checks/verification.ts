import type { SignatureMethod } from '../../shared/oauth1';
import type { ProblemReport } from '../../shared/oauth1/problems';
import type { ConsumerConfig } from '../config';
import type { ProviderRequest } from '../http';
import type { Collected } from '../oauth1-collect';
import { computeTrace, type ComputedSignature } from '../oauth1-signature';
import type { SignatureFindings } from '../oauth1-signature-report';
import type { OAuth1Endpoint, VerifyContext } from './verify-context';
import type { OAuth1AccessToken, RequestToken } from '../state';

/** Why a request is refused: the problem report, and the status and headers when they differ from the problem's own. */
export interface Refusal {
  readonly report: ProblemReport;
  /** 401 where RFC 5849 §3.2 (https://www.rfc-editor.org/rfc/rfc5849#section-3.2) calls for it against the problem's usual 400; 405 for a method the leg does not take. */
  readonly status?: 401 | 405;
  readonly headers?: [string, string][];
  /** No OAuth credentials at all: a resource answers with the bare challenge (RFC 5849 §3.5.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5.1)). */
  readonly noCredentials?: boolean;
}

/** One check of a request: null when it passes, else the refusal answered (the first one wins). */
export type Check = (v: Verification) => Refusal | null;

export const refuse = (report: ProblemReport, status?: 401 | 405, headers?: [string, string][]): Refusal => ({
  report,
  ...(status ? { status } : {}),
  ...(headers ? { headers } : {}),
});

const present = (v: string | undefined): v is string => v !== undefined && v !== '';

/** The token named by oauth_token, looked up for the leg, and why it cannot be used there, if it cannot. */
export interface TokenLookup {
  readonly requestToken?: RequestToken;
  readonly accessToken?: OAuth1AccessToken;
  readonly problem: ProblemReport | null;
}

/** Keeps the secrets' absence from shortening the computation (oauthlib's dummy client and token). */
const DUMMY_SECRET = 'dummy-secret-for-constant-time-verification';

/**
 * What the checks learn about one request, in the order they run: the protocol parameters once collected, the
 * timestamp once read, and, computed when a check first asks, the consumer, the token and the provider's signature.
 */
export class Verification {
  private collectedParameters: Collected | undefined;
  private lookup: TokenLookup | undefined;
  private computed: ComputedSignature | undefined;
  private consumerFound: ConsumerConfig | null | undefined;
  /** oauth_timestamp as a number, once the timestamp checks have read it; null when absent (PLAINTEXT). */
  timestamp: number | null = null;

  constructor(
    readonly req: ProviderRequest,
    readonly endpoint: OAuth1Endpoint,
    readonly ctx: VerifyContext
  ) {}

  get collected(): Collected {
    if (!this.collectedParameters)
      throw new Error('The protocol parameters are read before they are collected; the collecting check runs first.');
    return this.collectedParameters;
  }

  set collected(c: Collected) {
    this.collectedParameters = c;
  }

  /** The protocol parameters by name. */
  get oauth(): ReadonlyMap<string, string> {
    return this.collected.oauth;
  }

  /** A parameter's value, or undefined when absent or empty (RFC 5849 §3.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.1) treats both alike). */
  value(name: string): string | undefined {
    const v = this.oauth.get(name);
    return present(v) ? v : undefined;
  }

  get isPlaintext(): boolean {
    return this.oauth.get('oauth_signature_method') === 'PLAINTEXT';
  }

  /** The signature method; a name the provider accepts once the signature method check has passed. */
  get signatureMethod(): SignatureMethod {
    return this.oauth.get('oauth_signature_method') as SignatureMethod;
  }

  /** The consumer named by oauth_consumer_key, looked up once (five checks ask). */
  get consumer(): ConsumerConfig | undefined {
    if (this.consumerFound === undefined) {
      const key = this.oauth.get('oauth_consumer_key');
      this.consumerFound = this.ctx.consumers.find((k) => k.key === key) ?? null;
    }
    return this.consumerFound ?? undefined;
  }

  /** The token for the leg: a request token in step three, an access token at a resource (RFC 5849 §2.3 (https://www.rfc-editor.org/rfc/rfc5849#section-2.3), §3). */
  tokens(): TokenLookup {
    this.lookup ??= lookUpToken(this);
    return this.lookup;
  }

  /** The provider's own signature over the request, computed once (oauth1-signature.ts). */
  signature(): ComputedSignature {
    if (!this.computed) {
      const t = this.tokens();
      const tokenSecret =
        t.requestToken?.secret ?? t.accessToken?.secret ?? (present(this.oauth.get('oauth_token')) ? DUMMY_SECRET : '');
      const sw = this.ctx.switches;
      this.computed = computeTrace(this.req, this.collected, {
        method: this.signatureMethod,
        consumerSecret: this.consumer?.secret ?? DUMMY_SECRET,
        tokenSecret,
        listenAuthority: this.ctx.listenAuthority,
        headerOnly: sw.oauth1HeaderOnly,
        crypto: this.ctx.crypto,
      });
    }
    return this.computed;
  }

  /** What a refusal carries for the event: the provider's signature findings once they were computed. */
  get findings(): SignatureFindings | null {
    return this.computed?.findings ?? null;
  }
}

function lookUpToken(v: Verification): TokenLookup {
  const value = v.value('oauth_token');
  const { state } = v.ctx;
  const consumer = v.consumer;
  if (value === undefined) return { problem: null };
  if (v.endpoint === 'access_token') {
    const requestToken = state.requestTokens.get(value);
    if (!requestToken)
      return {
        problem: {
          problem: 'token_rejected',
          advice: state.accessTokens.has(value)
            ? 'oauth_token is an access token; step three needs the request token from step one (RFC 5849 §2.3).'
            : 'oauth_token is not a request token this provider issued.',
        },
      };
    if (consumer && requestToken.consumerKey !== consumer.key)
      return {
        requestToken,
        problem: {
          problem: 'token_rejected',
          advice: 'This request token was issued to a different consumer key (RFC 5849 §2.3).',
        },
      };
    return { requestToken, problem: null };
  }
  if (v.endpoint === 'resource') {
    const accessToken = state.accessTokens.get(value);
    if (!accessToken)
      return {
        problem: {
          problem: 'token_rejected',
          advice: state.requestTokens.has(value)
            ? 'oauth_token is a request token; API requests need the access token from step three (RFC 5849 §2.3, §3).'
            : 'oauth_token is not an access token this provider issued.',
        },
      };
    if (consumer && accessToken.consumerKey !== consumer.key)
      return {
        accessToken,
        problem: { problem: 'token_rejected', advice: 'This access token was issued to a different consumer key.' },
      };
    return { accessToken, problem: null };
  }
  return { problem: null };
}
