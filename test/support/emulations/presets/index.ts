import { startDropbox } from './dropbox';
import { startFlickr } from './flickr';
import { startGitHub } from './github';
import { startGoogle } from './google';
import { startLinkedIn } from './linkedin';
import { startMicrosoft } from './microsoft';
import type { PresetEmulation } from './preset-emulation';
import { startReddit } from './reddit';
import { startSlack } from './slack';
import { startSpotify } from './spotify';
import { startTrello } from './trello';
import { startX } from './x';

export { EMULATED_CLIENT, type PresetEmulation } from './preset-emulation';

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
};
