package gofarm.playout;

import gofarm.board.Color;

/**
 * The per-point counts of one {@link Playout#run}'s playouts (who owned each point at the end, who
 * played there first, and how often that side won), kept in ints and added without a branch per
 * point, then added to {@link PlayoutStats}' longs once per run. Colours are 0 (none), 1 (black) or
 * 2 (white), so {@code c & 1} counts black and {@code c >> 1} white; C2 turns each loop into vector
 * code. The per-point branches this replaced (on an owner that is black or white at random) cost a
 * misprediction on about every other point.
 *
 * <p>Indexed by padded point, like the statistics; off-board entries stay zero. An int cannot
 * overflow: a run adds at most one per playout, and a run has at most {@code Integer.MAX_VALUE}.
 */
final class PointTally {
  private final int[] ownedBlack;
  private final int[] ownedWhite;
  private final int[] ownedBlackWon;
  private final int[] ownedWhiteWon;
  private final int[] firstBlack;
  private final int[] firstWhite;
  private final int[] firstBlackWon;
  private final int[] firstWhiteWon;
  private final int[][] all;

  PointTally(int arraySize) {
    ownedBlack = new int[arraySize];
    ownedWhite = new int[arraySize];
    ownedBlackWon = new int[arraySize];
    ownedWhiteWon = new int[arraySize];
    firstBlack = new int[arraySize];
    firstWhite = new int[arraySize];
    firstBlackWon = new int[arraySize];
    firstWhiteWon = new int[arraySize];
    all =
        new int[][] {
          ownedBlack,
          ownedWhite,
          ownedBlackWon,
          ownedWhiteWon,
          firstBlack,
          firstWhite,
          firstBlackWon,
          firstWhiteWon
        };
  }

  /**
   * Adds one playout: {@code owner[p]} and {@code first[p]} are the colour owning p at the end and
   * the colour that played at p first (0 if none), {@code winner} BLACK, WHITE or EMPTY (a draw).
   */
  void add(int[] owner, int[] first, byte winner) {
    int n = ownedBlack.length;
    for (int p = 0; p < n; p++) {
      ownedBlack[p] += owner[p] & 1;
      ownedWhite[p] += owner[p] >> 1;
      firstBlack[p] += first[p] & 1;
      firstWhite[p] += first[p] >> 1;
    }
    if (winner == Color.BLACK) {
      for (int p = 0; p < n; p++) {
        ownedBlackWon[p] += owner[p] & 1;
        firstBlackWon[p] += first[p] & 1;
      }
    } else if (winner == Color.WHITE) {
      for (int p = 0; p < n; p++) {
        ownedWhiteWon[p] += owner[p] >> 1;
        firstWhiteWon[p] += first[p] >> 1;
      }
    }
  }

  /** Adds the counts to {@code stats} and starts again from zero. */
  void flushInto(PlayoutStats stats) {
    for (int p = 0; p < ownedBlack.length; p++) {
      stats.ownedBlack[p] += ownedBlack[p];
      stats.ownedWhite[p] += ownedWhite[p];
      stats.ownedByWinner[p] += ownedBlackWon[p] + ownedWhiteWon[p];
      stats.amafBlackFirst[p] += firstBlack[p];
      stats.amafWhiteFirst[p] += firstWhite[p];
      stats.amafBlackFirstWins[p] += firstBlackWon[p];
      stats.amafWhiteFirstWins[p] += firstWhiteWon[p];
    }
    for (int[] a : all) {
      java.util.Arrays.fill(a, 0);
    }
  }
}
