import { createConnection } from 'node:net';

/**
 * Sends the first request of a `.http` file as VS Code REST Client, JetBrains HTTP Client and httpyac do, none of
 * which is installed here: `@name = value` variables, `{{name}}` references, the request after `###` (request line,
 * headers, an empty line, the body). The request line's URL goes out as written once its variables are filled in:
 * those clients parse it with the WHATWG URL parser, which leaves a path's `'`, `[` and `]` as they are, so a file
 * that writes them raw makes its client send them raw. Written to a socket, byte for byte, with Host and
 * Content-Length as the clients add them.
 */
export async function sendHttpFile(text: string): Promise<string> {
  const lines = text.split('\n');
  const variables = new Map<string, string>();
  for (const line of lines) {
    const v = /^@([\w-]+)\s*=\s*(.*)$/.exec(line);
    if (v) variables.set(v[1]!, v[2]!);
  }
  const fill = (s: string) =>
    s.replace(/\{\{([\w-]+)\}\}/g, (_m, name: string) => {
      const value = variables.get(name);
      if (value === undefined) throw new Error(`the .http file references {{${name}}}, which it does not define`);
      return value;
    });
  const start = lines.findIndex((l) => l.startsWith('###'));
  if (start < 0) throw new Error('the .http file has no request (no ### line)');
  const block = lines.slice(start + 1);
  const end = block.findIndex((l) => l.startsWith('###'));
  const request = end < 0 ? block : block.slice(0, end);
  const [method, url] = fill(request[0]!).split(' ');
  const blank = request.indexOf('');
  const headers = request.slice(1, blank < 0 ? undefined : blank).map(fill);
  const body = blank < 0 ? '' : fill(request.slice(blank + 1).join('\n')).replace(/\n+$/, '');
  const target = /^https?:\/\/([^/?#]+)(.*)$/.exec(url ?? '');
  if (!method || !target) throw new Error(`the .http request line is not "METHOD URL HTTP/1.1": ${request[0]}`);
  const [, authority, path] = target as unknown as [string, string, string];
  const head = [
    `${method} ${path || '/'} HTTP/1.1`,
    `Host: ${authority}`,
    ...headers,
    ...(body ? [`Content-Length: ${Buffer.byteLength(body)}`] : []),
    'Connection: close',
  ];
  const [host, port] = authority.split(':');
  return new Promise<string>((resolve, reject) => {
    let answer = '';
    const socket = createConnection({ host, port: Number(port ?? 80) }, () =>
      socket.end(`${head.join('\r\n')}\r\n\r\n${body}`)
    );
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}
