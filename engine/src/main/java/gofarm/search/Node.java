package gofarm.search;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A node of the search tree: the move that leads to it, its statistics from the point of view of
 * the player who made that move, and its children once expanded.
 *
 * <p>Shared by all search threads without locks. Visits (with virtual losses) and wins change by
 * atomic adds, so that a virtual loss added on the way down is exactly taken back on the way up;
 * the AMAF counts change by plain increments (an update lost to a race costs one sample of
 * thousands, as in Fuego's lock-free mode, and keeps the hot loop free of locked instructions).
 * Children are built once, by the thread that wins {@link #tryStartExpansion}, and published
 * through a volatile field. Wins are counted in halves so that a draw (integer komi) is exact.
 */
final class Node {
  private static final VarHandle VISITS;
  private static final VarHandle HALF_WINS;
  private static final VarHandle EXPANSION;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      VISITS = lookup.findVarHandle(Node.class, "visits", int.class);
      HALF_WINS = lookup.findVarHandle(Node.class, "halfWins", int.class);
      EXPANSION = lookup.findVarHandle(Node.class, "expansion", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  static final Node[] NO_CHILDREN = new Node[0];

  /** The move that leads here: a point or {@code Point.PASS}; {@code Point.NONE} for a root. */
  final int move;

  /**
   * The softmax policy's probability of {@link #move} among its siblings, or 0 without a prior: set
   * before the children array is published and never changed.
   */
  float prior;

  private volatile int visits;
  private volatile int halfWins;
  int amafVisits;
  int amafHalfWins;

  private volatile int expansion;
  private volatile Node[] children;

  Node(int move) {
    this.move = move;
  }

  /** Simulations through this node, plus the virtual losses of those still running. */
  int visits() {
    return visits;
  }

  /** Wins of the player who made {@link #move}, in halves (a win is 2, a draw 1). */
  int halfWins() {
    return halfWins;
  }

  /** Adds {@code n} visits without wins: a virtual loss on the way down, or a correction. */
  void addVisits(int n) {
    VISITS.getAndAdd(this, n);
  }

  /** Adds a result: {@code visits} visits (1 minus the virtual loss) and {@code half} half-wins. */
  void addResult(int visitsDelta, int half) {
    VISITS.getAndAdd(this, visitsDelta);
    if (half != 0) {
      HALF_WINS.getAndAdd(this, half);
    }
  }

  /** The children, or null while the node is a leaf. */
  Node[] children() {
    return children;
  }

  /** True for the one caller that may build the children; everyone else treats it as a leaf. */
  boolean tryStartExpansion() {
    return EXPANSION.compareAndSet(this, 0, 1);
  }

  void setChildren(Node[] built) {
    children = built;
  }

  /** The win rate of the player who made {@link #move}, or 0.5 if there is no visit. */
  double winRate() {
    int n = visits;
    return n == 0 ? 0.5 : halfWins / (2.0 * n);
  }

  /** The child with this move, or null. */
  Node child(int move) {
    Node[] c = children;
    if (c != null) {
      for (Node n : c) {
        if (n.move == move) {
          return n;
        }
      }
    }
    return null;
  }
}
