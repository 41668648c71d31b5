import { describeIssues } from '../schema-issues';
import type { BridgeHandlers } from './api';
import { METHODS, type MethodName } from './contract';
import { CodedError } from '../errors';
import { CONTRACT_ERROR, bridgeErrorOf, failed, ok, type BridgeResult } from './result';

const isMethod = (name: string): name is MethodName => Object.hasOwn(METHODS, name);

/**
 * Runs one call for either transport: the method must exist, the input must match its schema, and whatever the
 * handler throws comes back as a coded error. Nothing is thrown to the caller.
 */
export async function dispatch(
  handlers: BridgeHandlers,
  name: string,
  rawInput: unknown
): Promise<BridgeResult<unknown>> {
  if (!isMethod(name))
    return failed(CONTRACT_ERROR.UNKNOWN_METHOD, `There is no bridge method ${JSON.stringify(name)}.`);
  const parsed = METHODS[name].input.safeParse(rawInput);
  if (!parsed.success)
    return failed(CONTRACT_ERROR.INVALID_INPUT, `${name}: ${describeIssues(parsed.error)}`, {
      issues: parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
    });
  try {
    const handler = handlers[name] as (input: unknown) => unknown;
    return ok(await handler(parsed.data));
  } catch (e) {
    // A coded error keeps its code and step, so the page can mark the computation that failed; anything else is a bug.
    if (e instanceof CodedError) {
      const { code, message, details } = bridgeErrorOf(e);
      return failed(code, message, details);
    }
    return failed(
      CONTRACT_ERROR.INTERNAL,
      `${name} failed unexpectedly: ${e instanceof Error ? e.message : String(e)}`
    );
  }
}
