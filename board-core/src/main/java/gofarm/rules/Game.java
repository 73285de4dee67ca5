package gofarm.rules;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.board.Zobrist;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A game under a set of {@link Rules}: a board, whose turn it is, the moves since the last setup,
 * passes and the end of the game, superko, handicap and area scoring.
 *
 * <pre>{@code
 * Game game = new Game(9, Rules.DEFAULT);
 * game.play(game.geometry().parse("E5"));   // black, whose turn it is
 * game.play(Player.WHITE, Point.PASS);      // any player may move, as in GTP and SGF
 * game.undo();
 * Score score = game.score();
 * }</pre>
 *
 * <p>Superko is exact up to 64-bit hash collisions: every position since the start (or the last
 * setup) is kept, with the player to move for the situational rule, and counted in hash maps so
 * that the test is one lookup. A move is checked by playing it on the board and undoing it if it
 * repeats a position, so {@link #isLegal} costs one play and undo. Not thread-safe.
 */
public final class Game {
  private final Geometry geometry;
  private final Board board;
  private Rules rules;
  private Player toPlay = Player.BLACK;
  private final List<Move> moves = new ArrayList<>();
  private int consecutivePasses;

  // Positions since the start or the last setup, in order (board hash, player to move), and how
  // often each position and each situation occurred, so that a superko test is one lookup.
  private long[] historyHash = new long[64];
  private byte[] historyToPlay = new byte[64];
  private int historyLength;
  private final Map<Long, Integer> positionCounts = new HashMap<>();
  private final Map<Long, Integer> situationCounts = new HashMap<>();

  public Game(Geometry geometry, Rules rules) {
    this.geometry = geometry;
    this.board = new Board(geometry);
    this.rules = rules;
    recordPosition();
  }

  public Game(int size, Rules rules) {
    this(Geometry.of(size), rules);
  }

  public Geometry geometry() {
    return geometry;
  }

  /** The current board. Read it, or copy it with {@link Board#copyFrom}; never play on it. */
  public Board board() {
    return board;
  }

  public Rules rules() {
    return rules;
  }

  /** Changes the rules from now on (GTP {@code komi}); positions so far stay in the history. */
  public void setRules(Rules rules) {
    this.rules = rules;
  }

  public Player toPlay() {
    return toPlay;
  }

  public void setToPlay(Player player) {
    this.toPlay = player;
  }

  /** The moves since the start or the last setup, oldest first. */
  public List<Move> moves() {
    return Collections.unmodifiableList(moves);
  }

  /** The last move, or null if there is none since the start or the last setup. */
  public Move lastMove() {
    return moves.isEmpty() ? null : moves.get(moves.size() - 1);
  }

  /** True after two consecutive passes. */
  public boolean isOver() {
    return consecutivePasses >= 2;
  }

  /** Whether {@code player} may play at {@code point} (a pass is always legal). */
  public boolean isLegal(Player player, int point) {
    return illegalReason(player, point) == null;
  }

  /** Why {@code player} may not play at {@code point}, or null if the move is legal. */
  public IllegalMoveException.Reason illegalReason(Player player, int point) {
    if (point == Point.PASS) {
      return null;
    }
    if (!geometry.isOnBoard(point)) {
      return IllegalMoveException.Reason.OFF_BOARD;
    }
    byte c = player.color();
    if (board.color(point) != Color.EMPTY) {
      return IllegalMoveException.Reason.OCCUPIED;
    }
    if (point == board.koPoint() && c == board.koColor()) {
      return IllegalMoveException.Reason.KO;
    }
    if (!rules.suicideAllowed() && board.isSuicide(point, c)) {
      return IllegalMoveException.Reason.SUICIDE;
    }
    if (rules.koRule() != KoRule.SIMPLE) {
      board.playAssumeLegal(point, c);
      boolean repeats = repeatsEarlierPosition(player.opponent());
      board.undo();
      if (repeats) {
        return IllegalMoveException.Reason.SUPERKO;
      }
    }
    return null;
  }

  /** Plays for the player to move. */
  public void play(int point) {
    play(toPlay, point);
  }

  /**
   * Plays a move or a pass for {@code player} (who need not be the player to move); then the
   * opponent is to move.
   *
   * @throws IllegalMoveException naming the reason and the point
   */
  public void play(Player player, int point) {
    IllegalMoveException.Reason reason = illegalReason(player, point);
    if (reason != null) {
      throw new IllegalMoveException(
          reason, geometry.isOnBoard(point) ? geometry.name(point) : "point " + point);
    }
    if (point == Point.PASS) {
      board.pass(player.color());
      consecutivePasses++;
    } else {
      board.playAssumeLegal(point, player.color());
      consecutivePasses = 0;
    }
    moves.add(new Move(player, point));
    toPlay = player.opponent();
    recordPosition();
  }

  public void play(Move move) {
    play(move.player(), move.point());
  }

  /** Passes for the player to move. */
  public void pass() {
    play(toPlay, Point.PASS);
  }

  /**
   * Takes back the last move or pass; the player who made it is to move again.
   *
   * @return false if there is no move since the start or the last setup
   */
  public boolean undo() {
    if (moves.isEmpty()) {
      return false;
    }
    Move last = moves.remove(moves.size() - 1);
    board.undo();
    forgetLastPosition();
    toPlay = last.player();
    consecutivePasses = 0;
    for (int i = moves.size() - 1; i >= 0 && moves.get(i).isPass(); i--) {
      consecutivePasses++;
    }
    return true;
  }

  /** Clears the board, the moves and the history; black to move. */
  public void clear() {
    board.clear();
    moves.clear();
    consecutivePasses = 0;
    toPlay = Player.BLACK;
    forgetHistory();
    recordPosition();
  }

  /**
   * Replaces the position with setup stones (SGF {@code AB}/{@code AW}/{@code AE}, GTP handicap):
   * the moves so far can no longer be undone and the superko history starts again here.
   *
   * @param colors one colour per array index of the geometry (walls ignored)
   * @throws IllegalArgumentException if a chain would have no liberties
   */
  public void setup(byte[] colors) {
    board.setPosition(colors);
    moves.clear();
    consecutivePasses = 0;
    forgetHistory();
    recordPosition();
  }

  /**
   * Places {@code count} black handicap stones on the empty board at the fixed points of the GTP
   * specification ({@code fixed_handicap}), white to move.
   *
   * @return the points in the order the specification lists them
   * @throws IllegalArgumentException if the board is not empty or the count is not available for
   *     this size (2..9 on odd sizes from 9, 2..4 on 7x7 and even sizes from 8, none below 7)
   */
  public int[] placeFixedHandicap(int count) {
    if (board.emptyCount() != geometry.pointCount() || !moves.isEmpty()) {
      throw new IllegalArgumentException("handicap needs an empty board");
    }
    int[] points = fixedHandicapPoints(geometry, count);
    byte[] colors = new byte[geometry.arraySize()];
    for (int p : points) {
      colors[p] = Color.BLACK;
    }
    toPlay = Player.WHITE;
    setup(colors);
    return points;
  }

  /** The GTP fixed handicap points; see {@link #placeFixedHandicap}. */
  public static int[] fixedHandicapPoints(Geometry geometry, int count) {
    int size = geometry.size();
    int max = size < 7 ? 0 : (size % 2 == 1 && size > 7) ? 9 : 4;
    if (count < 2 || count > max) {
      throw new IllegalArgumentException(
          max == 0
              ? "fixed handicap is not available on " + geometry + " (sizes 7 and up)"
              : "handicap " + count + " is not available on " + geometry + " (2.." + max + ")");
    }
    int lo = size >= 13 ? 3 : 2; // 4-4 points from 13x13 up, 3-3 points below
    int hi = size - 1 - lo;
    int mid = size / 2;
    // GTP order: lower left and upper right (D4 Q16), then upper left, lower right, the centre
    // (odd counts), the middle of the left and right sides, the middle of top and bottom.
    int[] corners = {
      geometry.point(lo, hi), geometry.point(hi, lo), geometry.point(lo, lo), geometry.point(hi, hi)
    };
    int centre = geometry.point(mid, mid);
    int[] sides = {geometry.point(lo, mid), geometry.point(hi, mid)};
    int[] topBottom = {geometry.point(mid, lo), geometry.point(mid, hi)};
    int[] points = new int[count];
    int n = 0;
    for (int i = 0; i < Math.min(count, 4); i++) {
      points[n++] = corners[i];
    }
    if (count >= 6) {
      points[n++] = sides[0];
      points[n++] = sides[1];
    }
    if (count >= 8) {
      points[n++] = topBottom[0];
      points[n++] = topBottom[1];
    }
    if (count % 2 == 1 && count >= 5) {
      points[n++] = centre;
    }
    return points;
  }

  /** The area score of the board as it stands (Tromp-Taylor: no stone is taken as dead). */
  public Score score() {
    return Score.area(board, rules.komi());
  }

  /**
   * Whether a board with this hash, {@code nextToPlay} to move, would repeat a position of this
   * game that the superko rule forbids to recur; always false under simple ko. For readers that try
   * moves on a copy of the board ({@code gofarm.life.Reading}).
   */
  public boolean repeatsHistory(long boardHash, Player nextToPlay) {
    return rules.koRule() != KoRule.SIMPLE && repeats(boardHash, nextToPlay);
  }

  private boolean repeatsEarlierPosition(Player nextToPlay) {
    return repeats(board.hash(), nextToPlay);
  }

  private boolean repeats(long hash, Player nextToPlay) {
    return rules.koRule() == KoRule.SITUATIONAL
        ? situationCounts.containsKey(situation(hash, nextToPlay.color()))
        : positionCounts.containsKey(hash);
  }

  private static long situation(long hash, byte toPlay) {
    return hash ^ (toPlay == Color.WHITE ? Zobrist.WHITE_TO_MOVE : 0);
  }

  private void recordPosition() {
    if (historyLength == historyHash.length) {
      historyHash = Arrays.copyOf(historyHash, historyLength * 2);
      historyToPlay = Arrays.copyOf(historyToPlay, historyLength * 2);
    }
    long hash = board.hash();
    historyHash[historyLength] = hash;
    historyToPlay[historyLength] = toPlay.color();
    historyLength++;
    positionCounts.merge(hash, 1, Integer::sum);
    situationCounts.merge(situation(hash, toPlay.color()), 1, Integer::sum);
  }

  private void forgetLastPosition() {
    historyLength--;
    long hash = historyHash[historyLength];
    positionCounts.computeIfPresent(hash, (k, n) -> n == 1 ? null : n - 1);
    situationCounts.computeIfPresent(
        situation(hash, historyToPlay[historyLength]), (k, n) -> n == 1 ? null : n - 1);
  }

  private void forgetHistory() {
    historyLength = 0;
    positionCounts.clear();
    situationCounts.clear();
  }

  /** The hash of the position with the player to move folded in (situational superko key). */
  public long situationalHash() {
    return board.hash() ^ (toPlay == Player.WHITE ? Zobrist.WHITE_TO_MOVE : 0);
  }
}
