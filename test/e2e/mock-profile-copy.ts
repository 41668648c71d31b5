import type { Locator, Page } from 'playwright-core';
import { openPage } from './open-page';

/**
 * On Profiles, Duplicate the built-in Mock provider and return the copy's open form. The copy follows the mock; its
 * callback port is set to 0 (a free one), since the copied 8765 may be taken by another test file or another program.
 */
export async function mockProfileCopy(page: Page): Promise<Locator> {
  await openPage(page, 'Profiles');
  await page.getByRole('button', { name: 'Duplicate Mock provider' }).click();
  const form = page.getByRole('form', { name: 'Edit Mock provider (copy)' });
  await form.waitFor();
  await form.getByLabel('Callback port', { exact: true }).fill('0');
  return form;
}
