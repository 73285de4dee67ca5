package gofarm.playout;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Point;
import gofarm.life.Benson;
import gofarm.rules.Game;
import gofarm.rules.Move;
import gofarm.rules.Player;
import java.util.List;

/**
 * The position playouts start from: the stones and ko, the player to move, the last two moves (for
 * the local rules) and komi. Immutable once built, and shared read-only by all threads.
 *
 * <p>The board is rebuilt from its colours, so its empty-point list is in ascending order: two
 * roots with the same stones give identical playouts for the same seed, however each position was
 * reached (replayed from SGF, decoded from the wire, or played on a search tree).
 */
public final class PlayoutRoot {
  private final Board board;
  private final byte toPlay;
  private final int lastMove;
  private final int secondLastMove;
  private final double komi;

  // Benson's verdict on the root and, per point, the settled owner (EMPTY if none): computed on
  // first
  // use by whichever thread needs it, and published through the volatile fields. Two threads may
  // both compute it; the results are equal, so either may win.
  private volatile Benson.Result settled;
  private volatile byte[] settledOwners;

  private PlayoutRoot(Board board, byte toPlay, int lastMove, int secondLastMove, double komi) {
    this.board = board;
    this.toPlay = toPlay;
    this.lastMove = lastMove;
    this.secondLastMove = secondLastMove;
    this.komi = komi;
  }

  /**
   * A root from a board position (copied), the player to move, the last two moves (points, {@link
   * Point#PASS} or {@link Point#NONE}) and komi.
   */
  public static PlayoutRoot of(
      Board position, Player toPlay, int lastMove, int secondLastMove, double komi) {
    Board canonical = new Board(position.geometry());
    canonical.setPosition(position.colors(), position.koPoint(), position.koColor());
    return new PlayoutRoot(canonical, toPlay.color(), lastMove, secondLastMove, komi);
  }

  /** The current position of a game, with its komi. */
  public static PlayoutRoot of(Game game) {
    List<Move> moves = game.moves();
    int last = moves.isEmpty() ? Point.NONE : moves.get(moves.size() - 1).point();
    int second = moves.size() < 2 ? Point.NONE : moves.get(moves.size() - 2).point();
    return of(game.board(), game.toPlay(), last, second, game.rules().komi());
  }

  /** The root after {@code player} plays p here (p legal under simple ko, no suicide). */
  public PlayoutRoot after(int p, byte player) {
    Board next = new Board(board.geometry());
    next.copyFrom(board);
    if (p == Point.PASS) {
      next.pass(player);
    } else {
      next.playAssumeLegal(p, player);
    }
    Board canonical = new Board(board.geometry());
    canonical.setPosition(next.colors(), next.koPoint(), next.koColor());
    return new PlayoutRoot(canonical, Color.opponent(player), p, lastMove, komi);
  }

  /** The root's board; read it, never play on it. */
  public Board board() {
    return board;
  }

  public byte toPlay() {
    return toPlay;
  }

  public int lastMove() {
    return lastMove;
  }

  public int secondLastMove() {
    return secondLastMove;
  }

  public double komi() {
    return komi;
  }

  /** What Benson's algorithm settles on the root's board; computed once, on first use. */
  public Benson.Result settled() {
    Benson.Result s = settled;
    if (s == null) {
      s = new Benson(board.geometry()).compute(board);
      settled = s;
    }
    return s;
  }

  /**
   * Per array index, the colour that owns the point for sure (a pass-alive stone, or a point of its
   * safe territory, dead stones included), or EMPTY; computed once. Shared: never write to it.
   */
  byte[] settledOwners() {
    byte[] owners = settledOwners;
    if (owners == null) {
      Benson.Result s = settled();
      owners = new byte[board.geometry().arraySize()];
      for (int i = 0; i < board.geometry().pointCount(); i++) {
        int p = board.geometry().point(i);
        owners[p] = s.owner(p);
      }
      settledOwners = owners;
    }
    return owners;
  }
}
