import { expect, it } from 'vitest';
import { jsonErrorOffset } from '../../../../shared/explain/json-error-offset';

it.each([
  ['{"a": [1, 2,]}', 12],
  ['{"a" 1}', 5],
  ['{"a": 1}}', 8],
  ['{"a": "x\ny"}', 8],
  ['{"a": "\\q"}', 7],
  ['{"a": tru}', 6],
  ['[[[[', 4],
  ['{"log": {"entries": [{"request": "abc', 37],
])('%j stops being JSON at %i', (text, offset) => {
  expect(() => JSON.parse(text)).toThrow();
  expect(jsonErrorOffset(text)).toBe(offset);
});
