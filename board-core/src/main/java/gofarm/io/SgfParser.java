package gofarm.io;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The SGF syntax reader behind {@link Sgf#parse}: turns a collection into the main line of each
 * game tree (the nodes up to the first variation at every branch), enforcing the limits of {@link
 * Sgf}.
 *
 * <p>It reads the input once, left to right, without recursion: the nesting of game trees is kept
 * in arrays indexed by depth, so a deeply nested input fails with a limit message, never with a
 * {@link StackOverflowError}. Nodes off the main line are checked for syntax and counted against
 * the limits, then dropped. Single use, not thread-safe.
 *
 * <pre>
 * Collection = GameTree { GameTree }
 * GameTree   = "(" Sequence { GameTree } ")"
 * Sequence   = Node { Node }
 * Node       = ";" { Property }
 * Property   = PropIdent PropValue { PropValue }
 * PropValue  = "[" text, with \ escaping the next character; \ before a newline removes it "]"
 * </pre>
 */
final class SgfParser {
  private final String text;
  private int pos;
  private int line = 1;
  private int column = 1;
  private int nodeCount;
  // One instance of each identifier and short value (points): a long main line repeats them.
  private final Map<String, String> strings = new HashMap<>();

  // Per depth of the open game trees: where "(" was, nodes and variations seen, main line or not.
  private int[] openLine = new int[16];
  private int[] openColumn = new int[16];
  private int[] nodes = new int[16];
  private int[] variations = new int[16];
  private boolean[] onMainLine = new boolean[16];

  SgfParser(String text) {
    if (text.length() > Sgf.MAX_INPUT_CHARS) {
      throw new SgfParseException(
          0,
          0,
          "input has "
              + text.length()
              + " characters, more than the limit of "
              + Sgf.MAX_INPUT_CHARS
              + " (MAX_INPUT_CHARS)");
    }
    this.text = text;
  }

  /** The main line of every game tree of the collection, in input order. */
  List<List<SgfNode>> parseCollection() {
    List<List<SgfNode>> games = new ArrayList<>();
    skipWhitespace();
    if (pos < text.length() && text.charAt(pos) == '\uFEFF') { // a byte order mark
      advance();
      skipWhitespace();
    }
    do {
      if (pos >= text.length() || text.charAt(pos) != '(') {
        throw error(
            games.isEmpty()
                ? "expected '(' to start a game tree, found " + found()
                : "expected '(' to start another game tree or the end of the input, found "
                    + found());
      }
      games.add(parseGameTree());
      skipWhitespace();
    } while (pos < text.length());
    return games;
  }

  private List<SgfNode> parseGameTree() {
    List<SgfNode> mainLine = new ArrayList<>();
    int depth = 0;
    open(depth, true);
    while (true) {
      skipWhitespace();
      char c = pos < text.length() ? text.charAt(pos) : 0;
      if (c == ';' && variations[depth] == 0) {
        if (onMainLine[depth] && mainLine.size() == Sgf.MAX_MAIN_LINE) {
          throw error(
              "the main line of a game has more than "
                  + Sgf.MAX_MAIN_LINE
                  + " nodes, the limit (MAX_MAIN_LINE)");
        }
        SgfNode node = parseNode(onMainLine[depth]);
        if (node != null) {
          mainLine.add(node);
        }
        nodes[depth]++;
      } else if (c == '(' && nodes[depth] > 0) {
        if (depth + 2 > Sgf.MAX_DEPTH) { // depth + 1 trees are open, one more would be
          throw error(
              "game trees are nested more than " + Sgf.MAX_DEPTH + " deep, the limit (MAX_DEPTH)");
        }
        boolean main = onMainLine[depth] && variations[depth] == 0;
        variations[depth]++;
        depth++;
        open(depth, main);
      } else if (c == ')' && nodes[depth] > 0) {
        advance();
        if (depth == 0) {
          return mainLine;
        }
        depth--;
      } else if (pos >= text.length()) {
        throw error(
            "expected ')' to close the game tree started at line "
                + openLine[depth]
                + ", column "
                + openColumn[depth]
                + ", found the end of the input");
      } else if (nodes[depth] == 0) {
        throw error("expected ';' to start a node, found " + found());
      } else if (variations[depth] > 0) {
        throw error("expected '(' or ')' after a variation, found " + found());
      } else {
        throw error("expected ';', '(' or ')', found " + found());
      }
    }
  }

  /** Consumes the "(" of a game tree at {@code depth}. */
  private void open(int depth, boolean mainLine) {
    if (depth == openLine.length) {
      int n = Math.min(2 * depth, Sgf.MAX_DEPTH);
      openLine = Arrays.copyOf(openLine, n);
      openColumn = Arrays.copyOf(openColumn, n);
      nodes = Arrays.copyOf(nodes, n);
      variations = Arrays.copyOf(variations, n);
      onMainLine = Arrays.copyOf(onMainLine, n);
    }
    openLine[depth] = line;
    openColumn[depth] = column;
    nodes[depth] = 0;
    variations[depth] = 0;
    onMainLine[depth] = mainLine;
    advance();
  }

  /** Reads a node; returns it when {@code keep}, else null (it is still checked and counted). */
  private SgfNode parseNode(boolean keep) {
    if (++nodeCount > Sgf.MAX_NODES) {
      throw error("more than " + Sgf.MAX_NODES + " nodes, the limit (MAX_NODES)");
    }
    advance(); // ';'
    List<String> ids = new ArrayList<>();
    List<List<String>> values = new ArrayList<>();
    List<int[]> positions = new ArrayList<>();
    while (true) {
      skipWhitespace();
      if (pos >= text.length() || !isLetter(text.charAt(pos))) {
        break;
      }
      int idLine = line;
      int idColumn = column;
      String id = parseIdentifier();
      // A repeated identifier in one node is not allowed by FF[4]; its values are merged.
      int k = ids.indexOf(id);
      if (k < 0) {
        if (ids.size() == Sgf.MAX_PROPERTIES) {
          throw new SgfParseException(
              idLine,
              idColumn,
              "more than "
                  + Sgf.MAX_PROPERTIES
                  + " properties in one node, the limit (MAX_PROPERTIES)");
        }
        k = ids.size();
        ids.add(id);
        values.add(new ArrayList<>(1));
        positions.add(new int[2]);
      }
      List<String> vs = values.get(k);
      skipWhitespace();
      if (pos >= text.length() || text.charAt(pos) != '[') {
        throw error("expected '[' after the property identifier " + id + ", found " + found());
      }
      do {
        if (vs.size() == Sgf.MAX_VALUES) {
          throw error(
              "more than "
                  + Sgf.MAX_VALUES
                  + " values of property "
                  + id
                  + ", the limit (MAX_VALUES)");
        }
        int[] at = positions.get(k);
        if (2 * vs.size() + 1 >= at.length) {
          at = Arrays.copyOf(at, 2 * at.length);
          positions.set(k, at);
        }
        at[2 * vs.size()] = line;
        at[2 * vs.size() + 1] = column;
        vs.add(parseValue(id));
        skipWhitespace();
      } while (pos < text.length() && text.charAt(pos) == '[');
    }
    if (!keep) {
      return null;
    }
    String[][] valueArrays = new String[ids.size()][];
    int[][] positionArrays = new int[ids.size()][];
    for (int i = 0; i < ids.size(); i++) {
      valueArrays[i] = values.get(i).toArray(new String[0]);
      positionArrays[i] = Arrays.copyOf(positions.get(i), 2 * valueArrays[i].length);
    }
    return new SgfNode(ids.toArray(new String[0]), valueArrays, positionArrays);
  }

  /**
   * Reads a property identifier: its uppercase letters. Lowercase letters are skipped, as FF[4]
   * asks of readers for FF[3] files ({@code AddBlack} is {@code AB}).
   */
  private String parseIdentifier() {
    int idLine = line;
    int idColumn = column;
    StringBuilder id = new StringBuilder();
    StringBuilder all = new StringBuilder();
    while (pos < text.length() && isLetter(text.charAt(pos))) {
      char c = text.charAt(pos);
      if (all.length() < 100) {
        all.append(c);
      }
      if (c >= 'A' && c <= 'Z' && id.length() <= 100) {
        id.append(c);
      }
      advance();
    }
    if (id.length() == 0) {
      throw new SgfParseException(
          idLine,
          idColumn,
          "property identifier '" + all + "' has no uppercase letter (expected e.g. B or AB)");
    }
    if (id.length() > 100) {
      throw new SgfParseException(idLine, idColumn, "property identifier longer than 100 letters");
    }
    return shared(id.toString());
  }

  /** Reads "[...]" and returns the text between, unescaped, with newlines as "\n". */
  private String parseValue(String id) {
    int startLine = line;
    int startColumn = column;
    advance(); // '['
    StringBuilder value = new StringBuilder();
    while (true) {
      if (pos >= text.length()) {
        throw error(
            "expected ']' to close the value of property "
                + id
                + " started at line "
                + startLine
                + ", column "
                + startColumn);
      }
      char c = text.charAt(pos);
      if (c == ']') {
        advance();
        return value.length() <= 2 ? shared(value.toString()) : value.toString();
      }
      if (c == '\\') {
        advance();
        if (pos >= text.length()) {
          continue; // reported above
        }
        c = text.charAt(pos);
        if (c == '\n' || c == '\r') {
          skipNewline(); // a soft line break: removed
          continue;
        }
        value.append(c);
        advance();
      } else if (c == '\n' || c == '\r') {
        skipNewline();
        value.append('\n');
      } else {
        // FF[4]: white space other than line breaks becomes a space.
        value.append(Character.isWhitespace(c) ? ' ' : c);
        advance();
      }
    }
  }

  /** Consumes one line break: LF, CR LF or CR (as {@link #advance} counts lines). */
  private void skipNewline() {
    char first = text.charAt(pos);
    advance();
    if (first == '\r' && pos < text.length() && text.charAt(pos) == '\n') {
      advance();
    }
  }

  private void skipWhitespace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      advance();
    }
  }

  /** Moves past one character, keeping the line and column of the next. */
  private void advance() {
    char c = text.charAt(pos++);
    if (c == '\n' || (c == '\r' && (pos >= text.length() || text.charAt(pos) != '\n'))) {
      line++;
      column = 1;
    } else if (c != '\r') {
      column++;
    }
  }

  private String shared(String s) {
    String known = strings.putIfAbsent(s, s);
    return known == null ? s : known;
  }

  private static boolean isLetter(char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
  }

  /** The next character for an error message, or "the end of the input". */
  private String found() {
    if (pos >= text.length()) {
      return "the end of the input";
    }
    char c = text.charAt(pos);
    return c < ' ' || c == 127 ? String.format("character U+%04X", (int) c) : "'" + c + "'";
  }

  private SgfParseException error(String problem) {
    return new SgfParseException(line, column, problem);
  }
}
