/**
 * Plays the user's browser against the mock over real sockets: follows redirects (to the loopback catcher in
 * the end), and, when the mock shows its login page, submits it with the given decision.
 */
export async function actAsBrowser(
  url: string,
  login?: { username: string; password: string; decision: 'approve' | 'deny' }
): Promise<Response> {
  const page = await fetch(url, { redirect: 'follow' });
  const html = await page.clone().text();
  const form = /<form method="post" action="([^"]+)">/.exec(html);
  if (!form || !login) return page;
  const csrf = /name="csrf" value="([^"]+)"/.exec(html)![1]!;
  const action = new URL(form[1]!.replace(/&amp;/g, '&'), page.url).href;
  return fetch(action, {
    method: 'POST',
    redirect: 'follow',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      csrf,
      username: login.username,
      password: login.password,
      decision: login.decision,
    }).toString(),
  });
}
