package gofarm.coordinator.job;

import gofarm.playout.PlayoutStats;

/**
 * The figures of one (position, policy) pair of playouts.
 *
 * @param playouts playouts counted
 * @param blackWinRate black's win rate, draws half
 * @param halfWidth half-width of the 95 % Wilson interval of the black win rate
 * @param done all playouts counted, or stopped early
 * @param stats the counted statistics (a copy while the job runs), or null in a headline report and
 *     for a pair nothing was counted for
 */
public record PairFigures(
    int position,
    int policy,
    String positionLabel,
    String policyName,
    long playouts,
    double blackWinRate,
    double halfWidth,
    boolean done,
    PlayoutStats stats) {}
