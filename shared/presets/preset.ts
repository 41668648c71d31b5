import type { ProfileInput } from '../store/profile';

/**
 * A well-known provider's documented settings, as data: what a profile started from it holds. Credentials are
 * never part of a preset; the user registers an application with the provider and types them in.
 */
export interface Preset {
  /** Short, lower-case: `--preset github`. */
  readonly id: string;
  readonly name: string;
  readonly protocol: 'oauth1' | 'oauth2';
  /** The provider's documentation each setting comes from. */
  readonly docs: readonly string[];
  /** What to register or know before the first flow, in one or two sentences. */
  readonly note: string;
  readonly profile: Omit<ProfileInput, 'id' | 'name'>;
  /** A machine-to-machine setup: the grant and what it needs beyond the profile; absent for the code grant. */
  readonly machine?: MachineSetup;
}

/**
 * The grant a machine-to-machine preset is for, kept beside the profile, which describes the code grant's settings:
 * client credentials (RFC 6749 §4.4 (https://www.rfc-editor.org/rfc/rfc6749#section-4.4)) or device authorization (RFC 8628 (https://www.rfc-editor.org/rfc/rfc8628)).
 */
export type MachineSetup =
  | {
      readonly grant: 'client_credentials';
      /**
       * When the provider also takes a certificate or key instead of the secret (private_key_jwt, RFC 7523 §2.2 (https://www.rfc-editor.org/rfc/rfc7523#section-2.2)):
       * the JWS alg it documents, and the header naming the key (`kid`, or `x5t#S256` for a certificate's SHA-256
       * thumbprint, RFC 7515 §4.1.8 (https://www.rfc-editor.org/rfc/rfc7515#section-4.1.8)). The assertion's aud is the token endpoint URL for each of them.
       */
      readonly privateKeyJwt?: { readonly alg: 'RS256' | 'PS256'; readonly keyHeader: 'kid' | 'x5t#S256' };
    }
  | {
      readonly grant: 'device_code';
      /** The device authorization endpoint (RFC 8628 §3.1 (https://www.rfc-editor.org/rfc/rfc8628#section-3.1)): a path on the base URL or a full URL. */
      readonly deviceAuthorizationPath: string;
    };
