package gofarm.coordinator.job;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.wire.ChunkKey;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Spot checks as a plain state machine: results are strings, compared by equality. */
class SpotChecksTest {
  private static ChunkKey key(int chunk) {
    return new ChunkKey("j", 0, 0, chunk);
  }

  private static SpotChecks<String, String> checks(double share) {
    return new SpotChecks<>(share, 42, String::equals);
  }

  @Test
  void aWorkersFirstResultAndItsBacklogWaitForAnotherWorkersRun() {
    SpotChecks<String, String> c = checks(0.0001);
    assertFalse(c.wantsToHold(key(0), "a", 0), "nothing is held without another worker");
    assertTrue(c.wantsToHold(key(0), "a", 1));
    c.hold(key(0), "a", "r0", "r0", 0);
    c.hold(key(1), "a", "r1", "r1", 0); // a's backlog: no second check of an unverified worker
    assertEquals(1, c.open());
    assertEquals(List.of(), c.lease("a", 5, 100), "a worker never checks itself");
    assertEquals(List.of(key(0)), c.lease("b", 5, 100));
    assertTrue(c.isCheckRun(key(0), "b"));
    SpotChecks.Settled<String> s = c.ran(key(0), "b", "r0", "r0");
    assertEquals("r0", s.result());
    assertEquals(List.of("a", "b"), s.agreed());
    assertEquals(List.of(), s.liars());
    assertEquals(List.of(new SpotChecks.Held<>(key(1), "r1")), s.released());
    for (int k = 2; k < 40; k++) {
      assertEquals(c.sampled(key(k)), c.wantsToHold(key(k), "a", 1), "a is verified: " + k);
    }
    assertTrue(c.wantsToHold(key(7), "newcomer", 1));
    assertEquals(1, c.passed());
  }

  /**
   * Three streams under one token (the probe's sybil) send the same made-up results: they are one
   * voter, so none of them checks another's result, and two honest tokens outvote them.
   */
  @Test
  void streamsUnderOneTokenAreOneVoter() {
    SpotChecks<String, String> c = checks(0.5);
    for (String sybil : List.of("sybil-0", "sybil-1", "sybil-2")) {
      c.voter(sybil, "token workers");
    }
    c.voter("h1", "token h1");
    c.voter("h2", "token h2");
    c.hold(key(0), "sybil-0", "lie", "lie", 0);
    assertEquals(List.of(), c.lease("sybil-1", 5, 100), "the same token never checks itself");
    assertEquals(List.of(), c.lease("sybil-2", 5, 100));
    assertEquals(List.of(key(0)), c.lease("h1", 5, 100));
    assertNull(c.ran(key(0), "h1", "truth", "truth"));
    assertEquals(List.of(), c.lease("sybil-2", 5, 100), "nor checks an honest run against itself");
    assertEquals(List.of(key(0)), c.lease("h2", 5, 100));
    SpotChecks.Settled<String> s = c.ran(key(0), "h2", "truth", "truth");
    assertEquals("truth", s.result());
    assertEquals(List.of("h1", "h2"), s.agreed());
    assertEquals(List.of("sybil-0"), s.liars());

    // An honest worker's first result, checked by a sybil, is not decided by it.
    c.hold(key(1), "h3", "truth1", "truth1", 0);
    c.voter("h3", "token h3");
    assertEquals(List.of(key(1)), c.lease("sybil-1", 5, 100));
    assertNull(c.ran(key(1), "sybil-1", "lie1", "lie1"));
    assertEquals(List.of(), c.lease("sybil-0", 5, 100));
    assertEquals(List.of(key(1)), c.lease("h1", 5, 100));
    s = c.ran(key(1), "h1", "truth1", "truth1");
    assertEquals(List.of("h3", "h1"), s.agreed());
    assertEquals(List.of("sybil-1"), s.liars());
  }

  @Test
  void aDisagreementIsSettledByAThirdRunAndTheOddOneIsTheLiar() {
    SpotChecks<String, String> c = checks(0.5);
    c.hold(key(0), "liar", "lie", "lie", 0);
    c.hold(key(1), "liar", "lie1", "lie1", 0);
    c.lease("h1", 1, 100);
    assertNull(c.ran(key(0), "h1", "truth", "truth"), "two runs that differ settle nothing");
    assertEquals(1, c.failed());
    assertEquals(List.of(), c.lease("h1", 1, 100), "h1 ran it already");
    assertEquals(List.of(key(0)), c.lease("h2", 1, 100));
    SpotChecks.Settled<String> s = c.ran(key(0), "h2", "truth", "truth");
    assertEquals("truth", s.result());
    assertEquals(List.of("h1", "h2"), s.agreed());
    assertEquals(List.of("liar"), s.liars());
    assertEquals(List.of(), s.released(), "the liar's backlog is not released");
    assertEquals(List.of(key(1)), c.quarantine("liar"), "its backlog runs again");
    assertTrue(c.isQuarantined("liar"));
    assertEquals(List.of(), c.lease("liar", 5, 100));
  }

  @Test
  void checksWithoutASecondWorkerAreGivenUpAfterThePatience() {
    SpotChecks<String, String> c = checks(0.5);
    c.hold(key(0), "a", "r0", "r0", 0);
    c.hold(key(1), "a", "r1", "r1", 0);
    assertEquals(List.of(), c.expire(1_000, 1_000));
    c.lease("b", 1, 2_000);
    c.workerLost("b", 1_500);
    List<SpotChecks.GivenUp<String>> given = c.expire(2_600, 1_000);
    assertEquals(1, given.size());
    assertEquals("r0", given.get(0).result(), "counted unchecked");
    assertEquals(List.of(new SpotChecks.Held<>(key(1), "r1")), given.get(0).released());
    assertEquals(1, c.skipped());
    assertEquals(0, c.open());
  }

  @Test
  void aDisputeWithNoThirdWorkerRunsTheChunkAgainCountingNeither() {
    SpotChecks<String, String> c = checks(0.5);
    c.hold(key(0), "a", "x", "x", 0);
    c.hold(key(1), "a", "x1", "x1", 0);
    c.lease("b", 1, 100);
    assertNull(c.ran(key(0), "b", "y", "y"));
    List<SpotChecks.GivenUp<String>> given = c.expire(10_000, 1_000);
    assertNull(given.get(0).result());
    assertEquals(List.of(key(1)), given.get(0).rerun());
  }

  @Test
  void theSampledShareDependsOnlyOnTheSeedAndTheChunk() {
    SpotChecks<String, String> c = checks(0.1);
    int sampled = 0;
    for (int i = 0; i < 10_000; i++) {
      if (c.sampled(key(i))) {
        sampled++;
      }
      assertEquals(c.sampled(key(i)), checks(0.1).sampled(key(i)));
    }
    assertTrue(sampled > 900 && sampled < 1100, "about 10 %: " + sampled);
    assertFalse(SpotChecks.none().enabled());
  }
}
