import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  linkSync,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeOutputs } from '../../../../host/cli/report-outputs';
import { UsageError } from '../../../../host/cli/io';
import { scratchDir } from '../../../support/scratch-dir';

/**
 * The report files `grade` and `audit` write (--report, --junit, --sarif) and their --json: each file asked for
 * replaced whole (a reader of the old file keeps it; a failed write leaves no half file), then JSON or the text.
 */
const captured = () => {
  let text = '';
  return { out: { write: (t: string) => (text += t) }, text: () => text };
};

describe('writeOutputs', () => {
  it('writes each file asked for, makes no text for one not asked for, and prints one line of JSON', () => {
    const dir = scratchDir('report-outputs-');
    const { out, text } = captured();
    writeOutputs(out, {
      files: [
        { flag: '--report', path: join(dir, 'r.html'), text: () => '<p>report</p>' },
        { flag: '--junit', path: undefined, text: () => expect.unreachable('made though not asked for') },
      ],
      json: () => ({ passed: 1 }),
      text: () => expect.unreachable('text printed with --json'),
    });
    expect(readFileSync(join(dir, 'r.html'), 'utf8')).toBe('<p>report</p>');
    expect(readdirSync(dir)).toEqual(['r.html']);
    expect(text()).toBe('{"passed":1}\n');
  });

  it('prints the text without --json', () => {
    const { out, text } = captured();
    writeOutputs(out, { files: [], json: undefined, text: (o) => o.write('1 passed.\n') });
    expect(text()).toBe('1 passed.\n');
  });

  it('replaces a file by a new one, not in place: a link to the old file keeps the old report', () => {
    const dir = scratchDir('report-outputs-');
    const path = join(dir, 'out.sarif');
    writeFileSync(path, 'old');
    linkSync(path, join(dir, 'reader'));
    writeOutputs(captured().out, {
      files: [{ flag: '--sarif', path, text: () => 'new' }],
      json: undefined,
      text: () => {},
    });
    expect(readFileSync(path, 'utf8')).toBe('new');
    expect(readFileSync(join(dir, 'reader'), 'utf8')).toBe('old');
  });

  it('names the flag, the path and the cause when a file cannot be written, and leaves nothing behind', () => {
    const dir = scratchDir('report-outputs-');
    const path = join(dir, 'missing', 'r.xml');
    const write = () =>
      writeOutputs(captured().out, {
        files: [{ flag: '--junit', path, text: () => 'x' }],
        json: undefined,
        text: () => {},
      });
    expect(write).toThrow(UsageError);
    expect(write).toThrow(`--junit ${path}: cannot write (ENOENT).`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('writes in place to a target that is not a regular file (a FIFO): no file renamed over it', () => {
    const dir = scratchDir('report-outputs-');
    const fifo = join(dir, 'report.pipe');
    execFileSync('mkfifo', [fifo]);
    // A reader that does not wait for a writer, so the write below does not block.
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      writeOutputs(captured().out, {
        files: [{ flag: '--report', path: fifo, text: () => '<p>through the pipe</p>' }],
        json: undefined,
        text: () => {},
      });
      expect(lstatSync(fifo).isFIFO()).toBe(true);
      const got = Buffer.alloc(64);
      expect(got.subarray(0, readSync(reader, got)).toString()).toBe('<p>through the pipe</p>');
      expect(readdirSync(dir)).toEqual(['report.pipe']);
    } finally {
      closeSync(reader);
    }
  });

  it('writes in place through a descriptor alias (/proc/self/fd/N) even when it leads to a regular file', () => {
    const dir = scratchDir('report-outputs-');
    const path = join(dir, 'behind-fd.html');
    const fd = openSync(path, 'w');
    try {
      writeOutputs(captured().out, {
        files: [{ flag: '--report', path: `/proc/self/fd/${fd}`, text: () => '<p>by descriptor</p>' }],
        json: undefined,
        text: () => {},
      });
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(path, 'utf8')).toBe('<p>by descriptor</p>');
  });
});
