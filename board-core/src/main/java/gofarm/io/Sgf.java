package gofarm.io;

import gofarm.rules.Game;
import gofarm.rules.KoRule;
import gofarm.rules.Rules;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads and writes SGF (FF[4]) game records of Go: a collection of games, each read along its main
 * line (the first variation at every branch) into an {@link SgfGame}.
 *
 * <pre>{@code
 * List<SgfGame> games = Sgf.parse("(;SZ[9]KM[7]RU[Chinese];B[ee];W[cc])");
 * Game game = games.get(0).replay();       // the position after both moves
 * Game early = games.get(0).replay(1);     // after the first move, white to play
 * String text = Sgf.write(game);           // and back
 * }</pre>
 *
 * <h2>What is read</h2>
 *
 * Root properties {@code GM} (must be 1, Go), {@code SZ} (square, 2..25; default 19), {@code KM},
 * {@code HA}, {@code RU} and {@code RE}; in every main-line node the setup properties {@code AE},
 * {@code AB}, {@code AW} (point lists, compressed {@code [aa:cc]} rectangles too; a point named by
 * two of them takes the colour of the last in that order), {@code PL}, and the moves {@code B} and
 * {@code W} ({@code []} is a pass, and so is {@code [tt]} on boards up to 19x19). Every other
 * property is kept in the nodes ({@link SgfGame#mainLine()}) and written back, but not interpreted.
 * Empty {@code SZ}, {@code KM}, {@code HA} and {@code RU} values count as absent. Variations off
 * the main line are checked for syntax and then dropped.
 *
 * <h2>Rules</h2>
 *
 * gofarm always scores by area; {@code RU} chooses the ko rule and whether suicide is allowed,
 * {@code KM} the komi (default: {@link Rules#DEFAULT}'s, as for everything missing):
 *
 * <pre>
 * RU (any case)               ko rule      suicide   written as
 * Chinese, CN                 positional   no        Chinese       (as KGS and OGS play it)
 * Japanese, JP, Korean        simple       no        Japanese      (no superko; area scoring here)
 * Tromp-Taylor, TT            positional   yes       Tromp-Taylor
 * AGA                         situational  no        AGA
 * NZ, New Zealand, GOE, Ing   situational  yes       NZ
 * koSIMPLEscoreAREAsui1 etc.  as written   as sui    (KataGo's notation, for the remaining case)
 * anything else               positional   no
 * </pre>
 *
 * <h2>Limits</h2>
 *
 * So that no input can hang the reader or exhaust memory: at most {@link #MAX_INPUT_CHARS}
 * characters, game trees nested at most {@link #MAX_DEPTH} deep (the reader uses no recursion), at
 * most {@link #MAX_NODES} nodes, {@link #MAX_MAIN_LINE} of them in the main line of one game,
 * {@link #MAX_PROPERTIES} properties in a node and {@link #MAX_VALUES} values of one property. Each
 * limit is named in the message of the exception.
 *
 * <h2>Errors</h2>
 *
 * Malformed input throws {@link SgfParseException} with the line, the column and what was expected;
 * a game whose moves break its rules throws {@link SgfReplayException} when it is replayed. Nothing
 * else escapes the reader (a fuzz test holds it to that).
 */
public final class Sgf {
  /** The longest input read, in characters (and in bytes for {@link #read}). */
  public static final int MAX_INPUT_CHARS = 10_000_000;

  /** The deepest nesting of game trees (variations within variations). */
  public static final int MAX_DEPTH = 10_000;

  /** The most nodes in one input, all games and variations together. */
  public static final int MAX_NODES = 1_000_000;

  /**
   * The most nodes in the main line of one game: far more than any real game, and few enough that
   * replaying under superko, which compares each position with all earlier ones, stays fast.
   */
  public static final int MAX_MAIN_LINE = 10_000;

  /** The most distinct properties in one node. */
  public static final int MAX_PROPERTIES = 1_000;

  /** The most values of one property in one node. */
  public static final int MAX_VALUES = 10_000;

  private static final Pattern KATAGO_RULES =
      Pattern.compile("ko(simple|positional|situational)(?:.*?sui([01]))?.*");
  private static final Pattern CHARSET = Pattern.compile("CA\\s*\\[([^\\]]{1,40})\\]");

  private Sgf() {}

  /**
   * Reads every game of a collection.
   *
   * @throws SgfParseException for malformed input or a bad value, with its line and column
   */
  public static List<SgfGame> parse(String text) {
    List<SgfGame> games = new ArrayList<>();
    for (List<SgfNode> mainLine : new SgfParser(text).parseCollection()) {
      games.add(SgfGame.of(mainLine));
    }
    return games;
  }

  /**
   * Reads the games of an SGF file: in the charset its {@code CA} property names, else UTF-8, or
   * ISO-8859-1 (the FF[4] default) when the bytes are not UTF-8. Only a regular file is read (a
   * device such as {@code /dev/zero} reports no size and never ends; a FIFO blocks until someone
   * writes), and never more than {@link #MAX_INPUT_CHARS} bytes, counted while reading rather than
   * taken from the size the file reports.
   *
   * @throws SgfParseException for malformed input, a file that is not a regular file, or one longer
   *     than {@link #MAX_INPUT_CHARS} bytes
   * @throws UncheckedIOException when the file cannot be read
   */
  public static List<SgfGame> read(Path file) {
    return parse(decode(readBounded(file, MAX_INPUT_CHARS, "MAX_INPUT_CHARS")));
  }

  /**
   * The bytes of a regular file of at most {@code limit} bytes, counted while reading.
   *
   * @param limitName the limit's name, for the message
   * @throws SgfParseException when the file is not a regular file or is longer
   * @throws UncheckedIOException when it cannot be read
   */
  public static byte[] readBounded(Path file, int limit, String limitName) {
    if (Files.exists(file) && !Files.isRegularFile(file)) {
      throw new SgfParseException(
          0,
          0,
          file
              + " is not a regular file ("
              + (Files.isDirectory(file) ? "a directory" : "a device, FIFO or socket")
              + "): give the path of a file");
    }
    try (InputStream in = Files.newInputStream(file)) {
      byte[] bytes = in.readNBytes(limit + 1);
      if (bytes.length > limit) {
        throw new SgfParseException(
            0, 0, "input has more than " + limit + " bytes, the limit (MAX_INPUT_CHARS)");
      }
      return bytes;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The text of SGF bytes; see {@link #read}. */
  static String decode(byte[] bytes) {
    // CA is ASCII in every charset SGF files use, so look for it in the bytes read as Latin-1.
    String latin1 = new String(bytes, StandardCharsets.ISO_8859_1);
    Matcher ca = CHARSET.matcher(latin1);
    if (ca.find()) {
      try {
        return decodeStrictly(bytes, Charset.forName(ca.group(1).trim()));
      } catch (IllegalArgumentException | CharacterCodingException e) {
        // An unknown charset name, or bytes not in it: fall through to the defaults.
      }
    }
    try {
      return decodeStrictly(bytes, StandardCharsets.UTF_8);
    } catch (CharacterCodingException e) {
      return latin1;
    }
  }

  private static String decodeStrictly(byte[] bytes, Charset charset)
      throws CharacterCodingException {
    return charset
        .newDecoder()
        .onMalformedInput(CodingErrorAction.REPORT)
        .onUnmappableCharacter(CodingErrorAction.REPORT)
        .decode(ByteBuffer.wrap(bytes))
        .toString();
  }

  /** Writes a game (its setup, moves, rules and result) as an SGF collection of one game. */
  public static String write(Game game) {
    return write(SgfGame.of(game));
  }

  /**
   * Writes a game as an SGF collection of one game: its main line, one node after the other, with
   * every property of every node.
   */
  public static String write(SgfGame game) {
    StringBuilder sb = new StringBuilder("(");
    List<SgfNode> nodes = game.mainLine();
    for (int i = 0; i < nodes.size(); i++) {
      sb.append(';');
      for (Map.Entry<String, List<String>> p : nodes.get(i).properties().entrySet()) {
        sb.append(p.getKey());
        for (String value : p.getValue()) {
          sb.append('[');
          escape(value, sb);
          sb.append(']');
        }
      }
      // The root on its own line, then ten moves a line.
      if (i == 0 || i % 10 == 0) {
        sb.append('\n');
      }
    }
    if (sb.charAt(sb.length() - 1) == '\n') {
      sb.setLength(sb.length() - 1);
    }
    return sb.append(")\n").toString();
  }

  private static void escape(String value, StringBuilder sb) {
    for (int i = 0; i < value.length(); i++) {
      char c = value.charAt(i);
      if (c == ']' || c == '\\') {
        sb.append('\\');
      }
      sb.append(c);
    }
  }

  /**
   * The rules an {@code RU} value names, with this komi (see the table above); null or unknown
   * names give {@link Rules#DEFAULT}'s ko rule and suicide.
   *
   * @throws IllegalArgumentException if the komi is not valid for {@link Rules}
   */
  public static Rules rules(String ruleSet, double komi) {
    Rules base = Rules.DEFAULT.withKomi(komi);
    if (ruleSet == null) {
      return base;
    }
    String name = ruleSet.strip().toLowerCase(Locale.ROOT);
    return switch (name) {
      case "chinese", "cn" -> new Rules(komi, KoRule.POSITIONAL, false);
      case "japanese", "jp", "korean" -> new Rules(komi, KoRule.SIMPLE, false);
      case "tromp-taylor", "tromp taylor", "tt" -> new Rules(komi, KoRule.POSITIONAL, true);
      case "aga" -> new Rules(komi, KoRule.SITUATIONAL, false);
      case "nz", "new zealand", "new-zealand", "goe", "ing" ->
          new Rules(komi, KoRule.SITUATIONAL, true);
      default -> {
        Matcher m = KATAGO_RULES.matcher(name);
        if (m.matches()) {
          KoRule ko = KoRule.valueOf(m.group(1).toUpperCase(Locale.ROOT));
          yield new Rules(komi, ko, "1".equals(m.group(2)));
        }
        yield base;
      }
    };
  }

  /** The {@code RU} value gofarm writes for these rules (see the table above). */
  public static String ruleSetName(Rules rules) {
    boolean suicide = rules.suicideAllowed();
    return switch (rules.koRule()) {
      case SIMPLE -> suicide ? "koSIMPLEscoreAREAsui1" : "Japanese";
      case POSITIONAL -> suicide ? "Tromp-Taylor" : "Chinese";
      case SITUATIONAL -> suicide ? "NZ" : "AGA";
    };
  }

  /** A komi or score as SGF writes it: {@code 7.5}, {@code 7}, {@code -0.5}. */
  static String number(double value) {
    return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
  }
}
