/**
 * Known client behaviour: how widely used OAuth libraries deviate from RFC 5849 (https://www.rfc-editor.org/rfc/rfc5849) (and RFC 6749 §2.3.1 (https://www.rfc-editor.org/rfc/rfc6749#section-2.3.1)), as measured
 * by running each one as packaged by Debian 12 on the same generated requests as OAuth Lab's signer. The debugger
 * applies each behaviour like a mistake (library-behaviours.ts); this file is the data it names them with.
 */

export const LIBRARIES = {
  authlib: { name: 'Authlib', version: '1.2.0', language: 'Python', debian: 'python3-authlib' },
  rubyOauth: { name: 'ruby-oauth (the oauth gem)', version: '0.5.4', language: 'Ruby', debian: 'ruby-oauth' },
  netOauth: { name: 'Net::OAuth', version: '0.28', language: 'Perl', debian: 'libnet-oauth-perl' },
  peclOauth: { name: 'PECL oauth', version: '2.0.7', language: 'PHP (C extension)', debian: 'php-oauth' },
  liboauth: { name: 'liboauth', version: '1.0.3', language: 'C', debian: 'liboauth-dev' },
  pythonRequests: {
    name: 'requests HTTPBasicAuth (as requests-oauthlib uses it)',
    version: '2.28',
    language: 'Python',
    debian: 'python3-requests',
  },
  rubyOauth2: { name: 'ruby-oauth2', version: '1.4.4', language: 'Ruby', debian: 'ruby-oauth2' },
  goOauth2: { name: 'golang.org/x/oauth2', version: '0.3.0', language: 'Go', debian: 'golang-golang-x-oauth2-dev' },
} as const;

export type LibraryId = keyof typeof LIBRARIES;

/** A library known to show a behaviour, with what limits it there (e.g. liboauth keeps :443 but strips :80). */
export interface LibraryMention {
  readonly library: LibraryId;
  readonly name: string;
  readonly version: string;
  readonly note?: string;
}

export type BehaviourId =
  'D1' | 'D2' | 'D3' | 'D4' | 'D5' | 'D6' | 'D7' | 'D8' | 'D9' | 'D10' | 'D11' | 'D12' | 'D13' | 'S1' | 'B1';

export interface KnownBehaviour {
  readonly id: BehaviourId;
  /** What the library does, in a few words. */
  readonly title: string;
  /** The RFC section it departs from. */
  readonly section: string;
  /** Client (signs requests), server (verifies them), or OAuth 2 client authentication. */
  readonly side: 'client' | 'server' | 'oauth2-client';
  readonly libraries: readonly { readonly library: LibraryId; readonly note?: string }[];
  /** Where it shows in the library, and how it was established. */
  readonly source: string;
}

const MEASURED = "measured against Debian 12's package, re-run by test/interop/library-*.test.ts";

