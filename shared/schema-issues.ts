import { z } from 'zod';

/**
 * What is wrong with a value a schema refused, one line per issue, `path: message`. The path is zod's own dot path
 * (`oauth1.consumers[0].key`); the message is the schema's, which names what is expected. zod's "Unrecognized
 * key(s)" becomes `unknown key "x"`, in the project's words. `whole` names the value itself when the issue has no
 * path (an unknown key at the top level); without it such an issue is its message alone.
 */
export function issueLines(error: z.ZodError, whole?: string): string[] {
  return error.issues.map((issue) => {
    const path = z.core.toDotPath(issue.path) || whole;
    const message =
      issue.code === 'unrecognized_keys'
        ? `unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`
        : issue.message;
    return path ? `${path}: ${message}` : message;
  });
}

/** `profile.baseUrl: expected an absolute URL…; port: the port must be…`: every issue, on one line. */
export function describeIssues(error: z.ZodError, whole?: string): string {
  return issueLines(error, whole).join('; ');
}
