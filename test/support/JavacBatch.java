import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * Compiles many Java programs in one JVM, each into a class directory of its own (the exported programs share a
 * class name, so one javac command line cannot take them all). Arguments: pairs of class directory and source file.
 * For each pair it writes javac's exit status and messages to javac.status and javac.log beside the classes, so
 * every test reports its own program's compile errors. Started as `java JavacBatch.java ...` by compile-once.ts.
 */
public class JavacBatch {
  public static void main(String[] args) throws Exception {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    for (int i = 0; i + 1 < args.length; i += 2) {
      Path classes = Path.of(args[i]);
      Files.createDirectories(classes);
      ByteArrayOutputStream log = new ByteArrayOutputStream();
      PrintStream messages = new PrintStream(log, true, StandardCharsets.UTF_8);
      int status = javac.run(null, messages, messages, "-d", classes.toString(), args[i + 1]);
      Files.writeString(classes.resolve("javac.status"), Integer.toString(status));
      Files.write(classes.resolve("javac.log"), log.toByteArray());
    }
  }
}
