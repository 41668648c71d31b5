import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** A vector from test/vectors/oauth-vectors.json (copied from the published set; see its README). */
export interface Vector {
  id: string;
  kind: 'percent-encode' | 'normalize-params' | 'normalize-url' | 'base-string' | 'signature' | 'header' | 'pkce';
  normative: boolean;
  inputs: Record<string, any>;
  expected: Record<string, any>;
  derived?: Record<string, any> | null;
}

const all: Vector[] = JSON.parse(readFileSync(fileURLToPath(new URL('./oauth-vectors.json', import.meta.url)), 'utf8'));

/** The normative vectors of one kind: the ones RFC 5849 (https://www.rfc-editor.org/rfc/rfc5849) / RFC 7636 (https://www.rfc-editor.org/rfc/rfc7636) decide. */
export function normativeVectors(kind: Vector['kind']): Vector[] {
  return all.filter((v) => v.normative && v.kind === kind);
}

export const allVectors = all;
