// @vitest-environment happy-dom
import { generateKeyPairSync } from 'node:crypto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { traceSignature } from '../../../../shared/oauth1';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { curlOf, hostRsaVerify, renderDebugger, X } from './fixtures';

afterEach(cleanup);

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 1024,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const keys = pair();
/** X's request signed with RSA-SHA1, as Jira's application links sign theirs. */
const rsaCurl = curlOf(
  traceSignature(
    { ...X, signatureMethod: 'RSA-SHA1', consumerSecret: null, tokenSecret: null, privateKeyPem: keys.privateKey },
    nodeCrypto
  ).authorization!
);

const keyInput = () => screen.getByLabelText('RSA public key (PEM)') as HTMLTextAreaElement;
const type = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } });
const verdictIs = (word: string) =>
  waitFor(() => expect(screen.getByRole('region', { name: 'Verdict' }).getAttribute('data-verdict')).toBe(word), {
    timeout: 3000,
  });
const keyError = () => {
  const id = keyInput()
    .getAttribute('aria-describedby')
    ?.split(' ')
    .find((x) => x.endsWith('-error'));
  return id ? document.getElementById(id)!.textContent : null;
};

/** A host whose answers wait until the test releases them, per public key, to order them as a race would. */
function heldHost() {
  const held: { pem: string; release: () => void }[] = [];
  const rsaVerify: BridgeApi['rsaVerify'] = (input) =>
    new Promise((resolve) =>
      held.push({ pem: input!.publicKeyPem, release: () => void hostRsaVerify(input).then(resolve) })
    );
  const release = (pem: string) =>
    act(async () => {
      for (const h of held.filter((h) => h.pem === pem.trim())) h.release();
      await new Promise((r) => setTimeout(r, 20));
    });
  const asked = (pem: string) => held.some((h) => h.pem === pem.trim());
  return { rsaVerify, release, asked };
}

describe('DebuggerPage: RSA signatures', () => {
  it('an RSA request asks for the public key instead of the secrets, and says how else to check it', async () => {
    renderDebugger();
    type('Paste the curl command', rsaCurl);
    await verdictIs('unverified');
    expect(keyInput().value).toBe('');
    expect(screen.queryByLabelText('Consumer secret')).toBeNull();
    const note = screen.getByRole('note', { name: 'RSA verification' });
    expect(note.textContent).toMatch(
      /RSA-SHA1 is verified with the consumer's RSA public key: paste it \(PEM, or the X\.509 certificate\) on the left/
    );
    expect(note.textContent).toContain('oauth-lab debug --rsa-public-key key.pem');
  });

  it('the right public key gives a match, checked by the host', async () => {
    const { bridge } = renderDebugger();
    type('Paste the curl command', rsaCurl);
    await verdictIs('unverified');
    type('RSA public key (PEM)', keys.publicKey);
    await verdictIs('match');
    expect(screen.getByRole('region', { name: 'Verdict' }).textContent).toMatch(/The signature matches \(RSA-SHA1\)/);
    expect(screen.queryByRole('note', { name: 'RSA verification' })).toBeNull();
    expect(bridge.rsaVerify).toHaveBeenCalledWith(
      expect.objectContaining({ method: 'RSA-SHA1', publicKeyPem: keys.publicKey.trim() })
    );
  });

  it('another public key gives a mismatch', async () => {
    renderDebugger();
    type('Paste the curl command', rsaCurl);
    await verdictIs('unverified');
    type('RSA public key (PEM)', pair().publicKey);
    await verdictIs('mismatch');
    expect(
      within(screen.getByRole('region', { name: 'Causes' })).getByRole('heading', {
        name: 'No known mistake reproduces the signature',
      })
    ).toBeTruthy();
  });

  it('a key the host cannot read shows its message by the key input, and the request stays unverified', async () => {
    renderDebugger();
    type('Paste the curl command', rsaCurl);
    await verdictIs('unverified');
    type('RSA public key (PEM)', '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----');
    await waitFor(() => expect(keyInput().getAttribute('aria-invalid')).toBe('true'), { timeout: 3000 });
    expect(keyError()).toMatch(
      /^The RSA public key could not be read: expected a PEM public key \(-----BEGIN PUBLIC KEY----- or -----BEGIN RSA PUBLIC KEY-----\) or an X\.509 certificate/
    );
    await verdictIs('unverified');
    type('RSA public key (PEM)', keys.publicKey);
    await verdictIs('match');
    expect(keyError()).toBeNull();
  });

  it('says it is checking while the host works, and an answer overtaken by typing is never shown', async () => {
    const host = heldHost();
    renderDebugger(host.rsaVerify);
    type('Paste the curl command', rsaCurl);
    await verdictIs('unverified');
    const wrong = pair().publicKey;
    type('RSA public key (PEM)', wrong);
    await waitFor(() => expect(host.asked(wrong)).toBe(true), { timeout: 3000 });
    expect(screen.getByText('Checking with the public key…')).toBeTruthy();

    // The user pastes the right key while the wrong one is being checked; its answer comes back first.
    type('RSA public key (PEM)', keys.publicKey);
    await waitFor(() => expect(host.asked(keys.publicKey)).toBe(true), { timeout: 3000 });
    await host.release(keys.publicKey);
    await verdictIs('match');
    // The wrong key's answer arrives last and is dropped: the last input wins.
    await host.release(wrong);
    expect(screen.getByRole('region', { name: 'Verdict' }).getAttribute('data-verdict')).toBe('match');
    expect(screen.queryByText('Checking with the public key…')).toBeNull();
  });
});
