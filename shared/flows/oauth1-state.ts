import type { ParameterPlacement } from '../oauth1/trace';
import type { Param } from '../url-encoded';
import type { SignatureMethod } from '../oauth1/signing';
import type { LegStatus } from './common';

/** The legs of the service's OAuth 1.0a flow (interface §4.1) plus a signed API request. */
export type OAuth1Leg = 'requestToken' | 'authorize' | 'accessToken' | 'api';

export interface OAuth1Config {
  readonly baseUrl: string;
  /** Endpoint paths; `api` is the protected resource the signed API leg calls when the flow runs on its own. */
  readonly paths?: {
    readonly requestToken?: string;
    readonly authorize?: string;
    readonly accessToken?: string;
    readonly api?: string;
  };
  readonly consumerKey: string;
  readonly consumerSecret: string;
  /** The callback sent in step one: a URL, or `oob` for a verifier shown to the user (RFC 5849 §2.1 (https://www.rfc-editor.org/rfc/rfc5849#section-2.1)). */
  readonly callback: string;
  readonly signatureMethod?: SignatureMethod;
  readonly privateKeyPem?: string;
  readonly realm?: string | null;
  readonly includeVersion?: boolean;
  /** Also send oauth_callback in step three, as the service's §5.1 table lists it. */
  readonly callbackInAccessToken?: boolean;
  readonly extraOauthParams?: Partial<Record<OAuth1Leg, readonly Param[]>>;
  /** Where the protocol parameters travel (RFC 5849 §3.5 (https://www.rfc-editor.org/rfc/rfc5849#section-3.5)); the service uses the Authorization header. */
  readonly placement?: ParameterPlacement;
  /** The method of the request token and access token legs: the service POSTs; some providers document GET. */
  readonly legMethod?: 'POST' | 'GET';
  /** Extra headers on every signed request; a default User-Agent unless one is given. */
  readonly headers?: readonly Param[];
  /**
   * The server is the service (the built-in mock, or a profile marked so): what its interface requires beyond
   * RFC 5849 (oauth_expires_in) is checked. Any other server is judged by the RFC alone. Default false.
   */
  readonly service?: boolean;
}

export interface OAuth1State {
  readonly config: OAuth1Config;
  readonly legs: Readonly<Record<OAuth1Leg, LegStatus>>;
  readonly requestToken: {
    readonly token: string;
    readonly secret: string;
    readonly expiresAt: number | null;
    readonly callbackConfirmed: boolean;
  } | null;
  readonly verifier: string | null;
  readonly accessToken: {
    readonly token: string;
    readonly secret: string;
    readonly deauthorized: boolean;
    /** The response's other fields as sent (X's user_id and screen_name, Flickr's user_nsid, …). */
    readonly fields?: Readonly<Record<string, string>>;
  } | null;
}
