/** A HAR 1.2 entry written by hand, for providers a test cannot run (their documented answers are the input). */
export interface EntrySpec {
  readonly method?: string;
  readonly url: string;
  readonly headers?: [string, string][];
  readonly body?: string;
  readonly status?: number;
  readonly responseHeaders?: [string, string][];
  readonly response?: string;
  /** Seconds after the first entry. */
  readonly at?: number;
}

const T0 = Date.parse('2026-01-01T10:00:00Z');
const pairs = (list: [string, string][] = []) => list.map(([name, value]) => ({ name, value }));

export function harOf(entries: readonly EntrySpec[]): string {
  return JSON.stringify({
    log: {
      version: '1.2',
      creator: { name: 'test', version: '1' },
      entries: entries.map((e) => ({
        startedDateTime: new Date(T0 + (e.at ?? 0) * 1000).toISOString(),
        time: 5,
        request: {
          method: e.method ?? (e.body === undefined ? 'GET' : 'POST'),
          url: e.url,
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: pairs([
            ...(e.body === undefined
              ? []
              : ([['Content-Type', 'application/x-www-form-urlencoded']] as [string, string][])),
            ...(e.headers ?? []),
          ]),
          queryString: [],
          ...(e.body === undefined
            ? {}
            : { postData: { mimeType: 'application/x-www-form-urlencoded', text: e.body } }),
          headersSize: -1,
          bodySize: -1,
        },
        response: {
          status: e.status ?? 200,
          statusText: '',
          httpVersion: 'HTTP/1.1',
          cookies: [],
          headers: pairs(e.responseHeaders ?? (e.response ? [['Content-Type', 'application/json']] : [])),
          content: { size: -1, mimeType: 'application/json', text: e.response ?? '' },
          redirectURL: '',
          headersSize: -1,
          bodySize: -1,
        },
        cache: {},
        timings: { send: 0, wait: 5, receive: 0 },
      })),
    },
  });
}

const REDIRECT = 'https://app.example/cb';
/** An authorization request answered at once with a redirect carrying `code`, then a token request with it. */
export function codeFlow(
  code: string,
  token: { status: number; response: string; responseHeaders?: [string, string][] }
): EntrySpec[] {
  return [
    {
      url: `https://idp.example/authorize?response_type=code&client_id=app&redirect_uri=${encodeURIComponent(REDIRECT)}&state=s1`,
      status: 302,
      responseHeaders: [['Location', `${REDIRECT}?code=${code}&state=s1`]],
    },
    {
      url: 'https://idp.example/token',
      body: `grant_type=authorization_code&code=${code}&redirect_uri=${encodeURIComponent(REDIRECT)}&client_id=app&client_secret=app-secret-value`,
      at: 2,
      ...token,
    },
  ];
}
