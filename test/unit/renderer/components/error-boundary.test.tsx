// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ErrorBoundary } from '../../../../renderer/components/ErrorBoundary';

afterEach(cleanup);

/** A panel that throws while rendering, as a component meeting a value it did not expect does. */
function Panel({ value }: { value: string }) {
  if (value === 'bad') throw new RangeError('Invalid time value');
  return <p>panel shows {value}</p>;
}

function Page({ value }: { value: string }) {
  return (
    <main>
      <h2>The page</h2>
      <section aria-label="first panel">
        <ErrorBoundary what="The first panel" resetKey={value}>
          <Panel value={value} />
        </ErrorBoundary>
      </section>
      <section aria-label="second panel">
        <ErrorBoundary what="The second panel">
          <Panel value="fine" />
        </ErrorBoundary>
      </section>
    </main>
  );
}

describe('ErrorBoundary', () => {
  it('a panel that throws shows its error in that panel; the rest of the page stays; a new value recovers', () => {
    // React reports a caught render error on the console; keep the test output readable.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { rerender } = render(<Page value="bad" />);
      const first = screen.getByRole('region', { name: 'first panel' });
      expect(first.textContent).toBe(
        'The first panel could not be shown: Invalid time value The rest of the page still works.'
      );
      expect(screen.getByRole('alert')).toBe(first.firstElementChild);
      expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
      expect(screen.getByRole('region', { name: 'second panel' }).textContent).toBe('panel shows fine');
      rerender(<Page value="good" />);
      expect(screen.getByRole('region', { name: 'first panel' }).textContent).toBe('panel shows good');
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      quiet.mockRestore();
    }
  });
});
