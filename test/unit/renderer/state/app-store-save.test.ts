import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../../renderer/state/app-store';
import { fakeBridge } from './fake-bridge';

const deps = (bridge: ReturnType<typeof fakeBridge>['bridge']) => ({ bridge }) as never;

describe('the app store saves a file through the host', () => {
  it('asks the host with the suggested name and content, and says where it landed', async () => {
    const { bridge, calls } = fakeBridge({ exportFile: () => ({ saved: true, path: '/home/u/get-me.sh' }) });
    const said = await createAppStore(deps(bridge)).getState().fileSaveRequested('get-me.sh', 'curl …');
    expect(calls).toEqual([['exportFile', { suggestedName: 'get-me.sh', content: 'curl …' }]]);
    expect(said).toBe('Saved to /home/u/get-me.sh.');
  });

  it('says nothing when the dialog was cancelled', async () => {
    const { bridge } = fakeBridge({ exportFile: () => ({ saved: false }) });
    expect(await createAppStore(deps(bridge)).getState().fileSaveRequested('a.har', '{}')).toBeNull();
  });
});
