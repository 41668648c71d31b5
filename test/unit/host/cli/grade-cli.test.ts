import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './run-cli';

/**
 * `oauth-lab grade` with small shell clients: its flags, its JSON, its exit code, the variables a client
 * is given, and the JUnit and HTML reports (secrets fingerprinted). Its verdicts against a real library are in
 * test/interop/grade-openid-client.test.ts.
 */
let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'grade-cli-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const grade = (...argv: string[]) => runCli(['grade', ...argv], '', process.env);

describe('oauth-lab grade: flags', () => {
  it('refuses a run without --drive, a bad pack, a bad wait and an unknown scenario, naming what it expects', async () => {
    const none = await grade('--pack', 'oauth2');
    expect(none.code).toBe(2);
    expect(none.err).toContain('--drive "CMD" is required');
    expect((await grade('--drive', 'true', '--pack', 'oidc')).err).toContain(
      '--pack takes one of oidc-basic, oauth2, all; got "oidc"'
    );
    expect((await grade('--drive', 'true', '--wait', 'soon')).err).toContain('--wait takes seconds');
    const unknown = await grade('--drive', 'true', '--scenario', 'pkce-plain');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain('"pkce-plain" is not a scenario id; expected one of oidcc-client-test,');
    expect((await grade('--drive', 'true', '--pack', 'oauth2', '--scenario', 'oidcc-client-test')).err).toContain(
      '--scenario oidcc-client-test is in the pack oidc-basic, not oauth2'
    );
  });

  it('prints its help', async () => {
    const r = await runCli(['grade', '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain('Usage: oauth-lab grade --drive "CMD" [--pack oidc-basic|oauth2|all]');
  });
});

describe('oauth-lab grade: verdicts from what the issuer observed', () => {
  it('gives the client the variables, a fresh issuer per scenario under /grade/RUN/SCENARIO', async () => {
    const out = join(dir, 'env');
    const r = await grade(
      '--drive',
      `env | grep '^OAUTH_LAB_' >> '${out}'`,
      '--pack',
      'oidc-basic',
      '--scenario',
      'oidcc-client-test',
      '--scenario',
      'oidcc-client-test-scope-userinfo-claims'
    );
    const vars = readFileSync(out, 'utf8');
    const issuers = [...vars.matchAll(/^OAUTH_LAB_ISSUER=(.*)$/gm)].map((m) => m[1]!);
    expect(issuers).toHaveLength(2);
    expect(issuers[0]).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/grade\/[0-9a-f]+\/oidcc-client-test$/);
    expect(issuers[1]).toMatch(/\/oidcc-client-test-scope-userinfo-claims$/);
    expect(vars).toMatch(/^OAUTH_LAB_CLIENT_ID=grade-client-/m);
    expect(vars).toMatch(/^OAUTH_LAB_CLIENT_SECRET=./m);
    expect(vars).toMatch(/^OAUTH_LAB_REDIRECT_URI=http:\/\/127\.0\.0\.1\//m);
    expect(vars).toContain('OAUTH_LAB_SCOPE=openid email profile\n');
    expect(vars).toContain('OAUTH_LAB_ID_TOKEN_SIGNED_RESPONSE_ALG=RS256\n');
    expect(vars).toContain('OAUTH_LAB_SCENARIO=oidcc-client-test-scope-userinfo-claims\n');
    expect(r.code).toBe(1);
  });

  it('--json: a client that does nothing fails both kinds of scenario; its exit code is reported, not judged', async () => {
    const r = await grade(
      '--drive',
      'exit 3',
      '--pack',
      'oauth2',
      '--scenario',
      'authorization-response-state-mismatch',
      '--scenario',
      'pkce-s256',
      '--json'
    );
    expect(r.code).toBe(1);
    const json = JSON.parse(r.out) as Record<string, unknown> & { scenarios: Record<string, unknown>[] };
    expect(Object.keys(json)).toEqual(['pack', 'scenarios', 'passed', 'failed']);
    expect(json).toMatchObject({ pack: 'oauth2', passed: 0, failed: 2 });
    expect(Object.keys(json.scenarios[0]!)).toEqual([
      'id',
      'verdict',
      'expectation',
      'section',
      'evidence',
      'exitCode',
    ]);
    expect(json.scenarios[0]).toMatchObject({
      id: 'authorization-response-state-mismatch',
      verdict: 'fail',
      expectation: 'reject',
      section: 'RFC 9700 §2.1; RFC 6749 §10.12',
      exitCode: 3,
    });
    expect((json.scenarios[0]!.evidence as string[])[0]).toContain("stopped before the scenario's bad response");
    expect(json.scenarios[1]).toMatchObject({ id: 'pkce-s256', verdict: 'fail', expectation: 'accept' });
  });

  it('a client that calls the token endpoint after a bad state fails; one that stops there passes', async () => {
    // The client GETs the authorization URL, then redeems whatever code came back, whatever its state.
    const careless = `loc=$(curl -s -o /dev/null -w '%{redirect_url}' "$OAUTH_LAB_ISSUER/authorize?response_type=code&client_id=$OAUTH_LAB_CLIENT_ID&redirect_uri=$OAUTH_LAB_REDIRECT_URI&state=s1")
code=$(printf '%s' "$loc" | sed 's/.*code=\\([^&]*\\).*/\\1/')
curl -s -u "$OAUTH_LAB_CLIENT_ID:$OAUTH_LAB_CLIENT_SECRET" -d grant_type=authorization_code -d "code=$code" -d "redirect_uri=$OAUTH_LAB_REDIRECT_URI" "$OAUTH_LAB_ISSUER/token"`;
    const junit = join(dir, 'grade.xml');
    const report = join(dir, 'grade.html');
    const args = ['--pack', 'oauth2', '--scenario', 'authorization-response-state-mismatch', '--json'];
    const r = await grade('--drive', careless, ...args, '--junit', junit, '--report', report);
    const row = (JSON.parse(r.out) as { scenarios: { verdict: string; evidence: string[] }[] }).scenarios[0]!;
    expect(row.verdict).toBe('fail');
    expect(row.evidence[0]).toContain('called the token endpoint (POST /token) after');
    expect(r.code).toBe(1);

    const xml = readFileSync(junit, 'utf8');
    expect(xml).toContain('<testcase classname="oauth-lab.grade.oauth2" name="authorization-response-state-mismatch">');
    expect(xml).toContain('<failure message="fail: the client called the token endpoint');

    const html = readFileSync(report, 'utf8');
    expect(html).toContain('<h2>authorization-response-state-mismatch <span class="fail">fail</span></h2>');
    expect(html).toContain('POST /grade/');
    expect(html).toMatch(/Authorization: Basic \[secret [0-9a-f]{12}\]/);
    expect(html).toMatch(/code: \[secret [0-9a-f]{12}\]/);
    expect(html).toContain('grant_type: authorization_code');

    const stops = await grade('--drive', careless.split('\n')[0]!, ...args);
    expect(JSON.parse(stops.out)).toMatchObject({ passed: 1, failed: 0 });
    expect(stops.code).toBe(0);
  });

  it('sees a client that uses a poisoned discovery document at its honeypot endpoints', async () => {
    const scenario = ['--pack', 'oidc-basic', '--scenario', 'oidcc-client-test-discovery-issuer-mismatch', '--json'];
    const fetchDocument = `doc=$(curl -s "$OAUTH_LAB_ISSUER/.well-known/openid-configuration")`;
    const trusting = `${fetchDocument}
auth=$(printf '%s' "$doc" | sed 's/.*"authorization_endpoint":"\\([^"]*\\)".*/\\1/')
curl -s -o /dev/null "$auth?response_type=code&client_id=$OAUTH_LAB_CLIENT_ID&redirect_uri=$OAUTH_LAB_REDIRECT_URI"`;
    const r = await grade('--drive', trusting, ...scenario);
    const row = (JSON.parse(r.out) as { scenarios: { verdict: string; evidence: string[] }[] }).scenarios[0]!;
    expect(row.evidence[0]).toContain('called an endpoint of the poisoned document (GET /poisoned/authorize)');
    expect(row.verdict).toBe('fail');
    expect(JSON.parse((await grade('--drive', fetchDocument, ...scenario)).out)).toMatchObject({ passed: 1 });
  });

  it('keeps every secret out of the report: the client secret, its Basic credentials, the code', async () => {
    const secrets = join(dir, 'secrets');
    const client = `printf '%s\\n' "$OAUTH_LAB_CLIENT_SECRET" "$(printf '%s' "$OAUTH_LAB_CLIENT_ID:$OAUTH_LAB_CLIENT_SECRET" | base64 -w0)" > '${secrets}'
curl -s -u "$OAUTH_LAB_CLIENT_ID:$OAUTH_LAB_CLIENT_SECRET" -d grant_type=authorization_code -d code=guessed-code -d "client_secret=$OAUTH_LAB_CLIENT_SECRET" "$OAUTH_LAB_ISSUER/token"`;
    const report = join(dir, 'r.html');
    await grade('--drive', client, '--pack', 'oauth2', '--scenario', 'pkce-s256', '--report', report);
    const html = readFileSync(report, 'utf8');
    for (const s of readFileSync(secrets, 'utf8').trim().split('\n')) expect(html).not.toContain(s);
    expect(html).not.toContain('guessed-code');
    expect(html).toContain('client_secret: [secret ');
  });

  it('stops a client still running after --wait: exit code 124, as timeout(1) reports it', async () => {
    const r = await grade('--drive', 'sleep 30', '--wait', '0.5', '--scenario', 'pkce-s256', '--json');
    const row = (JSON.parse(r.out) as { scenarios: { exitCode: number | null; evidence: string[] }[] }).scenarios[0]!;
    expect(row.exitCode).toBe(124);
    expect(row.evidence[1]).toBe('the client was still running after 0.5 s and was stopped (exit code 124)');
  });

  it('reports a client killed by a signal of its own as 128 + the signal number, as a shell does', async () => {
    const r = await grade('--drive', 'kill -TERM $$', '--scenario', 'pkce-s256', '--json');
    const row = (JSON.parse(r.out) as { scenarios: { exitCode: number | null; evidence: string[] }[] }).scenarios[0]!;
    expect(row.exitCode).toBe(143);
    expect(row.evidence[1]).toBe('the client was killed by SIGTERM (exit code 143)');
  });
});
