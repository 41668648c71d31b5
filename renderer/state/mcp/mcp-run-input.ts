import type { AppStore } from '../app-store';
import type { McpForm } from './mcp-state';

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
  return {
    url,
    client: {
      clientId: useBuiltIn ? builtIn.oauth2.clientId : form.clientId.trim() || null,
      clientSecret: useBuiltIn ? builtIn.oauth2.clientSecret : form.clientSecret,
      metadataUrl: null,
      authentication: null,
    },
    protocolVersion: form.protocolVersion || null,
    scope: form.scope.trim() || null,
    call: form.call.trim() ? { name: form.call.trim(), arguments: args } : null,
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
