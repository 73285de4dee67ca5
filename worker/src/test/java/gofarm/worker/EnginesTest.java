package gofarm.worker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gofarm.match.PlayerSpec;
import gofarm.playout.PolicySpec;
import gofarm.search.Budget;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Finding engines on a PATH and in extra folders, {@code --engine} options, and substitution. */
class EnginesTest {
  @TempDir Path dir;

  private Path program(Path folder, String name, boolean executable) throws IOException {
    Files.createDirectories(folder);
    Path p = folder.resolve(name);
    Files.writeString(p, "#!/bin/sh\nexit 0\n");
    Files.setPosixFilePermissions(
        p, PosixFilePermissions.fromString(executable ? "rwxr-xr-x" : "rw-r--r--"));
    return p;
  }

  @Test
  void gnugoIsFoundOnThePathFirstThenInTheExtraFolders() throws IOException {
    Path bin = dir.resolve("bin");
    Path games = dir.resolve("games");
    Path inGames = program(games, "gnugo", true);
    String path = dir.resolve("nothing-here") + File.pathSeparator + bin;
    assertEquals(Map.of("gnugo", inGames), Engines.detect(path, List.of(games)));
    Path onPath = program(bin, "gnugo", true);
    assertEquals(Map.of("gnugo", onPath), Engines.detect(path, List.of(games)), "PATH first");
    assertEquals(Map.of(), Engines.detect(null, List.of()));
  }

  @Test
  void aFileThatIsNotExecutableOrAFolderIsNoEngine() throws IOException {
    Path bin = dir.resolve("bin");
    program(bin, "gnugo", false);
    Files.createDirectories(dir.resolve("other").resolve("gnugo"));
    assertEquals(
        Map.of(),
        Engines.detect(bin + File.pathSeparator + dir.resolve("other"), List.of()),
        "not executable, and a folder");
  }

  @Test
  void engineOptions() throws IOException {
    Path bin = dir.resolve("bin");
    Path katago = program(bin, "katago", true);
    String path = bin.toString();
    assertEquals(Map.entry("katago", katago), Engines.parse("katago", path, List.of()));
    assertEquals(
        Map.entry("kata", katago), Engines.parse("kata=" + katago, path, List.of()), "renamed");
    assertEquals(
        Map.entry("false", Path.of("/bin/false")),
        Engines.parse("false=/bin/false", "", List.of()));

    assertEquals(
        "engine 'gnugo' is neither on the PATH nor in [DIR/games]; give its executable as"
            + " gnugo=PATH",
        assertThrows(
                IllegalArgumentException.class,
                () -> Engines.parse("gnugo", path, List.of(dir.resolve("games"))))
            .getMessage()
            .replace(dir.toString(), "DIR"));
    assertEquals(
        "engine name '/usr/bin/gnugo' must be a bare program name of 1..64 characters of A-Z a-z"
            + " 0-9 . _ + -, as match specs name it (give a path as NAME=PATH)",
        assertThrows(
                IllegalArgumentException.class,
                () -> Engines.parse("/usr/bin/gnugo", path, List.of()))
            .getMessage());
    assertEquals(
        "engine name '' must be a bare program name of 1..64 characters of A-Z a-z 0-9 . _ + -,"
            + " as match specs name it (give a path as NAME=PATH)",
        assertThrows(
                IllegalArgumentException.class, () -> Engines.parse("=/bin/false", path, List.of()))
            .getMessage());
    Path plain = program(bin, "plain", false);
    assertEquals(
        "engine 'x': '" + plain + "' is not an executable file",
        assertThrows(
                IllegalArgumentException.class, () -> Engines.parse("x=" + plain, path, List.of()))
            .getMessage());
  }

  @Test
  void anEnginePlayerRunsTheWorkersExecutable() {
    PlayerSpec gnugo =
        new PlayerSpec.Gtp(
            "gnugo-10", List.of("gnugo", "--mode", "gtp", "--level", "10"), Duration.ofMinutes(2));
    PlayerSpec resolved = Engines.resolve(gnugo, Map.of("gnugo", Path.of("/usr/games/gnugo")));
    assertEquals(
        new PlayerSpec.Gtp(
            "gnugo-10",
            List.of("/usr/games/gnugo", "--mode", "gtp", "--level", "10"),
            Duration.ofMinutes(2)),
        resolved);
    PlayerSpec search =
        PlayerSpec.search("uniform", PolicySpec.parse("uniform"), Budget.playouts(5));
    assertSame(search, Engines.resolve(search, Map.of()));
    assertEquals(
        "engine 'gnugo' of player 'gnugo-10' is not available on this worker (it has false,"
            + " katago; declare it with gofarm worker --engine gnugo=PATH)",
        assertThrows(
                Engines.MissingEngineException.class,
                () ->
                    Engines.resolve(
                        gnugo,
                        new java.util.TreeMap<>(
                            Map.of("katago", Path.of("/k"), "false", Path.of("/bin/false")))))
            .getMessage());
    assertNull(Engines.find("gnugo", null, List.of()));
  }
}