export const KNOWN_BEHAVIOURS: readonly KnownBehaviour[] = [
  {
    id: 'D1',
    title: 'A literal %XX in a protocol parameter value (consumer key, token, verifier) is percent-decoded twice',
    section: 'RFC 5849 §3.4.1.3.1',
    side: 'client',
    libraries: [{ library: 'authlib' }],
    source: `authlib/oauth1/rfc5849/signature.py unescapes every oauth_* value again before normalizing; ${MEASURED}`,
  },
  {
    id: 'D2',
    title: 'Parameters sorted by their decoded bytes, before percent-encoding',
    section: 'RFC 5849 §3.4.1.3.2',
    side: 'client',
    libraries: [{ library: 'rubyOauth' }, { library: 'peclOauth' }],
    source: `oauth/helper.rb normalize() sorts the unescaped pairs (ruby-oauth); PECL oauth sorts before encoding; ${MEASURED}`,
  },
  {
    id: 'D3',
    title: 'Form body parameters not signed for PATCH (only POST and PUT)',
    section: 'RFC 5849 §3.4.1.3.1',
    side: 'client',
    libraries: [{ library: 'rubyOauth' }],
    source: `oauth/request_proxy/net_http.rb adds post_params only for POST and PUT; ${MEASURED}`,
  },
  {
    id: 'D4',
    title: 'Scheme and host case kept in the base string URI',
    section: 'RFC 5849 §3.4.1.2',
    side: 'client',
    libraries: [{ library: 'netOauth' }, { library: 'liboauth' }],
    source: `Net/OAuth/Request.pm normalized_request_url() keeps the URL as given; ${MEASURED}`,
  },
  {
    id: 'D5',
    title: 'Non-ASCII characters in the query UTF-8 encoded twice',
    section: 'RFC 5849 §3.6',
    side: 'client',
    libraries: [{ library: 'netOauth' }],
    source: `Net/OAuth/Message.pm encode() applies uri_escape_utf8 to the query's undecoded bytes; ${MEASURED}`,
  },
  {
    id: 'D6',
    title: 'The default port kept in the base string URI',
    section: 'RFC 5849 §3.4.1.2',
    side: 'client',
    libraries: [{ library: 'netOauth' }, { library: 'liboauth', note: 'https :443 only; it strips :80/' }],
    source: `Net/OAuth/Request.pm keeps the URL's port; liboauth strips only ":80/"; ${MEASURED}`,
  },
  {
    id: 'D7',
    title: 'A repeated parameter name signed with one value only',
    section: 'RFC 5849 §3.4.1.3.1',
    side: 'client',
    libraries: [
      { library: 'netOauth', note: 'the first of a query name, the last of a form name' },
      { library: 'peclOauth', note: "the last; the query's over the form's" },
    ],
    source: `Net::OAuth and PECL oauth keep parameters in a hash (Net/OAuth/Message.pm gather_message_parameters); ${MEASURED}`,
  },
  {
    id: 'D8',
    title: 'Parameters sorted as joined name=value strings',
    section: 'RFC 5849 §3.4.1.3.2',
    side: 'client',
    libraries: [{ library: 'netOauth' }],
    source: `Net/OAuth/Message.pm gather_message_parameters() returns sort(@pairs) of "name=value"; ${MEASURED}`,
  },
  {
    id: 'D9',
    title: 'A one-character token secret left out of the signing key',
    section: 'RFC 5849 §3.4.2',
    side: 'client',
    libraries: [{ library: 'peclOauth' }],
    source: `PECL oauth's C source builds the key with if (token_secret_len > 1); ${MEASURED}`,
  },
  {
    id: 'D10',
    title: 'A negative numeric parameter name printed as an unsigned 64-bit integer',
    section: 'RFC 5849 §3.4.1.3.1',
    side: 'client',
    libraries: [{ library: 'peclOauth' }],
    source: `PHP turns the array key "-8" into an integer, which the extension prints unsigned (18446744073709551608); ${MEASURED}`,
  },
  {
    id: 'D11',
    title: 'Refuses to sign with an empty consumer secret',
    section: 'RFC 5849 §3.4.2',
    side: 'client',
    libraries: [{ library: 'peclOauth' }],
    source: `new OAuth(key, "") throws "The consumer secret cannot be empty"; ${MEASURED}`,
  },
  {
    id: 'D12',
    title: 'An = inside a parameter name (sent as %3D) taken as the name/value separator',
    section: 'RFC 5849 §3.4.1.3.1',
    side: 'client',
    libraries: [{ library: 'liboauth' }],
    source: `liboauth splits each decoded "name=value" at its first =; ${MEASURED}`,
  },
  {
    id: 'D13',
    title: 'A literal + in the query (or the form body) kept as + (not a space) when the request has a form body',
    section: 'RFC 5849 §3.4.1.3.1',
    side: 'client',
    libraries: [{ library: 'liboauth' }],
    source: `oauth_sign_url2() splits a request with a body with oauth_split_post_paramters(url, argv, 0), which does not read + as a space; ${MEASURED}`,
  },
  {
    id: 'S1',
    title: 'The server rewrites . and space in parameter names to _ (x[y] to x) and keeps one value of a repeated name',
    section: 'RFC 5849 §3.4.1.3.1',
    side: 'server',
    libraries: [{ library: 'peclOauth', note: "OAuthProvider, through PHP's request variables" }],
    source: `PHP's request variables (sp ace, a.b and x[y] arrive as sp_ace, a_b and x) before OAuthProvider verifies; the query's names are also kept as sent; ${MEASURED}`,
  },
  {
    id: 'B1',
    title: 'The OAuth 2 client secret sent in HTTP Basic without form-urlencoding it first',
    section: 'RFC 6749 §2.3.1',
    side: 'oauth2-client',
    libraries: [
      { library: 'pythonRequests' },
      { library: 'rubyOauth2' },
      { library: 'authlib', note: 'encode_client_secret_basic' },
    ],
    source: `golang.org/x/oauth2 encodes as the RFC says; the others put the raw secret in; ${MEASURED}`,
  },
];

export const behaviourById = (id: BehaviourId): KnownBehaviour => KNOWN_BEHAVIOURS.find((b) => b.id === id)!;

/** The libraries known to show a behaviour, with versions; `only` keeps those the request's case concerns. */
export function mentionsOf(id: BehaviourId, only?: readonly LibraryId[]): LibraryMention[] {
  return behaviourById(id)
    .libraries.filter((l) => !only || only.includes(l.library))
    .map((l) => ({
      library: l.library,
      name: LIBRARIES[l.library].name,
      version: LIBRARIES[l.library].version,
      ...(l.note ? { note: l.note } : {}),
    }));
}

/** "Net::OAuth 0.28 and liboauth 1.0.3 (https :443 only; it strips :80/)". */
export function libraryNames(mentions: readonly LibraryMention[]): string {
  const names = mentions.map((m) => `${m.name} ${m.version}${m.note ? ` (${m.note})` : ''}`);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
