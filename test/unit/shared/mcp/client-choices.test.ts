import { describe, expect, it } from 'vitest';
import { readJsonRpcAnswer } from '../../../../shared/mcp/json-rpc';
import {
  chooseRegistration,
  clientAuthenticationFor,
  readRegistrationResponse,
  registrationRequestBody,
} from '../../../../shared/mcp/registration';
import { routingHeaders, withRequestMeta } from '../../../../shared/mcp/stateless-wire';
import { chooseScope, stepUpScope } from '../../../../shared/mcp/scope';

describe('scope selection and step-up', () => {
  it('the user, else the challenge, else scopes_supported, else none', () => {
    expect(chooseScope({ given: 'a', challenged: 'b', supported: ['c'] })).toBe('a');
    expect(chooseScope({ given: null, challenged: 'b', supported: ['c'] })).toBe('b');
    expect(chooseScope({ given: null, challenged: null, supported: ['c', 'd'] })).toBe('c d');
    expect(chooseScope({ given: null, challenged: null, supported: null })).toBeNull();
    expect(stepUpScope('mcp:basic', 'mcp:basic mcp:write')).toBe('mcp:basic mcp:write');
    expect(stepUpScope(null, 'x')).toBe('x');
  });
});

describe('registration', () => {
  it('sends application_type: native for a loopback redirect, web for another (SEP-837)', () => {
    expect(registrationRequestBody('http://127.0.0.1:8765/callback', ['none'], null)).toMatchObject({
      application_type: 'native',
      token_endpoint_auth_method: 'none',
    });
    expect(registrationRequestBody('https://app.example.com/cb', [], null).application_type).toBe('web');
  });
  const base = { clientId: null, metadataUrl: null, cimdSupported: false, registrationEndpoint: null };
  it('pre-registered, metadata document where supported, else DCR, else a clear refusal', () => {
    expect(chooseRegistration({ ...base, clientId: 'abc', registrationEndpoint: 'https://a/r' })).toEqual({
      kind: 'pre-registered',
      clientId: 'abc',
    });
    const doc = 'https://app.example.com/client.json';
    expect(chooseRegistration({ ...base, clientId: doc, cimdSupported: true })).toEqual({
      kind: 'metadata-document',
      clientId: doc,
    });
    expect(chooseRegistration({ ...base, metadataUrl: doc, registrationEndpoint: 'https://a/r' })).toEqual({
      kind: 'dynamic',
      endpoint: 'https://a/r',
    });
    const none = chooseRegistration({ ...base, metadataUrl: doc });
    expect(none.kind === 'none' && none.why).toMatch(/client_id_metadata_document_supported.*--client-id/);
  });
  it('the token endpoint authentication: the registered one, else by the secret and the server list', () => {
    expect(clientAuthenticationFor('client_secret_post', true, [])).toBe('body');
    expect(clientAuthenticationFor(null, false, ['client_secret_basic'])).toBe('none');
    expect(clientAuthenticationFor(null, true, ['client_secret_post'])).toBe('body');
    expect(clientAuthenticationFor(null, true, ['client_secret_basic', 'client_secret_post'])).toBe('basic');
  });
  it('reads an RFC 7591 answer, or says what is wrong', () => {
    expect(readRegistrationResponse(201, { client_id: 'c', client_secret: 's' })).toEqual({
      clientId: 'c',
      clientSecret: 's',
      authMethod: null,
    });
    expect(readRegistrationResponse(400, { error: 'invalid_client_metadata' })).toMatch(/HTTP 400/);
    expect(readRegistrationResponse(201, {})).toMatch(/no client_id/);
  });
});

describe('JSON-RPC answers over streamable HTTP', () => {
  const json = [['Content-Type', 'application/json']] as const;
  const sse = [['Content-Type', 'text/event-stream']] as const;
  it('a JSON body, a batch, an event stream with other messages first', () => {
    expect(readJsonRpcAnswer({ headers: json, bodyText: '{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}' }, 2)).toEqual(
      { kind: 'result', result: { tools: [] } }
    );
    expect(readJsonRpcAnswer({ headers: json, bodyText: '[{"id":1,"result":1},{"id":2,"result":2}]' }, 2)).toEqual({
      kind: 'result',
      result: 2,
    });
    const stream =
      'id: 1\nretry: 500\ndata: \n\nevent: message\ndata: {"jsonrpc":"2.0","method":"notifications/message"}\n\r\nevent: message\ndata: {"jsonrpc":"2.0",\ndata: "id":3,"error":{"code":-32602,"message":"Unknown tool"}}\n\n';
    expect(readJsonRpcAnswer({ headers: sse, bodyText: stream }, 3)).toEqual({
      kind: 'error',
      code: -32602,
      message: 'Unknown tool',
    });
    expect(readJsonRpcAnswer({ headers: sse, bodyText: stream }, 9)).toMatchObject({ kind: 'unreadable' });
    expect(readJsonRpcAnswer({ headers: [], bodyText: '<html>' }, 1).kind).toBe('unreadable');
  });
  it('an error with id null (JSON-RPC 2.0 §5: the request refused before its id was read) answers any request', () => {
    const refusal =
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32000,"message":"Bad Request: Unsupported protocol version"}}';
    expect(readJsonRpcAnswer({ headers: json, bodyText: refusal }, 4)).toEqual({
      kind: 'error',
      code: -32000,
      message: 'Bad Request: Unsupported protocol version',
    });
    expect(readJsonRpcAnswer({ headers: json, bodyText: '{"id":null,"result":1}' }, 4).kind).toBe('unreadable');
  });
});

describe("2026-07-28's stateless wire", () => {
  it("each request's _meta names the version, the client and its capabilities, keeping what was given", () => {
    expect(withRequestMeta({ name: 't', _meta: { progressToken: 1 } })).toEqual({
      name: 't',
      _meta: {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientInfo': { name: 'oauth-lab', version: expect.any(String) },
        'io.modelcontextprotocol/clientCapabilities': {},
        progressToken: 1,
      },
    });
  });
  it('Mcp-Method always, Mcp-Name for the tool, prompt or resource a request names (SEP-2243)', () => {
    expect(routingHeaders('tools/list', {})).toEqual([['Mcp-Method', 'tools/list']]);
    expect(routingHeaders('tools/call', { name: 'add' })).toEqual([
      ['Mcp-Method', 'tools/call'],
      ['Mcp-Name', 'add'],
    ]);
    expect(routingHeaders('resources/read', { uri: 'file:///a' })).toContainEqual(['Mcp-Name', 'file:///a']);
  });
});
