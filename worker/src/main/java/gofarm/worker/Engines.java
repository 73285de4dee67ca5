package gofarm.worker;

import gofarm.match.PlayerSpec;
import gofarm.wire.MatchSpecs;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The external GTP engines a worker can run: program names as match specs give them ({@code gnugo})
 * and the executables this machine runs for them.
 *
 * <pre>{@code
 * Map<String, Path> engines = Engines.detect();             // {gnugo=/usr/games/gnugo} on Debian
 * Map.Entry<String, Path> e = Engines.parse("false=/bin/false");
 * PlayerSpec runnable = Engines.resolve(spec, engines);     // "gnugo --mode gtp" -> "/usr/games/gnugo --mode gtp"
 * }</pre>
 *
 * <p>A match's engine player names a program, never a path ({@link MatchSpecs#PROGRAM}); the worker
 * advertises the programs it has in its {@code Hello}, and when it starts an engine it puts the
 * executable in the program's place and runs the command line as it is, without a shell.
 */
public final class Engines {
  /** Programs looked for on every worker unless detection is turned off. */
  public static final List<String> KNOWN = List.of("gnugo");

  /**
   * Folders searched after the PATH: Debian and Ubuntu install GNU Go as {@code /usr/games/gnugo},
   * and {@code /usr/games} is often not on the PATH of a service or a container.
   */
  public static final List<Path> EXTRA_DIRS = List.of(Path.of("/usr/games"));

  private Engines() {}

  /** The {@link #KNOWN} programs found on this process's PATH or in the {@link #EXTRA_DIRS}. */
  public static Map<String, Path> detect() {
    return detect(System.getenv("PATH"), EXTRA_DIRS);
  }

  /**
   * The {@link #KNOWN} programs found on {@code path} (a PATH value, may be null) or in {@code
   * extraDirs}, in that order of precedence.
   */
  public static Map<String, Path> detect(String path, List<Path> extraDirs) {
    Map<String, Path> found = new LinkedHashMap<>();
    for (String program : KNOWN) {
      Path p = find(program, path, extraDirs);
      if (p != null) {
        found.put(program, p);
      }
    }
    return found;
  }

  /**
   * The first executable file named {@code program} in the folders of {@code path} and then in
   * {@code extraDirs}, as an absolute path; null if there is none.
   */
  public static Path find(String program, String path, List<Path> extraDirs) {
    List<Path> dirs = new ArrayList<>();
    if (path != null) {
      for (String dir : path.split(File.pathSeparator)) {
        if (!dir.isEmpty()) {
          try {
            dirs.add(Path.of(dir));
          } catch (InvalidPathException e) {
            // A malformed PATH entry holds no program.
          }
        }
      }
    }
    dirs.addAll(extraDirs);
    for (Path dir : dirs) {
      Path candidate = dir.resolve(program);
      if (isExecutableFile(candidate)) {
        return candidate.toAbsolutePath();
      }
    }
    return null;
  }

  /**
   * Reads an {@code --engine} option, {@code PROGRAM} or {@code PROGRAM=PATH}: the program name as
   * match specs give it, and the executable to run for it (without a path: the program as found on
   * this process's PATH or in the {@link #EXTRA_DIRS}).
   *
   * @throws IllegalArgumentException saying what is wrong with the name or the executable
   */
  public static Map.Entry<String, Path> parse(String option) {
    return parse(option, System.getenv("PATH"), EXTRA_DIRS);
  }

  /** {@link #parse(String)} with the PATH and extra folders given. */
  public static Map.Entry<String, Path> parse(String option, String path, List<Path> extraDirs) {
    int eq = option.indexOf('=');
    String program = eq < 0 ? option : option.substring(0, eq);
    if (!MatchSpecs.PROGRAM.matcher(program).matches()) {
      throw new IllegalArgumentException(
          "engine name '"
              + program
              + "' must be a bare program name of 1..64 characters of A-Z a-z 0-9 . _ + -,"
              + " as match specs name it (give a path as NAME=PATH)");
    }
    if (eq < 0) {
      Path found = find(program, path, extraDirs);
      if (found == null) {
        throw new IllegalArgumentException(
            "engine '"
                + program
                + "' is neither on the PATH nor in "
                + extraDirs
                + "; give its executable as "
                + program
                + "=PATH");
      }
      return Map.entry(program, found);
    }
    String file = option.substring(eq + 1);
    Path executable;
    try {
      executable = Path.of(file);
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException(
          "engine '" + program + "': '" + file + "' is not a path (" + e.getMessage() + ")");
    }
    if (!isExecutableFile(executable)) {
      throw new IllegalArgumentException(
          "engine '" + program + "': '" + file + "' is not an executable file");
    }
    return Map.entry(program, executable.toAbsolutePath());
  }

  /**
   * The player as this worker runs it: an engine's program replaced by its executable, a search
   * player as it is.
   *
   * @throws MissingEngineException if the player's program is not among {@code engines}
   */
  public static PlayerSpec resolve(PlayerSpec player, Map<String, Path> engines) {
    if (!(player instanceof PlayerSpec.Gtp gtp)) {
      return player;
    }
    String program = gtp.commandLine().get(0);
    Path executable = engines.get(program);
    if (executable == null) {
      throw new MissingEngineException(
          "engine '"
              + program
              + "' of player '"
              + gtp.name()
              + "' is not available on this worker (it has "
              + (engines.isEmpty() ? "no engines" : String.join(", ", engines.keySet()))
              + "; declare it with gofarm worker --engine "
              + program
              + "=PATH)");
    }
    List<String> command = new ArrayList<>(gtp.commandLine());
    command.set(0, executable.toString());
    return new PlayerSpec.Gtp(gtp.name(), command, gtp.moveTimeout(), gtp.clock());
  }

  private static boolean isExecutableFile(Path p) {
    return Files.isRegularFile(p) && Files.isExecutable(p);
  }

  /** A match chunk needs an engine program this worker does not have. */
  public static final class MissingEngineException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    MissingEngineException(String message) {
      super(message);
    }
  }
}
