import { startEmulation, type EmulatedResponse, type Emulation } from './provider-emulation';

/**
 * Jira Data Center's OAuth 1.0a, as documented at https://developer.atlassian.com/server/jira/platform/oauth/:
 * the endpoints are /plugins/servlet/oauth/request-token, …/authorize and …/access-token, signed with RSA-SHA1
 * only; a request signed otherwise is refused with an OAuth Problem Reporting answer,
 * `oauth_problem=signature_method_rejected` (its body, and the WWW-Authenticate challenge). Behind a single sign-on
 * front end (https://confluence.atlassian.com/enterprise/using-saml-for-single-sign-on-for-jira-data-center-and-confluence-data-center-1044090098.html)
 * a request without a session is redirected to the login page, and a wrong path gets the HTML error page.
 */
export function startJira(options: { front?: 'sso redirect' | 'html error' } = {}): Promise<Emulation> {
  return startEmulation({
    'POST /plugins/servlet/oauth/request-token': (request): EmulatedResponse => {
      if (options.front === 'sso redirect')
        return { status: 302, headers: { Location: `/login.jsp?os_destination=${encodeURIComponent(request.url)}` } };
      if (options.front === 'html error') {
        return {
          status: 404,
          headers: { 'Content-Type': 'text/html;charset=UTF-8' },
          body: '<!DOCTYPE html><html><head><title>Oops, you&#39;ve found a dead link. - Jira</title><style>body{}</style></head><body><h1>Oops, you&#39;ve found a dead link.</h1><p>Go back to the previous page, or visit the homepage.</p></body></html>',
        };
      }
      const advice = 'The signature method HMAC-SHA1 is not supported; use RSA-SHA1';
      return {
        status: 401,
        headers: {
          'Content-Type': 'text/plain;charset=UTF-8',
          'WWW-Authenticate': `OAuth realm="http%3A%2F%2Fjira.example.com", oauth_problem="signature_method_rejected", oauth_problem_advice="${encodeURIComponent(advice)}"`,
        },
        body: `oauth_problem=signature_method_rejected&oauth_problem_advice=${encodeURIComponent(advice)}`,
      };
    },
  });
}
