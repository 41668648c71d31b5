import { expect, it } from 'vitest';
import { entryView } from '../../../../shared/explain/entry-view';
import { readHar } from '../../../../shared/explain/har-read';
import { harOf } from './har-builder';

/**
 * A HAR's postData.params (Firefox writes them instead of text) are the form's decoded pairs: the explainer reads
 * them as the form they were (RFC 6749 Appendix B), a space, a `+`, an `&` and an `=` in a value kept as they are.
 */
it("postData params are read back as the form's pairs, whatever characters their values hold", () => {
  const har = JSON.parse(harOf([{ url: 'https://idp.example/token', body: 'x', status: 400 }])) as {
    log: { entries: { request: { postData: object } }[] };
  };
  har.log.entries[0]!.request.postData = {
    mimeType: 'application/x-www-form-urlencoded',
    params: [
      { name: 'grant_type', value: 'client_credentials' },
      { name: 'client_id', value: "a b+c&d=e!*'()" },
      { name: 'scope' },
    ],
  };
  const view = entryView(readHar(JSON.stringify(har)).entries[0]!, 0);
  expect(view.form).toEqual({ grant_type: 'client_credentials', client_id: "a b+c&d=e!*'()", scope: '' });
});
