import { expect } from 'vitest';
import { TransportError } from '../../../../../platform/node/transport';

/** Awaits a send that must fail, and returns its TransportError. */
export async function failure(p: Promise<unknown>): Promise<TransportError> {
  const e = await p.then(
    () => null,
    (err: unknown) => err
  );
  expect(e).toBeInstanceOf(TransportError);
  return e as TransportError;
}
