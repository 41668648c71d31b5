import {
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreWriteError, writeFileDurably, writesInPlace } from '../../../../host/store/durable-write';

/** A user who points a report or export path at a symlink expects the linked file updated and the link kept. */
describe('writeFileDurably through a symbolic link', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'oauth-lab-durable-link-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('updates the regular file a link points to and keeps the link', () => {
    mkdirSync(join(dir, 'real'));
    const real = join(dir, 'real', 'report.json');
    writeFileSync(real, 'old');
    const link = join(dir, 'report.json');
    symlinkSync(join('real', 'report.json'), link);
    writeFileDurably(link, 'new');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readlinkSync(link)).toBe(join('real', 'report.json'));
    expect(readFileSync(real, 'utf8')).toBe('new');
  });

  it('follows a chain of links to the file at its end', () => {
    const real = join(dir, 'report.json');
    writeFileSync(real, 'old');
    symlinkSync(real, join(dir, 'middle'));
    symlinkSync('middle', join(dir, 'outer'));
    writeFileDurably(join(dir, 'outer'), 'new');
    expect(readFileSync(real, 'utf8')).toBe('new');
    expect(lstatSync(join(dir, 'middle')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(dir, 'outer')).isSymbolicLink()).toBe(true);
  });

  it('creates the file a dangling link points to (as a shell redirection does) and keeps the link', () => {
    mkdirSync(join(dir, 'real'));
    const link = join(dir, 'export.json');
    symlinkSync(join('real', 'export.json'), link);
    writeFileDurably(link, 'first');
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real', 'export.json'), 'utf8')).toBe('first');
  });

  it('names the link and its missing directory when a dangling link points into a folder that does not exist', () => {
    const link = join(dir, 'export.json');
    symlinkSync(join('missing', 'export.json'), link);
    expect(() => writeFileDurably(link, 'x')).toThrow(StoreWriteError);
    expect(() => writeFileDurably(link, 'x')).toThrow(/the directory does not exist \(ENOENT\)/);
    expect(lstatSync(link).isSymbolicLink()).toBe(true);
  });

  it('refuses a loop of links with a clear message', () => {
    symlinkSync('b', join(dir, 'a'));
    symlinkSync('a', join(dir, 'b'));
    // Asked first by explain --report (is it a stream?): a loop is no stream, and the write then names the loop.
    expect(writesInPlace(join(dir, 'a'))).toBe(false);
    expect(() => writeFileDurably(join(dir, 'a'), 'x')).toThrow(/symbolic links.*loop/);
    expect(readlinkSync(join(dir, 'a'))).toBe('b');
  });
});
