// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { traceSignature } from '../../../../shared/oauth1';
import { TraceView } from '../../../../renderer/components/TraceView';
import { browserCrypto } from '../../../../renderer/platform/crypto';
import { RFC5849_EXAMPLE } from '../../../vectors/examples';

afterEach(cleanup);

// RFC 5849 §3.4.1.1 (https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1.1)'s example request (the values of the published vector).
const trace = traceSignature({ ...RFC5849_EXAMPLE, includeVersion: false }, browserCrypto);

describe('TraceView', () => {
  it('lists every step of the trace in order, with its RFC section', () => {
    render(<TraceView trace={trace} secrets={['j49sk3j29djd', 'dh893hdasih9']} />);
    const steps = within(screen.getByRole('list', { name: 'Signature steps' })).getAllByRole('heading');
    expect(steps.map((h) => h.textContent)).toEqual(trace.steps.map((s) => s.title));
    for (const step of trace.steps) expect(screen.getAllByText(step.section).length).toBeGreaterThan(0);
    expect(screen.getByText(trace.signature)).toBeTruthy();
  });

  it('masks the secrets in the signing key until revealed', () => {
    render(<TraceView trace={trace} secrets={['j49sk3j29djd', 'dh893hdasih9']} />);
    expect(screen.queryByText('j49sk3j29djd&dh893hdasih9')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reveal secrets' }));
    expect(screen.getByText('j49sk3j29djd&dh893hdasih9')).toBeTruthy();
  });

  it('sets the base string apart in three parts and links each parameter to its row', () => {
    const { container } = render(<TraceView trace={trace} secrets={[]} />);
    const base = screen.getByLabelText('Signature base string');
    expect(base.textContent).toBe(trace.baseString);
    expect(base.querySelector('.method')!.textContent).toBe('POST');
    const spans = base.querySelectorAll('.param');
    expect(spans).toHaveLength(trace.sortedParams.length);
    fireEvent.mouseEnter(spans[0]!);
    const lit = [...container.querySelectorAll('tr.lit')].map((r) => r.querySelectorAll('td')[1]!.textContent);
    expect(new Set(lit)).toEqual(new Set([trace.sortedParams[0]!.name]));
    expect(spans[0]!.className).toContain('lit');
  });

  it("says that a parameter table's # column is the sort rank", () => {
    render(<TraceView trace={trace} secrets={[]} />);
    const headers = screen.getAllByRole('columnheader', { name: '# (sort rank)' });
    expect(headers.length).toBeGreaterThan(0);
    expect(headers[0]!.getAttribute('title')).toMatch(/^Sort rank: where the parameter goes in the normalized string/);
  });
});
