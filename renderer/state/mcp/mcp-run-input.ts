import type { ClientFlags, McpGrant } from '../../../shared/flows/mcp/ports';
import { idpTokenEndpointRefusal, type TargetPolicy } from '../../../shared/mcp/targets';
import { SEED } from '../../../shared/seed';
import type { AppStore } from '../app-store';
import type { McpForm } from './mcp-state';

/** The form as a page starts: the code flow, the client authentication the server's metadata suggests, no DPoP. */
export const EMPTY_FORM: McpForm = {
  url: '',
  clientId: '',
  clientSecret: '',
  scope: '',
  call: '',
  args: '',
  grant: 'authorization-code',
  assertion: '',
  idpTokenEndpoint: '',
  idpClientId: '',
  idpClientSecret: '',
  idToken: '',
  clientAuth: '',
  privateKey: '',
  signingAlg: '',
  assertionAud: 'token_endpoint',
  dpop: false,
  protocolVersion: '',
};

/** The server the form names: its URL, or the running mock's MCP endpoint. */
export const serverUrl = (form: McpForm, app: AppStore): string => {
  const base = app.getState().mock.baseUrl;
  return form.url.trim() || (base ? `${base}/mcp` : '');
};

/**
 * The chain's input from the form: on the mock, its endpoint and its built-in client by default; `targets`: what the
 * user allows (plain http to the IdP's token endpoint too).
 */
export function runInput(form: McpForm, app: AppStore, targets: TargetPolicy) {
  const { mock, profiles } = app.getState();
  const url = serverUrl(form, app);
  if (!url) return 'Enter the MCP server URL (or start the mock to use its MCP endpoint).';
  const builtIn = profiles.find((p) => p.builtIn);
  const onMock = !!mock.baseUrl && url.startsWith(`${mock.baseUrl}/`);
  const useBuiltIn = !form.clientId.trim() && onMock && builtIn;
  let args: Record<string, unknown> = {};
  if (form.args.trim()) {
    try {
      args = JSON.parse(form.args) as Record<string, unknown>;
    } catch (e) {
      return `The tool's arguments are not JSON (${(e as Error).message}); expected an object such as {"text": "hi"}.`;
    }
    if (!args || typeof args !== 'object' || Array.isArray(args)) return "The tool's arguments must be a JSON object.";
  }
  const client: ClientFlags = {
    clientId: useBuiltIn ? builtIn.oauth2.clientId : form.clientId.trim() || null,
    clientSecret: useBuiltIn ? builtIn.oauth2.clientSecret : form.clientSecret,
    metadataUrl: null,
    authentication: form.clientAuth || null,
  };
  const grant = grantOf(form, client, onMock ? mock.baseUrl : null, targets);
  if (typeof grant === 'string') return grant;
  return {
    url,
    client,
    grant,
    protocolVersion: form.protocolVersion || null,
    scope: form.scope.trim() || null,
    call: form.call.trim() ? { name: form.call.trim(), arguments: args } : null,
  };
}

/** The grant the form chose; JWT bearer with its workload JWT, the ID-JAG with its IdP, or why it cannot run. */
function grantOf(
  form: McpForm,
  client: ClientFlags,
  mockBase: string | null,
  targets: TargetPolicy
): McpGrant | string {
  if (form.grant === 'id-jag') return idJagGrantOf(form, client, mockBase, targets);
  if (form.grant !== 'jwt-bearer') return { kind: form.grant };
  const assertion = form.assertion.trim();
  return assertion
    ? { kind: 'jwt-bearer', assertion }
    : 'The JWT bearer grant presents the workload JWT (RFC 7523 §2.1): paste it in Workload JWT.';
}

/**
 * The ID-JAG's IdP as `oauth-lab mcp --grant id-jag` takes it: its token endpoint (on the mock, empty means the
 * mock's own: it plays the IdP), its client (empty: the Client ID with its secret), Basic with a secret else none.
 */
function idJagGrantOf(
  form: McpForm,
  client: ClientFlags,
  mockBase: string | null,
  targets: TargetPolicy
): McpGrant | string {
  const tokenUrl = form.idpTokenEndpoint.trim() || (mockBase ? `${mockBase}${SEED.endpoints.oauth2Token.path}` : '');
  if (!tokenUrl) return "The ID-JAG comes from the enterprise IdP's token endpoint: fill in IdP token endpoint.";
  const insecure = idpTokenEndpointRefusal(tokenUrl, targets.allowInsecureHttp);
  if (insecure)
    return `IdP token endpoint ${insecure} "Allow plain http to the authorization server" lifts it too, only for a test IdP you trust.`;
  const idToken = form.idToken.trim();
  if (!idToken) return "The IdP exchanges the user's id_token for the ID-JAG (RFC 8693): paste it in id_token.";
  const ownId = form.idpClientId.trim();
  const clientId = ownId || client.clientId;
  if (!clientId) return 'The IdP needs its client: fill in IdP client ID (or the Client ID).';
  const clientSecret = ownId ? form.idpClientSecret : form.idpClientSecret || client.clientSecret;
  return {
    kind: 'id-jag',
    idp: { tokenUrl, clientId, clientSecret, authentication: clientSecret ? 'basic' : 'none' },
    idToken,
  };
}

/** What the page says of a finished run, with the revision spoken, the tools listed and the tool called. */
export function outcomeOf(
  run: { authorized: boolean; tools: unknown; result?: unknown; protocolVersion: string | null },
  asked: string | null,
  called: string | undefined
) {
  const { authorized, tools, result } = run;
  const list = (tools as { tools?: unknown } | null)?.tools;
  const named = (Array.isArray(list) ? list : []).map((t: { name?: unknown; description?: unknown }) => ({
    name: String(t.name),
    description: typeof t.description === 'string' ? t.description : '',
  }));
  return {
    ok: authorized,
    summary: authorized
      ? 'The MCP server answered with the access token.'
      : 'The server answered without asking for a token: nothing was authorized.',
    tools: named,
    spoke: `MCP ${run.protocolVersion ?? '(no version named)'} (${asked ? 'asked for' : 'the newest the server speaks'})`,
    ...(called === undefined ? {} : { called, result }),
  };
}
