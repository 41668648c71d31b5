import { curlCommand } from '../../../shared/curl-command';
import { traceSignature } from '../../../shared/oauth1';
import { FORM_CONTENT_TYPE } from '../../../shared/url-encoded';
import type { CryptoPort } from '../../../shared/ports';

/** X's documented signing example (developer.x.com, "Creating a signature"): its request, credentials and secrets. */
const EXAMPLE = {
  url: 'https://api.x.com/1.1/statuses/update.json?include_entities=true',
  body: 'status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21',
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
  nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
  timestamp: '1318622958',
} as const;

export interface Example {
  readonly curl: string;
  readonly consumerSecret: string;
  readonly tokenSecret: string;
}

/**
 * A realistic failing request: a form POST whose body was left out of the signature (the mistake of Postman #1838
 * and Insomnia #1137). It is signed here, with the page's own crypto, as such a client signs it (the request
 * without its body), then sent with the body, so the debugger has something real to find.
 */
export function failingExample(crypto: CryptoPort): Example {
  const signed = traceSignature(
    {
      method: 'POST',
      url: EXAMPLE.url,
      consumerKey: EXAMPLE.consumerKey,
      token: EXAMPLE.token,
      signatureMethod: 'HMAC-SHA1',
      nonce: EXAMPLE.nonce,
      timestamp: EXAMPLE.timestamp,
      consumerSecret: EXAMPLE.consumerSecret,
      tokenSecret: EXAMPLE.tokenSecret,
    },
    crypto
  );
  const curl = curlCommand({
    method: 'POST',
    url: EXAMPLE.url,
    headers: [
      ['Authorization', signed.authorization!],
      ['Content-Type', FORM_CONTENT_TYPE],
    ],
    body: EXAMPLE.body,
  });
  return { curl, consumerSecret: EXAMPLE.consumerSecret, tokenSecret: EXAMPLE.tokenSecret };
}
