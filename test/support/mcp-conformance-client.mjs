// The client command the MCP conformance suite runs (`conformance client --command "node <this>"`): it appends
// the server's URL, and gives a pre-registered client in MCP_CONFORMANCE_CONTEXT. This runs `oauth-lab mcp` on it
// and plays the browser: the suite's authorization server approves at once, so fetching the printed URL and
// following its redirect delivers the code to the CLI's loopback catcher. `--call test-tool` (every auth
// scenario's server has that tool) makes the call where auth/scope-step-up asks for the wider scope; the
// metadata document's URL is the one auth/basic-cimd expects, used only where the server advertises support.
// The suite names the revision a scenario runs at in MCP_CONFORMANCE_PROTOCOL_VERSION (2025-11-25: the initialize
// handshake; 2026-07-28: the stateless wire): passed on as --protocol-version.
// The suite runs each scenario's authorization server on its own localhost port, another loopback origin than
// the MCP server's: --allow-private-targets, as a user would for a local setup they trust.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const url = process.argv[2];
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}');
const client = context.client_id
  ? ['--client-id', context.client_id, ...(context.client_secret ? [`--client-secret=${context.client_secret}`] : [])]
  : ['--client-metadata-url', 'https://conformance-test.local/client-metadata.json'];
const version = process.env.MCP_CONFORMANCE_PROTOCOL_VERSION;
const bin = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'bin', 'oauth-lab.mjs');
const child = spawn(
  process.execPath,
  [
    bin,
    'mcp',
    url,
    ...client,
    ...(version ? ['--protocol-version', version] : []),
    '--call',
    'test-tool',
    '--allow-private-targets',
    '--no-open',
    '--no-save',
    '--no-history',
  ],
  {
    stdio: ['ignore', 'pipe', 'pipe'],
  }
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
child.on('close', (code) => process.exit(code ?? 1));
