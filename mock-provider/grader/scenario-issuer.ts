import type { Observed } from '../../shared/grade/observed';
import type { Scenario } from '../../shared/grade/scenarios';
import { decodeParams, jsonReply, redirectReply, reply, type ProviderRequest, type Reply } from '../http';
import type { GraderKeys } from './grader-keys';
import type { Answered, GradedClient, IssuerState, ScenarioAnswers } from './issuer-types';
import { faultAnswer, GRADE_USER } from './id-token-claims';
import { secret, tokenEndpoint } from './scenario-token';

/** Where the poisoned discovery document's endpoints live, below the issuer URL. */
const HONEYPOT = '/poisoned';

/**
 * One scenario's issuer: discovery, authorize (approves the test user at once and answers 302 with code,
 * state and iss), token, UserInfo and JWKS, each right but for the scenario's one fault.
 */
export class ScenarioIssuer implements ScenarioAnswers {
  readonly state: IssuerState = {
    codes: new Map(),
    accessTokens: new Set(),
    refresh: { current: null, rotatedOut: new Set(), authTime: null },
    userinfoCalls: 0,
  };

  constructor(
    readonly scenario: Scenario,
    /** The issuer URL, http://127.0.0.1:PORT/grade/RUN/SCENARIO. */
    readonly issuer: string,
    readonly client: GradedClient,
    readonly keys: GraderKeys,
    /** The clock, in milliseconds. */
    readonly now: () => number
  ) {}

  /** The metadata (OpenID Connect Discovery §3, RFC 8414 §2; RFC 9207 §3 for the iss parameter). */
  metadata(): Record<string, unknown> {
    // The poisoned document (MCP suite's honeypot): another issuer, its endpoints under /poisoned, so a client that
    // uses it anyway is seen at them.
    const poisoned = this.scenario.fault === 'discovery-issuer-mismatch';
    const at = (p: string) => `${this.issuer}${poisoned ? HONEYPOT : ''}${p}`;
    return {
      issuer: poisoned ? `${this.issuer}-other` : this.issuer,
      authorization_endpoint: at('/authorize'),
      token_endpoint: at('/token'),
      userinfo_endpoint: at('/userinfo'),
      jwks_uri: at('/jwks'),
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      subject_types_supported: ['public'],
      // OpenID Connect Discovery §3: none MAY be listed where the id_token comes from the token endpoint only.
      id_token_signing_alg_values_supported: this.scenario.idTokenAlg === 'none' ? ['RS256', 'none'] : ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['openid', 'email', 'profile'],
      claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'email', 'email_verified', 'name'],
      authorization_response_iss_parameter_supported: true,
    };
  }

  /** Answers one request whose path is below the issuer URL; one to the honeypot is answered as its endpoint's, observed as the honeypot's. */
  handle(req: ProviderRequest, path: string): Answered {
    if (path.startsWith(`${HONEYPOT}/`)) {
      const a = this.endpoint(req, path.slice(HONEYPOT.length));
      return { ...a, observed: { ...a.observed, endpoint: 'honeypot' } };
    }
    return this.endpoint(req, path);
  }

  private endpoint(req: ProviderRequest, path: string): Answered {
    if (req.method === 'GET' && path === '/.well-known/openid-configuration')
      return this.plain('discovery', jsonReply(200, this.metadata()), 'the metadata', {
        bad: faultAnswer(this.scenario.fault) === 'discovery',
      });
    if (req.method === 'GET' && path === '/jwks')
      return this.plain('jwks', jsonReply(200, this.keys.jwks(this.scenario.fault)), 'the JWK Set');
    if (req.method === 'GET' && path === '/authorize') return this.authorize(req);
    if (req.method === 'POST' && path === '/token') return tokenEndpoint(this, req);
    if ((req.method === 'GET' || req.method === 'POST') && path === '/userinfo') return this.userinfo(req);
    return this.plain('other', reply(404, 'text/plain; charset=utf-8', 'Not found.\n'), 'no such endpoint');
  }

  plain(endpoint: Observed['endpoint'], r: Reply, said: string, more: Partial<Answered['observed']> = {}): Answered {
    return { reply: r, observed: { endpoint, grant: null, status: r.status, bad: false, said, ...more } };
  }

  private refuse(endpoint: Observed['endpoint'], why: string): Answered {
    return this.plain(endpoint, reply(400, 'text/plain; charset=utf-8', `${why}\n`), why);
  }

  /** RFC 6749 §4.1.1–4.1.2, RFC 7636 §4.3, RFC 9207 §2; the fault changes state or iss. */
  private authorize(req: ProviderRequest): Answered {
    const decoded = decodeParams(req.query ?? '', true, 'query');
    if (!decoded.ok) return this.refuse('authorize', decoded.message);
    const q = new Map(decoded.params);
    const { clientId, redirectUri } = this.client;
    if (q.get('client_id') !== clientId) return this.refuse('authorize', `client_id must be ${clientId}`);
    if (q.get('redirect_uri') !== redirectUri) return this.refuse('authorize', `redirect_uri must be ${redirectUri}`);
    if (q.get('response_type') !== 'code') return this.refuse('authorize', 'response_type must be code');
    const method = q.get('code_challenge_method') ?? 'plain';
    const challenge = q.get('code_challenge') ?? null;
    const code = secret('code-');
    this.state.codes.set(code, {
      challenge,
      method,
      nonce: q.get('nonce') ?? null,
      scope: q.get('scope') ?? '',
      authTime: Math.floor(this.now() / 1000),
    });
    const fault = this.scenario.fault;
    const state = fault === 'authorize-state-mismatch' ? secret('state-') : (q.get('state') ?? null);
    const iss = fault === 'authorize-iss-mismatch' ? `${this.issuer}-other` : this.issuer;
    const location = new URL(redirectUri);
    location.searchParams.set('code', code);
    if (state !== null) location.searchParams.set('state', state);
    if (fault !== 'authorize-iss-missing') location.searchParams.set('iss', iss);
    return this.plain('authorize', redirectReply(302, location.href), `approved ${GRADE_USER}, redirected`, {
      bad: faultAnswer(fault) === 'authorize',
      pkceMethod: challenge === null ? 'none' : method === 'S256' ? 'S256' : 'plain',
    });
  }

  /** OpenID Connect Core §5.3: the user's claims by scope; the fault gives another sub (§5.3.4 says the client must compare). */
  private userinfo(req: ProviderRequest): Answered {
    const auth = req.headers.find(([n]) => n.toLowerCase() === 'authorization')?.[1] ?? '';
    const token = /^bearer\s+(.+)$/i.exec(auth)?.[1];
    if (token === undefined || !this.state.accessTokens.has(token)) {
      const r = jsonReply(401, { error: 'invalid_token' }, [['WWW-Authenticate', 'Bearer error="invalid_token"']]);
      return this.plain('userinfo', r, 'refused: no valid bearer access token');
    }
    const first = this.state.userinfoCalls++ === 0;
    const bad = first && this.scenario.fault === 'userinfo-invalid-sub';
    const scopes = this.scenario.scope.split(' ');
    const claims: Record<string, unknown> = { sub: bad ? 'another-user' : GRADE_USER };
    if (scopes.includes('email')) Object.assign(claims, { email: 'grade-user@example.com', email_verified: true });
    if (scopes.includes('profile')) Object.assign(claims, { name: 'Grade User', preferred_username: GRADE_USER });
    return this.plain('userinfo', jsonReply(200, claims), bad ? 'the claims, with another sub' : 'the claims', { bad });
  }
}
