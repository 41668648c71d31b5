// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { Countdown } from '../../../../renderer/components/Countdown';

afterEach(cleanup);

const left = (seconds: number) =>
  render(<Countdown until={1_000_000 + seconds * 1000} now={() => 1_000_000} />).container.textContent;

it('shows mm:ss under an hour and h:mm:ss from an hour on, never "118:13"', () => {
  expect(left(59)).toBe('00:59');
  expect(left(3599)).toBe('59:59');
  expect(left(3600)).toBe('1:00:00');
  expect(left(118 * 60 + 13)).toBe('1:58:13');
  expect(left(0)).toBe('expired');
});

it('with its lead ("expires in"), says "expired" alone once the moment passed, never "expires in expired"', () => {
  const at = (seconds: number) =>
    render(<Countdown until={1_000_000 + seconds * 1000} now={() => 1_000_000} lead="expires in" />).container
      .textContent;
  expect(at(59)).toBe('expires in 00:59');
  expect(at(0)).toBe('expired');
});
