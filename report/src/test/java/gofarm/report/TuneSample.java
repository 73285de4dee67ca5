package gofarm.report;

import com.google.protobuf.Timestamp;
import gofarm.playout.PolicyParameter;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchResult;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.SprtSpec;
import gofarm.proto.v1.TuneConfirm;
import gofarm.proto.v1.TuneEvaluation;
import gofarm.proto.v1.TuneIteration;
import gofarm.proto.v1.TuneMatch;
import gofarm.proto.v1.TuneObjective;
import gofarm.proto.v1.TuneParameter;
import gofarm.proto.v1.TuneResult;
import gofarm.proto.v1.TuneSpec;
import gofarm.proto.v1.TuneSummary;
import gofarm.proto.v1.TunedValue;
import gofarm.stats.Sprt;
import gofarm.wire.Codec;

/**
 * Tune results as the coordinator states them ({@code TuneCodec}), made by hand for tests: a tuning
 * of two numbers of {@link #START} (the capture rule's rate and the extend rule's whole ladder
 * parameter) over the iterations of {@link #THETA} with the objectives of {@link #OBJECTIVES}; the
 * tuned policy is built from θ with the engine's {@link PolicyParameter}, as the coordinator builds
 * it; the match objective's forward scores are those of {@link #FORWARD_POINTS}; the confirmation,
 * when asked for, is a {@link MatchSample} match of "tuned" against "start".
 */
public final class TuneSample {
  public static final String START = "extend(counter=1,ladder=1)@0.9 capture@0.8 random";
  public static final String RATE = "rules[1].rate";
  public static final String LADDER = "rules[0].params.ladder";

  /** θ after each of the five iterations: the rate, the ladder parameter. */
  public static final double[][] THETA = {
    {0.82, 1.2}, {0.85, 1.45}, {0.84, 1.6}, {0.87, 1.7}, {0.9, 1.62},
  };

  /** Each iteration's mean pair result: wins minus losses of θ+ per pair (-2..2). */
  public static final double[] OBJECTIVES = {0.5, 0.25, -0.25, 0.75, 0.75};

  /**
   * Each iteration's forward score (match objective): games of the pairs with a side further along
   * θ's way from the start (none in the first: θ has not moved), and that side's points.
   */
  public static final int[] FORWARD_GAMES = {0, 16, 12, 16, 14};

  public static final double[] FORWARD_POINTS = {0, 10, 7, 9, 9};

  public static final int BATCH_PAIRS = 8;
  public static final int CONFIRM_PAIRS = 400;

  private TuneSample() {}

  public static gofarm.playout.PolicySpec start() {
    return gofarm.playout.PolicySpec.parse(START);
  }

  /** The policy at θ, as the coordinator builds it. */
  public static gofarm.playout.PolicySpec policy(double[] theta) {
    gofarm.playout.PolicySpec p = start();
    p = PolicyParameter.parse(RATE, start()).with(p, theta[0]);
    return PolicyParameter.parse(LADDER, start()).with(p, theta[1]);
  }

  /**
   * A tuning of {@code iterations} of {@link #THETA}'s five iterations, by the match objective;
   * with a confirmation of the given pair points under {@code sprt} when {@code confirm} is not
   * null (an empty array: asked for, not started).
   */
  public static JobResults results(int iterations, double[][] confirm, Sprt sprt) {
    return results(iterations, confirm, sprt, true);
  }

