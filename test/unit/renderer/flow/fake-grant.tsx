import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { check, type Interpretation, type LegStatus } from '../../../../shared/flows/common';
import type { Grant, PollInterpretation } from '../../../../shared/flows/driver/grant';
import type { Exchange } from '../../../../shared/http';
import type { GrantPageParts } from '../../../../renderer/features/flow/grant-page-parts';
import type { PollAttemptRow } from '../../../../renderer/features/flow/PollAttempts';

/**
 * A grant that exists only in this test, one leg of each kind: `hello` sent once (with a secret header), `wait`
 * polled until the server says done, `visit` a redirect judged by its `state`, and `bye`, which the grant does not
 * run by itself (`next` ends at `visit`). Its legs are declared out of order: the page orders them.
 */
export type FakeLeg = 'bye' | 'visit' | 'wait' | 'hello';
export interface FakeState {
  readonly config: { readonly baseUrl: string; readonly secret: string };
  readonly legs: Readonly<Record<FakeLeg, LegStatus>>;
  readonly greeting: string | null;
  readonly attempts: readonly PollAttemptRow[];
  readonly state: string;
  readonly code: string | null;
}

const json = (e: Exchange): Record<string, string> => JSON.parse(e.response.bodyText || '{}');
const at = (s: FakeState, leg: FakeLeg, status: LegStatus, then?: FakeLeg): FakeState => ({
  ...s,
  legs: { ...s.legs, [leg]: status, ...(then ? { [then]: 'ready' } : {}) },
});

function hello(s: FakeState, e: Exchange, _now: number): Interpretation<FakeState> {
  const greeting = json(e).greeting ?? null;
  const ok = e.response.status === 200 && greeting !== null;
  const checks = [check('greeting', ok, `The server said "${greeting}".`, 'The server did not greet.')];
  const next = ok ? { ...at(s, 'hello', 'succeeded', 'wait'), greeting } : at(s, 'hello', 'failed');
  return { ok, summary: ok ? `Greeted: ${greeting}` : 'No greeting', checks, state: next };
}

function waited(s: FakeState, e: Exchange, now: number): PollInterpretation<FakeState> {
  const answer = json(e).status ?? 'nothing';
  const pending = answer === 'pending';
  const attempts = [...s.attempts, { at: now, answer, meaning: pending ? 'not yet' : 'ready', interval: 0 }];
  const state = { ...at(s, 'wait', pending ? 'waiting' : 'succeeded', pending ? undefined : 'visit'), attempts };
  const checks = [check('status', answer === 'done' || pending, `The server answered ${answer}.`, 'Unknown status.')];
  return {
    ok: answer === 'done',
    pending,
    summary: pending ? 'Still pending' : `Done after ${attempts.length} polls`,
    checks,
    state,
  };
}

function visited(s: FakeState, query: string): Interpretation<FakeState> {
  const params = new URLSearchParams(query);
  const ok = params.get('state') === s.state && params.has('code');
  const checks = [check('state', params.get('state') === s.state, 'The state came back.', 'The state differs.')];
  const next = ok ? { ...at(s, 'visit', 'succeeded', 'bye'), code: params.get('code') } : at(s, 'visit', 'failed');
  return { ok, summary: ok ? `Code ${params.get('code')} received` : 'No code', checks, state: next };
}

export const fakeGrant: Grant<FakeState, FakeState['config'], FakeLeg> = {
  name: 'fake',
  flow: 'oauth2',
  start: (config) => ({
    config,
    legs: { hello: 'ready', wait: 'not_started', visit: 'not_started', bye: 'not_started' },
    greeting: null,
    attempts: [],
    state: 'the-state',
    code: null,
  }),
  first: 'hello',
  next: (leg) => (leg === 'hello' ? 'wait' : leg === 'wait' ? 'visit' : null),
  tokensObtained: () => null,
  legs: {
    bye: {
      kind: 'send',
      title: () => 'Say goodbye',
      build: (s) => ({ method: 'DELETE', url: `${s.config.baseUrl}/hello?code=${s.code}`, headers: [] }),
      interpret: (s, e) => ({
        ok: e.response.status === 204,
        summary: 'Said goodbye',
        checks: [],
        state: at(s, 'bye', 'succeeded'),
      }),
    },
    visit: {
      kind: 'redirect',
      title: () => 'Visit',
      url: (s) => `${s.config.baseUrl}/authorize?state=${s.state}`,
      expected: (s) => ({ kind: 'oauth2', state: s.state }),
      redirectUri: (s) => `${s.config.baseUrl}/callback`,
      opened: (s) => at(s, 'visit', 'waiting'),
      interpret: visited,
    },
    wait: {
      kind: 'poll',
      title: () => 'Wait',
      wait: () => 0,
      build: (s) => ({ method: 'GET', url: `${s.config.baseUrl}/status`, headers: [] }),
      interpret: waited,
    },
    hello: {
      kind: 'send',
      title: () => 'Say hello',
      build: (s) => ({
        method: 'POST',
        url: `${s.config.baseUrl}/hello`,
        headers: [
          ['content-type', 'application/x-www-form-urlencoded'],
          ['x-secret', s.config.secret],
        ],
        body: 'name=lab',
      }),
      interpret: hello,
    },
  },
};

/** The fake grant's explanations: all a new grant brings to the page. */
export const fakeParts: GrantPageParts<FakeState, FakeLeg> = {
  name: 'Fake',
  intro: 'A grant made up for this test.',
  titles: { bye: 'Goodbye', visit: 'Visit', wait: 'Waiting', hello: 'Hello' },
  arrows: [],
  explain: { bye: 'Why goodbye.', visit: 'Why visit.', wait: 'Why wait.', hello: 'Why hello.' },
  explainKey: 'fake',
  secrets: (s) => [s?.config.secret],
  credentials: (s) => <p>Greeting: {s?.greeting ?? 'none yet'}</p>,
  attempts: (s) => s.attempts,
};

/**
 * The fake grant's server on 127.0.0.1:0: greets a POST /hello with the secret header, answers /status pending
 * twice then done, redirects /authorize back with a code and the state, and answers DELETE /hello with 204.
 */
export function fakeGrantServer(secret: string): Promise<{ server: Server; base: string; seen: string[] }> {
  const seen: string[] = [];
  let polls = 0;
  const server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://x');
    seen.push(`${req.method} ${url.pathname}`);
    req.resume();
    if (req.method === 'POST' && url.pathname === '/hello') {
      const known = req.headers['x-secret'] === secret;
      res.writeHead(known ? 200 : 401, { 'content-type': 'application/json' });
      return res.end(JSON.stringify(known ? { greeting: 'hi lab' } : {}));
    }
    if (url.pathname === '/status') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ status: ++polls > 2 ? 'done' : 'pending' }));
    }
    if (url.pathname === '/authorize') {
      res.writeHead(302, { location: `http://127.0.0.1:1/cb?code=the-code&state=${url.searchParams.get('state')}` });
      return res.end();
    }
    res.writeHead(req.method === 'DELETE' ? 204 : 404);
    res.end();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen })
    )
  );
}
