import { issuedTokenTypeChecks, TOKEN_EXCHANGE_GRANT } from '../../../oauth2/token-exchange';
import { tokenEndpointGrant } from '../token-endpoint-grant';

const TYPE_URI = 'a token type URI (RFC 8693 §3)';

/**
 * The token exchange grant (RFC 8693 §2.1 (https://www.rfc-editor.org/rfc/rfc8693#section-2.1)): the client
 * presents a subject token (and, for delegation, an actor token), each with its type, and asks for a token of the
 * requested type for an audience or resource; the response names the type it issued (§2.2.1), checked here.
 */
export const tokenExchangeGrant = tokenEndpointGrant({
  command: 'token-exchange',
  title: 'Token exchange',
  grantType: TOKEN_EXCHANGE_GRANT,
  definedBy: 'RFC 8693 §2.1',
  parameters: [
    { name: 'subject_token', what: 'the token of the party the new token is for', secret: true },
    {
      name: 'subject_token_type',
      what: `what subject_token is: ${TYPE_URI}, e.g. urn:ietf:params:oauth:token-type:access_token`,
      secret: false,
    },
    { name: 'actor_token', what: 'the token of the party acting for the subject', secret: true, optional: true },
    {
      name: 'actor_token_type',
      what: `what actor_token is: ${TYPE_URI}`,
      secret: false,
      requiredWith: 'actor_token',
    },
    { name: 'requested_token_type', what: `the type of token wanted: ${TYPE_URI}`, secret: false, optional: true },
    { name: 'audience', what: 'a logical name of the target service', secret: false, optional: true, repeatable: true },
    {
      name: 'resource',
      what: 'a URI of the target service (RFC 8707)',
      secret: false,
      optional: true,
      repeatable: true,
    },
  ],
  responseChecks: (fields, values) => issuedTokenTypeChecks(fields, values.requested_token_type || null),
});
