import { expect, it } from 'vitest';
import { authorizationRequestPasted } from '../../../../shared/flows/pasted-url';

/** The authorization request's own URL, pasted where the redirect back was expected (RFC 6749 §4.1.1, §4.1.2.1). */
const SENT =
  'https://idp.example/o/authorize/?response_type=code&client_id=app&redirect_uri=http%3A%2F%2F127.0.0.1%3A5555%2Fcb&state=s';
const REDIRECT = 'http://127.0.0.1:5555/cb';

it('the authorization endpoint with the request as sent is the request, with redirect_uri_mismatch', () => {
  const said = authorizationRequestPasted(`  ${SENT}  `, SENT, REDIRECT);
  expect(said).toContain("the authorization request's own URL (https://idp.example/o/authorize/");
  expect(said).toContain('redirect_uri_mismatch');
  expect(said).toContain(REDIRECT);
});

it('another address with response_type and client_id (a login page carrying the request) is the request too', () => {
  const login = 'https://idp.example/login?next=1&response_type=code&client_id=app';
  expect(authorizationRequestPasted(login, SENT, REDIRECT)).toContain('with response_type and client_id');
});

it('the same endpoint with only client_id and request_uri (a pushed request, RFC 9126 §4) is the request', () => {
  const par =
    'https://idp.example/o/authorize/?client_id=app&request_uri=urn%3Aietf%3Aparams%3Aoauth%3Arequest_uri%3Ax';
  expect(authorizationRequestPasted(par, SENT, REDIRECT)).toContain('redirect_uri_mismatch');
});

it('a redirect back, with a code or an error, or any other address, is not', () => {
  expect(authorizationRequestPasted(`${REDIRECT}?code=c&state=s`, SENT, REDIRECT)).toBeNull();
  expect(authorizationRequestPasted(`${REDIRECT}?error=access_denied&state=s`, SENT, REDIRECT)).toBeNull();
  expect(authorizationRequestPasted('https://app.example/cb?state=s', SENT, REDIRECT)).toBeNull();
  expect(authorizationRequestPasted('not a url', SENT, REDIRECT)).toBeNull();
});
