import { base64Encode } from '../encoding/base64';
import { utf8Encode } from '../encoding/utf8';
import type { RawRequest } from '../http';
import type { ClientAuthentication } from './token-request';

/**
 * Client authentication mistakes to make on purpose (the "Make a mistake on purpose" menu), each one a server must
 * refuse: assertions that break RFC 7523 §3, and the Basic credentials of RFC 6749 §2.3.1 left unencoded.
 */
export const CLIENT_AUTH_MISTAKES = {
  'wrong-audience': {
    title: 'An assertion for another audience',
    detail:
      'aud names another server (https://another-server.example/token); RFC 7523 §3 item 3 requires the server to reject it.',
    methods: ['client_secret_jwt', 'private_key_jwt'],
  },
  expired: {
    title: 'An expired assertion',
    detail: 'iat ten minutes ago and exp nine minutes ago; RFC 7523 §3 item 4 requires the server to reject it.',
    methods: ['client_secret_jwt', 'private_key_jwt'],
  },
  'reused-jti': {
    title: 'A replayed jti',
    detail:
      'the jti of the assertion the server just accepted on this leg, again; RFC 7523 §3 item 7 lets the server reject a jti it has seen.',
    methods: ['client_secret_jwt', 'private_key_jwt'],
  },
  'other-key': {
    title: 'Signed with another key',
    detail:
      'a key the server does not know signs the assertion (a fresh one, or another secret); the signature fails (RFC 7523 §3 item 9).',
    methods: ['client_secret_jwt', 'private_key_jwt'],
  },
  'basic-unencoded': {
    title: 'Basic credentials without form-encoding',
    detail:
      'client_id:client_secret base64-encoded as they are; RFC 6749 §2.3.1 form-encodes both first, so a secret with characters such as + / : = or % no longer matches.',
    methods: ['basic'],
  },
} as const satisfies Record<string, { title: string; detail: string; methods: readonly ClientAuthentication[] }>;

export type ClientAuthMistake = keyof typeof CLIENT_AUTH_MISTAKES;

/** The mistakes that apply to a client authentication method, in menu order. */
export const clientAuthMistakesFor = (method: ClientAuthentication): ClientAuthMistake[] =>
  (Object.keys(CLIENT_AUTH_MISTAKES) as ClientAuthMistake[]).filter((m) =>
    (CLIENT_AUTH_MISTAKES[m].methods as readonly string[]).includes(method)
  );

/** The audience a wrong-audience assertion names. */
export const WRONG_AUDIENCE = 'https://another-server.example/token';

/** A mistake as the send makes it: with what it needs (the last jti to replay; the Basic credentials). */
export type AppliedAuthMistake =
  | { readonly kind: 'basic-unencoded'; readonly clientId: string; readonly clientSecret: string }
  | { readonly kind: Exclude<ClientAuthMistake, 'basic-unencoded'>; readonly jti: string | null };

/** A mistake made in the client assertion itself, as its signer makes it (RFC 7523 §3). */
export type PlantedAssertionMistake = Exclude<AppliedAuthMistake, { readonly kind: 'basic-unencoded' }>;

/** The request with its Basic credentials base64-encoded without RFC 6749 §2.3.1's form-encoding. */
export function withUnencodedBasic(request: RawRequest, clientId: string, clientSecret: string): RawRequest {
  const value = `Basic ${base64Encode(utf8Encode(`${clientId}:${clientSecret}`))}`;
  return {
    ...request,
    headers: request.headers.map(([n, v]) => (n.toLowerCase() === 'authorization' ? [n, value] : [n, v])),
  };
}
