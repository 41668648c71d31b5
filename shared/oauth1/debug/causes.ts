import type { BehaviourId, LibraryMention } from './library-catalogue';

/**
 * Every mistake the signature debugger can name, with a plain-words explanation and the RFC 5849 (https://www.rfc-editor.org/rfc/rfc5849) section that
 * settles it. Findings point at one of these ids, so a UI and the CLI group by cause the same way.
 */
export const CAUSES = {
  'method-case': [
    'The method is not in upper case',
    'RFC 5849 §3.4.1.1',
    'The base string starts with the HTTP method in upper case (POST, not post), whatever case the client sends.',
  ],
  'method-differs': [
    'Another method was signed',
    'RFC 5849 §3.4.1.1',
    'The method signed is not the method sent: the request was signed before its method was set or changed (e.g. signed as GET, sent as DELETE).',
  ],
  'uri-case': [
    'The scheme or host is not in lower case',
    'RFC 5849 §3.4.1.2',
    'The scheme and host are signed in lower case (https://api.example.com), however the URL was typed; the path keeps its case.',
  ],
  'uri-default-port': [
    'The default port was kept',
    'RFC 5849 §3.4.1.2',
    "The port is signed only when it is not the scheme's default: https://host:443/a and http://host:80/a are signed as https://host/a and http://host/a.",
  ],
  'uri-trailing-slash': [
    'A trailing slash differs',
    'RFC 5849 §3.4.1.2',
    'The path is signed exactly as requested: /resource and /resource/ are different URIs, and a client that adds or strips the slash signs another one.',
  ],
  'uri-query-included': [
    'The query was left in the base string URI',
    'RFC 5849 §3.4.1.2, §3.4.1.3.1',
    "The base string URI ends at the path; the query's parameters belong in the normalized parameters, decoded and sorted with the others.",
  ],
  'uri-scheme': [
    'Another scheme was signed',
    'RFC 5849 §3.4.1.2',
    'http and https give different base strings. Behind a proxy or load balancer that terminates TLS, the server sees http while the client signed https (or the other way round).',
  ],
  'uri-host': [
    'Another host or port was signed',
    'RFC 5849 §3.4.1.2',
    'The server rebuilds the URI from the Host it receives; a client that signs another name (an internal host, a missing or extra port) signs another URI.',
  ],
  'uri-path': [
    'The path was signed differently',
    'RFC 5849 §3.4.1.2',
    'The path is signed as it is sent, with its percent-escapes; decoding or re-encoding it changes the base string.',
  ],
  'param-missing': [
    'A parameter was left out',
    'RFC 5849 §3.4.1.3.1',
    'Every parameter sent is signed: the protocol parameters (header, query or body), every query parameter and every parameter of a form body. Only oauth_signature and the realm stay out.',
  ],
  'param-extra': [
    'A parameter was signed but not sent',
    'RFC 5849 §3.4.1.3.1',
    "Only what is sent is signed. A parameter in the signature that the request does not carry (a form field switched off in the client, oauth_version signed but not sent) makes the server's base string differ.",
  ],
  'param-encoded-differently': [
    'A name or value was encoded differently',
    'RFC 5849 §3.6',
    "Names and values are UTF-8 percent-encoded with only A-Z a-z 0-9 - . _ ~ left as they are and upper-case hex: encodeURIComponent leaves ! * ' ( ) alone, Python's quote leaves /, and [ ] must become %5B %5D.",
  ],
  'param-double-encoded': [
    'A value was encoded twice',
    'RFC 5849 §3.4.1.3.1, §3.6',
    'Parameters are decoded from the URL or body first, then encoded once for the base string. A value taken as it appears in the URL (already percent-encoded), or encoded before a library encodes it again, is encoded twice: %3D becomes %253D.',
  ],
  'param-plus-space': [
    '"+" versus "%20"',
    'RFC 5849 §3.6, §3.4.1.3.1',
    'In the base string a space is %20, never +. And in a query or form body a + means a space, so a literal plus is sent as %2B; a client that reads + as a plus (or writes a space as +) signs another value.',
  ],
  'param-sorted-differently': [
    'The parameters were sorted differently',
    'RFC 5849 §3.4.1.3.2',
    'After encoding, parameters are sorted by name and then by value, comparing bytes (so upper case before lower case, "a" before "a1" before "a_"); not in the order sent, not ignoring case, not as whole name=value strings.',
  ],
  'param-value-differs': [
    'A parameter has another value',
    'RFC 5849 §3.4.1.3.1',
    'The same parameter was signed with another value: often a timestamp or nonce from another attempt, or a value changed after signing.',
  ],
  'body-left-out': [
    'The form body was left out of the signature',
    'RFC 5849 §3.4.1.3.1',
    'A single-part application/x-www-form-urlencoded body is signed: its parameters join the query and protocol parameters (the bug of Postman #1838 and Insomnia #1137).',
  ],
  'body-included': [
    'Body parameters were signed that must not be',
    'RFC 5849 §3.4.1.3.1',
    'Only an application/x-www-form-urlencoded body is signed. A JSON, XML or multipart body, or a form body sent without that Content-Type, contributes nothing (sign a JSON body with oauth_body_hash instead).',
  ],
  'realm-signed': [
    'The realm was signed',
    'RFC 5849 §3.4.1.3.1, §3.5.1',
    'The realm belongs to the Authorization header only, where it comes first; it is never part of the signature (ddo/oauth-1.0a #50).',
  ],
  'empty-token': [
    'An empty oauth_token',
    'RFC 5849 §3.1',
    'Without a token (the request-token leg, two-legged requests) oauth_token is left out, neither sent empty nor signed empty; many servers answer an empty one with 400 or 401 (Insomnia #1055, Postman #640).',
  ],
  'key-secrets-swapped': [
    'The consumer and token secrets were swapped',
    'RFC 5849 §3.4.2',
    'The key is the consumer secret, then &, then the token secret, in that order.',
  ],
  'key-token-secret-missing': [
    'The token secret was left out of the key',
    'RFC 5849 §3.4.2',
    'Once the client has a token, its secret follows the & in the key: consumer_secret&token_secret. A request-token leg has none and ends the key with &.',
  ],
  'key-consumer-secret-missing': [
    'The consumer secret was left out of the key',
    'RFC 5849 §3.4.2',
    'The key always starts with the consumer secret: consumer_secret&token_secret.',
  ],
  'key-not-encoded': [
    'The secrets were not percent-encoded in the key',
    'RFC 5849 §3.4.2',
    'Each secret is percent-encoded (RFC 5849 §3.6) before they are joined with &; this matters when a secret has characters other than A-Z a-z 0-9 - . _ ~.',
  ],
  'key-ampersand-missing': [
    'The & is missing from the key',
    'RFC 5849 §3.4.2',
    'The & between the secrets is always there, even when the token secret is empty: a key with no token secret ends with &.',
  ],
  'key-consumer-secret-wrong': [
    'The consumer secret is not the one given',
    'RFC 5849 §3.4.2',
    "The base string is right; the key's first half, the consumer secret, is another than the one the server holds for this consumer key.",
  ],
  'key-token-secret-wrong': [
    'The token secret is not the one given',
    'RFC 5849 §3.4.2',
    "The base string is right; the key's second half, the token secret, is another: the one of another token (the request token's after the access-token leg, or an older token's).",
  ],
  'key-unknown': [
    'A secret is wrong',
    'RFC 5849 §3.4.2',
    'The base strings are the same, so only the key differs: the consumer secret or the token secret the client signed with is not the one given here. Check that both are the ones the server holds for this consumer key and token.',
  ],
  'key-rsa-pair': [
    'The private key is not the pair of the public key given',
    'RFC 5849 §3.4.3',
    'The base strings are the same, so the client signed with another private key than the one that belongs to this public key: check the key pair registered for the consumer.',
  ],
  'signature-method': [
    'Another signature method was used',
    'RFC 5849 §3.4',
    'The signature was computed with another algorithm than the oauth_signature_method sent (e.g. HMAC-SHA256 while declaring HMAC-SHA1).',
  ],
  'signature-encoding': [
    'The signature was encoded differently',
    'RFC 5849 §3.4.2, §3.5',
    'The signature is the base64 of the digest (not hex), percent-encoded where it is sent: a + left unencoded in a query or form body arrives as a space.',
  ],
  unexplained: [
    'No known mistake reproduces the signature',
    'RFC 5849 §3.4',
    "None of the known mistakes, alone or two together, gives the signature sent. Check the secrets; a parameter signed but never sent cannot be guessed from the request: give your client's base string (or the server's) to compare.",
  ],
  'params-several-places': [
    'Protocol parameters in more than one place',
    'RFC 5849 §3.5',
    'The protocol parameters travel in one and only one place: the Authorization header, the form body or the query.',
  ],
  'param-repeated': [
    'A protocol parameter is repeated',
    'RFC 5849 §3.1, §3.2',
    'Each protocol parameter may appear only once; servers reject repeats.',
  ],
  'no-credentials': [
    'No OAuth parameters in the request',
    'RFC 5849 §3.5',
    "The request carries no oauth_* parameters: the tool that produced it left them out (as Postman's code snippets did, #1898). Send the Authorization: OAuth header it signed.",
  ],
  'library-refusal': [
    'A known library refuses this request',
    'RFC 5849 §3.4.2',
    'Some libraries refuse what the RFC allows, so a request like this one cannot have come from them.',
  ],
  'scheme-assumed': [
    'The scheme assumed is not the one signed',
    'RFC 5849 §3.4.1.2',
    'A raw HTTP request does not say whether it went over TLS, so the scheme was assumed; the scheme is signed, so a wrong guess changes the base string. It is the guess that is wrong, not your client.',
  ],
} as const satisfies Record<string, readonly [title: string, section: string, explanation: string]>;

