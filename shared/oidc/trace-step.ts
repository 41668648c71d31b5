/**
 * One named step of a validation trace, with the section that requires it. `skipped` means there was nothing to
 * check (a claim that is absent and optional, or an earlier part that could not be read), never a pass.
 */
export type StepStatus = 'passed' | 'failed' | 'skipped';

export interface ValidationStep<Id extends string = string> {
  readonly id: Id;
  readonly title: string;
  readonly section: string;
  readonly status: StepStatus;
  /** What was compared, or why the step failed (its cause), in one or two sentences. */
  readonly detail: string;
}

export const passed = <Id extends string>(
  id: Id,
  title: string,
  section: string,
  detail: string
): ValidationStep<Id> => ({ id, title, section, status: 'passed', detail });
export const failed = <Id extends string>(
  id: Id,
  title: string,
  section: string,
  detail: string
): ValidationStep<Id> => ({ id, title, section, status: 'failed', detail });
export const skipped = <Id extends string>(
  id: Id,
  title: string,
  section: string,
  detail: string
): ValidationStep<Id> => ({ id, title, section, status: 'skipped', detail });

/** JSON text of an untrusted value, cut short for a message. */
export const shown = (value: unknown): string => {
  const text = value === undefined ? 'missing' : (JSON.stringify(value) ?? String(value));
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
};
