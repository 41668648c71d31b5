import type { SignatureInput } from '../../shared/oauth1';
import { FORM_CONTENT_TYPE } from '../../shared/url-encoded';

/** Published signing examples as signing inputs, for tests that need a request whose every value is known. */

/** RFC 5849 §3.4.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1)'s example request, with its realm; the RFC itself sends no oauth_version. */
export const RFC5849_EXAMPLE: SignatureInput = {
  method: 'POST',
  url: 'http://example.com/request?b5=%3D%253D&a3=a&c%40=&a2=r%20b',
  body: 'c2&a3=2+q',
  contentType: FORM_CONTENT_TYPE,
  consumerKey: '9djdj82h48djs9d2',
  consumerSecret: 'j49sk3j29djd',
  token: 'kkk9d7dh3k39sjv7',
  tokenSecret: 'dh893hdasih9',
  signatureMethod: 'HMAC-SHA1',
  nonce: '7d8f3e4a',
  timestamp: '137131201',
  realm: 'Example',
};

/** X's documented example (developer.x.com "Creating a signature"), with a query and a form body. */
export const X_SECRETS = {
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
} as const;
export const X_EXAMPLE: SignatureInput = {
  method: 'POST',
  url: 'https://api.x.com/1.1/statuses/update.json?include_entities=true',
  body: 'status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21',
  contentType: FORM_CONTENT_TYPE,
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  signatureMethod: 'HMAC-SHA1',
  nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
  timestamp: '1318622958',
  ...X_SECRETS,
};
