package gofarm.report;

import com.google.protobuf.Timestamp;
import gofarm.playout.FeatureGroup;
import gofarm.playout.FeatureSpace;
import gofarm.proto.v1.FitFeature;
import gofarm.proto.v1.FitIteration;
import gofarm.proto.v1.FitResult;
import gofarm.proto.v1.FitSpec;
import gofarm.proto.v1.FitStop;
import gofarm.proto.v1.FitSummary;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.SgfSource;
import java.util.List;

/**
 * Fit results as the coordinator states them ({@code FitCodec}), made by hand for tests: 12
 * iterations at most over 36 games (29 training, 7 held out), 100 moves each; each iteration a pass
 * of 20 s. The figures of iteration i rise linearly; {@link #PATTERNS} 3x3 patterns with
 * candidates, pattern p with γ 0.1 + 0.1 p and 100 + p candidates (pattern 0 with 99, too few for
 * the sheet), and captures of one stone with γ 5.5.
 */
public final class FitSample {
  public static final int MAX_ITERATIONS = 12;
  public static final int PATTERNS = 60;
  public static final long MOVES = 3600;
  public static final List<String> GROUPS =
      List.of(
          "pat3",
          "capture",
          "extend",
          "self-atari",
          "atari",
          "edge",
          "nakade",
          "dist-last",
          "dist-second",
          "local");

  private FitSample() {}

  public static FitIteration figures(int i, boolean heldOut) {
    return FitIteration.newBuilder()
        .setIteration(i)
        .setGroup(i == 0 ? "" : GROUPS.get((i - 1) % GROUPS.size()))
        .setTrainLogLikelihood(-3.25 + 0.07 * i)
        .setTestLogLikelihood(heldOut ? -3.2 + 0.06 * i : 0)
        .setTrainTop1(0.02 * i)
        .setTestTop1(heldOut ? 0.018 * i : 0)
        .setTrainTop5(0.1 + 0.04 * i)
        .setTestTop5(heldOut ? 0.1 + 0.035 * i : 0)
        .setTrainDecisions(2800)
        .setTestDecisions(heldOut ? 690 : 0)
        .setTrainSkipped(42)
        .setTestSkipped(heldOut ? 10 : 0)
        .build();
  }

  /** A fit after {@code iterations} updates, stopped as {@code stop} says (running when unset). */
  public static JobResults results(int iterations, FitStop stop) {
    return results(iterations, stop, true);
  }

  public static JobResults results(int iterations, FitStop stop, boolean heldOut) {
    boolean running = stop == FitStop.FIT_STOP_UNSPECIFIED;
    int passes = running ? iterations : iterations + 1;
    FitSummary.Builder summary =
        FitSummary.newBuilder()
            .setIteration(iterations)
            .setMaxIterations(MAX_ITERATIONS)
            .setGroup(running ? GROUPS.get(iterations % GROUPS.size()) : "")
            .setTrainGames(heldOut ? 29 : 36)
            .setTestGames(heldOut ? 7 : 0)
            .setStop(stop)
            .setPasses(passes);
    if (passes > 0) {
      summary.addAllGroups(GROUPS).setLatest(figures(passes - 1, heldOut));
    }
    FitResult.Builder result = FitResult.newBuilder().setSummary(summary);
    for (int i = 0; i < passes; i++) {
      result.addIterations(figures(i, heldOut));
    }
    double[] gamma = new double[FeatureSpace.size()];
    java.util.Arrays.fill(gamma, 1);
    int capture = FeatureSpace.parse("capture", "size=1");
    gamma[capture] = 5.5;
    for (int p = 0; p < PATTERNS; p++) {
      gamma[FeatureSpace.id(FeatureGroup.PATTERN, p)] = 0.1 + 0.1 * p;
    }
    for (double g : gamma) {
      result.addGamma(g);
    }
    for (int p = 0; p < PATTERNS; p++) {
      int id = FeatureSpace.id(FeatureGroup.PATTERN, p);
      result.addFeatures(
          FitFeature.newBuilder()
              .setId(id)
              .setName(FeatureSpace.name(id))
              .setGamma(gamma[id])
              .setWins(p)
              .setCandidates(p == 0 ? 99 : 100 + p));
    }
    result.addFeatures(
        FitFeature.newBuilder()
            .setId(capture)
            .setName(FeatureSpace.name(capture))
            .setGamma(5.5)
            .setWins(120)
            .setCandidates(150));
    JobState state =
        switch (stop) {
          case FIT_STOP_UNSPECIFIED -> JobState.RUNNING;
          case FIT_STOP_CANCELLED -> JobState.CANCELLED;
          default -> JobState.SUCCEEDED;
        };
    JobStatus.Builder status =
        JobStatus.newBuilder()
            .setJobId("j-fit")
            .setName("fit 9x9")
            .setState(state)
            .setStarted(Timestamp.newBuilder().setSeconds(1_000))
            .setPlayoutsDone(MOVES * passes)
            .setPlayoutsTotal(MOVES * (MAX_ITERATIONS + 1))
            .setChunksDone(4 * passes)
            .setChunksTotal(4 * (MAX_ITERATIONS + 1))
            // a pass of 3,600 moves every 20 s
            .setPlayoutsPerSecond(MOVES / 20.0)
            .setFit(summary);
    if (running) {
      status.setEtaSeconds(20 * (MAX_ITERATIONS + 1 - passes));
    } else {
      status.setFinished(Timestamp.newBuilder().setSeconds(1_000 + 20L * passes));
    }
    if (stop == FitStop.FIT_STOP_CONVERGED) {
      status.setMessage("converged after " + iterations + " iterations: ...");
    }
    return JobResults.newBuilder()
        .setStatus(status)
        .setSpec(
            JobSpec.newBuilder()
                .setName("fit 9x9")
                .setSeed(7)
                .setFit(
                    FitSpec.newBuilder()
                        .addGames(SgfSource.newBuilder().setFile("games.sgf"))
                        .setTestShare(heldOut ? 0.2 : 0)
                        .setSkipMoves(2)
                        .setMaxIterations(MAX_ITERATIONS)))
        .setFit(result)
        .build();
  }
}
