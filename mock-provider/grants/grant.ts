import type { ClientConfig } from '../config';
import type { Handled, ProviderContext } from '../context';
import type { FormValues } from '../form-values';

/**
 * One OAuth 2 grant type at the token endpoint (RFC 6749 §4.1.3 (https://www.rfc-editor.org/rfc/rfc6749#section-4.1.3), §6, …). The endpoint has already read the POST,
 * refused repeated parameters, authenticated the client and checked that the client may use this grant; `handle`
 * does the rest, throwing TokenError for a refusal (RFC 6749 §5.2 (https://www.rfc-editor.org/rfc/rfc6749#section-5.2)).
 */
export interface Grant {
  readonly grantType: string;
  /** Where the grant is defined, named after it when a request omits grant_type (e.g. "interface §4.2"). */
  readonly definedBy?: string;
  /** Parameters the grant takes more than once (RFC 8693 §2.1: resource, audience); any other repeated is refused. */
  readonly repeatable?: readonly string[];
  /**
   * `client` is the authenticated client, configured or registered (RFC 7591); `certificate` the x5t#S256 of the
   * client certificate the request came with on the mutual-TLS port, which the access token is bound to (RFC 8705 §3).
   */
  readonly handle: (
    ctx: ProviderContext,
    client: ClientConfig,
    get: FormValues,
    certificate: string | null
  ) => Handled | Promise<Handled>;
}
