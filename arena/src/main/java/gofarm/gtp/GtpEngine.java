package gofarm.gtp;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;
import gofarm.board.Point;
import gofarm.board.PointSet;
import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.io.SgfParseException;
import gofarm.io.SgfReplayException;
import gofarm.life.Benson;
import gofarm.life.FinalStatus;
import gofarm.playout.PlayoutOwnership;
import gofarm.rules.Game;
import gofarm.rules.IllegalMoveException;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import gofarm.search.GameClock;
import gofarm.search.TimeSettings;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * A Go Text Protocol (version 2) engine: reads commands line by line, answers each, and holds one
 * {@link Game}; {@code genmove} asks a {@link MoveGenerator}.
 *
 * <pre>{@code
 * GtpEngine engine = new GtpEngine(Rules.DEFAULT, 19, generator);
 * engine.run(new InputStreamReader(System.in), new OutputStreamWriter(System.out));
 * // or one line at a time, as the tests do:
 * engine.execute("1 play b e5");   // Optional["=1\n\n"]
 * }</pre>
 *
 * <h2>Protocol</h2>
 *
 * Each line is preprocessed as the specification says: control characters other than HT and LF are
 * removed, HT becomes a space, a {@code #} starts a comment, and a line left empty is skipped with
 * no response. A line may start with a numeric id, echoed as {@code =id} or {@code ?id}. Every
 * response ends with an empty line; a multi-line response never contains one. Command names are
 * case-sensitive, colours and vertices are not.
 *
 * <h2>Commands</h2>
 *
 * The standard commands {@code protocol_version name version known_command list_commands quit
 * boardsize clear_board komi play genmove undo fixed_handicap set_free_handicap final_score
 * final_status_list showboard loadsgf printsgf time_settings time_left}, GNU Go's extensions {@code
 * list_stones color is_legal all_legal captures countlib findlib unconditional_status
 * kgs-genmove_cleanup reg_genmove trymove popgo}, KGS's {@code kgs-time_settings}, and GoGui's
 * {@code cputime}, with GNU Go's syntax and meaning. {@code loadsgf} keeps the engine's ko rule and
 * suicide, takes the komi of the file, and answers the colour to move, as GNU Go does. {@code
 * reg_genmove} answers what {@code genmove} would play without playing it; {@code trymove} plays a
 * move that {@code popgo} takes back (GNU Go's reading stack, which its regression suites use to
 * ask about a position one move on). GNU Go's analysis commands ({@code attack}, {@code eval_eye},
 * ...) come from {@link AnalysisGtp}.
 *
 * <h2>Life and death</h2>
 *
 * {@code unconditional_status V} answers {@code alive}, {@code dead}, {@code black_territory},
 * {@code white_territory} or {@code undecided} from {@link Benson}: alive means pass-alive (the
 * chain survives any number of enemy moves while its owner passes), dead a stone in the other
 * colour's safe territory. This is stricter than GNU Go's own {@code unconditional_status}, which
 * also calls {@code alive} the stones of a colour lying in that colour's unconditional territory
 * even when the opponent could capture them (GNU Go may call more stones alive, never fewer).
 *
 * <p>{@code final_status_list alive|dead|seki} lists the stones of that status, one chain per line
 * in point order, as {@link FinalStatus} decides them (Benson, then tactical and local reading,
 * then seeded heavy playouts for what reading leaves open: the same answer on every run). {@code
 * final_score} counts the board by area after the play that would follow: the dead chains captured,
 * the dame filled in turn ({@link FinalStatus#score}).
 *
 * <p>{@code kgs-genmove_cleanup COLOR} is KGS's cleanup move (GNU Go has the same command): while
 * {@code final_status_list dead} holds stones of the other colour, a move that captures them (the
 * tactical attack if there is one, else a safe liberty); then an ordinary {@code genmove}. {@code
 * cputime} is GoGui's extension: the CPU seconds the engine's process has used.
 *
 * <h2>Time</h2>
 *
 * {@code time_settings main_time byo_yomi_time byo_yomi_stones} (GTP's Canadian byo-yomi, with its
 * special cases: byo-yomi time and no stones is no limit, no byo-yomi time is absolute time), KGS's
 * {@code kgs-time_settings none | absolute | canadian | byoyomi ...} (the one form of Japanese
 * byo-yomi) and {@code time_left color time stones} set the clocks of both colours ({@link
 * GameClock}); {@code boardsize} and {@code clear_board} start them afresh. Under a clock {@code
 * genmove} gives the generator its colour's clock, and takes the time it took off that clock, so
 * that the engine keeps count when no {@code time_left} comes.
 *
 * <h2>Errors</h2>
 *
 * Failures of standard commands use the texts of the specification and of GNU Go, the reference
 * implementation: {@code unknown command}, {@code unacceptable size}, {@code cannot undo}, {@code
 * board not empty}, {@code invalid handicap}, {@code handicap not an integer}, {@code repeated
 * vertex}, {@code invalid coordinate}. The generic ones are followed by the detail: {@code syntax
 * error: komi must be a number (got 'x')}, {@code illegal move: E5 is occupied}, {@code cannot load
 * file: game.sgf: line 3, column 14: ...}. Extension commands answer with a message naming the
 * argument and the bound. The engine never dies on bad input: any exception inside a command
 * becomes a {@code ?} response ({@code internal error: ...}), and lines longer than {@link
 * #MAX_LINE} are answered with an error without being kept.
 *
 * <p>Not thread-safe: one engine per connection.
 */
public final class GtpEngine {
  /** The answer to {@code name}. */
  public static final String NAME = "gofarm";

  /**
   * The longest command line read; the rest of a longer one is skipped, so that no input can
   * exhaust memory. A {@code set_free_handicap} of every point of 25x25 takes under 2,600.
   */
  public static final int MAX_LINE = 100_000;

  private static final Pattern ID = Pattern.compile("\\d{1,9}|[12]\\d{9}");
  private static final Pattern FLOAT =
      Pattern.compile("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d{1,3})?");

  /** GoGui's command that lists the analyze commands. */
  public static final String ANALYZE_COMMANDS = "gogui-analyze_commands";

  private final MoveGenerator generator;
  private final FinalStatus finalStatus = new FinalStatus(new PlayoutOwnership());
  private final Map<String, Command> commands = new TreeMap<>();
  private final List<String> analyzeEntries = new ArrayList<>();
  private Rules rules;
  private Game game;
  private boolean quit;
  // The moves of trymove that popgo may still take back (GNU Go's reading stack).
  private int tried;
  private TimeSettings timeSettings = TimeSettings.NONE;
  private GameClock blackClock = new GameClock(TimeSettings.NONE);
  private GameClock whiteClock = new GameClock(TimeSettings.NONE);

  /** What a command does with its arguments: returns the response text or throws a failure. */
  @FunctionalInterface
  private interface Handler {
    String run(Args args);
  }

  /** A command: standard ones prefix argument errors with the specification's "syntax error". */
  private record Command(boolean standard, Handler handler) {}

  /**
   * An engine with an empty board.
   *
   * @param rules komi, ko rule and suicide; {@code komi} changes the komi later
   * @param boardSize the size of the board until {@code boardsize} changes it
   * @param generator the search behind {@code genmove}
   */
  public GtpEngine(Rules rules, int boardSize, MoveGenerator generator) {
    this.rules = rules;
    this.game = new Game(boardSize, rules);
    this.generator = generator;
    standard("protocol_version", a -> noArguments(a, "2"));
    standard("name", a -> noArguments(a, NAME));
    standard("version", a -> noArguments(a, version()));
    standard("known_command", this::knownCommand);
    standard("list_commands", a -> noArguments(a, String.join("\n", commands.keySet())));
    standard("quit", this::quit);
    standard("boardsize", this::boardsize);
    standard("clear_board", this::clearBoard);
    standard("komi", this::komi);
    standard("play", this::play);
    standard("genmove", this::genmove);
    standard("undo", this::undo);
    standard("fixed_handicap", this::fixedHandicap);
    standard("set_free_handicap", this::setFreeHandicap);
    standard("final_score", this::finalScore);
    standard("final_status_list", this::finalStatusList);
    standard("showboard", a -> noArguments(a, showboard()));
    standard("loadsgf", this::loadsgf);
    standard("printsgf", this::printsgf);
    standard("time_settings", this::timeSettings);
    standard("time_left", this::timeLeft);
    extension("list_stones", this::listStones);
    extension("color", this::color);
    extension("is_legal", this::isLegal);
    extension("all_legal", this::allLegal);
    extension("captures", this::captures);
    extension("countlib", this::countlib);
    extension("findlib", this::findlib);
    extension("unconditional_status", this::unconditionalStatus);
    extension("kgs-genmove_cleanup", this::genmoveCleanup);
    extension("reg_genmove", this::regGenmove);
    extension("trymove", this::trymove);
    extension("popgo", this::popgo);
    extension("kgs-time_settings", this::kgsTimeSettings);
    extension("cputime", a -> noArguments(a, cputime()));
  }

  /**
   * A command added from outside (the search's analyze commands): answers its arguments, given the
   * game as it stands, or throws {@link Failure}.
   */
  @FunctionalInterface
  public interface Extension {
    /** The response text for {@code args} (the words after the command name). */
    String run(Game game, List<String> args);
  }

  /**
   * Adds a command, answered like GNU Go's extensions (errors without "syntax error"). With an
   * {@code analyzeEntry} ({@code gfx/Label/command}: GoGui's type, label and command line) it is
   * also listed by {@code gogui-analyze_commands}, which the engine then knows.
   *
   * @throws IllegalArgumentException if the name is taken or not a single word
   */
  public void register(String name, String analyzeEntry, Extension extension) {
    if (!name.matches("[\\w.+-]+") || commands.containsKey(name)) {
      throw new IllegalArgumentException("cannot register GTP command '" + name + "'");
    }
    extension(name, a -> extension.run(game, List.copyOf(a.words)));
    if (analyzeEntry != null) {
      analyzeEntries.add(analyzeEntry);
      if (!commands.containsKey(ANALYZE_COMMANDS)) {
        extension(ANALYZE_COMMANDS, a -> noArguments(a, String.join("\n", analyzeEntries)));
      }
    }
  }

  private void standard(String name, Handler handler) {
    commands.put(name, new Command(true, handler));
  }

  private void extension(String name, Handler handler) {
    commands.put(name, new Command(false, handler));
  }

  /** The game as it stands; read it, do not change it behind the engine's back. */
  public Game game() {
    return game;
  }

  /** The rules of the next {@code boardsize} or {@code clear_board}, with the current komi. */
  public Rules rules() {
    return rules;
  }

  /** True once {@code quit} was answered. */
  public boolean quitRequested() {
    return quit;
  }

  /**
   * Answers commands from {@code in} on {@code out}, flushing after each response, until {@code
   * quit} or the end of the input.
   *
   * @throws UncheckedIOException when reading or writing fails
   */
  public void run(Reader in, Writer out) {
    Reader reader = in instanceof BufferedReader ? in : new BufferedReader(in);
    try {
      StringBuilder line = new StringBuilder();
      while (!quit) {
        long length = readLine(reader, line);
        if (length < 0) {
          return;
        }
        Optional<String> response =
            length > MAX_LINE
                ? Optional.of(
                    failure(
                        "",
                        "syntax error: command line longer than "
                            + MAX_LINE
                            + " characters (MAX_LINE)"))
                : execute(line.toString());
        if (response.isPresent()) {
          out.write(response.get());
          out.flush();
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads up to the next LF (the specification's end of line; CR is a control character that
   * preprocessing removes), keeping at most {@link #MAX_LINE} + 1 characters of it.
   *
   * @return the length of the whole line, or -1 at the end of the input
   */
  private static long readLine(Reader reader, StringBuilder line) throws IOException {
    line.setLength(0);
    long length = 0;
    int c;
    while ((c = reader.read()) != -1 && c != '\n') {
      if (length++ <= MAX_LINE) {
        line.append((char) c);
      }
    }
    return c == -1 && length == 0 ? -1 : length;
  }

  /**
   * Answers one command line: the complete response ({@code "= E5\n\n"}, {@code "? illegal
   * move\n\n"}), or empty for a line that preprocessing leaves empty (no response is due).
   */
  public Optional<String> execute(String line) {
    List<String> words = words(line);
    if (words.isEmpty()) {
      return Optional.empty();
    }
    String id = "";
    if (ID.matcher(words.get(0)).matches() && Long.parseLong(words.get(0)) <= Integer.MAX_VALUE) {
      id = words.remove(0);
    }
    if (words.isEmpty()) {
      return Optional.of(failure(id, "syntax error: no command after the id"));
    }
    String name = words.remove(0);
    Command command = commands.get(name);
    if (command == null) {
      return Optional.of(failure(id, "unknown command"));
    }
    try {
      String result = command.handler().run(new Args(name, words, command.standard()));
      // A response ends at its first empty line, so a result must not contain one.
      result = result.replaceAll("\n{2,}", "\n").stripTrailing();
      return Optional.of(
          "=" + id + (result.isEmpty() || result.startsWith("\n") ? "" : " ") + result + "\n\n");
    } catch (Failure e) {
      return Optional.of(failure(id, e.getMessage()));
    } catch (RuntimeException | LinkageError | StackOverflowError e) {
      // A bug, not bad input: answer it and go on. LinkageError covers a class that failed to
      // initialize; the JVM's other errors (out of memory) are left to end the process.
      String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
      return Optional.of(failure(id, "internal error: " + message));
    }
  }

  private static String failure(String id, String message) {
    return "?" + id + " " + message.replaceAll("\\s*\n\\s*", " ").strip() + "\n\n";
  }

  /** The words of a command line after the specification's preprocessing. */
  private static List<String> words(String line) {
    StringBuilder sb = new StringBuilder(line.length());
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (c == '#') {
        break;
      }
      if (c == '\t') {
        sb.append(' ');
      } else if (c >= ' ' && c != 127) {
        sb.append(c);
      }
    }
    String text = sb.toString().strip();
    return text.isEmpty() ? new ArrayList<>() : new ArrayList<>(Arrays.asList(text.split(" +")));
  }

  // ---------------------------------------------------------------- administrative commands

  private String noArguments(Args a, String result) {
    a.count(0, 0, "");
    return result;
  }

  private static String version() {
    String v = GtpEngine.class.getPackage().getImplementationVersion();
    return v == null ? "dev" : v;
  }

  private String knownCommand(Args a) {
    a.count(1, 1, "command_name");
    return Boolean.toString(commands.containsKey(a.word(0)));
  }

  private String quit(Args a) {
    a.count(0, 0, "");
    quit = true;
    return "";
  }

  // ---------------------------------------------------------------- setup

  private String boardsize(Args a) {
    a.count(1, 1, "size");
    int size = a.integer(0, "size");
    if (size < Geometry.MIN_SIZE || size > Geometry.MAX_SIZE) {
      throw new Failure("unacceptable size");
    }
    game = new Game(size, rules);
    tried = 0;
    resetClocks();
    return "";
  }

  private String clearBoard(Args a) {
    a.count(0, 0, "");
    game = new Game(game.geometry(), rules);
    tried = 0;
    resetClocks();
    return "";
  }

  private String komi(Args a) {
    a.count(1, 1, "komi");
    String text = a.word(0);
    if (!FLOAT.matcher(text).matches()) {
      throw a.syntax("komi must be a number (got '" + text + "')");
    }
    try {
      rules = rules.withKomi(Double.parseDouble(text));
    } catch (IllegalArgumentException e) {
      throw a.syntax(e.getMessage());
    }
    game.setRules(game.rules().withKomi(rules.komi()));
    return "";
  }

  private String fixedHandicap(Args a) {
    a.count(1, 1, "number_of_stones");
    int count;
    try {
      count = Integer.parseInt(a.word(0));
    } catch (NumberFormatException e) {
      throw new Failure("handicap not an integer");
    }
    if (count < 2) {
      throw new Failure("invalid handicap");
    }
    requireEmptyBoard();
    int[] points;
    try {
      points = Game.fixedHandicapPoints(game.geometry(), count);
    } catch (IllegalArgumentException e) {
      throw new Failure("invalid handicap");
    }
    game.placeFixedHandicap(count);
    return names(points);
  }

  private String setFreeHandicap(Args a) {
    Geometry g = game.geometry();
    if (a.size() < 2 || a.size() >= g.pointCount()) {
      throw new Failure("invalid handicap");
    }
    requireEmptyBoard();
    byte[] colors = new byte[g.arraySize()];
    for (int i = 0; i < a.size(); i++) {
      int p;
      try {
        p = g.parse(a.word(i));
      } catch (IllegalArgumentException e) {
        throw new Failure("invalid coordinate");
      }
      if (p == Point.PASS) {
        throw new Failure("invalid coordinate");
      }
      if (colors[p] != Color.EMPTY) {
        throw new Failure("repeated vertex");
      }
      colors[p] = Color.BLACK;
    }
    // Black stones with at least one empty point left always have liberties: no chain is closed.
    game.setToPlay(Player.WHITE);
    game.setup(colors);
    return "";
  }

  private void requireEmptyBoard() {
    if (game.board().emptyCount() != game.geometry().pointCount() || !game.moves().isEmpty()) {
      throw new Failure("board not empty");
    }
  }

  // ---------------------------------------------------------------- playing

  private String play(Args a) {
    a.count(2, 2, "color vertex");
    Player player = a.color(0);
    int p = a.vertex(1);
    try {
      game.play(player, p);
    } catch (IllegalMoveException e) {
      throw new Failure("illegal move: " + e.getMessage());
    }
    return "";
  }

  private String genmove(Args a) {
    a.count(1, 1, "color");
    return playGenerated(a.color(0), false);
  }

  /**
   * KGS's cleanup phase: a move that captures a dead enemy chain (by {@link FinalStatus}) while any
   * is left on the board, so the game can be counted as it stands; otherwise {@code genmove}.
   */
  private String genmoveCleanup(Args a) {
    a.count(1, 1, "color");
    return playGenerated(a.color(0), true);
  }

  private String playGenerated(Player player, boolean cleanup) {
    long start = System.nanoTime();
    GameClock clock = clock(player);
    try {
      return playGenerated(player, cleanup, clock.limited() ? clock : null, start);
    } finally {
      // The engine's own count, for controllers that send no time_left (or not every move).
      clock.spend(Duration.ofNanos(System.nanoTime() - start));
    }
  }

  private String playGenerated(Player player, boolean cleanup, GameClock clock, long start) {
    int p =
        cleanup
            ? FinalStatus.captureMove(game, player.color(), finalStatus.statuses(game))
            : Point.NONE;
    if (p == Point.NONE && clock == null) {
      p = generator.generate(game, player);
    } else if (p == Point.NONE) {
      // The generator gets the clock as it stands now, the cleanup's reading taken off.
      GameClock now = clock.copy();
      now.elapse(Duration.ofNanos(System.nanoTime() - start));
      p = generator.generate(game, player, now);
    }
    if (p == MoveGenerator.RESIGN) {
      return "resign"; // the game is over for the controller; nothing is played
    }
    IllegalMoveException.Reason reason = game.illegalReason(player, p);
    if (reason != null) {
      // A bug of the generator; answer instead of playing it.
      throw new IllegalStateException(
          "the move generator chose "
              + (game.geometry().isOnBoard(p) ? game.geometry().name(p) : "point " + p)
              + ", which "
              + reason.text());
    }
    game.play(player, p);
    return game.geometry().name(p);
  }

  /** The CPU time this engine's process has used, in seconds (GoGui's {@code cputime}). */
  private static String cputime() {
    Duration cpu = ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO);
    return String.format(Locale.ROOT, "%.3f", cpu.toNanos() / 1e9);
  }

  /** GNU Go's {@code reg_genmove}: the move genmove would choose, not played. */
  private String regGenmove(Args a) {
    a.count(1, 1, "color");
    int p = generator.generate(game, a.color(0));
    return p == MoveGenerator.RESIGN ? "resign" : game.geometry().name(p);
  }

  /** GNU Go's {@code trymove}: a move played so that {@code popgo} can take it back. */
  private String trymove(Args a) {
    play(a);
    tried++;
    return "";
  }

  private String popgo(Args a) {
    a.count(0, 0, "");
    if (tried == 0 || !game.undo()) {
      throw new Failure("Stack empty."); // GNU Go's text
    }
    tried--;
    return "";
  }

  private String undo(Args a) {
    a.count(0, 0, "");
    if (!game.undo()) {
      throw new Failure("cannot undo");
    }
    tried = Math.max(0, tried - 1);
    return "";
  }

  // ---------------------------------------------------------------- time

  /** The time settings of {@code time_settings} or {@code kgs-time_settings}; NONE before any. */
  public TimeSettings timeSettings() {
    return timeSettings;
  }

  /** The clock of {@code player} as the engine counts it; read it, do not change it. */
  public GameClock clock(Player player) {
    return player == Player.BLACK ? blackClock : whiteClock;
  }

  /** Both clocks at the start of a game under the current settings. */
  private void resetClocks() {
    blackClock = new GameClock(timeSettings);
    whiteClock = new GameClock(timeSettings);
  }

  /**
   * GTP's {@code time_settings main_time byo_yomi_time byo_yomi_stones}: Canadian byo-yomi in whole
   * seconds, read as {@link TimeSettings#ofGtp} says; both clocks start afresh.
   */
  private String timeSettings(Args a) {
    a.count(3, 3, "main_time byo_yomi_time byo_yomi_stones");
    int main = a.nonNegative(0, "main_time");
    int period = a.nonNegative(1, "byo_yomi_time");
    int stones = a.nonNegative(2, "byo_yomi_stones");
    timeSettings = TimeSettings.ofGtp(main, period, stones);
    resetClocks();
    return "";
  }

  /**
   * KGS's {@code kgs-time_settings none | absolute main_time | canadian main_time byo_yomi_time
   * byo_yomi_stones | byoyomi main_time byo_yomi_time periods}, in whole seconds; both clocks start
   * afresh. A byo-yomi of no time or no stones or periods adds nothing (absolute time), and a clock
   * of no time at all is no limit, as for {@code time_settings}.
   */
  private String kgsTimeSettings(Args a) {
    if (a.size() == 0) {
      throw a.syntax("kgs-time_settings takes a time system: none, absolute, canadian or byoyomi");
    }
    String system = a.word(0);
    TimeSettings settings;
    switch (system) {
      case "none" -> {
        a.count(1, 1, "none");
        settings = TimeSettings.NONE;
      }
      case "absolute" -> {
        a.count(2, 2, "absolute main_time");
        settings = TimeSettings.ofGtp(a.nonNegative(1, "main_time"), 0, 0);
      }
      case "canadian", "byoyomi" -> {
        boolean canadian = system.equals("canadian");
        String last = canadian ? "byo_yomi_stones" : "periods";
        a.count(4, 4, system + " main_time byo_yomi_time " + last);
        int main = a.nonNegative(1, "main_time");
        int period = a.nonNegative(2, "byo_yomi_time");
        int count = a.nonNegative(3, last);
        if (period == 0 || count == 0) {
          settings = TimeSettings.ofGtp(main, 0, 0);
        } else if (canadian) {
          settings = TimeSettings.ofGtp(main, period, count);
        } else {
          settings =
              TimeSettings.byoyomi(Duration.ofSeconds(main), Duration.ofSeconds(period), count);
        }
      }
      default ->
          throw a.syntax(
              "time system must be none, absolute, canadian or byoyomi (got '" + system + "')");
    }
    timeSettings = settings;
    resetClocks();
    return "";
  }

  /**
   * GTP's {@code time_left color time stones}: the time left in seconds, of the main time when
   * {@code stones} is 0, else of the byo-yomi period with that many stones to play (or, under
   * Japanese byo-yomi, as KGS sends it, that many periods left). Without time settings there is no
   * clock to set, and the command changes nothing.
   */
  private String timeLeft(Args a) {
    a.count(3, 3, "color time stones");
    Player player = a.color(0);
    int time = a.nonNegative(1, "time");
    int stones = a.nonNegative(2, "stones");
    clock(player).set(Duration.ofSeconds(time), stones);
    return "";
  }

  // ---------------------------------------------------------------- files

  private String loadsgf(Args a) {
    a.count(1, 2, "filename [move_number]");
    String file = a.word(0);
    int moveNumber = Integer.MAX_VALUE;
    if (a.size() == 2) {
      moveNumber = a.integer(1, "move_number");
      if (moveNumber < 1) {
        throw a.syntax("move_number must be at least 1 (got " + moveNumber + ")");
      }
    }
    Game loaded;
    try {
      SgfGame record = Sgf.read(path(file)).get(0);
      Rules loadedRules = rules.withKomi(record.komi().orElse(rules.komi()));
      // The position before move_number, or at the end when the record is shorter.
      loaded = record.replay(Math.min(moveNumber - 1, record.moves().size()), loadedRules);
    } catch (UncheckedIOException e) {
      throw new Failure("cannot load file: " + file + ": " + describe(e.getCause()));
    } catch (SgfParseException | SgfReplayException | InvalidPathException e) {
      throw new Failure("cannot load file: " + file + ": " + e.getMessage());
    }
    game = loaded;
    tried = 0;
    rules = loaded.rules();
    return game.toPlay().toString();
  }

  private String printsgf(Args a) {
    a.count(0, 1, "[filename]");
    String text = Sgf.write(game);
    if (a.size() == 0) {
      return text;
    }
    try {
      Files.writeString(path(a.word(0)), text, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new Failure("cannot write file: " + a.word(0) + ": " + describe(e));
    } catch (InvalidPathException e) {
      throw new Failure("cannot write file: " + a.word(0) + ": " + e.getMessage());
    }
    return "";
  }

  private static Path path(String file) {
    return Path.of(file);
  }

  private static String describe(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "access denied";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  // ---------------------------------------------------------------- showing

  private String showboard() {
    Geometry g = game.geometry();
    Board board = game.board();
    int size = g.size();
    boolean[] hoshi = new boolean[g.arraySize()];
    if (size >= 7) {
      // The star points: the fixed handicap points, nine from 15x15 up, five on odd sizes below.
      int stars = size % 2 == 0 || size == 7 ? 4 : size >= 15 ? 9 : 5;
      for (int p : Game.fixedHandicapPoints(g, stars)) {
        hoshi[p] = true;
      }
    }
    StringBuilder letters = new StringBuilder("  ");
    for (int x = 0; x < size; x++) {
      letters.append(' ').append("ABCDEFGHJKLMNOPQRSTUVWXYZ".charAt(x));
    }
    StringBuilder sb = new StringBuilder("\n").append(letters).append('\n');
    for (int y = 0; y < size; y++) {
      String row = String.format("%2d", size - y);
      sb.append(row);
      for (int x = 0; x < size; x++) {
        int p = g.point(x, y);
        byte c = board.color(p);
        sb.append(' ').append(c == Color.EMPTY && hoshi[p] ? '+' : Color.symbol(c));
      }
      sb.append(' ').append(row.strip()).append('\n');
    }
    sb.append(letters).append('\n');
    sb.append("black (X) has captured ").append(board.captures(Color.BLACK)).append(" stones\n");
    sb.append("white (O) has captured ").append(board.captures(Color.WHITE)).append(" stones\n");
    sb.append("komi ").append(komiText()).append(", ");
    sb.append(game.toPlay()).append(" to play");
    return sb.toString();
  }

  private String komiText() {
    double komi = game.rules().komi();
    return komi == Math.rint(komi) ? Long.toString((long) komi) : Double.toString(komi);
  }

  // ---------------------------------------------------------------- life and death

  private String finalScore(Args a) {
    a.count(0, 0, "");
    return finalStatus.score(game).toString();
  }

  private String finalStatusList(Args a) {
    a.count(1, 1, "status");
    FinalStatus.Status status = null;
    for (FinalStatus.Status s : FinalStatus.Status.values()) {
      if (s.gtpName().equals(a.word(0).toLowerCase(Locale.ROOT))) {
        status = s;
      }
    }
    if (status == null) {
      throw new Failure("invalid status");
    }
    Board board = game.board();
    PointSet stones = finalStatus.statuses(game).of(status);
    // One chain per line, chains in the order of their first stone, as GNU Go lists them.
    StringBuilder sb = new StringBuilder();
    for (int p = stones.next(0); p >= 0; p = stones.next(p + 1)) {
      PointSet chain = board.chainStones(p);
      if (chain.next(0) != p) {
        continue; // listed with its chain's first stone
      }
      int[] points = chain.toArray();
      sb.append(sb.length() == 0 ? "" : "\n").append(names(points));
    }
    return sb.toString();
  }

  private String unconditionalStatus(Args a) {
    a.count(1, 1, "vertex");
    int p = a.vertex(0);
    if (p == Point.PASS) {
      throw a.syntax("unconditional_status needs a point, not pass");
    }
    Board board = game.board();
    return new Benson(board.geometry()).compute(board).status(p).gtpName();
  }

  // ---------------------------------------------------------------- GNU Go extensions

  private String listStones(Args a) {
    a.count(1, 1, "color");
    byte c = a.color(0).color();
    Geometry g = game.geometry();
    List<Integer> points = new ArrayList<>();
    for (int i = 0; i < g.pointCount(); i++) {
      if (game.board().color(g.point(i)) == c) {
        points.add(g.point(i));
      }
    }
    return names(points.stream().mapToInt(Integer::intValue).toArray());
  }

  private String isLegal(Args a) {
    a.count(2, 2, "color vertex");
    Player player = a.color(0);
    return game.isLegal(player, a.vertex(1)) ? "1" : "0";
  }

  private String allLegal(Args a) {
    a.count(1, 1, "color");
    Player player = a.color(0);
    Geometry g = game.geometry();
    List<Integer> points = new ArrayList<>();
    for (int i = 0; i < g.pointCount(); i++) {
      if (game.isLegal(player, g.point(i))) {
        points.add(g.point(i));
      }
    }
    return names(points.stream().mapToInt(Integer::intValue).toArray());
  }

  /** GNU Go's {@code color}: what is on a point, {@code black}, {@code white} or {@code empty}. */
  private String color(Args a) {
    a.count(1, 1, "vertex");
    int p = a.vertex(0);
    if (p == Point.PASS) {
      throw a.syntax("color needs a point, not pass");
    }
    return Color.name(game.board().color(p));
  }

  private String captures(Args a) {
    a.count(1, 1, "color");
    return Integer.toString(game.board().captures(a.color(0).color()));
  }

  private String countlib(Args a) {
    a.count(1, 1, "vertex");
    return Integer.toString(game.board().libertyCount(a.stone(0)));
  }

  private String findlib(Args a) {
    a.count(1, 1, "vertex");
    int p = a.stone(0);
    Geometry g = game.geometry();
    int[] liberties = new int[g.pointCount()];
    int n = game.board().liberties(p, liberties, liberties.length, new Marker(g));
    int[] sorted = Arrays.copyOf(liberties, n);
    Arrays.sort(sorted); // point order is row-major from the top left, GNU Go's order
    return names(sorted);
  }

  private String names(int[] points) {
    StringBuilder sb = new StringBuilder();
    for (int p : points) {
      sb.append(sb.length() == 0 ? "" : " ").append(game.geometry().name(p));
    }
    return sb.toString();
  }

  // ---------------------------------------------------------------- arguments

  /** The arguments of one command, with parsers that fail with GTP messages. */
  private final class Args {
    private final String command;
    private final List<String> words;
    private final boolean standard;

    Args(String command, List<String> words, boolean standard) {
      this.command = command;
      this.words = words;
      this.standard = standard;
    }

    int size() {
      return words.size();
    }

    String word(int i) {
      return words.get(i);
    }

    /** Checks the number of arguments; {@code usage} names them for the message. */
    void count(int min, int max, String usage) {
      int n = words.size();
      if (n >= min && n <= max) {
        return;
      }
      String expected =
          max == 0
              ? "no arguments"
              : min == max
                  ? min + (min == 1 ? " argument" : " arguments")
                  : min + " or " + max + " arguments";
      throw syntax(
          command
              + " takes "
              + expected
              + (usage.isEmpty() ? "" : " (" + usage + ")")
              + ", got "
              + n);
    }

    Player color(int i) {
      try {
        return Player.parse(words.get(i));
      } catch (IllegalArgumentException e) {
        throw syntax(e.getMessage());
      }
    }

    /** A board point or {@link Point#PASS}. */
    int vertex(int i) {
      try {
        return game.geometry().parse(words.get(i));
      } catch (IllegalArgumentException e) {
        throw syntax(e.getMessage());
      }
    }

    /** A point holding a stone. */
    int stone(int i) {
      int p = vertex(i);
      if (p == Point.PASS) {
        throw syntax(command + " needs a stone, not pass");
      }
      if (game.board().color(p) == Color.EMPTY) {
        throw syntax(command + " needs a stone, but " + game.geometry().name(p) + " is empty");
      }
      return p;
    }

    int integer(int i, String name) {
      String text = words.get(i);
      try {
        return Integer.parseInt(text);
      } catch (NumberFormatException e) {
        throw syntax(name + " must be an integer (got '" + text + "')");
      }
    }

    int nonNegative(int i, String name) {
      int v = integer(i, name);
      if (v < 0) {
        throw syntax(name + " must not be negative (got " + v + ")");
      }
      return v;
    }

    /** A failure about the arguments: "syntax error: ..." for standard commands. */
    Failure syntax(String detail) {
      return new Failure(standard ? "syntax error: " + detail : detail);
    }
  }

  /**
   * A command that fails with a message for the controller, answered as {@code ? message}; no stack
   * trace needed. Registered commands ({@link #register}) throw it for bad arguments.
   */
  public static final class Failure extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public Failure(String message) {
      super(message, null, false, false);
    }
  }
}
