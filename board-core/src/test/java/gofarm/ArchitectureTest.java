package gofarm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
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
import org.junit.jupiter.api.Test;

/**
 * The layering of board-core's main sources, read from the {@code .java} files: every {@code
 * import} and every fully qualified {@code gofarm.x} reference in code (comments and string
 * literals are blanked first, so a Javadoc mention is not a dependency) must point to the same
 * package or to one the rule allows. GoGui's {@code go} and {@code gtp} packages ended up depending
 * on each other; this test keeps board-core's graph one-way:
 *
 * <pre>
 *   board  <-  rules  <-  io
 *                     <-  life  <-  playout  <-  search
 *   gtp may use all of them; stats uses none (the JDK only)
 *   match (games between players, and their statistics) may use all of them
 * </pre>
 *
 * Packages that do not exist yet simply have no files. Every package with sources must also have a
 * {@code package-info.java} that states its role (STYLE.md section 3).
 */
class ArchitectureTest {
  private static final Map<String, Set<String>> ALLOWED =
      Map.of(
          "board", Set.of(),
          "rules", Set.of("board"),
          "io", Set.of("board", "rules"),
          "life", Set.of("board", "rules"),
          "playout", Set.of("board", "rules", "life"),
          "search", Set.of("board", "rules", "life", "playout"),
          "stats", Set.of(),
          "gtp", Set.of("board", "rules", "io", "life", "playout", "search"),
          "match", Set.of("board", "rules", "io", "life", "playout", "search", "gtp", "stats"));

  /**
   * Packages whose {@code package-info.java} is written on another branch: {@code gofarm.gtp}'s
   * comes with {@code GtpEngine} (branch gtp). Remove the entry once both are merged.
   */
  private static final Set<String> PACKAGE_INFO_ELSEWHERE = Set.of();

  private static final Pattern IMPORT =
      Pattern.compile("^\\s*import\\s+(?:static\\s+)?([\\w.]+)(?:\\.\\*)?\\s*;", Pattern.MULTILINE);
  private static final Pattern PACKAGE =
      Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);

  /** A qualified name in gofarm: packages, then at most one class name. */
  private static final Pattern GOFARM_REFERENCE =
      Pattern.compile("\\bgofarm(?:\\.[a-z]\\w*)+(?:\\.[A-Z]\\w*)?");

  private static Path mainSources() {
    return Path.of(System.getProperty("basedir", "."), "src", "main", "java", "gofarm");
  }

  @Test
  void packagesDependOnlyOnTheLayersBelow() throws IOException {
    List<String> violations = new ArrayList<>();
    int files = 0;
    for (Path file : javaFiles()) {
      files++;
      String relative = mainSources().relativize(file).toString().replace('\\', '/');
      String pkg = relative.contains("/") ? relative.substring(0, relative.indexOf('/')) : "";
      Set<String> allowed = ALLOWED.get(pkg);
      if (allowed == null) {
        violations.add(
            relative + ": package gofarm." + pkg + " has no layering rule; add it to ALLOWED");
        continue;
      }
      String code = blankCommentsAndStrings(Files.readString(file, StandardCharsets.UTF_8));
      Matcher declared = PACKAGE.matcher(code);
      if (!declared.find() || !declared.group(1).equals("gofarm." + pkg)) {
        violations.add(relative + ": declares a package other than gofarm." + pkg);
      }
      Matcher imports = IMPORT.matcher(code);
      List<int[]> importRanges = new ArrayList<>();
      while (imports.find()) {
        importRanges.add(new int[] {imports.start(), imports.end()});
        check(
            relative,
            line(code, imports.start(1)),
            pkg,
            allowed,
            imports.group(1),
            "imports",
            violations);
      }
      // Fully qualified uses in code (new gofarm.rules.Game(...)); imports were checked above.
      Matcher references = GOFARM_REFERENCE.matcher(code);
      while (references.find()) {
        int at = references.start();
        if (importRanges.stream().noneMatch(r -> r[0] <= at && at < r[1])) {
          check(
              relative, line(code, at), pkg, allowed, references.group(), "refers to", violations);
        }
      }
    }
    assertTrue(files > 0, "no sources found under " + mainSources().toAbsolutePath());
    if (!violations.isEmpty()) {
      fail("layering violations:\n  " + String.join("\n  ", violations));
    }
  }

  private static void check(
      String file,
      int line,
      String pkg,
      Set<String> allowed,
      String target,
      String verb,
      List<String> violations) {
    if (!target.startsWith("gofarm.")) {
      return;
    }
    String rest = target.substring("gofarm.".length());
    String targetPackage = rest.contains(".") ? rest.substring(0, rest.indexOf('.')) : rest;
    if (targetPackage.equals(pkg) || allowed.contains(targetPackage)) {
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
            + ", but gofarm."
            + pkg
            + " may use only "
            + (allowed.isEmpty()
                ? "the JDK"
                : "gofarm." + String.join(", gofarm.", sorted(allowed))));
  }

  @Test
  void everyPackageWithSourcesHasAPackageInfo() throws IOException {
    Map<String, Set<String>> filesByPackage = new TreeMap<>();
    for (Path file : javaFiles()) {
      String dir = mainSources().relativize(file.getParent()).toString().replace('\\', '/');
      filesByPackage.computeIfAbsent(dir, d -> new TreeSet<>()).add(file.getFileName().toString());
    }
    List<String> missing = new ArrayList<>();
    for (Map.Entry<String, Set<String>> e : filesByPackage.entrySet()) {
      if (!e.getValue().contains("package-info.java")
          && !PACKAGE_INFO_ELSEWHERE.contains(e.getKey())) {
        missing.add("gofarm." + e.getKey().replace('/', '.') + " " + e.getValue());
      }
    }
    assertEquals(List.of(), missing, "packages without package-info.java");
  }

  /**
   * The checker itself: a dependency hidden in a comment or a string is no dependency, and one in
   * code is, imported or fully qualified.
   */
  @Test
  void blankingKeepsCodeAndDropsCommentsAndStrings() {
    String source =
        """
        package gofarm.board;
        import gofarm.rules.Game; // gofarm.io in a comment
        /** {@link gofarm.io.Diagram} */
        class X { String s = "gofarm.io.Sgf \\" gofarm.io"; char c = '"'; Object o = new gofarm.life.Benson(); }
        """;
    String code = blankCommentsAndStrings(source);
    List<String> found = new ArrayList<>();
    Matcher m = GOFARM_REFERENCE.matcher(code);
    while (m.find()) {
      found.add(m.group());
    }
    assertEquals(List.of("gofarm.board", "gofarm.rules.Game", "gofarm.life.Benson"), found);
    assertEquals(source.length(), code.length(), "positions are kept");
  }

  private static List<Path> javaFiles() throws IOException {
    try (Stream<Path> paths = Files.walk(mainSources())) {
      return paths.filter(p -> p.toString().endsWith(".java")).sorted().toList();
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

  private static List<String> sorted(Set<String> set) {
    return new ArrayList<>(new TreeSet<>(set));
  }
}
