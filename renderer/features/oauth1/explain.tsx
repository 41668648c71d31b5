import type { ReactNode } from 'react';
import type { OAuth1Leg } from '../../../shared/flows/oauth1-flow';

const rfc = (section: string) => (
  <a href={`https://www.rfc-editor.org/rfc/rfc5849#section-${section}`} target="_blank" rel="noreferrer">
    RFC 5849 §{section}
  </a>
);

/** What each leg is for, what the service's interface says, what is an RFC assumption, and common mistakes. */
export const OAUTH1_EXPLAIN: Record<OAuth1Leg, ReactNode> = {
  requestToken: (
    <>
      <p>
        <strong>What for:</strong> your app asks for temporary credentials (a request token) that the user will then
        authorize.
      </p>
      <p>
        <strong>The service says</strong> (§4.1 step one): <code>POST /oauth/v1/request_token</code>, signed with
        HMAC-SHA1, parameters in the Authorization header, <code>oauth_callback</code> required. It answers{' '}
        <code>oauth_token</code>, <code>oauth_token_secret</code> and <code>oauth_expires_in</code>.
      </p>
      <p>
        <strong>Assumed from the RFC:</strong> the base string and signing key ({rfc('3.4.1')}, {rfc('3.4.2')}): the
        interface does not show them; <code>oauth_callback_confirmed=true</code> in the answer ({rfc('2.1')}).
      </p>
      <p>
        <strong>Common mistakes:</strong> the signing key must end with <code>&amp;</code> even without a token secret;
        parameters are encoded with RFC 3986 rules (space is <code>%20</code>, never <code>+</code>); the base string
        URI has no query and no default port.
      </p>
    </>
  ),
  authorize: (
    <>
      <p>
        <strong>What for:</strong> the user signs in at the provider and approves your app; the provider sends the
        browser back to your callback with <code>oauth_token</code> and <code>oauth_verifier</code>.
      </p>
      <p>
        <strong>The service says</strong> (§4.1 step two): <code>GET /oauth/v1/authorize?oauth_token=…</code>, optional{' '}
        <code>oauth_callback</code>. With <code>oob</code> the page shows the verifier instead.
      </p>
      <p>
        <strong>Check:</strong> the returned <code>oauth_token</code> must be the request token you got; otherwise the
        callback may be forged ({rfc('2.2')}).
      </p>
      <p>
        <strong>Common mistakes:</strong> a callback URL that is not registered; waiting too long (the request token
        expires after <code>oauth_expires_in</code> seconds).
      </p>
    </>
  ),
  accessToken: (
    <>
      <p>
        <strong>What for:</strong> exchange the authorized request token and the verifier for token credentials.
      </p>
      <p>
        <strong>The service says</strong> (§4.1 step three): <code>POST /oauth/v1/access_token</code>, signed with the
        request token secret as TOKEN_SECRET, with <code>oauth_token</code> and <code>oauth_verifier</code>; the table
        lists <code>oauth_callback</code> here too.
      </p>
      <p>
        <strong>Common mistakes:</strong> signing with the consumer secret only (the key is{' '}
        <code>consumer_secret&amp;request_token_secret</code>, {rfc('3.4.2')}); reusing a request token (it is
        single-use); an expired request token.
      </p>
    </>
  ),
  api: (
    <>
      <p>
        <strong>What for:</strong> call a protected resource with the access token. The mock's <code>/api/v1/me</code>{' '}
        is a sample resource, not part of the service.
      </p>
      <p>
        <strong>The service says:</strong> access tokens do not expire (§2.2) but the user can deauthorize them; then
        calls answer 401 (§3, §7).
      </p>
      <p>
        <strong>Common mistakes:</strong> leaving query or form body parameters out of the signature ({rfc('3.4.1.3.1')}
        ); JSON bodies are not signed (use <code>oauth_body_hash</code>).
      </p>
    </>
  ),
};
