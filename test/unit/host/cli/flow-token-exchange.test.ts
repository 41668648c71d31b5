import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tokens } from '../../mock-provider/helpers';
import { scratchDir } from '../../../support/scratch-dir';
import { agentArgs, capturingTokenEndpoint, machineCli } from './machine-cli';
import { agentMock, TOKEN_TYPE } from '../../mock-provider/agent-mock';

/**
 * `oauth-lab flow token-exchange` (RFC 8693 §2.1), derived from the driver's generic token-endpoint grant, over real
 * sockets against the mock: the subject (and actor) token from a file with its type, audience and resources, the
 * issued_token_type shown (§2.2.1), and each refusal in the provider's words (§2.2.2).
 */
const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const h = agentMock();

function tokenFile(token: string): string {
  const file = join(scratchDir('token-exchange-'), 'token.txt');
  writeFileSync(file, `${token}\n`);
  return file;
}

const agent = (...args: string[]) => agentArgs('token-exchange', h.base, ...args);

describe('flow token-exchange', () => {
  it('exchanges a subject token: the token and its issued_token_type on stdout, the check on stderr', async () => {
    const { access_token: subject } = await tokens(h);
    const r = await machineCli(
      agent(
        '--subject-token-file',
        tokenFile(String(subject)),
        '--subject-token-type',
        TOKEN_TYPE('access_token'),
        '--requested-token-type',
        TOKEN_TYPE('access_token'),
        '--audience',
        h.base,
        '--resource',
        `${h.base}/api/v2/me`,
        '--resource',
        `${h.base}/mcp`,
        '--scope',
        'read',
        '--json'
      )
    );
    expect(r.code, r.err).toBe(0);
    expect(JSON.parse(r.out)).toMatchObject({ issued_token_type: TOKEN_TYPE('access_token'), scope: 'read' });
    expect(r.err).toContain('== Token request (Token exchange, RFC 8693 §2.1)');
    expect(r.err).toContain(`issued_token_type is ${TOKEN_TYPE('access_token')} (RFC 8693 §2.2.1)`);
    expect(r.err).not.toContain(String(subject));
    expect(h.provider.events.recent(0).at(-1)!.verdict.message).toContain('Token exchange of the access token');
  });

  it('sends every parameter as RFC 8693 §2.1 says, and a response without issued_token_type fails', async () => {
    const endpoint = await capturingTokenEndpoint();
    try {
      const args = ['token-exchange', '--token-url', endpoint.url, '--client-id', 'agent', '--client-auth', 'none'];
      const r = await machineCli([
        ...args,
        '--subject-token-file',
        tokenFile('subject-1'),
        '--subject-token-type',
        TOKEN_TYPE('id_token'),
        '--actor-token-file',
        tokenFile('actor-1'),
        '--actor-token-type',
        TOKEN_TYPE('access_token'),
        '--audience',
        'https://as.example',
        '--resource',
        'https://api.example/a',
        '--resource',
        'https://api.example/b',
      ]);
      expect([...new URLSearchParams(endpoint.requests[0]!.body)]).toEqual([
        ['client_id', 'agent'],
        ['grant_type', GRANT],
        ['subject_token', 'subject-1'],
        ['subject_token_type', TOKEN_TYPE('id_token')],
        ['actor_token', 'actor-1'],
        ['actor_token_type', TOKEN_TYPE('access_token')],
        ['audience', 'https://as.example'],
        ['resource', 'https://api.example/a'],
        ['resource', 'https://api.example/b'],
      ]);
      expect(r.code).toBe(1);
      expect(r.err).toContain('No issued_token_type in the response; RFC 8693 §2.2.1 requires it');
    } finally {
      await endpoint.close();
    }
  });

  it('a wrong subject_token_type: exit 1 with the provider’s invalid_request naming what the token is', async () => {
    const { access_token: subject } = await tokens(h);
    const r = await machineCli(
      agent('--subject-token-file', tokenFile(String(subject)), '--subject-token-type', TOKEN_TYPE('id_token'))
    );
    expect(r.code).toBe(1);
    expect(r.out).toBe('');
    expect(r.err).toContain('the provider says: invalid_request');
    expect(r.err).toContain('is an access token of this provider, but subject_token_type says');
  });

  it('an actor token without its type, or no subject token: a usage error naming the flag, nothing sent', async () => {
    const before = h.provider.events.recent(0).length;
    const noType = await machineCli(
      agent(
        '--subject-token',
        'x',
        '--subject-token-type',
        TOKEN_TYPE('access_token'),
        '--actor-token-file',
        tokenFile('a')
      )
    );
    expect(noType.code).toBe(2);
    expect(noType.err).toContain('--actor-token-type is required for flow token-exchange with --actor-token');
    const noSubject = await machineCli(agent('--subject-token-type', TOKEN_TYPE('access_token')));
    expect(noSubject.code).toBe(2);
    expect(noSubject.err).toContain(
      '--subject-token-file FILE (or --subject-token, or OAUTH_LAB_SUBJECT_TOKEN) is required for flow token-exchange'
    );
    expect(h.provider.events.recent(0).length).toBe(before);
  });

  it('--help is derived from the grant: each flag, which are optional, which repeat', async () => {
    const r = await machineCli(['token-exchange', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: oauth-lab flow token-exchange');
    expect(r.out).toContain(GRANT);
    expect(r.out).toContain('--subject-token-file FILE --subject-token-type V');
    expect(r.out).toContain('[--actor-token-file FILE] [--actor-token-type V]');
    expect(r.out).toContain('[--resource V ...]');
    expect(r.out).toContain('OAUTH_LAB_SUBJECT_TOKEN');
  });
});
