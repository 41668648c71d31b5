import { percentDecode } from './percent-encoding';

/**
 * Puts the client's and the server's signature base strings (RFC 5849 §3.4.1) side by side: where they first
 * differ, and the causes in plain words, part by part (method, base string URI, each parameter).
 */
export interface BaseStringComparison {
  readonly same: boolean;
  /** Index of the first differing character, or null when the strings are equal. */
  readonly firstDifference: number | null;
  readonly causes: readonly string[];
}

interface Parts {
  readonly method: string;
  readonly uri: string;
  readonly params: readonly (readonly [string, string])[];
}

function split(baseString: string): Parts | null {
  const [method, uri, params, ...rest] = baseString.split('&');
  if (method === undefined || uri === undefined || params === undefined || rest.length) return null;
  try {
    const normalized = percentDecode(params, false);
    const pairs = normalized === '' ? [] : normalized.split('&').map((p): [string, string] => {
      const i = p.indexOf('=');
      return i < 0 ? [p, ''] : [p.slice(0, i), p.slice(i + 1)];
    });
    return { method, uri: percentDecode(uri, false), params: pairs };
  } catch {
    return null;
  }
}

function uriCauses(client: string, server: string): string[] {
  if (client === server) return [];
  const causes = [`The base string URI differs: yours is ${client}, the server's is ${server} (RFC 5849 §3.4.1.2).`];
  if (client.toLowerCase() === server.toLowerCase()) causes.push('Only letter case differs: the scheme and host must be lowercase.');
  if (/:(80|443)\//.test(client)) causes.push('Yours keeps the default port; it must be left out.');
  if (client.includes('?')) causes.push('Yours includes the query string; query parameters belong in the parameter list, not the URI.');
  if (client.replace(/\/$/, '') === server.replace(/\/$/, '')) causes.push('Only a trailing slash differs: sign the path exactly as requested.');
  if (client.startsWith('https:') !== server.startsWith('https:')) causes.push('The scheme differs: a proxy or load balancer may terminate TLS in front of the server.');
  return causes;
}

function paramCauses(client: Parts['params'], server: Parts['params']): string[] {
  const causes: string[] = [];
  const key = ([n, v]: readonly [string, string]) => `${n}=${v}`;
  const serverKeys = new Set(server.map(key));
  const clientKeys = new Set(client.map(key));
  const serverNames = new Map(server.map(([n, v]) => [n, v]));
  const clientNames = new Map(client.map(([n, v]) => [n, v]));
  for (const [name, value] of client) {
    if (serverKeys.has(key([name, value]))) continue;
    const theirs = serverNames.get(name);
    if (theirs === undefined) causes.push(`You signed ${name}=${value}, which the server did not${name === 'realm' ? ' (realm is never signed, RFC 5849 §3.4.1.3.1)' : ''}.`);
    else if (value === theirs.replace(/%/g, '%25')) causes.push(`${name} is encoded twice in yours (${value} against ${theirs}).`);
    else if (value.replace(/\+/g, '%20') === theirs || value.replace(/%2B/gi, '%20') === theirs) causes.push(`${name}: "+" against "%20" for a space (RFC 5849 §3.6 uses %20).`);
    else causes.push(`${name} differs: yours is ${value}, the server's is ${theirs}.`);
  }
  for (const [name, value] of server) {
    if (!clientKeys.has(key([name, value])) && !clientNames.has(name)) causes.push(`The server signed ${name}=${value}, which you did not${name.startsWith('oauth_') ? '' : ' (a query or form body parameter must be signed too, RFC 5849 §3.4.1.3.1)'}.`);
  }
  if (!causes.length && client.map(key).join('&') !== server.map(key).join('&')) causes.push('The same parameters, in a different order: sort by encoded name, then value (RFC 5849 §3.4.1.3.2).');
  return causes;
}

export function compareBaseStrings(client: string, server: string): BaseStringComparison {
  if (client === server) return { same: true, firstDifference: null, causes: [] };
  let i = 0;
  while (i < client.length && i < server.length && client[i] === server[i]) i++;
  const a = split(client);
  const b = split(server);
  if (!a || !b) return { same: false, firstDifference: i, causes: ['One of the base strings is not METHOD&URI&PARAMETERS (RFC 5849 §3.4.1.1).'] };
  const causes = [
    ...(a.method !== b.method ? [`The method differs: ${a.method} against ${b.method} (it must be uppercase, RFC 5849 §3.4.1.1).`] : []),
    ...uriCauses(a.uri, b.uri),
    ...paramCauses(a.params, b.params),
  ];
  return { same: false, firstDifference: i, causes: causes.length ? causes : ['The strings differ in their encoding only.'] };
}
