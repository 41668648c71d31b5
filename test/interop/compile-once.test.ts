import { describe, expect, it } from 'vitest';
import { compileGo, compileJava } from '../support/compile-once';
import { hasRuntime } from '../support/system-runtimes';

/**
 * The batch compilers the export tests use (test/support/compile-once.ts): programs that share a class name or
 * `package main` compile together, each runs as its own program, and one that does not compile fails its own run
 * with the compiler's words while the others still run.
 */
const javaProgram = (greeting: string) =>
  `public class OAuthLabRequest {\n  public static void main(String[] args) {\n    System.out.println("${greeting}");\n  }\n}\n`;
/** Says whether HotSpot's performance data file of this JVM exists (it is under /tmp on Linux, whatever TMPDIR). */
const PERF_DATA_PROBE = `import java.nio.file.*;
public class OAuthLabRequest {
  public static void main(String[] args) {
    Path file = Paths.get("/tmp", "hsperfdata_" + System.getProperty("user.name"), Long.toString(ProcessHandle.current().pid()));
    System.out.println(Files.exists(file) ? "performance data at " + file : "no performance data file");
  }
}
`;
const goProgram = (greeting: string) =>
  `package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("${greeting}")\n}\n`;

describe('compiled once, run each on its own', () => {
  it.skipIf(!hasRuntime('java'))(
    'Java: one class name in three programs, one of them broken',
    { timeout: 160_000 },
    async () => {
      const programs = await compileJava([
        { name: 'first', filename: 'OAuthLabRequest.java', text: javaProgram('first') },
        {
          name: 'broken',
          filename: 'OAuthLabRequest.java',
          text: javaProgram('broken').replace('println', 'printline'),
        },
        { name: 'second', filename: 'OAuthLabRequest.java', text: javaProgram('second') },
      ]);
      try {
        expect(await programs.run('first')).toEqual({ code: 0, stdout: 'first\n', stderr: '' });
        expect(await programs.run('second')).toEqual({ code: 0, stdout: 'second\n', stderr: '' });
        const broken = await programs.run('broken');
        expect(broken.code).not.toBe(0);
        expect(broken.stderr).toMatch(/OAuthLabRequest\.java:3: error: cannot find symbol[\s\S]*printline/);
        expect(() => programs.run('third')).toThrow(
          'no program named third in this batch (it has first, broken, second)'
        );
      } finally {
        programs.remove();
      }
    }
  );
  it.skipIf(!hasRuntime('java'))(
    "Java: the JVM keeps no performance data file (/tmp/hsperfdata_USER/PID, outside the run's temporary folder)",
    { timeout: 160_000 },
    async () => {
      const programs = await compileJava([{ name: 'perf', filename: 'OAuthLabRequest.java', text: PERF_DATA_PROBE }]);
      try {
        expect(await programs.run('perf')).toEqual({ code: 0, stdout: 'no performance data file\n', stderr: '' });
      } finally {
        programs.remove();
      }
    }
  );
  it.skipIf(!hasRuntime('go'))(
    'Go: three `package main` programs, one of them broken',
    { timeout: 160_000 },
    async () => {
      const programs = await compileGo([
        { name: 'first', filename: 'request.go', text: goProgram('first') },
        { name: 'broken', filename: 'request.go', text: goProgram('broken').replace('Println', 'Printline') },
        { name: 'second', filename: 'request.go', text: goProgram('second') },
      ]);
      try {
        expect(await programs.run('first')).toEqual({ code: 0, stdout: 'first\n', stderr: '' });
        expect(await programs.run('second')).toEqual({ code: 0, stdout: 'second\n', stderr: '' });
        const broken = await programs.run('broken');
        expect(broken.code).not.toBe(0);
        expect(broken.stderr).toMatch(/broken\/request\.go:6:6: undefined: fmt\.Printline/);
      } finally {
        programs.remove();
      }
    }
  );
});
