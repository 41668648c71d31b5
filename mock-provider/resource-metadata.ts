import { DPOP_ALGS } from '../shared/dpop/dpop-key';
import { ok, refused, type Handled, type ProviderContext } from './context';
import { jsonReply, type ProviderRequest } from './http';

/**
 * Protected resource metadata (RFC 9728 (https://www.rfc-editor.org/rfc/rfc9728)) of the mock's OAuth 2 protected
 * resources, each at its path-inserted well-known URL (§3.1) and named by its 401 challenge (§5.1). The origin is
 * no protected resource, so the root well-known URL has none.
 */
export const metadataPathOf = (resourcePath: string): string => `/.well-known/oauth-protected-resource${resourcePath}`;

/** The bearer-protected API (resources.ts oauth2Me). */
export const API_RESOURCE_PATH = '/api/v2/me';
export const API_METADATA_PATH = metadataPathOf(API_RESOURCE_PATH);

const ASSUME_API =
  'The /api/* resources and their metadata exist only in the mock; the service documents no API endpoint (interface §4).';

/** A metadata document, answered to GET only (RFC 9728 §3.1). */
export function servedMetadata(
  req: ProviderRequest,
  endpoint: string,
  document: Readonly<Record<string, unknown>>,
  message: string,
  assumptions: readonly string[]
): Handled {
  if (req.method !== 'GET') {
    const why = `${req.method} is not accepted; GET only.`;
    return {
      endpoint,
      reply: jsonReply(405, { error: 'invalid_request', error_description: why }, [['Allow', 'GET']]),
      verdict: refused('invalid_request', why),
      assumptions: [...assumptions],
    };
  }
  return { endpoint, reply: jsonReply(200, document), verdict: ok(message), assumptions: [...assumptions] };
}

/** The API's metadata: how it takes tokens (RFC 6750 §2; the query only with allowQueryAccessToken), DPoP (RFC 9449). */
export function apiResourceMetadata(req: ProviderRequest, ctx: ProviderContext): Handled {
  const document = {
    resource: `${ctx.baseUrl()}${API_RESOURCE_PATH}`,
    authorization_servers: [ctx.baseUrl()],
    bearer_methods_supported: ctx.settings.switches.allowQueryAccessToken ? ['header', 'query'] : ['header'],
    dpop_signing_alg_values_supported: [...DPOP_ALGS],
    resource_name: 'OAuth Lab mock API (mock-only)',
  };
  return servedMetadata(req, 'mock.api.resource_metadata', document, 'Protected resource metadata of the API served.', [
    ASSUME_API,
  ]);
}
