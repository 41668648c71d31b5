import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MethodOutput, ParsedInput } from '../../shared/bridge/contract';
import { BridgeFailure, CONTRACT_ERROR } from '../../shared/bridge/result';
import type { PemPair } from '../../mock-provider/mtls/local-ca';
import { issueClientCertificateFiles, loadMockTls } from '../../mock-provider/mtls/ca-store';

/**
 * The mock's local CA in the app (RFC 8705): read from the store directory at start (made there on first use, as
 * `oauth-lab mock` does), so the mock can open its mutual-TLS port; its certificate for clients to trust, and client
 * certificates issued from the Mock page. A CA that cannot be read or made leaves the mutual-TLS port off, with a
 * notice saying why; the rest of the mock runs as before.
 */
export interface MockCaHandlers {
  /** The CA and server certificate for the mock's TLS port, or null when there is none. */
  readonly tls: { readonly ca: PemPair; readonly server: PemPair } | null;
  /** Why the mutual-TLS port is off, for the app's notices; null when it is on. */
  readonly notice: string | null;
  mockCa(): MethodOutput<'mockCa'>;
  mockIssueClientCertificate(
    input: ParsedInput<'mockIssueClientCertificate'>
  ): MethodOutput<'mockIssueClientCertificate'>;
}

const message = (e: unknown) => (e instanceof Error ? e.message : String(e));

export function createMockCaHandlers(storeDir: string | undefined): MockCaHandlers {
  let loaded: ReturnType<typeof loadMockTls> | null = null;
  let problem = 'this host keeps no store directory for it';
  if (storeDir !== undefined) {
    try {
      loaded = loadMockTls(storeDir);
    } catch (e) {
      problem = `its local CA in ${join(storeDir, 'mock-ca')} cannot be read or made (${message(e)})`;
    }
  }
  const requireCa = (): { storeDir: string; ca: ReturnType<typeof loadMockTls> } => {
    if (!loaded || storeDir === undefined)
      throw new BridgeFailure(CONTRACT_ERROR.UNAVAILABLE, `The mock has no mutual-TLS port: ${problem}.`);
    return { storeDir, ca: loaded };
  };
  return {
    tls: loaded && { ca: loaded.ca, server: loaded.server },
    notice: loaded || storeDir === undefined ? null : `The mock's mutual-TLS port is off: ${problem}.`,
    mockCa() {
      const { ca } = requireCa();
      return {
        certificatePem: ca.ca.certificate,
        sha256Fingerprint: new X509Certificate(ca.ca.certificate).fingerprint256,
        certificatePath: ca.certificatePath,
      };
    },
    mockIssueClientCertificate({ name, withPem }) {
      const { storeDir: dir } = requireCa();
      try {
        const issued = issueClientCertificateFiles(dir, name);
        if (!withPem) return issued;
        const read = (path: string) => readFileSync(path, 'utf8');
        return { ...issued, certificatePem: read(issued.certificatePath), keyPem: read(issued.keyPath) };
      } catch (e) {
        throw new BridgeFailure(
          CONTRACT_ERROR.UNAVAILABLE,
          `The client certificate ${JSON.stringify(name)} could not be written under ${join(dir, 'mock-ca', 'clients')}: ${message(e)}.`
        );
      }
    },
  };
}
