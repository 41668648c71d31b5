import { createServer, type IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import { main } from '../../../../host/cli/main';
import { DEFAULT_CREDENTIALS } from '../../../../mock-provider';

/**
 * Runs `oauth-lab flow client-credentials|device …` in-process over real sockets. `onCodes` is called once with
 * the device's `verification_uri_complete:` (or `verification_uri:`) line's URL and the user code as soon as they
 * are on stderr, playing the user at another device.
 */
export async function machineCli(
  args: string[],
  onCodes?: (codes: { uri: string; complete: string | null; userCode: string }) => Promise<unknown>,
  env: NodeJS.ProcessEnv = {}
) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  let told = false;
  stdout.on('data', (d: Buffer) => (out += d.toString()));
  stderr.on('data', (d: Buffer) => {
    err += d.toString();
    const uri = /^verification_uri: (\S+)$/m.exec(err)?.[1];
    const userCode = /^user_code: (\S+)$/m.exec(err)?.[1];
    const complete = /^verification_uri_complete: (\S+)$/m.exec(err)?.[1] ?? null;
    if (uri && userCode && /Poll the token endpoint/.test(err) && onCodes && !told) {
      told = true;
      void onCodes({ uri, complete, userCode });
    }
  });
  const code = await main(['flow', ...args, '--no-history'], { stdin: new PassThrough(), stdout, stderr, env });
  return { code, out, err };
}

/** A token endpoint on 127.0.0.1 that keeps each request it gets and answers with a token. */
export async function capturingTokenEndpoint() {
  const requests: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({ headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ access_token: 'captured-token', token_type: 'Bearer', expires_in: 60 }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/token`;
  return { url, requests, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** `flow device`'s arguments for the mock's default client with scope read at `base`, then `args`. */
export const mockClientDeviceArgs = (base: string, ...args: string[]) => {
  const { client } = DEFAULT_CREDENTIALS;
  return [
    'device',
    '--base-url',
    base,
    '--client-id',
    client.id,
    '--client-secret',
    client.secret,
    '--scope',
    'read',
    ...args,
  ];
};

/** `flow <command>`'s arguments for the public client `agent` (no authentication) at `base`, then `args`. */
export const agentArgs = (command: string, base: string, ...args: string[]) => [
  command,
  '--base-url',
  base,
  '--client-id',
  'agent',
  '--client-auth',
  'none',
  ...args,
];
