import { oauthParams, approvingOAuth1Authorize } from './oauth1-emulation';
import { form, queryOf, startEmulation, type Emulation } from './provider-emulation';

/**
 * Flickr's OAuth 1.0a, as documented at https://www.flickr.com/services/api/auth.oauth.html: the request token
 * answer is `oauth_callback_confirmed=true&oauth_token=…&oauth_token_secret=…` (no lifetime), the access token
 * answer adds `fullname`, `user_nsid` and `username`; a refused request gets an OAuth Problem Reporting body,
 * `oauth_problem=signature_invalid&debug_sbs=…` (Flickr prints the base string it computed) or
 * `oauth_problem=consumer_key_unknown`. The API answers HTTP 200 either way
 * (https://www.flickr.com/services/api/response.rest.html): `<rsp stat="ok">…</rsp>`, or
 * `<rsp stat="fail"><err code="…" msg="…" /></rsp>`; flickr.test.login with a bad token is code 98, "Invalid auth token".
 */
export const FLICKR = {
  consumerKey: '768fe946d252b119746fda82e1599980',
  consumerSecret: '1a3c208e172d3edc',
  requestToken: '72157626737672178-022bbd2f4c2f3432',
  verifier: '5d1b96a26b494074',
  accessToken: '72157626318069415-087bfc7b5816092c',
  accessSecret: 'a202d1f853ec69de',
};

export function startFlickr(): Promise<Emulation> {
  const callbacks = new Map<string, string>();
  return startEmulation({
    '/services/oauth/request_token': (request) => {
      const params = oauthParams(request);
      if (params.get('oauth_consumer_key') !== FLICKR.consumerKey)
        return form({ oauth_problem: 'consumer_key_unknown' }, 401, 'text/plain; charset=utf-8');
      callbacks.set(FLICKR.requestToken, params.get('oauth_callback') ?? '');
      return form(
        { oauth_callback_confirmed: 'true', oauth_token: FLICKR.requestToken, oauth_token_secret: 'e36c6e9ae0d7ab1d' },
        200,
        'text/plain; charset=utf-8'
      );
    },
    'GET /services/rest': (request) => {
      const xml = (body: string) => ({
        status: 200,
        headers: { 'Content-Type': 'text/xml; charset=utf-8' },
        body: `<?xml version="1.0" encoding="utf-8" ?>\n${body}`,
      });
      if (queryOf(request).get('method') !== 'flickr.test.login')
        return xml('<rsp stat="fail">\n\t<err code="112" msg="Method &quot;unknown&quot; not found" />\n</rsp>');
      return oauthParams(request).get('oauth_token') === FLICKR.accessToken
        ? xml('<rsp stat="ok">\n<user id="21207597@N07">\n\t<username>jamalfanaian</username>\n</user>\n</rsp>')
        : xml('<rsp stat="fail">\n\t<err code="98" msg="Invalid auth token" />\n</rsp>');
    },
    'GET /services/oauth/authorize': approvingOAuth1Authorize(FLICKR.verifier, callbacks),
    '/services/oauth/access_token': (request) =>
      oauthParams(request).get('oauth_verifier') === FLICKR.verifier
        ? form(
            {
              fullname: 'Jamal Fanaian',
              oauth_token: FLICKR.accessToken,
              oauth_token_secret: FLICKR.accessSecret,
              user_nsid: '21207597@N07',
              username: 'jamalfanaian',
            },
            200,
            'text/plain; charset=utf-8'
          )
        : form(
            {
              oauth_problem: 'signature_invalid',
              debug_sbs: 'POST&https%3A%2F%2Fwww.flickr.com%2Fservices%2Foauth%2Faccess_token&oauth_consumer_key%3D…',
            },
            401,
            'text/plain; charset=utf-8'
          ),
  });
}
