// The client command the MCP conformance suite runs (`conformance client --command "node <this>"`): it appends
// the server's URL, and gives a pre-registered client in MCP_CONFORMANCE_CONTEXT (and for the authorization
// extensions their grant's inputs: a key, a workload JWT, an IdP and its id_token). This runs `oauth-lab mcp` on it
// and plays the browser: the suite's authorization server approves at once, so fetching the printed URL and
// following its redirect delivers the code to the CLI's loopback catcher. `--call test-tool` (every auth
// scenario's server has that tool) makes the call where auth/scope-step-up asks for the wider scope; the
// metadata document's URL is the one auth/basic-cimd expects, used only where the server advertises support.
// The suite names the revision a scenario runs at in MCP_CONFORMANCE_PROTOCOL_VERSION (2025-11-25: the initialize
// handshake; 2026-07-28: the stateless wire): passed on as --protocol-version.
// The suite runs each scenario's authorization server on its own localhost port, another loopback origin than
// the MCP server's: --allow-private-targets, as a user would for a local setup they trust.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const url = process.argv[2];
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
const scenario = process.env.MCP_CONFORMANCE_SCENARIO ?? context.name ?? '';
const version = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION;
// Secrets, keys and JWTs go through files and the environment, never argv (as a user should give them).
const dir = mkdtempSync(join(tmpdir(), 'oauth-lab-mcp-client-'));
const env = { ...process.env };
const file = (name, text) => (writeFileSync(join(dir, name), text), join(dir, name));
if (context.client_secret) env.OAUTH_LAB_CLIENT_SECRET = context.client_secret;

/** The flags each scenario's context calls for: the authorization extensions' grants and authentication. */
function clientFlags() {
  const id = ['--client-id', context.client_id];
  switch (scenario) {
    case 'auth/client-credentials-basic':
      return ['--grant', 'client-credentials', ...id, '--client-auth', 'basic'];
    case 'auth/client-credentials-jwt':
      return ['--grant', 'client-credentials', ...id, '--client-auth', 'private_key_jwt'].concat(
        ['--private-key', file('key.pem', context.private_key_pem), '--signing-alg', context.signing_algorithm],
        ['--assertion-aud', 'issuer']
      );
    case 'auth/wif-jwt-bearer':
      env.OAUTH_LAB_ASSERTION = context.valid_jwt;
      return ['--grant', 'jwt-bearer', ...id];
    case 'auth/enterprise-managed-authorization':
      return ['--grant', 'id-jag', '--idp-token-endpoint', context.idp_token_endpoint].concat(
        ['--idp-client-id', context.idp_client_id, '--id-token-file', file('id_token.jwt', context.idp_id_token)],
        [...id, '--client-auth', 'basic']
      );
    default: {
      const client = context.client_id
        ? id
        : ['--client-metadata-url', 'https://conformance-test.local/client-metadata.json'];
      return [...client, ...(scenario.startsWith('auth/dpop') ? ['--dpop'] : [])];
    }
  }
}
const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'oauth-lab.mjs');
const child = spawn(
  process.execPath,
  [
    bin,
    'mcp',
    url,
    ...clientFlags(),
    ...(version ? ['--protocol-version', version] : []),
    '--call',
    'test-tool',
  ].concat(['--allow-private-targets', '--no-open', '--no-save', '--no-history']),
  { stdio: ['ignore', 'pipe', 'pipe'], env }
);
let stderr = '';
const browsed = new Set();
child.stdout.pipe(process.stdout);
child.stderr.on('data', (d) => {
  process.stderr.write(d);
  stderr += d;
  for (const m of stderr.matchAll(/^Open this URL to authorize:\n(https?:\/\/\S+)$/gm))
    if (!browsed.has(m[1])) {
      browsed.add(m[1]);
      fetch(m[1], { redirect: 'follow' }).catch((e) => process.stderr.write(`browser: ${e.message}\n`));
    }
});
child.on('close', (code) => {
  rmSync(dir, { recursive: true, force: true });
  process.exit(code ?? 1);
});
