import { startAuth0 } from './auth0';
import { startDropbox } from './dropbox';
import { startEntra } from './entra';
import { startFlickr } from './flickr';
import { startGitHub } from './github';
import { startGitHubDevice } from './github-device';
import { startGoogle } from './google';
import { startLinkedIn } from './linkedin';
import { startMicrosoft } from './microsoft';
import { startOkta } from './okta';
import type { PresetEmulation } from './preset-emulation';
import { startReddit } from './reddit';
import { startSlack } from './slack';
import { startSpotify } from './spotify';
import { startTrello } from './trello';
import { startX } from './x';

export { EMULATED_CLIENT, EMULATED_KEY, type PresetEmulation } from './preset-emulation';

/** One emulation per preset id (shared/presets). */
export const PRESET_EMULATIONS: Readonly<Record<string, () => Promise<PresetEmulation>>> = {
  github: startGitHub,
  google: startGoogle,
  microsoft: startMicrosoft,
  slack: startSlack,
  reddit: startReddit,
  dropbox: startDropbox,
  spotify: startSpotify,
  linkedin: startLinkedIn,
  x: startX,
  flickr: startFlickr,
  trello: startTrello,
  'entra-client-credentials': startEntra,
  'okta-client-credentials': startOkta,
  'auth0-client-credentials': startAuth0,
  'github-device': startGitHubDevice,
};
