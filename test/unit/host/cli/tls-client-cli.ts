import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { scratchDir } from '../../../support/scratch-dir';
import { tlsClientHarness } from '../../mock-provider/tls-client';

/**
 * For a test file of the CLI: the mock with its mutual-TLS port and a tls_client_auth client (tls-client.ts), started
 * before the file's tests and stopped after, and `flags`, that client's command-line flags (RFC 8705 §2): its id,
 * its method, its certificate and key, and the mock's CA, written to files the run removes.
 */
export function tlsClientCli(clientId: string, cn: string) {
  const { h, ca, cert } = tlsClientHarness(clientId, cn);
  const dir = scratchDir('oauth-lab-tls-client-');
  beforeAll(async () => {
    await h.start();
    writeFileSync(join(dir, 'client.pem'), cert.certificate);
    writeFileSync(join(dir, 'client.key'), cert.privateKey);
    writeFileSync(join(dir, 'ca.pem'), ca.certificate);
  });
  afterAll(() => h.stop());
  const flags = () => [
    '--client-id',
    clientId,
    '--client-auth',
    'tls_client_auth',
    '--client-cert',
    join(dir, 'client.pem'),
    '--client-key',
    join(dir, 'client.key'),
    '--ca-file',
    join(dir, 'ca.pem'),
  ];
  return { h, flags };
}
