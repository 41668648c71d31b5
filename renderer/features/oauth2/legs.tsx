import type { ReactNode } from 'react';
import type { OAuth2Leg } from '../../../shared/flows/oauth2-flow';
import type { RawRequest } from '../../../shared/http';
import type { Arrow } from '../../components/SequenceDiagram';

export const OAUTH2_TITLES: Record<OAuth2Leg, string> = {
  authorize: 'Authorize',
  token: 'Token exchange',
  api: 'API request',
  refresh: 'Refresh',
};
export const OAUTH2_NEXT: Record<OAuth2Leg, OAuth2Leg | null> = {
  authorize: 'token',
  token: 'api',
  api: 'refresh',
  refresh: 'api',
};

/** The authorization code dance (interface §4.2) as the sequence diagram draws it. */
export const OAUTH2_ARROWS: readonly Arrow<OAuth2Leg>[] = [
  { from: 'app', to: 'browser', label: 'open authorize?client_id, state, code_challenge', leg: 'authorize' },
  { from: 'browser', to: 'provider', label: 'user logs in and approves', leg: 'authorize' },
  { from: 'provider', to: 'catcher', label: 'redirect: code, state', leg: 'authorize' },
  { from: 'catcher', to: 'app', label: 'callback (state must match)', leg: 'authorize' },
  { from: 'app', to: 'provider', label: 'POST token: code, redirect_uri, code_verifier', leg: 'token' },
  { from: 'provider', to: 'app', label: 'access_token, expires_in, refresh_token', leg: 'token' },
  { from: 'app', to: 'provider', label: 'GET /api/v2/me (Authorization: Bearer)', leg: 'api' },
  { from: 'app', to: 'provider', label: 'POST token: grant_type=refresh_token', leg: 'refresh' },
];

const rfc = (doc: string, section: string) => (
  <a href={`https://www.rfc-editor.org/rfc/${doc}#section-${section}`} target="_blank" rel="noreferrer">
    {doc.toUpperCase()} §{section}
  </a>
);

/** The requests the flow shows, for the explanation of a server that is not the service. */
export interface ShownRequests {
  readonly authorizeUrl: string | null;
  readonly token: RawRequest | null;
  readonly api: RawRequest | null;
}

const names = (list: readonly string[]) =>
  list.map((n, i) => (
    <span key={`${n}-${i}`}>
      {i > 0 && ', '}
      <code>{n}</code>
    </span>
  ));

/** The names in a token request's body: a form (RFC 6749 §4.1.3), or the JSON object some providers take instead. */
function bodyNames(body: string): string[] {
  if (!body.trimStart().startsWith('{')) return [...new URLSearchParams(body).keys()];
  try {
    return Object.keys(JSON.parse(body) as object);
  } catch {
    return [];
  }
}

/** What this profile's request is, from the request itself: its method, URL without the query, and parameter names. */
function ShownRequest({ request, what }: { request: RawRequest | null; what: string }) {
  if (!request) return <>the {what} appears here once the previous leg has succeeded.</>;
  const url = new URL(request.url);
  const query = [...url.searchParams.keys()];
  const body = request.body ? bodyNames(request.body) : [];
  const basic = request.headers.some(([n, v]) => n.toLowerCase() === 'authorization' && /^basic /i.test(v));
  return (
    <>
      <code>
        {request.method} {url.origin + url.pathname}
      </code>
      {query.length > 0 && <> with {names(query)} in the query</>}
      {body.length > 0 && <> with {names(body)} in the body</>}
      {basic && <>, the client authenticated with HTTP Basic (RFC 6749 §2.3.1)</>}.
    </>
  );
}

/**
 * Each leg's explanation. Against the service (the built-in mock, or a profile marked so) it quotes the service's
 * interface; against any other server it describes the request this profile actually sends, since that server's
 * paths and parameters are its own.
 */
