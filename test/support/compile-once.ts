import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { run, scratch } from '../unit/host/export/mock-session';

type RunResult = Awaited<ReturnType<typeof run>>;

/** A program an export wrote: `name` tells it from the others of its batch, `filename` is the export's own. */
export interface SourceProgram {
  readonly name: string;
  readonly filename: string;
  readonly text: string;
}

/**
 * Programs compiled together and run one by one. A program that did not compile runs as its compiler's failure
 * (status and messages), so its test fails with them, as when `java File.java` or `go run` compiled it.
 */
export interface CompiledPrograms {
  run(name: string, options?: { timeoutMs?: number }): Promise<RunResult>;
  remove(): void;
}

/**
 * Every JVM the tests start: -XX:-UsePerfData, so HotSpot writes no /tmp/hsperfdata_USER/PID (always under /tmp
 * on Linux, outside the run's temporary folder, and the folder is left behind).
 */
export const runJava = (args: readonly string[], options?: Parameters<typeof run>[2]): Promise<RunResult> =>
  run('java', ['-XX:-UsePerfData', ...args], options);

/** One JVM or one go command compiles the whole batch: on two busy cores that can take a minute. */
const COMPILE_TIMEOUT_MS = 150_000;
const JAVAC_BATCH = join(import.meta.dirname, 'JavacBatch.java');

/** Each program in a directory of its own under one scratch directory (they share class names and `package main`). */
function writeBatch(programs: readonly SourceProgram[]) {
  const root = scratch();
  const sources = new Map<string, string>();
  for (const program of programs) {
    if (sources.has(program.name)) throw new Error(`two programs of one batch are named ${program.name}`);
    mkdirSync(join(root.dir, program.name));
    sources.set(program.name, root.write(join(program.name, program.filename), program.text));
  }
  const sourceOf = (name: string): string => {
    const source = sources.get(name);
    if (!source) throw new Error(`no program named ${name} in this batch (it has ${[...sources.keys()].join(', ')})`);
    return source;
  };
  return { root, sourceOf };
}

/**
 * Compiles every program in one JVM (JavacBatch.java), each into its own class directory; a run starts the
 * compiled class (`java -cp`) instead of compiling the source again (`java File.java`).
 */
export async function compileJava(programs: readonly SourceProgram[]): Promise<CompiledPrograms> {
  const { root, sourceOf } = writeBatch(programs);
  const classesOf = (name: string) => join(root.dir, name, 'classes');
  const pairs = programs.flatMap((p) => [classesOf(p.name), sourceOf(p.name)]);
  // C1 only: javac's JVM lives a second or two, too short for C2 to pay back its compiling (half the CPU here).
  const compiled = await runJava(['-XX:TieredStopAtLevel=1', JAVAC_BATCH, ...pairs], {
    timeoutMs: COMPILE_TIMEOUT_MS,
  });
  if (compiled.code !== 0) {
    root.remove();
    throw new Error(`JavacBatch.java failed (exit ${compiled.code}): ${compiled.stdout}\n${compiled.stderr}`);
  }
  return {
    run(name, options) {
      const classes = classesOf(name);
      const mainClass = basename(sourceOf(name), '.java');
      const status = Number(readFileSync(join(classes, 'javac.status'), 'utf8'));
      if (status !== 0)
        return Promise.resolve({ code: status, stdout: '', stderr: readFileSync(join(classes, 'javac.log'), 'utf8') });
      return runJava(['-cp', classes, mainClass], options);
    },
    remove: root.remove,
  };
}

/**
 * Compiles every program with one `go build` of a throwaway module, one `package main` a directory, into one bin
 * directory; a run starts the binary instead of `go run` compiling and linking the source again.
 */
export async function compileGo(programs: readonly SourceProgram[]): Promise<CompiledPrograms> {
  const { root, sourceOf } = writeBatch(programs);
  root.write('go.mod', 'module exported\n');
  const bin = join(root.dir, 'bin');
  const build = await run('go', ['build', '-o', `${bin}/`, './...'], {
    cwd: root.dir,
    timeoutMs: COMPILE_TIMEOUT_MS,
  });
  return {
    run(name, options) {
      sourceOf(name);
      const binary = join(bin, name);
      if (!existsSync(binary))
        return Promise.resolve({ code: build.code ?? 1, stdout: build.stdout, stderr: `go build: ${build.stderr}` });
      return run(binary, [], options);
    },
    remove: root.remove,
  };
}
