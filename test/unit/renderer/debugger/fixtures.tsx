import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { BridgeApi } from '../../../../shared/bridge/api';
import { FORM_CONTENT_TYPE, traceSignature, type SignatureInput } from '../../../../shared/oauth1';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { DebuggerPage } from '../../../../renderer/features/debugger/DebuggerPage';
import { browserCrypto } from '../../../../renderer/platform/crypto';

/** X's documented example (developer.x.com "Creating a signature"): a form POST with a query, and its secrets. */
export const SECRETS = { consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw', tokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE' } as const;
export const URL_ = 'https://api.x.com/1.1/statuses/update.json?include_entities=true';
export const BODY = 'status=Hello%20Ladies%20%2B%20Gentlemen%2C%20a%20signed%20OAuth%20request%21';
export const X: SignatureInput = {
  method: 'POST',
  url: URL_,
  body: BODY,
  contentType: FORM_CONTENT_TYPE,
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  token: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  signatureMethod: 'HMAC-SHA1',
  nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
  timestamp: '1318622958',
  ...SECRETS,
};

/** The Authorization header of X's request signed right, or (bodyLeftOut) signed as a client that leaves the form body out. */
export function authorization(opts: { bodyLeftOut?: boolean; input?: SignatureInput } = {}): string {
  const input = opts.input ?? X;
  const { body: _b, contentType: _c, ...withoutBody } = input;
  return traceSignature(opts.bodyLeftOut ? withoutBody : input, browserCrypto).authorization!;
}

export const curlOf = (auth: string, body = BODY) => `curl -X POST '${URL_}' \\\n  -H 'Authorization: ${auth}' \\\n  -H 'Content-Type: ${FORM_CONTENT_TYPE}' \\\n  --data-raw '${body}'`;

export const rawOf = (auth: string) => [
  'POST /1.1/statuses/update.json?include_entities=true HTTP/1.1',
  'Host: api.x.com',
  `Authorization: ${auth}`,
  `Content-Type: ${FORM_CONTENT_TYPE}`,
  '',
  BODY,
].join('\r\n');

/** The page with its own stores; the debugger calls no bridge method (the app store only subscribes to events). */
export function renderDebugger() {
  const bridge = { on: vi.fn(() => () => {}) };
  const stores = createStores({ bridge: bridge as unknown as BridgeApi, crypto: browserCrypto, random: { bytes: (n) => new Uint8Array(n).fill(1) }, now: () => 1_700_000_000_000 });
  const view = render(
    <StoresProvider stores={stores}>
      <DebuggerPage />
    </StoresProvider>,
  );
  return { ...view, stores };
}
