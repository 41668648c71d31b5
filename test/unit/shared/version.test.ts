import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { APP_VERSION } from '../../../shared/version';

it('APP_VERSION (the default User-Agent) is the version package.json states', () => {
  expect(APP_VERSION).toBe((JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version);
});
