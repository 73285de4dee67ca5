package gofarm.search;

import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PlayoutTrace;
import gofarm.playout.SoftmaxPolicy;

/**
 * The scratch state of one search thread: its board, playout runner (with its policy and random
 * sequence), trace, path through the tree, AMAF marks and ownership counts. Made by {@link
 * Search#newContext}; used by one thread at a time, and reused for every simulation, so that a
 * simulation allocates nothing but the tree nodes it adds.
 */
public final class SearchContext {
  final Board board;
  final Playout playout;
  final PlayoutTrace trace;
  final Node[] path;
  final int[] firstStamp;
  final byte[] firstColor;
  final long[] ownedBlack;
  final long[] ownedWhite;
  // The tree's prior knowledge: the softmax policy that gives a new node's children their
  // probabilities, and the probabilities by point; null without a prior.
  final SoftmaxPolicy priorPolicy;
  final double[] priors;
  int stamp;
  long playouts;
  long draws;

  SearchContext(Search search, long seed) {
    Geometry g = search.geometry();
    int depth = Playout.maxLength(g);
    board = new Board(g);
    playout = new Playout(search.config().policy(), g);
    playout.setSeed(seed);
    trace = new PlayoutTrace(g, depth);
    path = new Node[depth + 1];
    firstStamp = new int[g.arraySize()];
    firstColor = new byte[g.arraySize()];
    ownedBlack = new long[g.arraySize()];
    ownedWhite = new long[g.arraySize()];
    priorPolicy = search.priorTable() == null ? null : new SoftmaxPolicy(search.priorTable(), g);
    priors = priorPolicy == null ? null : new double[g.arraySize()];
  }

  /** Simulations this context ran. */
  public long playouts() {
    return playouts;
  }

  /** Which playout rules supplied the moves of this context's playouts. */
  public PlayoutStats ruleStats() {
    return playout.ruleStats();
  }
}
