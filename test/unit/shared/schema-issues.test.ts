import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { describeIssues, issueLines } from '../../../shared/schema-issues';

const schema = z.strictObject({
  port: z.number().int('the port must be a whole number'),
  consumers: z.array(z.strictObject({ key: z.string().min(1, 'key must not be empty') })),
});
const errorOf = (value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a refusal');
  return r.error;
};

describe('issueLines / describeIssues', () => {
  it("names each wrong field by its path, with the schema's own message", () => {
    expect(issueLines(errorOf({ port: 1.5, consumers: [{ key: 'a' }, { key: '' }] }))).toEqual([
      'port: the port must be a whole number',
      'consumers[1].key: key must not be empty',
    ]);
  });

  it('names unknown keys, at their path or as the whole value', () => {
    const e = errorOf({ port: 1, consumers: [{ key: 'a', secret: 's', extra: 1 }], bogus: true });
    expect(issueLines(e, '(top level)')).toEqual([
      'consumers[0]: unknown keys "secret", "extra"',
      '(top level): unknown key "bogus"',
    ]);
    expect(issueLines(e)).toEqual(['consumers[0]: unknown keys "secret", "extra"', 'unknown key "bogus"']);
  });

  it('joins the lines into one sentence', () => {
    expect(describeIssues(errorOf({ port: 'x', consumers: [], more: 1 }), 'input')).toBe(
      'port: Invalid input: expected number, received string; input: unknown key "more"'
    );
  });
});
