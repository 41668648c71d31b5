// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ProviderSide } from '../../../../renderer/components/ProviderSide';
import type { ProviderEventView } from '../../../../renderer/state/provider-match';

afterEach(cleanup);

const event = (baseString: string, client = 'c', expected = 'e'): ProviderEventView => ({
  id: 1,
  at: '2026-01-01T00:00:00Z',
  endpoint: 'oauth1.requestToken',
  exchange: {
    request: { method: 'POST', url: 'http://127.0.0.1/x', headers: [] },
    response: { status: 401, statusText: 'Unauthorized', headers: [], bodyText: '', bodySize: 0 },
    timings: { connect: null, tls: null, firstByte: null, total: 1 },
    startedAt: 0,
  },
  verdict: { ok: false, reason: 'signature_invalid', message: 'The signature does not match.' },
  signature: {
    signatureMethod: 'HMAC-SHA1',
    placement: 'header',
    clientSignature: client,
    expectedSignature: expected,
    baseStringUri: null,
    normalizedParameters: null,
    baseString,
    steps: [],
    error: null,
  },
  assumptions: [],
});

describe('ProviderSide', () => {
  it('marks the first difference of the two base strings and names the cause', () => {
    const server = 'GET&http%3A%2F%2Fexample.com%2Fa&a%3D1%26b%3D2';
    const client = 'GET&http%3A%2F%2Fexample.com%2Fa&a%3D1';
    render(<ProviderSide event={event(server)} clientBaseString={client} />);
    expect(screen.getByText(/The base strings differ from character 39/)).toBeTruthy();
    const marks = screen.getByLabelText('Signature base string difference').querySelectorAll('mark');
    expect(marks).toHaveLength(2);
    expect(screen.getByText('A parameter was left out')).toBeTruthy();
    expect(screen.getByText(/b=2 is not in the signed base string/)).toBeTruthy();
    expect(screen.getByText('Rejected')).toBeTruthy();
  });

  it('says the key differs when the base strings match but the signatures do not', () => {
    const same = 'GET&http%3A%2F%2Fexample.com%2Fa&a%3D1';
    render(<ProviderSide event={event(same)} clientBaseString={same} />);
    expect(screen.getByText(/the signing key differs: check the consumer secret and the token secret/)).toBeTruthy();
  });
});
