import { expect } from 'vitest';

/**
 * The text a reader sees on the page: every text node but a form control's own (a textarea's text is its value,
 * drawn masked or not by the control; an input's value is not a text node).
 */
export function visibleText(root: Element = document.body): string {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let text = '';
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (!node.parentElement?.closest('textarea')) text += node.textContent;
  return text;
}

/** Whether a control draws its value masked: a password input, or a text area drawn as discs (textarea.masked). */
export function isMasked(control: Element): boolean {
  if (control instanceof HTMLInputElement) return control.type === 'password';
  if (control instanceof HTMLTextAreaElement) return control.classList.contains('masked');
  throw new Error(`${control.tagName} is not a text control`);
}

/** The field holds `value` as typed, drawn masked, and nowhere on the page in clear. */
export function expectMasked(control: Element, value: string): void {
  expect((control as HTMLInputElement).value).toBe(value);
  expect(isMasked(control), `${control.tagName} ${control.id} is masked`).toBe(true);
  expect(visibleText()).not.toContain(value);
}

/** The field shows `value` in clear (after Reveal). */
export function expectShown(control: Element, value: string): void {
  expect((control as HTMLInputElement).value).toBe(value);
  expect(isMasked(control)).toBe(false);
}

/**
 * A field masked in parts (a pasted request, a URL): `secret` is neither in its value nor in its form's text (what
 * the page computes from it, elsewhere, is not the field's), and each of `readable` (what is not secret) still shows
 * in its value.
 */
export function expectPartMasked(control: Element, secret: string, readable: readonly string[] = []): void {
  const shown = (control as HTMLInputElement).value;
  expect(shown).not.toContain(secret);
  const form = control.closest('form') ?? document.body;
  expect(form.innerHTML).not.toContain(secret);
  expect(visibleText(form)).not.toContain(secret);
  for (const r of readable) expect(shown).toContain(r);
}
