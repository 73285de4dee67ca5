package gofarm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The layering of one module's packages, read from its main {@code .java} files: every {@code
 * import} and every fully qualified reference in code (comments and string literals are blanked
 * first, so a Javadoc mention is not a dependency) into the module's root package must point to the
 * same package or to one the rule allows. GoGui's {@code go} and {@code gtp} packages ended up
 * depending on each other; each module's {@code ArchitectureTest} calls this to keep its graph
 * one-way. Which modules a module may use at all is the Maven enforcer's job.
 *
 * <p>Packages are named by their first segment below the root ({@code ""} for the root itself): for
 * root {@code gofarm}, {@code gofarm.life.Benson} is in {@code life}; for root {@code
 * gofarm.coordinator}, {@code gofarm.coordinator.job.Job} is in {@code job} and {@code
 * gofarm.proto.v1.Job} is outside the root and not checked. Every package with sources must also
 * have a {@code package-info.java} that states its role (STYLE.md section 3).
 */
public final class Layering {
  private static final Pattern IMPORT =
      Pattern.compile("^\\s*import\\s+(?:static\\s+)?([\\w.]+)(?:\\.\\*)?\\s*;", Pattern.MULTILINE);
  private static final Pattern PACKAGE =
      Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

  /** A qualified name in gofarm: packages, then at most one class name. */
  static final Pattern GOFARM_REFERENCE =
      Pattern.compile("\\bgofarm(?:\\.[a-z]\\w*)+(?:\\.[A-Z]\\w*)?");

  private final String root;
  private final Map<String, Set<String>> allowed;
  private final Path sources;

  /**
   * The rule for the module in the working directory (Surefire's {@code basedir}): {@code allowed}
   * maps each package below {@code root} to the packages below {@code root} it may use.
   */
  public Layering(String root, Map<String, Set<String>> allowed) {
    this.root = root;
    this.allowed = allowed;
    Path path = Path.of(System.getProperty("basedir", "."), "src", "main", "java");
    for (String segment : root.split("\\.")) {
      path = path.resolve(segment);
    }
    this.sources = path;
  }

  /** Fails listing every file, line and reference that breaks the rule. */
  public void assertPackagesDependOnlyOnTheLayersBelow() {
    List<String> violations = new ArrayList<>();
    List<Path> files = javaFiles();
    for (Path file : files) {
      String relative = sources.relativize(file).toString().replace('\\', '/');
      String pkg = relative.contains("/") ? relative.substring(0, relative.indexOf('/')) : "";
      Set<String> mayUse = allowed.get(pkg);
      if (mayUse == null) {
        violations.add(relative + ": package " + qualified(pkg) + " has no layering rule");
        continue;
      }
      String code = blankCommentsAndStrings(read(file));
      Matcher declared = PACKAGE.matcher(code);
      String expected =
          qualified(
              relative.contains("/")
                  ? relative.substring(0, relative.lastIndexOf('/')).replace('/', '.')
                  : "");
      if (!declared.find() || !declared.group(1).equals(expected)) {
        violations.add(relative + ": declares a package other than " + expected);
      }
      Matcher imports = IMPORT.matcher(code);
      List<int[]> importRanges = new ArrayList<>();
      while (imports.find()) {
        importRanges.add(new int[] {imports.start(), imports.end()});
        check(
            relative,
            line(code, imports.start(1)),
            pkg,
            mayUse,
            imports.group(1),
            "imports",
            violations);
      }
      // Fully qualified uses in code (new gofarm.rules.Game(...)); imports were checked above.
      Matcher references = GOFARM_REFERENCE.matcher(code);
      while (references.find()) {
        int at = references.start();
        if (importRanges.stream().noneMatch(r -> r[0] <= at && at < r[1])) {
          check(relative, line(code, at), pkg, mayUse, references.group(), "refers to", violations);
        }
      }
    }
    assertTrue(!files.isEmpty(), "no sources found under " + sources.toAbsolutePath());
    if (!violations.isEmpty()) {
      fail("layering violations:\n  " + String.join("\n  ", violations));
    }
  }

  /** Fails naming every package with sources but no {@code package-info.java}. */
  public void assertEveryPackageHasAPackageInfo() {
    Map<String, Set<String>> filesByPackage = new TreeMap<>();
    for (Path file : javaFiles()) {
      String dir = sources.relativize(file.getParent()).toString().replace('\\', '/');
      filesByPackage.computeIfAbsent(dir, d -> new TreeSet<>()).add(file.getFileName().toString());
    }
    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, Set<String>> e : filesByPackage.entrySet()) {
      if (!e.getValue().contains("package-info.java")) {
        missing.add(qualified(e.getKey().replace('/', '.')) + " " + e.getValue());
      }
    }
    assertEquals(List.of(), missing, "packages without package-info.java");
  }

  private void check(
      String file,
      int line,
      String pkg,
      Set<String> mayUse,
      String target,
      String verb,
      List<String> violations) {
    String targetPackage;
    if (target.equals(root)) {
      targetPackage = "";
    } else if (target.startsWith(root + ".")) {
      String rest = target.substring(root.length() + 1);
      String first = rest.contains(".") ? rest.substring(0, rest.indexOf('.')) : rest;
      // A class directly in the root package (gofarm.coordinator.Coordinator) is in "".
      targetPackage = Character.isUpperCase(first.charAt(0)) ? "" : first;
    } else {
      return; // outside this module's root: the enforcer's concern
    }
    if (targetPackage.equals(pkg) || mayUse.contains(targetPackage)) {
      return;
    }
    violations.add(
        file
            + ":"
            + line
            + " "
            + verb
            + " "
            + target
            + ", but "
            + qualified(pkg)
            + (mayUse.isEmpty()
                ? " may use no other package of " + root
                : " may use only "
                    + String.join(
                        ", ", new TreeSet<>(mayUse).stream().map(this::qualified).toList())));
  }

  private String qualified(String pkg) {
    return pkg.isEmpty() ? root : root + "." + pkg;
  }

  private List<Path> javaFiles() {
    try (Stream<Path> paths = Files.walk(sources)) {
      return paths.filter(p -> p.toString().endsWith(".java")).sorted().toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Replaces comments, string and char literals and text blocks with spaces (newlines kept), so
   * that what remains is code only, at the same positions.
   */
  static String blankCommentsAndStrings(String source) {
    StringBuilder out = new StringBuilder(source);
    int i = 0;
    int n = source.length();
    while (i < n) {
      char c = source.charAt(i);
      int end;
      if (source.startsWith("//", i)) {
        end = source.indexOf('\n', i);
        end = end < 0 ? n : end;
      } else if (source.startsWith("/*", i)) {
        end = source.indexOf("*/", i + 2);
        end = end < 0 ? n : end + 2;
      } else if (source.startsWith("\"\"\"", i)) {
        end = source.indexOf("\"\"\"", i + 3);
        end = end < 0 ? n : end + 3;
      } else if (c == '"' || c == '\'') {
        end = i + 1;
        while (end < n && source.charAt(end) != c && source.charAt(end) != '\n') {
          end += source.charAt(end) == '\\' ? 2 : 1;
        }
        end = Math.min(n, end + 1);
      } else {
        i++;
        continue;
      }
      for (int k = i; k < end; k++) {
        if (out.charAt(k) != '\n') {
          out.setCharAt(k, ' ');
        }
      }
      i = end;
    }
    return out.toString();
  }

  private static int line(String code, int index) {
    int line = 1;
    for (int i = 0; i < index; i++) {
      if (code.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }
}
