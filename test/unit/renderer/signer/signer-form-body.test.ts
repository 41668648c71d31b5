import { describe, expect, it } from 'vitest';
import { emptyForm, toDraft } from '../../../../renderer/features/signer/signer-form';
import { formDecode } from '../../../../shared/url-encoded';

/**
 * The signer's form body is application/x-www-form-urlencoded (RFC 5849 §3.4.1.3.1 reads it as a form): every
 * character but the unreserved ones percent-encoded, a space as %20, and the pairs read back as typed.
 */
describe("the signer's form body", () => {
  it('is the rows form-encoded, empty rows left out, and decodes to the rows', () => {
    const rows = [
      { name: 'a b', value: "x+y&z=!*'()" },
      { name: '', value: '' },
      { name: 'ünï', value: '~._-' },
    ];
    const draft = toDraft({ ...emptyForm({ nonce: 'n', timestamp: '1' }), bodyMode: 'form', formRows: rows });
    expect(draft.body).toBe('a%20b=x%2By%26z%3D%21%2A%27%28%29&%C3%BCn%C3%AF=~._-');
    expect(draft.contentType).toBe('application/x-www-form-urlencoded');
    expect(formDecode(draft.body!, 'body-parameters')).toEqual([
      ['a b', "x+y&z=!*'()"],
      ['ünï', '~._-'],
    ]);
  });
});
