// An OAuth-heavy HAR the size of a long History export: `entries` entries of complete authorization code flows
// (authorization, callback, token, API call, refresh), each with its own client, state, code and tokens, and every
// tenth flow failing somewhere (a reused code, a refused refresh, a refused API call). Every entry is an OAuth leg's,
// so every part of the explainer that walks legs or searches secrets sees all of them.
const T0 = Date.parse('2026-01-01T10:00:00Z');
const header = (name: string, value: string) => ({ name, value });

function entry(at: number, method: string, url: string, status: number, text: string, extra: object = {}) {
  return {
    startedDateTime: new Date(T0 + at * 100).toISOString(),
    time: 20,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [] as object[],
      queryString: [],
      headersSize: -1,
      bodySize: 0,
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [header('content-type', 'application/json')] as object[],
      content: { size: text.length, mimeType: 'application/json', text },
      redirectURL: '',
      headersSize: -1,
      bodySize: text.length,
    },
    cache: {},
    timings: { send: 0, wait: 18, receive: 1 },
    ...extra,
  };
}

function post(e: ReturnType<typeof entry>, text: string) {
  Object.assign(e.request, { postData: { mimeType: 'application/x-www-form-urlencoded', text } });
  return e;
}

/** One flow's five entries; `fails` picks which leg fails (0: none). */
function flow(n: number, at: number, fails: number): object[] {
  const client = `client-${n % 97}`;
  const redirect = `https://app${n % 13}.example/cb`;
  const state = `state-${n}-x9f2k`;
  const code = `code-${n}-Zq81nP`;
  const access = `access-${n}-Yt6mW2sQ`;
  const refresh = `refresh-${n}-Pk3vL0aa`;
  const authorize = entry(
    at,
    'GET',
    `https://idp.example/authorize?response_type=code&client_id=${client}&redirect_uri=${encodeURIComponent(redirect)}&state=${state}&scope=openid`,
    302,
    ''
  );
  authorize.response.headers.push(header('location', `${redirect}?code=${code}&state=${state}`));
  const callback = entry(at + 1, 'GET', `${redirect}?code=${code}&state=${state}`, 200, '');
  const reused = fails === 1;
  const token = post(
    entry(
      at + 2,
      'POST',
      'https://idp.example/token',
      reused ? 400 : 200,
      reused
        ? '{"error":"invalid_grant","error_description":"grant request is invalid"}'
        : JSON.stringify({ access_token: access, refresh_token: refresh, token_type: 'Bearer', expires_in: 3600 })
    ),
    `grant_type=authorization_code&code=${code}&redirect_uri=${encodeURIComponent(redirect)}&client_id=${client}&client_secret=secret-${client}-Hh4`
  );
  const api = entry(
    at + 3,
    'GET',
    `https://api.example/me?n=${n}`,
    fails === 2 ? 401 : 200,
    fails === 2 ? '' : '{"sub":"u"}'
  );
  api.request.headers.push(header('authorization', `Bearer ${access}`));
  if (fails === 2) api.response.headers.push(header('www-authenticate', 'Bearer error="invalid_token"'));
  const renewed = post(
    entry(
      at + 4,
      'POST',
      'https://idp.example/token',
      fails === 3 ? 400 : 200,
      fails === 3 ? '{"error":"invalid_grant"}' : JSON.stringify({ access_token: `${access}-2`, token_type: 'Bearer' })
    ),
    `grant_type=refresh_token&refresh_token=${refresh}&client_id=${client}&client_secret=secret-${client}-Hh4`
  );
  return [authorize, callback, token, api, renewed];
}

/** A HAR of `entries` entries (a multiple of five), as JSON text. */
export function oauthHar(entries: number): string {
  const list: object[] = [];
  for (let n = 0; list.length < entries; n++) list.push(...flow(n, list.length, (n % 3) + 1));
  return JSON.stringify({
    log: { version: '1.2', creator: { name: 'OAuth Lab', version: '1' }, pages: [], entries: list },
  });
}
