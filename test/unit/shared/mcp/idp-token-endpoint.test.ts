import { describe, expect, it } from 'vitest';
import { idpTokenEndpointRefusal } from '../../../../shared/mcp/targets';

// The ID-JAG's IdP token endpoint is held to the authorization server's rule: https, http only on loopback, plain
// http elsewhere only when the user allows it (oauth-lab mcp --allow-insecure-http, the MCP page's switch).
describe('idpTokenEndpointRefusal', () => {
  it.each(['https://idp.example.com/token', 'http://127.0.0.1:8080/token', 'http://localhost/token', 'http://[::1]/t'])(
    'takes %s',
    (url) => expect(idpTokenEndpointRefusal(url, false)).toBeNull()
  );
  it('refuses plain http off loopback, saying what is expected and what would travel in cleartext', () => {
    expect(idpTokenEndpointRefusal('http://example.test/token', false)).toBe(
      'must be an https URL (http only on 127.0.0.1, localhost or [::1]); got "http://example.test/token": the id_token and the IdP client\'s secret would travel in cleartext.'
    );
  });
  it('takes it when plain http is allowed', () => {
    expect(idpTokenEndpointRefusal('http://example.test/token', true)).toBeNull();
  });
});
