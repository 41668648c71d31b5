/** RFC 6749 §3.2: parameters without a value are treated as omitted. */
export class FormValues {
  constructor(readonly params: readonly (readonly [string, string])[]) {}

  value(name: string): string | undefined {
    for (const [k, v] of this.params) if (k === name && v !== '') return v;
    return undefined;
  }

  /** Every value of a parameter that may repeat (RFC 8707 §2's resource), in order, the empty ones left out. */
  values(name: string): string[] {
    return this.params.filter(([k, v]) => k === name && v !== '').map(([, v]) => v);
  }
}
