// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { HistoryEntry } from '../../../../shared/store/history';
import { StoresProvider } from '../../../../renderer/app/stores';
import { HistoryPage } from '../../../../renderer/features/history/HistoryPage';
import { fakeBridge, storesFor } from './fake-bridge';

afterEach(cleanup);

/*
 * Each row names its flow and leg in words, from one map of the legs every sender records (the pages, the signer,
 * the CLI, the MCP client): no raw ids such as `bearer`, `request` or `poll`. A token request is named by its
 * grant_type (RFC 6749 §4.4.2, RFC 8628 §3.4), so the Client credentials page's is not "Token exchange".
 */
const CASES: [HistoryEntry['flow'], string, string | undefined, string][] = [
  ['signer', 'request', undefined, 'Signer · Signed request'],
  ['signer', 'bearer', undefined, 'Signer · Bearer request'],
  ['oauth2', 'device', 'client_id=app&scope=read', 'OAuth 2 · Device authorization request'],
  [
    'oauth2',
    'poll',
    'grant_type=urn%3Aietf%3Aparams%3Aoauth%3Agrant-type%3Adevice_code&device_code=x',
    'OAuth 2 · Device token poll',
  ],
  ['oauth2', 'token', 'grant_type=client_credentials&scope=read', 'OAuth 2 · Client credentials token request'],
  ['oauth2', 'token', 'grant_type=authorization_code&code=abc', 'OAuth 2 · Token exchange'],
  ['oauth2', 'par', 'client_id=app', 'OAuth 2 · Pushed authorization request'],
  ['oauth2', 'pushed authorization request', 'client_id=app', 'OAuth 2 · Pushed authorization request'],
  // A history the CLI wrote before it ran the code grant's par leg.
  ['oauth2', 'pushedAuthorizationRequest', 'client_id=app', 'OAuth 2 · Pushed authorization request'],
  ['oauth2', 'discovery', undefined, 'OAuth 2 · Discovery'],
  ['oauth2', 'jwks', undefined, 'OAuth 2 · JWKS'],
];

it.each(CASES)('%s %s (%s): %s', async (flow, leg, body, label) => {
  const fake = fakeBridge(1);
  const first = fake.entries[0]!;
  const { body: _drop, ...request } = first.exchange.request;
  fake.entries[0] = {
    ...first,
    flow,
    leg,
    exchange: { ...first.exchange, request: { ...request, ...(body ? { body } : {}) } },
  };
  render(
    <StoresProvider stores={storesFor(fake.bridge)}>
      <HistoryPage />
    </StoresProvider>
  );
  const list = screen.getByRole('listbox', { name: 'Exchanges, newest first' });
  await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(1));
  const row = within(list).getAllByRole('option')[0]!;
  const [flowName, legName] = label.split(' · ');
  expect(row.getAttribute('aria-label')).toContain(`, ${flowName} ${legName}, `);
  expect(row.textContent).toContain(`${flowName}${legName}`);
});
