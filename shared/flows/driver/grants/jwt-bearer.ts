import { tokenEndpointGrant } from '../token-endpoint-grant';

/**
 * The JWT bearer authorization grant (RFC 7523 §2.1 (https://www.rfc-editor.org/rfc/rfc7523#section-2.1)): the
 * client presents a JWT issued by a party the authorization server trusts (a workload's identity, a service
 * account) as the `assertion`, and gets an access token for the assertion's subject. Client authentication is
 * optional (§3.1) and, when used, the driver's as on every leg.
 */
export const jwtBearerGrant = tokenEndpointGrant({
  command: 'jwt-bearer',
  title: 'JWT bearer',
  grantType: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
  definedBy: 'RFC 7523 §2.1',
  parameters: [{ name: 'assertion', what: 'the signed JWT presented as the grant', secret: true }],
});
