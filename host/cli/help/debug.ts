/** `oauth-lab debug --help`: its own module, so printing it loads nothing the command runs with. */
import { DEBUG_SECRETS, secretsHelp } from '../secret-flags';
export const DEBUG_HELP = `Usage: oauth-lab debug --request-file FILE --consumer-secret S [--token-secret S] [flags]
       oauth-lab debug --curl "curl ..." --consumer-secret S [--token-secret S] [flags]
       oauth-lab debug --url URL --authorization "OAuth ..." [--method M] [--body B] --consumer-secret S [flags]
       oauth-lab debug --oauth2-basic "Basic ..." --client-id ID --client-secret S [--json]
       oauth-lab debug --dpop PROOF [--method M --url U] [--access-token T] [--nonce N] [--jkt THUMBPRINT] [--json]

Checks the OAuth 1.0a signature a request carries (RFC 5849 §3.4) by signing the request again with the same
nonce, timestamp and token. When it does not match, names the mistake: every known one (and the known behaviour
of Authlib, ruby-oauth, Net::OAuth, PECL oauth and liboauth) is tried until one gives the signature sent, and the
base strings are shown one above the other with the differences marked.

The request, in one of these forms:
  --request-file FILE      a raw HTTP request: request line, headers, empty line, body (- reads stdin)
  --scheme http|https      the scheme of a raw request, which HTTP text does not show (default: http for a
                           loopback Host such as 127.0.0.1 or localhost, else https; said beside the verdict)
  --curl "CMD"             a curl command line, e.g. from a browser's "Copy as cURL (bash)"
  --curl-file FILE         the same, from a file (- reads stdin)
  --url URL                the full URL, query included, with:
    --method M             default GET, or POST with --body
    --body B               the body as sent
    --content-type T       default application/x-www-form-urlencoded when there is a body
    --authorization A      the Authorization header's value, OAuth ...
    --header "Name: value" any other header, e.g. Host (repeatable)

What to check it with:
  --consumer-secret S      --token-secret S (leave out when the request has no token)
  --rsa-public-key FILE    the consumer's PEM public key, for RSA-SHA1/256/512
  --server-base-string S   a base string the server printed: the signature is checked against it
  --client-base-string S   a base string your client printed, to compare with

OAuth 2 client authentication (RFC 6749 §2.3.1), instead of a request:
  --oauth2-basic H         an Authorization: Basic header a client sent, with --client-id and --client-secret:
                           says whether the secret was form-urlencoded first, as the RFC says, or sent raw

DPoP (RFC 9449), instead of a request:
  --dpop PROOF             a DPoP proof JWT (the DPoP header's value): every check of RFC 9449 §4.3, each mistake
                           named with its section (typ, alg, jwk, signature, jti, htm, htu without query, iat,
                           ath, nonce, the bound key); a check whose input is not given is shown as not made
    --method M --url U     the request the proof went with (htm, htu)
    --access-token T       the access token sent with it (ath; a JWT's cnf.jkt is the bound key)
    --nonce N              the server's latest DPoP-Nonce
    --jkt THUMBPRINT       the RFC 7638 thumbprint the token is bound to (cnf.jkt)

  --json                   one JSON object instead of text (with "libraries" and "serverLibraries": the known
                           library behaviours that reproduce the signature or the server's base string)

Exit code: 0 when the signature matches (or the DPoP proof has no mistake), 1 when it does not or cannot be
checked (or the proof has a mistake), 2 for bad flags or input.

${secretsHelp(DEBUG_SECRETS)}
`;
