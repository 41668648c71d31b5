import { render } from '@testing-library/react';
import { vi } from 'vitest';
import type { BridgeApi, BridgeHandlers } from '../../../../shared/bridge/api';
import { dispatch } from '../../../../shared/bridge/dispatch';
import { traceSignature, type SignatureInput } from '../../../../shared/oauth1';
import { FORM_CONTENT_TYPE } from '../../../../shared/url-encoded';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { DebuggerPage } from '../../../../renderer/features/debugger/DebuggerPage';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { createVerifyHandlers } from '../../../../host/bridge/verify-handlers';
import { nodeCrypto } from '../../../../platform/node/node-crypto';
import { X_EXAMPLE } from '../../../vectors/examples';

/** X's documented example (developer.x.com "Creating a signature"): a form POST with a query, and its secrets. */
export { X_SECRETS as SECRETS } from '../../../vectors/examples';
export const X = X_EXAMPLE;
export const URL_ = X.url;
export const BODY = X.body!;

/** The Authorization header of X's request signed right, or (bodyLeftOut) signed as a client that leaves the form body out. */
export function authorization(opts: { bodyLeftOut?: boolean; input?: SignatureInput } = {}): string {
  const input = opts.input ?? X;
  const { body: _b, contentType: _c, ...withoutBody } = input;
  return traceSignature(opts.bodyLeftOut ? withoutBody : input, browserCrypto).authorization!;
}

export const curlOf = (auth: string, body = BODY) =>
  `curl -X POST '${URL_}' \\\n  -H 'Authorization: ${auth}' \\\n  -H 'Content-Type: ${FORM_CONTENT_TYPE}' \\\n  --data-raw '${body}'`;

export const rawOf = (auth: string) =>
  [
    'POST /1.1/statuses/update.json?include_entities=true HTTP/1.1',
    'Host: api.x.com',
    `Authorization: ${auth}`,
    `Content-Type: ${FORM_CONTENT_TYPE}`,
    '',
    BODY,
  ].join('\r\n');

/** The host's rsaVerify through the contract's dispatch, as the page reaches it over either transport. */
export const hostRsaVerify: BridgeApi['rsaVerify'] = (input) =>
  dispatch(
    { rsaVerify: createVerifyHandlers(nodeCrypto).rsaVerify } as unknown as BridgeHandlers,
    'rsaVerify',
    input
  ) as ReturnType<BridgeApi['rsaVerify']>;

/** The page with its own stores; the debugger calls the bridge only to verify RSA signatures (the app store subscribes to events). */
export function renderDebugger(rsaVerify: BridgeApi['rsaVerify'] = hostRsaVerify) {
  const bridge = { on: vi.fn(() => () => {}), rsaVerify: vi.fn(rsaVerify) };
  const stores = createStores({
    bridge: bridge as unknown as BridgeApi,
    crypto: browserCrypto,
    random: { bytes: (n) => new Uint8Array(n).fill(1) },
    now: () => 1_700_000_000_000,
  });
  const view = render(
    <StoresProvider stores={stores}>
      <DebuggerPage />
    </StoresProvider>
  );
  return { ...view, stores, bridge };
}
