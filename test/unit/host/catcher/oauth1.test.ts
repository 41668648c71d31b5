import { describe, expect, it } from 'vitest';
import type { CaughtCallback } from '../../../../host/catcher';
import { catcher, hit } from './helpers';

const byName = (r: CaughtCallback) => Object.fromEntries(r.checks.map((c) => [c.name, c.ok]));

describe('catcher, OAuth 1.0a callbacks (RFC 5849 §2.2, provider-cases.md C-16)', () => {
  it('oauth_token equal to the request token and a verifier: the flow may continue', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth1', requestToken: 'hh5s93j4hdidpola' });
    const reply = await hit(c.port, '/callback?oauth_token=hh5s93j4hdidpola&oauth_verifier=hfdp7dh39dks9884');
    const r = await waiting;
    expect(reply.status).toBe(200);
    expect(r).toMatchObject({
      kind: 'oauth1',
      mayContinue: true,
      matchedBy: 'oauth_token',
      oauthToken: 'hh5s93j4hdidpola',
      oauthVerifier: 'hfdp7dh39dks9884',
    });
    expect(byName(r)).toEqual({
      'query well formed': true,
      'no repeated parameters': true,
      'oauth_token matches': true,
      'no-denial': true,
      oauth_verifier: true,
    });
    expect(reply.body).not.toContain('hfdp7dh39dks9884');
  });

  it('C-16: an oauth_token other than the pending request token is a rejected attempt; the flow keeps waiting', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth1', requestToken: 'mine' });
    const reply = await hit(c.port, '/callback?oauth_token=attacker&oauth_verifier=v');
    expect(reply.status).toBe(400);
    expect(reply.body).not.toContain('mine');
    expect(c.pending).toBe(1);
    expect(c.events).toMatchObject([
      {
        type: 'callback',
        outcome: 'unmatched',
        params: [
          ['oauth_token', 'attacker'],
          ['oauth_verifier', 'v'],
        ],
      },
    ]);
    await hit(c.port, '/callback?oauth_token=mine&oauth_verifier=real');
    expect(await waiting).toMatchObject({ mayContinue: true, matchedBy: 'oauth_token', oauthVerifier: 'real' });
  });

  it('C-16: a repeated oauth_token that includes the request token is tied to the flow and fails its checks', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth1', requestToken: 'rt' });
    await hit(c.port, '/callback?oauth_token=rt&oauth_token=x&oauth_verifier=v');
    const r = await waiting;
    expect(r).toMatchObject({ mayContinue: false, matchedBy: 'oauth_token' });
    expect(byName(r)).toMatchObject({ 'no repeated parameters': false, 'oauth_token matches': false });
  });

  it('C-16: no oauth_verifier is a failed check', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth1', requestToken: 'rt' });
    await hit(c.port, '/callback?oauth_token=rt');
    const r = await waiting;
    expect(r).toMatchObject({ mayContinue: false, matchedBy: 'oauth_token' });
    expect(byName(r)).toMatchObject({ 'oauth_token matches': true, oauth_verifier: false });
  });

  it('C-16: no oauth_token at all is a rejected attempt; the flow keeps waiting', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth1', requestToken: 'rt' });
    expect((await hit(c.port, '/callback?oauth_verifier=v')).status).toBe(400);
    expect(c.pending).toBe(1);
    expect(c.events).toMatchObject([{ type: 'callback', outcome: 'unmatched' }]);
    await hit(c.port, '/callback?oauth_token=rt&oauth_verifier=v');
    expect((await waiting).mayContinue).toBe(true);
  });

  it('a denial naming the request token (denied=<token>) is recognised and tied to its flow', async () => {
    const c = await catcher();
    const other = c.wait({ kind: 'oauth1', requestToken: 'other' });
    const waiting = c.wait({ kind: 'oauth1', requestToken: 'rt-1' });
    const reply = await hit(c.port, '/callback?denied=rt-1');
    const r = await waiting;
    expect(r).toMatchObject({
      mayContinue: false,
      matchedBy: 'denied',
      providerError: { source: 'denied', error: 'denied' },
    });
    expect(byName(r)).toEqual({
      'query well formed': true,
      'no repeated parameters': true,
      'oauth_token matches': true,
      'no-denial': false,
      oauth_verifier: false,
    });
    expect(r.checks.find((k) => k.name === 'oauth_verifier')?.kind).toBe('consequence');
    expect(reply.body).toContain('The provider refused the authorization');
    expect(c.pending).toBe(1);
    await c.close();
    await expect(other).rejects.toMatchObject({ code: 'catcher_closed' });
  });

  it('oauth_problem with advice (Problem Reporting) is recognised and the advice shown as text', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth1', requestToken: 'rt' });
    const reply = await hit(
      c.port,
      '/callback?oauth_token=rt&oauth_problem=user_refused&oauth_problem_advice=%3Cb%3ENo%3C%2Fb%3E'
    );
    const r = await waiting;
    expect(r.providerError).toEqual({
      source: 'oauth_problem',
      error: 'user_refused',
      description: '<b>No</b>',
      uri: null,
    });
    expect(reply.body).toContain('oauth_problem_advice: <code>&#60;b&#62;No&#60;/b&#62;</code>');
    expect(reply.body).not.toContain('<b>No');
  });

  it('a repeated oauth_token is rejected', async () => {
    const c = await catcher();
    const waiting = c.wait({ kind: 'oauth1', requestToken: 'rt' });
    await hit(c.port, '/callback?oauth_token=rt&oauth_token=rt&oauth_verifier=v');
    const r = await waiting;
    expect(byName(r)).toMatchObject({ 'no repeated parameters': false, 'oauth_token matches': false });
  });
});
