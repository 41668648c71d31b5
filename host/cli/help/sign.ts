import { targetsFor } from '../../export/targets';
import { SIGN_SECRETS, secretsHelp } from '../secret-flags';

/** Every export that can express an OAuth 1.0a request (the OAuth 2 ones need a bearer token, which sign has not). */
const EXPORT_FORMATS = targetsFor('oauth1').map((t) => t.id);
export const SIGN_FORMATS = ['text', 'json', ...EXPORT_FORMATS];

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(' ')) {
    if (lines.length && `${lines[lines.length - 1]} ${word}`.length <= width) lines[lines.length - 1] += ` ${word}`;
    else lines.push(word);
  }
  return lines;
}

export const SIGN_HELP = `Usage: oauth-lab sign --url URL --consumer-key KEY [flags]
       oauth-lab sign --stdin < requests.jsonl

Signs one OAuth 1.0a request (RFC 5849) and prints every step of the signature.

  --method M              HTTP method (default GET, or POST with --form)
  --url URL               full request URL, query included
  --form name=value       form body parameter (repeatable; signed, RFC 5849 §3.4.1.3.1)
  --consumer-key K        --consumer-secret S
  --token T               --token-secret S
  --signature-method M    HMAC-SHA1 (default), HMAC-SHA256, HMAC-SHA512, RSA-SHA1, RSA-SHA256, RSA-SHA512, PLAINTEXT
  --private-key FILE      PEM private key for RSA-* methods
  --realm R               --callback URL    --verifier V
  --nonce N               --timestamp T     (default: fresh values)
  --no-version            leave out oauth_version=1.0 (it is optional, RFC 5849 §3.1)
  --format F              text (default): every step; json: one object with the intermediates; or an export:
                          ${wrap(EXPORT_FORMATS.join(', '), 58).join('\n                          ')}
  --include-secrets       with an export: put the secrets in (default: named placeholders such as YOUR_CONSUMER_SECRET)
  --stdin                 read JSON lines {"method","url","form":[[n,v]],"consumerKey",...}; print one JSON line each

Snapshots (curl, python-requests, ...) send this exact request: its nonce makes them single-use. Signing code
(python-oauth1, node-oauth1, java-oauth1) signs afresh on every run. Collections: postman, http-file; and har.

${secretsHelp(SIGN_SECRETS)}
`;
