import { describe, expect, it } from 'vitest';
import { fetchFailureReason } from '../../../scripts/electron-fetch-failure';

/**
 * The reasons `npm start` gives for causes the mirror tests cannot produce on 127.0.0.1 (DNS, TLS, a dropped
 * connection), from the installer's output as electron-fetch-cause.cjs writes it.
 */
const failed = (causes: string) =>
  `TypeError: fetch failed (${causes})\n    at node:internal/deps/undici/undici:14976:13\n    at async FetchDownloader.download (file:///x/FetchDownloader.js:46:30)`;

describe('fetchFailureReason', () => {
  it.each([
    [failed('cause ENOTFOUND: getaddrinfo ENOTFOUND github.com'), 'DNS could not resolve github.com'],
    [
      failed('cause EAI_AGAIN: getaddrinfo EAI_AGAIN objects.githubusercontent.com'),
      'DNS could not resolve objects.githubusercontent.com',
    ],
    [failed('cause ECONNRESET: read ECONNRESET'), 'the connection was closed mid-way'],
    [
      failed(
        'cause UND_ERR_CONNECT_TIMEOUT: Connect Timeout Error (attempted address: github.com:443, timeout: 10000ms)'
      ),
      'the connection timed out',
    ],
    [
      failed('cause SELF_SIGNED_CERT_IN_CHAIN: self-signed certificate in certificate chain'),
      'the TLS certificate was not trusted (a proxy that inspects TLS? set NODE_EXTRA_CA_CERTS)',
    ],
    [
      'HTTPError: Response code 403 (Forbidden) for https://mirror.example/v45.4.1/electron-v45.4.1-linux-x64.zip',
      'the server answered 403 Forbidden for https://mirror.example/v45.4.1/electron-v45.4.1-linux-x64.zip',
    ],
    [
      'Error: No checksum found in checksum file for "electron-v45.4.1-linux-x64.zip".',
      'no checksum is published for electron-v45.4.1-linux-x64.zip',
    ],
  ])('%s', (output, reason) => {
    expect(fetchFailureReason(output)).toBe(reason);
  });

  it('quotes anything else by its first line, control characters escaped', () => {
    expect(fetchFailureReason('\nError: something new\x1b[2J\n    at x')).toBe(
      'the installer said: Error: something new\\u001b[2J'
    );
    expect(fetchFailureReason('')).toBe('the installer failed without saying why');
  });
});
