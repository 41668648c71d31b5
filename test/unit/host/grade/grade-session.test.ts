import { afterEach, describe, expect, it } from 'vitest';
import { GradeSession, type SeenForHistory } from '../../../../host/grade/grade-session';
import { seenHistoryEntry } from '../../../../host/grade/seen-history';

/**
 * The app's grading run over real sockets: a scenario is decided at once by a failure no later request
 * can undo, otherwise after the quiet wait or when the user moves on; a scenario chosen again keeps its verdict until
 * its fresh issuer sees a request; every request seen reaches the History with its scenario's owner.
 */
let session: GradeSession | null = null;
afterEach(async () => {
  await session?.stop();
  session = null;
});

async function started(waitMs: number) {
  const seen: SeenForHistory[] = [];
  let changes = 0;
  session = await GradeSession.start('oauth2', 0, waitMs, { changed: () => changes++, seen: (s) => seen.push(s) });
  return { s: session, seen, changes: () => changes };
}

const row = (s: GradeSession, id: string) => s.status(true).scenarios.find((r) => r.id === id)!;

/** A careless client: it redeems the code whatever state came back (RFC 9700 §2.1 says it must not). */
async function careless(s: GradeSession) {
  const { issuer, client } = s.status(true);
  const q = new URLSearchParams({
    response_type: 'code',
    client_id: client!.clientId,
    redirect_uri: client!.redirectUri,
  });
  const location = (await fetch(`${issuer}/authorize?${q}`, { redirect: 'manual' })).headers.get('location')!;
  await fetch(`${issuer}/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${client!.clientId}:${client!.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: new URL(location).searchParams.get('code')!,
      redirect_uri: client!.redirectUri,
    }),
  });
}

describe('GradeSession', () => {
  it('a call after the bad response fails at once; the History entry that settled it carries the cause', async () => {
    const { s, seen } = await started(600_000);
    expect(s.status(true).current).toBe('authorization-response-state-mismatch');
    await careless(s);
    expect(row(s, 'authorization-response-state-mismatch').verdict).toBe('fail');
    expect(seen.map((x) => `${x.seen.observed.endpoint} ${x.failure === null ? '' : 'settled'}`)).toEqual([
      'authorize ',
      'token settled',
    ]);
    const entry = seenHistoryEntry('g1', seen[1]!);
    expect(entry).toMatchObject({ flow: 'grade', leg: 'token', outcome: 'failed', profileId: seen[1]!.owner });
    expect(entry.summary).toMatch(
      /^authorization-response-state-mismatch fails here: the client called the token endpoint/
    );
    expect(entry.exchange.request.url).toBe(`${seen[1]!.origin}${seen[1]!.seen.request.target}`);
  });

  it('a client that stops is decided after the quiet wait; chosen again, a scenario keeps its verdict until a request', async () => {
    const { s } = await started(200);
    const { issuer, client } = s.status(true);
    const q = new URLSearchParams({
      response_type: 'code',
      client_id: client!.clientId,
      redirect_uri: client!.redirectUri,
    });
    await fetch(`${issuer}/authorize?${q}`, { redirect: 'manual' });
    expect(row(s, 'authorization-response-state-mismatch').verdict).toBe('running');
    await expect.poll(() => row(s, 'authorization-response-state-mismatch').verdict).toBe('pass');

    s.choose('pkce-s256');
    s.choose('authorization-response-state-mismatch');
    expect(row(s, 'authorization-response-state-mismatch').verdict).toBe('pass');
    await careless(s);
    expect(row(s, 'authorization-response-state-mismatch')).toMatchObject({ verdict: 'fail', requests: 2 });
  });

  it('moving on decides the scenario run now; one never reached stays not run, and the report calls it a skip', async () => {
    const { s } = await started(600_000);
    s.choose('token-type-case-insensitive');
    await careless(s);
    expect(row(s, 'token-type-case-insensitive').verdict).toBe('running');
    s.choose('pkce-s256');
    expect(row(s, 'token-type-case-insensitive').verdict).toBe('fail');
    expect(row(s, 'token-type-case-insensitive').evidence[0]).toContain('stopped before calling UserInfo');
    const report = s.report();
    expect(report).toMatchObject({ pack: 'oauth2', passed: 0, failed: 1 });
    expect(report.scenarios.find((r) => r.id === 'pkce-s256')).toMatchObject({ verdict: 'skip', exitCode: null });
  });
});
