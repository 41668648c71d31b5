// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LegStatus } from '../../../../shared/flows';
import { profileSchema, type Profile } from '../../../../shared/store/profile';
import { createStores, StoresProvider } from '../../../../renderer/app/stores';
import { FlowPageShell, type FlowPageParts } from '../../../../renderer/features/flow/FlowPageShell';
import { browserCrypto, browserRandom } from '../../../../renderer/platform/crypto';
import { fakeBridge } from '../state/fake-bridge';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const mock = profileSchema.parse({ id: 'mock', name: 'Mock provider', builtIn: true });
const real = profileSchema.parse({ id: 'real', name: 'Staging', baseUrl: '' });

type Leg = 'one' | 'two';
const legs = (one: LegStatus, two: LegStatus) => ({ one, two });

function shell(parts: Partial<FlowPageParts<Leg>>, { active = 'mock', running = true } = {}) {
  const { bridge } = fakeBridge({});
  const stores = createStores({ bridge, crypto: browserCrypto, random: browserRandom, now: () => 0 });
  stores.app.setState({
    profiles: [mock, real],
    activeProfileId: active,
    mock: { running, baseUrl: running ? 'http://127.0.0.1:9' : null },
    loaded: true,
  });
  const started: [string, string][] = [];
  const props: FlowPageParts<Leg> = {
    name: 'Demo',
    flow: null,
    flowProfile: null,
    startError: null,
    onStart: (p: Profile, baseUrl: string) => started.push([p.id, baseUrl]),
    intro: (p) => `Walks against ${p?.name}.`,
    titles: { one: 'First leg', two: 'Second leg' },
    arrows: [],
    explain: { one: 'Why the first.', two: 'Why the second.' },
    explainKey: 'demo',
    current: 'one',
    onChoose: () => {},
    credentials: <p>Credentials here</p>,
    panel: <p>Panel of the leg</p>,
    ...parts,
  };
  render(
    <StoresProvider stores={stores}>
      <FlowPageShell {...props} />
    </StoresProvider>
  );
  return started;
}

describe('the flow page shell', () => {
  it("before the start: the intro against the chosen profile, what to press, and a start with the mock's base URL", async () => {
    const started = shell({ mockLogin: "The mock's login page opens in a new tab: log in there as demo." });
    expect(screen.getByRole('heading', { level: 2, name: 'Demo' })).toBeTruthy();
    expect(screen.getByText('Walks against Mock provider.')).toBeTruthy();
    expect(screen.getByText(/log in there as/).textContent).toContain(
      "press Start the Demo flow. The mock's login page opens in a new tab"
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Start the Demo flow' })));
    expect(started).toEqual([['mock', 'http://127.0.0.1:9']]);
    expect(screen.queryByRole('navigation', { name: 'Legs of the flow' })).toBeNull();
  });

  it('cannot start without a base URL, and says why', () => {
    shell({}, { running: false });
    expect((screen.getByRole('button', { name: 'Start the Demo flow' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('mock not running')).toBeTruthy();
    cleanup();
    shell({}, { active: 'real' });
    expect(screen.getByText('this profile has no base URL')).toBeTruthy();
  });

  it('once started: the stepper, the credentials, the diagram, the current leg with its explanation and panel', async () => {
    const chosen: Leg[] = [];
    shell({
      flow: { config: { baseUrl: 'http://flow.example' }, legs: legs('succeeded', 'ready') },
      current: 'two',
      onChoose: (l) => chosen.push(l),
      startError: { code: 'x', message: 'The catcher could not listen.' },
    });
    expect(screen.getByRole('alert').textContent).toBe('The catcher could not listen.');
    expect(screen.getByText('http://flow.example', { selector: '.page-head .muted' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start over' })).toBeTruthy();
    expect(screen.getByText('Credentials here')).toBeTruthy();
    const leg = screen.getByRole('region', { name: 'Second leg' });
    expect(leg.textContent).toContain('Why the second.');
    expect(leg.textContent).toContain('Panel of the leg');
    expect(screen.getByText('Sequence diagram')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /First leg/ })));
    expect(chosen).toEqual(['one']);
  });
});
