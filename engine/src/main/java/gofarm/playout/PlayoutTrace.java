package gofarm.playout;

import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Point;

/**
 * What one playout did, for a tree search: every move in order (the moves the caller played before
 * the playout first, then the playout's own), the final owner of every point and the winner. The
 * caller owns it and reuses it for every playout, so nothing is allocated per playout.
 *
 * <pre>{@code
 * PlayoutTrace trace = new PlayoutTrace(geometry, treeDepth);
 * trace.clear();
 * trace.add(p);                                   // a tree move, played on the board by the caller
 * playout.playFrom(root, board, toPlay, p, last, trace);
 * trace.winner();                                 // BLACK, WHITE or EMPTY (a draw)
 * }</pre>
 *
 * <p>Moves alternate strictly between the players, passes included, so the player of move {@code i}
 * is the first mover for even {@code i} and the other for odd {@code i}: a tree search needs
 * nothing more for its AMAF statistics (Gelly and Silver 2007). Not thread-safe: one per thread.
 */
public final class PlayoutTrace {
  private final Geometry geometry;
  private final int[] moves;
  private final int treeCapacity;
  private final byte[] owners;
  private int length;
  private byte winner;
  private int difference;

  /**
   * A trace with room for {@code treeCapacity} moves before the playout and a whole playout ({@link
   * Playout#maxLength}) after them.
   */
  public PlayoutTrace(Geometry geometry, int treeCapacity) {
    if (treeCapacity < 0) {
      throw new IllegalArgumentException(
          "tree capacity must not be negative (got " + treeCapacity + ")");
    }
    this.geometry = geometry;
    this.treeCapacity = treeCapacity;
    this.moves = new int[treeCapacity + Playout.maxLength(geometry)];
    this.owners = new byte[geometry.arraySize()];
  }

  public Geometry geometry() {
    return geometry;
  }

  /** The most moves {@link #add} accepts before a playout. */
  public int treeCapacity() {
    return treeCapacity;
  }

  /** Forgets the moves; the next {@link #add} is move 0. */
  public void clear() {
    length = 0;
    winner = Color.EMPTY;
    difference = 0;
  }

  /**
   * Appends a move the caller played before the playout (a point or {@link Point#PASS}).
   * Precondition: fewer than {@link #treeCapacity()} moves so far.
   */
  public void add(int move) {
    assert length < treeCapacity : "tree part of the trace is full";
    moves[length++] = move;
  }

  /** Appends a playout move; the playout's room is reserved by the constructor. */
  void addPlayoutMove(int move) {
    moves[length++] = move;
  }

  void finish(byte winner, int difference) {
    this.winner = winner;
    this.difference = difference;
  }

  /** The number of moves: the caller's and then the playout's. */
  public int length() {
    return length;
  }

  /** Move {@code i}: a point or {@link Point#PASS}. */
  public int move(int i) {
    return moves[i];
  }

  /** The winner of the playout: BLACK, WHITE, or EMPTY for a draw (integer komi). */
  public byte winner() {
    return winner;
  }

  /** Black's area minus white's at the end, before komi. */
  public int difference() {
    return difference;
  }

  /** Who owned point p (an array index) at the end: BLACK, WHITE or EMPTY (dame). */
  public byte owner(int p) {
    return owners[p];
  }

  byte[] owners() {
    return owners;
  }
}
