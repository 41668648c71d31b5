import type { ClientAssertionSettings } from '../../../shared/oauth2/client-assertion-request';
import { assertionAlgFor, parseClientPrivateKey } from '../../../shared/oauth2/client-key';
import { CLIENT_AUTHENTICATIONS, type ClientAuthentication } from '../../../shared/oauth2/token-request';
import { UsageError } from '../io';
import { readFileFlag } from '../read-file-flag';

/** The flags of client authentication beyond a secret, as `flow oauth2` names them (profile-flags.ts). */
export const MACHINE_CLIENT_AUTH_FLAGS = {
  'private-key': { type: 'string' },
  'key-id': { type: 'string' },
  'signing-alg': { type: 'string' },
  'assertion-aud': { type: 'string' },
  'client-cert': { type: 'string' },
  'client-key': { type: 'string' },
  'ca-file': { type: 'string' },
} as const;

type Flags = Readonly<Partial<Record<keyof typeof MACHINE_CLIENT_AUTH_FLAGS | 'client-secret', string>>>;

export interface MachineClientAuth {
  /** The transport's part: a client certificate on the TLS connection (RFC 8705 §2), extra trusted authorities. */
  readonly send: { readonly ca?: string; readonly clientCertificate?: { readonly cert: string; readonly key: string } };
  /** How each token request's assertion is signed (RFC 7523 §2.2), once the token endpoint is known; null without one. */
  assertion(tokenUrl: string, issuer: string | null): ClientAssertionSettings | null;
}

export function clientAuthOf(text: string | undefined): ClientAuthentication {
  if (text === undefined) return 'body';
  if ((CLIENT_AUTHENTICATIONS as readonly string[]).includes(text)) return text as ClientAuthentication;
  throw new UsageError(`--client-auth must be one of ${CLIENT_AUTHENTICATIONS.join(', ')}; got "${text}".`);
}

/**
 * The client authentication flags read and checked before anything is sent: a key that is not a private key, or
 * does not fit --signing-alg, a certificate without its key, a method without what it needs, each named.
 */
export function machineClientAuth(v: Flags, authentication: ClientAuthentication, clientId: string): MachineClientAuth {
  const file = (flag: keyof typeof MACHINE_CLIENT_AUTH_FLAGS) =>
    v[flag] === undefined ? undefined : readFileFlag(`--${flag}`, v[flag]);
  const privateKey = file('private-key');
  const cert = file('client-cert');
  const key = file('client-key');
  const ca = file('ca-file');
  if ((cert === undefined) !== (key === undefined))
    throw new UsageError('--client-cert and --client-key go together: the certificate and its private key (PEM).');
  if (authentication.endsWith('tls_client_auth') && cert === undefined)
    throw new UsageError(
      `--client-auth ${authentication} needs --client-cert FILE and --client-key FILE (RFC 8705 §2).`
    );
  if (authentication === 'private_key_jwt' && privateKey === undefined)
    throw new UsageError('--client-auth private_key_jwt needs --private-key FILE (a PEM or JWK private key).');
  const alg = v['signing-alg'] ?? null;
  if (privateKey !== undefined)
    try {
      assertionAlgFor(parseClientPrivateKey(privateKey), alg);
    } catch (e) {
      throw new UsageError(`--private-key: ${(e as Error).message}`);
    }
  const aud = v['assertion-aud'] ?? 'token_endpoint';
  if (aud !== 'token_endpoint' && aud !== 'issuer')
    throw new UsageError(`--assertion-aud must be token_endpoint or issuer; got "${aud}".`);
  return {
    send: { ...(ca !== undefined ? { ca } : {}), ...(cert && key ? { clientCertificate: { cert, key } } : {}) },
    assertion: (tokenUrl, issuer) =>
      authentication === 'client_secret_jwt' || authentication === 'private_key_jwt'
        ? {
            method: authentication,
            clientId,
            key: authentication === 'client_secret_jwt' ? (v['client-secret'] ?? '') : privateKey!,
            alg,
            kid: v['key-id'] ?? null,
            audience: aud === 'issuer' && issuer ? issuer : tokenUrl,
          }
        : null,
  };
}
