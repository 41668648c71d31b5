import type { McpGrant } from '../../../shared/flows/mcp/ports';
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

/** The chain's input from the form: on the mock, its endpoint and its built-in client by default. */
export function runInput(form: McpForm, app: AppStore) {
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
  const grant = grantOf(form);
  if (typeof grant === 'string') return grant;
  return {
    url,
    client: {
      clientId: useBuiltIn ? builtIn.oauth2.clientId : form.clientId.trim() || null,
      clientSecret: useBuiltIn ? builtIn.oauth2.clientSecret : form.clientSecret,
      metadataUrl: null,
      authentication: form.clientAuth || null,
    },
    grant,
    protocolVersion: form.protocolVersion || null,
    scope: form.scope.trim() || null,
    call: form.call.trim() ? { name: form.call.trim(), arguments: args } : null,
  };
}

/** The grant the form chose; JWT bearer with its workload JWT, or why it cannot run. */
function grantOf(form: McpForm): McpGrant | string {
  if (form.grant !== 'jwt-bearer') return { kind: form.grant };
  const assertion = form.assertion.trim();
  return assertion
    ? { kind: 'jwt-bearer', assertion }
    : 'The JWT bearer grant presents the workload JWT (RFC 7523 §2.1): paste it in Workload JWT.';
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