export function oauth2Explain(service: boolean, shown: ShownRequests): Record<OAuth2Leg, ReactNode> {
  if (service) return SERVICE_EXPLAIN;
  const authorize = shown.authorizeUrl
    ? { method: 'GET', url: shown.authorizeUrl, headers: [] as [string, string][] }
    : null;
  const says = (request: RawRequest | null, what: string) => (
    <p>
      <strong>This profile sends:</strong> <ShownRequest request={request} what={what} />
    </p>
  );
  return {
    authorize: (
      <>
        {SERVICE_EXPLAIN_PARTS.authorizeWhat}
        {says(authorize, 'authorization request')}
        {SERVICE_EXPLAIN_PARTS.authorizeChecks}
      </>
    ),
    token: (
      <>
        {SERVICE_EXPLAIN_PARTS.tokenWhat}
        {says(shown.token, 'token request')}
        {SERVICE_EXPLAIN_PARTS.tokenAssumed}
      </>
    ),
    api: (
      <>
        <p>
          <strong>What for:</strong> call a protected resource with <code>Authorization: Bearer</code> (
          {rfc('rfc6750', '2.1')}), here the profile's API path.
        </p>
        {says(shown.api, 'API request')}
        {SERVICE_EXPLAIN_PARTS.apiMistakes}
      </>
    ),
    refresh: SERVICE_EXPLAIN.refresh,
  };
}

/** The paragraphs that hold for any server, shared by both explanations. */
const SERVICE_EXPLAIN_PARTS = {
  authorizeWhat: (
    <p>
      <strong>What for:</strong> the user signs in at the provider and approves; the browser comes back to your redirect
      URI with a one-time <code>code</code> and your <code>state</code>.
    </p>
  ),
  authorizeChecks: (
    <>
      <p>
        <strong>Assumed from the RFCs:</strong> PKCE ({rfc('rfc7636', '4')}): the challenge is
        BASE64URL(SHA-256(verifier)); RFC 9700 recommends it for every client.
      </p>
      <p>
        <strong>Check:</strong> the returned state must be the one you sent ({rfc('rfc6749', '10.12')}), or the callback
        may be forged.
      </p>
    </>
  ),
  tokenWhat: (
    <p>
      <strong>What for:</strong> exchange the code for an access token, at once: codes are single-use and short-lived (
      {rfc('rfc6749', '4.1.2')}).
    </p>
  ),
  tokenAssumed: (
    <>
      <p>
        <strong>Assumed:</strong> a form-encoded body ({rfc('rfc6749', '4.1.3')}); errors as JSON (
        {rfc('rfc6749', '5.2')}).
      </p>
      <p>
        <strong>Common mistakes:</strong> a redirect_uri that differs from the authorization request by one character;
        reusing a code (400 invalid_grant).
      </p>
    </>
  ),
  apiMistakes: (
    <p>
      <strong>Common mistakes:</strong> an expired token: the answer is 401 with{' '}
      <code>WWW-Authenticate: Bearer error="invalid_token"</code>; refresh it.
    </p>
  ),
};

const SERVICE_EXPLAIN: Record<OAuth2Leg, ReactNode> = {
  authorize: (
    <>
      {SERVICE_EXPLAIN_PARTS.authorizeWhat}
      <p>
        <strong>The service says</strong> (§4.2 step one): <code>GET /oauth/v2/authorize</code> with{' '}
        <code>client_id</code>, <code>grant_type</code>, <code>redirect_uri</code>, <code>response_type=code</code>,{' '}
        <code>state</code>.
      </p>
      {SERVICE_EXPLAIN_PARTS.authorizeChecks}
    </>
  ),
  token: (
    <>
      {SERVICE_EXPLAIN_PARTS.tokenWhat}
      <p>
        <strong>The service says</strong> (§4.2 step two, codes short-lived per interface §8):{' '}
        <code>POST /oauth/v2/token</code> with <code>client_id</code>, <code>client_secret</code>,{' '}
        <code>grant_type=authorization_code</code>, <code>redirect_uri</code>, <code>code</code>.
      </p>
      {SERVICE_EXPLAIN_PARTS.tokenAssumed}
    </>
  ),
  api: (
    <>
      <p>
        <strong>What for:</strong> call a protected resource with <code>Authorization: Bearer</code> (
        {rfc('rfc6750', '2.1')}). The mock's <code>/api/v2/me</code> is a sample resource, not part of the service.
      </p>
      {SERVICE_EXPLAIN_PARTS.apiMistakes}
    </>
  ),
  refresh: (
    <>
      <p>
        <strong>What for:</strong> get a new access token with the refresh token, without the user (
        {rfc('rfc6749', '6')}). The interface does not show this operation: an assumption.
      </p>
      <p>
        <strong>Common mistakes:</strong> keeping the old refresh token when the server rotates it (RFC 9700 §4.14.2).
      </p>
    </>
  ),
};
