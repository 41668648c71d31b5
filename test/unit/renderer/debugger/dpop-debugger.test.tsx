// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { generateDpopKey } from '../../../../platform/jose';
import { buildDpopProof } from '../../../../shared/dpop/proof';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { renderDebugger } from './fixtures';
import { expectPartMasked } from '../masked-field';

/** The debugger page's DPoP tab: a pasted proof checked in the page, each mistake named with its RFC 9449 section. */
afterEach(cleanup);

const input = (name: string) => screen.getByLabelText(name) as HTMLInputElement | HTMLTextAreaElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const NOW = 1_700_000_000_000;

describe('Debugger page: DPoP proof', () => {
  it('the example names the query left in htu, with its section; the access token is masked', async () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('button', { name: 'DPoP proof' }));
    expect(screen.getByRole('region', { name: 'How to start' }).textContent).toContain('Check a DPoP proof');
    fireEvent.click(screen.getByRole('button', { name: 'Load an example' }));
    const mistakes = await screen.findByRole('region', { name: 'Mistakes' }, { timeout: 3000 });
    const item = within(mistakes).getByRole('listitem');
    expect(item.textContent).toContain('htu keeps the query or fragment');
    expect(item.textContent).toContain('RFC 9449 §4.2');
    expect(item.textContent).toContain('htu keeps "?page=2"');
    expect(screen.getByRole('region', { name: 'Verdict' }).textContent).toContain('1 mistake');
    expect((input('Access token') as HTMLInputElement).type).toBe('password');
  });

  it('a right proof pasted with its request: no mistake; a wrong method then names htm', async () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('button', { name: 'DPoP proof' }));
    const { key } = await generateDpopKey('EdDSA');
    const p = await buildDpopProof(
      { key, method: 'POST', url: 'https://as.example/token' },
      { crypto: browserCrypto, random: { bytes: (n) => new Uint8Array(n).fill(7) }, clock: { now: () => NOW } }
    );
    type('DPoP proof (JWT)', p.jwt);
    type('Method', 'POST');
    type('URL', 'https://as.example/token');
    type('Bound key (cnf.jkt)', p.thumbprint);
    const verdict = await screen.findByText('No mistake found', {}, { timeout: 3000 });
    expect(verdict).toBeTruthy();
    type('Method', 'GET');
    const mistakes = await screen.findByRole('region', { name: 'Mistakes' }, { timeout: 3000 });
    expect(mistakes.textContent).toContain('htm is not the method of the request');
    expect(mistakes.textContent).toContain('htm is "POST"; the request is GET.');
  });

  it('a pasted proof is masked until Reveal (it is replayable, RFC 9449 §11.1); it is still checked and its mistake named', async () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('button', { name: 'DPoP proof' }));
    const { key } = await generateDpopKey('ES256');
    const p = await buildDpopProof(
      { key, method: 'POST', url: 'https://as.example/token' },
      { crypto: browserCrypto, random: { bytes: (n) => new Uint8Array(n).fill(9) }, clock: { now: () => NOW } }
    );
    type('DPoP proof (JWT)', p.jwt);
    type('Method', 'GET');
    const mistakes = await screen.findByRole('region', { name: 'Mistakes' }, { timeout: 3000 });
    expect(mistakes.textContent).toContain('htm is "POST"; the request is GET.');
    expectPartMasked(input('DPoP proof (JWT)'), p.jwt.split('.')[2]!);
    expectPartMasked(input('DPoP proof (JWT)'), p.jwt.split('.')[0]!);
    fireEvent.click(screen.getByRole('button', { name: 'Reveal DPoP proof' }));
    expect(input('DPoP proof (JWT)').value).toBe(p.jwt);
    fireEvent.click(screen.getByRole('button', { name: 'Hide DPoP proof' }));
    expectPartMasked(input('DPoP proof (JWT)'), p.jwt.split('.')[2]!);
  });

  it('the chosen tab is kept; the OAuth 1.0a checker is one click away', () => {
    renderDebugger();
    fireEvent.click(screen.getByRole('button', { name: 'DPoP proof' }));
    expect(screen.getByRole('button', { name: 'DPoP proof' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'OAuth 1.0a signature' }));
    expect(screen.getByRole('region', { name: 'How to start' }).textContent).toMatch(
      /Paste the request that was rejected/
    );
  });
});
