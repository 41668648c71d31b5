import { expect, it } from 'vitest';
import { PACKAGED_APP_FUSES } from '../../../../electron/main/packaged-fuses';

/**
 * The fuses a packaging step must flip (there is none yet, and @electron/fuses is not installed,
 * so the list is data). Each name is one of @electron/fuses' FuseV1Options; a misspelt one would be ignored there.
 */
it('turns off running as Node, NODE_OPTIONS, --inspect and file:// privileges, and turns on asar integrity', () => {
  expect(PACKAGED_APP_FUSES).toEqual({
    RunAsNode: false,
    EnableCookieEncryption: true,
    EnableNodeOptionsEnvironmentVariable: false,
    EnableNodeCliInspectArguments: false,
    EnableEmbeddedAsarIntegrityValidation: true,
    OnlyLoadAppFromAsar: true,
    GrantFileProtocolExtraPrivileges: false,
  });
});
