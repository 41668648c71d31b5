import { DEFAULT_CREDENTIALS } from '../../mock-provider';

/** The user's id_token from the mock: a code flow with scope openid, logged in through its form (demo / demo). */
export async function mockIdToken(mockUrl: string): Promise<string> {
  const { client, user } = DEFAULT_CREDENTIALS;
  const redirectUri = client.redirectUris[0]!;
  const query = { response_type: 'code', client_id: client.id, redirect_uri: redirectUri, scope: 'openid', state: 's' };
  const login = await (await fetch(`${mockUrl}/oauth/v2/authorize?${new URLSearchParams(query)}`)).text();
  const csrf = /name="csrf" value="([^"]+)"/.exec(login)![1]!;
  const approved = await fetch(`${mockUrl}/oauth/v2/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ csrf, username: user.username, password: user.password, decision: 'approve' }),
  });
  const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
  const r = await fetch(`${mockUrl}/oauth/v2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: client.id,
      client_secret: client.secret,
    }),
  });
  return ((await r.json()) as { id_token: string }).id_token;
}
