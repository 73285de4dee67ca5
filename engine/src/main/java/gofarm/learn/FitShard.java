package gofarm.learn;

import gofarm.io.SgfGame;
import java.util.List;

/**
 * The work of one chunk of a fit job: the decisions of a shard of game records, some of them held
 * out, summed for the current strengths and the feature group being updated. The training games'
 * sums feed the update; the held-out games' only their log-likelihood and prediction counts.
 * Deterministic: the same games, strengths and group give the same bits on any machine.
 *
 * <pre>{@code
 * FitShard.Result r = new FitShard().run(games, heldOut, skipOpening, gamma, group);
 * total.add(r.train());                       // the coordinator, shard by shard in order
 * }</pre>
 *
 * Thread-confined: one per thread.
 */
public final class FitShard {
  private final GameDecisions decisions = new GameDecisions();

  /**
   * A shard's sums.
   *
   * @param train the training decisions' sums for the group
   * @param test the held-out decisions' sums (the same group; only their likelihood and predictions
   *     are used)
   * @param skippedTrain training moves the policy never draws (passes, own-eye fills)
   * @param skippedTest the same in held-out games
   * @param candidates per feature id, the training candidates that have it
   */
  public record Result(
      MmSums train, MmSums test, long skippedTrain, long skippedTest, long[] candidates) {}

  /**
   * Sums the decisions of {@code games} (game i held out when {@code heldOut[i]}) from move {@code
   * skipOpening} of each on, for strengths {@code gamma} and the group {@code group}.
   *
   * @throws IllegalArgumentException naming the game (its index in the shard) and the move when a
   *     game cannot be learnt from
   */
  public Result run(
      List<SgfGame> games, boolean[] heldOut, int skipOpening, double[] gamma, int group) {
    FeatureLayout layout = GameDecisions.LAYOUT;
    DecisionSet train = new DecisionSet(layout);
    DecisionSet test = new DecisionSet(layout);
    long skippedTrain = 0;
    long skippedTest = 0;
    for (int i = 0; i < games.size(); i++) {
      GameDecisions.Counts counts;
      try {
        counts = decisions.add(games.get(i), skipOpening, heldOut[i] ? test : train);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("game " + i + ": " + e.getMessage(), e);
      }
      if (heldOut[i]) {
        skippedTest += counts.skipped();
      } else {
        skippedTrain += counts.skipped();
      }
    }
    long[] candidates = new long[layout.size()];
    int groups = layout.groupCount();
    for (int k = 0; k < train.candidateCount(); k++) {
      for (int g = 0; g < groups; g++) {
        int id = train.feature(k, g);
        if (id >= 0) {
          candidates[id]++;
        }
      }
    }
    return new Result(
        MinorizationMaximization.accumulate(train, 0, train.decisionCount(), gamma, group),
        MinorizationMaximization.accumulate(test, 0, test.decisionCount(), gamma, group),
        skippedTrain,
        skippedTest,
        candidates);
  }
}