export type CauseId = keyof typeof CAUSES;

/** One thing found in this request: the cause, and what exactly, in this request, shows it. */
export interface Finding {
  readonly cause: CauseId;
  readonly title: string;
  readonly section: string;
  readonly explanation: string;
  /** Specific to this request, e.g. which parameter and both values. */
  readonly detail: string;
  readonly parameter?: string;
  /** A known library behaviour this is (library-catalogue.ts), with the libraries known to show it. */
  readonly behaviour?: BehaviourId;
  readonly libraries?: readonly LibraryMention[];
}

export function finding(cause: CauseId, detail: string, parameter?: string): Finding {
  const [title, section, explanation] = CAUSES[cause];
  return { cause, title, section, explanation, detail, ...(parameter !== undefined ? { parameter } : {}) };
}

/** A finding that is a known library behaviour: the cause it falls under, and the libraries that show it here. */
export function libraryFinding(
  cause: CauseId,
  behaviour: BehaviourId,
  detail: string,
  libraries: readonly LibraryMention[]
): Finding {
  return { ...finding(cause, detail), behaviour, libraries };
}

/** Findings grouped by cause, in first-seen order: one explanation per cause, every detail under it. */
export interface CauseGroup {
  readonly cause: CauseId;
  readonly title: string;
  readonly section: string;
  readonly explanation: string;
  readonly details: readonly string[];
  /** The libraries known to behave this way, when a detail is a known library behaviour. */
  readonly libraries: readonly LibraryMention[];
}

export function groupByCause(findings: readonly Finding[]): CauseGroup[] {
  const groups = new Map<
    CauseId,
    {
      cause: CauseId;
      title: string;
      section: string;
      explanation: string;
      details: string[];
      libraries: LibraryMention[];
    }
  >();
  for (const f of findings) {
    const g = groups.get(f.cause) ?? {
      cause: f.cause,
      title: f.title,
      section: f.section,
      explanation: f.explanation,
      details: [],
      libraries: [],
    };
    if (!g.details.includes(f.detail)) g.details.push(f.detail);
    for (const m of f.libraries ?? []) if (!g.libraries.some((l) => l.library === m.library)) g.libraries.push(m);
    groups.set(f.cause, g);
  }
  return [...groups.values()];
}
