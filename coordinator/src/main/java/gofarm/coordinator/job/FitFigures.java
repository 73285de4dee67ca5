package gofarm.coordinator.job;

import gofarm.learn.MmSums;

/**
 * The figures of one table over all games of a fit job: the starting table (iteration 0), or the
 * table after {@code iteration} updates, as the pass over the games at that table measured them.
 * Test figures are 0 without held-out decisions.
 *
 * @param iteration 0 for the start, k after k updates
 * @param group the id of the group iteration k updated ({@code capture}), empty for iteration 0
 * @param trainLogLikelihood the mean natural log of the probability of the move played, over the
 *     training decisions
 * @param testLogLikelihood the same over the held-out decisions
 * @param trainTop1 the share of training decisions whose move played was the strongest candidate
 * @param trainTop5 ... among the five strongest
 * @param testTop1 the same over the held-out decisions
 * @param testTop5 the same over the held-out decisions
 * @param trainDecisions training decisions counted
 * @param testDecisions held-out decisions counted
 * @param trainSkipped training moves the policy never draws (passes, own-eye fills)
 * @param testSkipped the same in held-out games
 */
public record FitFigures(
    int iteration,
    String group,
    double trainLogLikelihood,
    double testLogLikelihood,
    double trainTop1,
    double trainTop5,
    double testTop1,
    double testTop5,
    long trainDecisions,
    long testDecisions,
    long trainSkipped,
    long testSkipped) {

  /** The figures of a pass's training and held-out sums. */
  static FitFigures of(
      int iteration, String group, MmSums train, MmSums test, long trainSkipped, long testSkipped) {
    return new FitFigures(
        iteration,
        group,
        perDecision(train.logLikelihood(), train.decisions()),
        perDecision(test.logLikelihood(), test.decisions()),
        perDecision(train.top1(), train.decisions()),
        perDecision(train.top5(), train.decisions()),
        perDecision(test.top1(), test.decisions()),
        perDecision(test.top5(), test.decisions()),
        train.decisions(),
        test.decisions(),
        trainSkipped,
        testSkipped);
  }

  private static double perDecision(double sum, long decisions) {
    return decisions == 0 ? 0 : sum / decisions;
  }
}
