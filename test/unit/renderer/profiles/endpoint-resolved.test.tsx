// @vitest-environment happy-dom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it } from 'vitest';
import { renderPage } from './fake-bridge';

afterEach(cleanup);

/** The hint under a field: the paragraph after its input. */
const hintOf = (input: HTMLElement) => input.closest('.field')?.querySelector('.field-hint')?.textContent ?? '';

/*
 * An endpoint field says how its path is joined to the base URL (appended to the base URL's path, as every
 * endpoint path of a profile is) and shows the URL the app sends to, so `/o` + `/o/introspect/` is seen as
 * `/o/o/introspect/` before anything is sent.
 */
it('an endpoint path shows the URL it resolves to, and a base path written twice is named', async () => {
  const user = userEvent.setup();
  renderPage();
  await user.click(screen.getByRole('button', { name: 'New profile' }));
  const form = screen.getByRole('form', { name: 'New profile' });
  const field = (name: string) => within(form).getByLabelText(name);
  await user.type(field('Base URL'), 'http://127.0.0.1:8000/o');
  const introspection = field('Introspection endpoint');
  await user.type(introspection, '/o/introspect/');
  expect(hintOf(introspection)).toContain('appended to the base URL, its path kept');
  expect(hintOf(introspection)).toContain('Sent to http://127.0.0.1:8000/o/o/introspect/');
  expect(hintOf(introspection)).toContain('/o appears twice');

  await user.clear(introspection);
  await user.type(introspection, '/introspect/');
  expect(hintOf(introspection)).toContain('Sent to http://127.0.0.1:8000/o/introspect/');
  expect(hintOf(introspection)).not.toContain('twice');

  await user.clear(introspection);
  await user.type(introspection, 'https://idp.example/introspect');
  expect(hintOf(introspection)).toContain('Sent to https://idp.example/introspect');

  await user.clear(field('Token path'));
  await user.type(field('Token path'), '/token/');
  expect(hintOf(field('Token path'))).toContain('Sent to http://127.0.0.1:8000/o/token/');
});
