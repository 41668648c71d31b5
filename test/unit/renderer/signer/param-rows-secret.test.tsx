// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ParamRows } from '../../../../renderer/features/signer/ParamRows';
import type { Pair } from '../../../../renderer/features/signer/signer-form';
import { expectMasked, expectShown, isMasked } from '../masked-field';

/**
 * The Request signer's form rows: a value whose name is a secret by shared/secrets.ts (a password, an
 * oauth_verifier) is masked until its Reveal; the rows keep what was typed, and a public one stays in clear.
 */
afterEach(cleanup);

function Rows({ onRows }: { onRows: (rows: Pair[]) => void }) {
  const [rows, setRows] = useState<Pair[]>([
    { name: 'username', value: 'alice' },
    { name: 'password', value: '' },
  ]);
  return (
    <ParamRows
      rows={rows}
      what="form parameter"
      namePlaceholder="name"
      addLabel="+ Add form parameter"
      onChange={(r) => (setRows(r), onRows(r))}
    />
  );
}

describe("the Request signer's parameter rows", () => {
  it('masks a secret-named value until its Reveal and keeps it as typed', () => {
    let rows: Pair[] = [];
    render(<Rows onRows={(r) => (rows = r)} />);
    expect(isMasked(screen.getByLabelText('Value of form parameter 1'))).toBe(false);
    const password = screen.getByLabelText('Value of form parameter 2');
    fireEvent.change(password, { target: { value: ' correct horse+battery ' } });
    expect(rows[1]).toEqual({ name: 'password', value: ' correct horse+battery ' });
    expectMasked(password, ' correct horse+battery ');
    fireEvent.click(screen.getByRole('button', { name: 'Reveal password' }));
    expectShown(password, ' correct horse+battery ');
  });

  it('masks a value once its name becomes a secret', () => {
    render(<Rows onRows={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Name of form parameter 1'), { target: { value: 'oauth_verifier' } });
    expectMasked(screen.getByLabelText('Value of form parameter 1'), 'alice');
  });
});
