// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Explain } from '../../../../renderer/components/Explain';
import { LegActions } from '../../../../renderer/features/flow/LegActions';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('the leg action bar', () => {
  it('does the leg action on Ctrl+Enter, and Continue instead once it is offered', () => {
    const done: string[] = [];
    const action = { label: 'Open in browser', run: () => done.push('open') };
    const { rerender } = render(<LegActions action={action} outcome={null} next={null} />);
    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    rerender(
      <LegActions
        action={action}
        outcome={{ ok: true, text: 'Callback: authorized' }}
        next={{ title: 'Access token', go: () => done.push('continue') }}
      />
    );
    fireEvent.keyDown(window, { key: 'Enter', metaKey: true });
    fireEvent.keyDown(window, { key: 'Enter' });
    expect(done).toEqual(['open', 'continue']);
    expect(screen.getByRole('group', { name: 'Next step' }).textContent).toContain('✓ Callback: authorized');
  });

  it('leaves a disabled action alone', () => {
    const done: string[] = [];
    render(
      <LegActions action={{ label: 'Send', run: () => done.push('send'), disabled: true }} outcome={null} next={null} />
    );
    fireEvent.keyDown(window, { key: 'Enter', ctrlKey: true });
    expect(done).toEqual([]);
  });
});

describe('Explain', () => {
  it('is open the first time a leg is shown in the tab, folded the next time', () => {
    const first = render(
      <Explain title="Request token" seenKey="oauth1.requestToken">
        why
      </Explain>
    );
    expect((first.container.querySelector('details') as HTMLDetailsElement).open).toBe(true);
    first.unmount();
    const again = render(
      <Explain title="Request token" seenKey="oauth1.requestToken">
        why
      </Explain>
    );
    expect((again.container.querySelector('details') as HTMLDetailsElement).open).toBe(false);
    const other = render(
      <Explain title="Authorize" seenKey="oauth1.authorize">
        why
      </Explain>
    );
    expect((other.container.querySelector('details') as HTMLDetailsElement).open).toBe(true);
  });
});