  public static JobResults results(int iterations, double[][] confirm, Sprt sprt, boolean byMatch) {
    TuneSpec.Builder spec =
        TuneSpec.newBuilder()
            .setPolicy(PolicySpec.newBuilder().setText(START))
            .addParameters(parameter(RATE, 0, 1, 0.05))
            .addParameters(parameter(LADDER, 0, 2, 0.3))
            .setIterations(5)
            .setBatchPairs(BATCH_PAIRS);
    TuneMatch games = TuneMatch.newBuilder().setSize(9).setPlayouts(400).build();
    if (byMatch) {
      spec.setObjective(TuneObjective.newBuilder().setMatch(games));
    } else {
      spec.setObjective(
          TuneObjective.newBuilder().setEvaluation(TuneEvaluation.newBuilder().setPlayouts(500)));
    }
    if (confirm != null) {
      TuneConfirm.Builder c = TuneConfirm.newBuilder().setPairs(CONFIRM_PAIRS).setMatch(games);
      if (sprt != null) {
        c.setSprt(SprtSpec.newBuilder().setElo0(sprt.elo0()).setElo1(sprt.elo1()));
      }
      spec.setConfirm(c);
    }
    double[] theta = iterations == 0 ? new double[] {0.8, 1} : THETA[iterations - 1];
    gofarm.playout.PolicySpec tuned = policy(theta);
    boolean tuning = iterations < 5;
    MatchResult match = null;
    if (confirm != null && !tuning) {
      MatchResult m = MatchSample.results(confirm, sprt, CONFIRM_PAIRS).getMatch();
      match =
          m.toBuilder()
              .setSummary(m.getSummary().toBuilder().setCandidate("tuned").setBaseline("start"))
              .build();
    }
    TuneSummary.Builder summary =
        TuneSummary.newBuilder()
            .setIteration(iterations)
            .setIterations(5)
            .setObjective(byMatch ? "match" : "evaluation")
            .setObjectiveValue(iterations == 0 ? 0 : objectiveValue(iterations, byMatch))
            .setTunedPolicy(tuned.rulesText())
            .setPhase(tuning ? "tuning" : "done")
            .setBatchPairs(BATCH_PAIRS)
            .setConfirmPairs(confirm == null ? 0 : CONFIRM_PAIRS);
    double[] start = {0.8, 1};
    double[][] ranges = {{0, 1}, {0, 2}};
    String[] paths = {RATE, LADDER};
    for (int i = 0; i < 2; i++) {
      summary.addTheta(
          TunedValue.newBuilder()
              .setPath(paths[i])
              .setValue(PolicyParameter.parse(paths[i], start()).get(tuned))
              .setTheta(theta[i])
              .setStart(start[i])
              .setMin(ranges[i][0])
              .setMax(ranges[i][1]));
    }
    if (match != null) {
      summary.setConfirm(match.getSummary());
    }
    TuneResult.Builder result =
        TuneResult.newBuilder().setSummary(summary).setTunedPolicy(Codec.toProto(tuned));
    for (int k = 0; k < iterations; k++) {
      TuneIteration.Builder it =
          TuneIteration.newBuilder()
              .setIteration(k + 1)
              .addTheta(THETA[k][0])
              .addTheta(THETA[k][1])
              .setObjective(byMatch ? OBJECTIVES[k] : 0.05 - 0.002 * k);
      if (byMatch) {
        it.setForwardGames(FORWARD_GAMES[k]).setForwardPoints(FORWARD_POINTS[k]);
      }
      result.addIterations(it);
    }
    int pairs = match == null ? 0 : match.getPairsCount();
    int confirmPairs = confirm == null ? 0 : CONFIRM_PAIRS;
    int tuningChunks = 5 * (byMatch ? BATCH_PAIRS : 2 * BATCH_PAIRS);
    long tuningUnits = 5 * 2 * BATCH_PAIRS;
    int doneChunks = iterations * (byMatch ? BATCH_PAIRS : 2 * BATCH_PAIRS) + pairs;
    if (match != null) {
      result.setConfirm(match);
    }
    JobStatus status =
        JobStatus.newBuilder()
            .setJobId("j-tune")
            .setName("tune rates")
            .setState(tuning ? JobState.RUNNING : JobState.SUCCEEDED)
            .setStarted(Timestamp.newBuilder().setSeconds(1_000))
            .setFinished(Timestamp.newBuilder().setSeconds(1_000 + 150 + 6 * pairs))
            .setPlayoutsDone(iterations * 2L * BATCH_PAIRS + 2L * pairs)
            .setPlayoutsTotal(tuningUnits + 2L * confirmPairs)
            .setChunksDone(doneChunks)
            .setChunksTotal(tuningChunks + confirmPairs)
            // 30 s per iteration: 16 games or evaluations per 30 s
            .setPlayoutsPerSecond(2.0 * BATCH_PAIRS / 30)
            .setTune(summary)
            .build();
    if (tuning) {
      status = status.toBuilder().clearFinished().setEtaSeconds(30 * (5 - iterations)).build();
    }
    return JobResults.newBuilder()
        .setStatus(status)
        .setSpec(JobSpec.newBuilder().setName("tune rates").setSeed(7).setTune(spec))
        .setTune(result)
        .build();
  }

  /**
   * The running value after k iterations, over the last tenth (here the last one): its forward
   * score (NaN in the first iteration), or its error.
   */
  public static double objectiveValue(int k, boolean byMatch) {
    if (!byMatch) {
      return 0.05 - 0.002 * (k - 1);
    }
    return FORWARD_GAMES[k - 1] == 0 ? Double.NaN : FORWARD_POINTS[k - 1] / FORWARD_GAMES[k - 1];
  }

  private static TuneParameter parameter(String path, double min, double max, double cEnd) {
    return TuneParameter.newBuilder()
        .setPath(path)
        .setMin(min)
        .setMax(max)
        .setCEnd(cEnd)
        .setREnd(0.002)
        .build();
  }
}
