import { z } from 'zod';
import { CodedError } from '../errors';
import { issueLines } from '../schema-issues';
import { jsonErrorOffset } from './json-error-offset';

/**
 * HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) as the explainer reads it: only the members it uses,
 * each optional where browsers, proxies and Postman leave it out; every other member is ignored.
 */
const nameValue = z.object({ name: z.string(), value: z.string() });
const harEntrySchema = z.object({
  startedDateTime: z.string(),
  time: z.number().nullish(),
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.array(nameValue),
    postData: z
      .object({
        mimeType: z.string().nullish(),
        text: z.string().nullish(),
        // Firefox and some proxies give a form's fields as params (value optional), with or without text.
        params: z.array(z.object({ name: z.string(), value: z.string().nullish() })).nullish(),
      })
      .nullish(),
  }),
  response: z.object({
    status: z.number(),
    headers: z.array(nameValue),
    content: z
      .object({ text: z.string().nullish(), encoding: z.string().nullish(), mimeType: z.string().nullish() })
      .nullish(),
    redirectURL: z.string().nullish(),
  }),
});
const harSchema = z.object({ log: z.object({ version: z.string().optional(), entries: z.array(harEntrySchema) }) });

export type HarFileEntry = z.infer<typeof harEntrySchema>;
export interface HarFile {
  readonly entries: readonly HarFileEntry[];
}

/** A file that cannot be read as HAR, with where it stopped being readable. */
export class HarReadError extends CodedError<'not_har'> {
  override readonly name = 'HarReadError';
  constructor(message: string) {
    super('not_har', 'har', message);
  }
}

/** Line and column (1-based) of a character offset, for a reader who opens the file in an editor. */
function lineColumn(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return `line ${line}, column ${offset - lineStart + 1}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const at = jsonErrorOffset(text);
    if (at >= text.length)
      throw new HarReadError(
        `not JSON: the text ends after ${text.length} characters before the JSON is complete (a truncated file?). A HAR file is one JSON object.`
      );
    throw new HarReadError(
      `not JSON: it stops being readable at character ${at} (${lineColumn(text, at)}): ${(e as Error).message}. A HAR file is one JSON object.`
    );
  }
}

/** Reads a HAR 1.2 file's text; throws HarReadError naming the JSON position or the HAR path that is wrong. */
export function readHar(text: string): HarFile {
  const parsed = harSchema.safeParse(parseJson(text.replace(/^\uFEFF/, '')));
  if (!parsed.success) {
    const lines = issueLines(parsed.error, 'the file');
    throw new HarReadError(
      `not HAR 1.2: ${lines.slice(0, 3).join('; ')}${lines.length > 3 ? ` (and ${lines.length - 3} more)` : ''}. Expected {"log": {"entries": [{"request": …, "response": …}, …]}}.`
    );
  }
  return { entries: parsed.data.log.entries };
}
