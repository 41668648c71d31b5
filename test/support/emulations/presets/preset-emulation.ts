import { X509Certificate } from 'node:crypto';
import { createCa, issueClientCertificate, thumbprintS256 } from '../../../../mock-provider/mtls/local-ca';
import type { Emulation } from '../provider-emulation';

/** The credentials every preset emulation registers; the tests fill them into the preset's profile. */
export const EMULATED_CLIENT = { id: 'preset-client', secret: 'preset-secret' } as const;

/**
 * A provider's documented behaviour on loopback: `hosts` maps each real origin the preset names (https://github.com)
 * to the emulation serving it; `expected` are fields the token response must carry when the preset's settings are
 * what the documentation asks for (a refresh token, say).
 */
export interface PresetEmulation {
  readonly hosts: Readonly<Record<string, string>>;
  readonly expected?: Readonly<Record<string, unknown>>;
  readonly servers: readonly Emulation[];
  /** Whether the emulation issued tokens: every documented requirement of the token request was met. */
  granted(): boolean;
}

/**
 * The certificate and key every private_key_jwt emulation registers (RFC 7523 §2.2): an RSA key, its `kid`, and a
 * certificate for it whose SHA-256 thumbprint (`x5t#S256`, RFC 7515 §4.1.8) names it where a provider wants that.
 */
export const EMULATED_KEY = (() => {
  const pair = issueClientCertificate(createCa(), EMULATED_CLIENT.id);
  return {
    privateKeyPem: pair.privateKey,
    publicKey: new X509Certificate(pair.certificate).publicKey,
    kid: 'preset-key',
    x5tS256: thumbprintS256(new X509Certificate(pair.certificate).raw),
  };
})();
