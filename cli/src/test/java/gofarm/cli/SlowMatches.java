package gofarm.cli;

import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.MatchPlayer;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.proto.v1.SprtSpec;

/** Matches for tests that need one running, not finished. */
public final class SlowMatches {
  private SlowMatches() {}

  /**
   * A self-match of the cheapest searches on 5x5 with an SPRT too narrow to decide while a test
   * runs (a [0, 20] test took 439 pairs in MatchJobsTest; [0, 2] needs about a hundred times more):
   * its LLR and Elo move with every few pairs.
   */
  public static JobSpec undecided(String name) {
    MatchPlayer player =
        MatchPlayer.newBuilder()
            .setSearch(
                SearchPlayerSpec.newBuilder()
                    .setPolicy(PolicySpec.newBuilder().setName("heavy"))
                    .setPlayouts(4))
            .build();
    return JobSpec.newBuilder()
        .setName(name)
        .setSeed(5)
        .setMatch(
            MatchSpec.newBuilder()
                .setCandidate(player)
                .setBaseline(player)
                .setSize(5)
                .setPairs(10_000)
                .setSprt(SprtSpec.newBuilder().setElo0(0).setElo1(2)))
        .build();
  }
}
