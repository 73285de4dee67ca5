package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Geometry;
import gofarm.playout.PolicySpec;
import gofarm.playout.Rng;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ChunkingTest {

  private static int chunk(int size, String policy) {
    return Chunking.defaultChunkPlayouts(Geometry.of(size), PolicySpec.parse(policy));
  }

  /** The sizes are part of the job's determinism: pinned, so a change is a deliberate one. */
  @Test
  void defaultChunkSizesArePinned() {
    Map<String, List<Integer>> expected =
        Map.of(
            "uniform", List.of(1_200_000, 190_000, 60_000, 29_000, 14_000, 7_800),
            "atari-local", List.of(960_000, 150_000, 47_000, 23_000, 11_000, 6_100),
            "atari-global", List.of(940_000, 150_000, 47_000, 22_000, 10_000, 6_000),
            "mogo", List.of(540_000, 86_000, 27_000, 13_000, 6_000, 3_500),
            "heavy", List.of(350_000, 56_000, 17_000, 8_300, 3_900, 2_200));
    int[] sizes = {2, 5, 9, 13, 19, 25};
    expected.forEach(
        (policy, chunks) -> {
          for (int i = 0; i < sizes.length; i++) {
            assertEquals(chunks.get(i), chunk(sizes[i], policy), policy + " " + sizes[i]);
          }
        });
  }

  /** The model reproduces the measured speeds it is calibrated on within 5 %. */
  @Test
  void theModelMatchesTheMeasuredPresets() {
    Object[][] measured = {
      {"uniform", 9, 40_000}, {"atari-local", 9, 32_000}, {"mogo", 9, 17_000},
      {"heavy", 9, 11_000}, {"uniform", 19, 9_000}, {"atari-local", 19, 7_000},
      {"mogo", 19, 4_200}, {"heavy", 19, 2_700},
    };
    for (Object[] m : measured) {
      double modelled =
          1
              / Chunking.secondsPerPlayout(
                  Geometry.of((int) m[1]), PolicySpec.PRESETS.get((String) m[0]));
      double speed = (int) m[2];
      assertTrue(Math.abs(modelled / speed - 1) < 0.05, m[0] + " " + m[1] + ": " + modelled);
      double seconds = chunk((int) m[1], (String) m[0]) / speed;
      assertTrue(seconds >= 1.2 && seconds <= 1.9, m[0] + " " + m[1] + ": " + seconds + " s");
    }
  }

  @Test
  void customPoliciesCostByTheirRules() {
    assertEquals(chunk(9, "uniform"), chunk(9, "random"), "the rules count, not the name");
    assertTrue(chunk(9, "capture random") < chunk(9, "random"));
    assertTrue(chunk(9, "capture(scope=1) random") < chunk(9, "capture random"));
    assertTrue(chunk(9, "capture(scope=1,trigger=1) random") > chunk(9, "capture(scope=1) random"));
    assertTrue(chunk(9, "extend(ladder=2) random") < chunk(9, "extend random"));
    assertTrue(chunk(9, "pattern3(second=1) random") < chunk(9, "pattern3 random"));
    assertTrue(chunk(9, "pattern3@0.5 random") > chunk(9, "pattern3 random"), "rate scales");
    assertEquals(
        chunk(9, "random self-atari@0.1"),
        chunk(9, "random self-atari"),
        "a filter checks every move whatever its rate");
    Geometry g = Geometry.of(9);
    assertEquals(
        1 + 0.45 + 0.25,
        Chunking.secondsPerPlayout(g, PolicySpec.parse("two-lib nakade random"))
            / Chunking.secondsPerPlayout(g, PolicySpec.parse("random")),
        1e-12,
        "uniform's time times 1 + the kinds' costs");
  }

  @Test
  void chunkSeeds() {
    assertEquals(Rng.mix(Rng.mix(Rng.mix(42, 3), 1), 17), Chunking.chunkSeed(42, 3, 1, 17));
    assertEquals(-7911737132350855079L, Chunking.chunkSeed(42, 3, 1, 17), "pinned");
    Set<Long> seeds = new HashSet<>();
    for (int p = 0; p < 20; p++) {
      for (int q = 0; q < 16; q++) {
        for (int c = 0; c < 200; c++) {
          seeds.add(Chunking.chunkSeed(7, p, q, c));
        }
      }
    }
    assertEquals(20 * 16 * 200, seeds.size(), "no two chunks share a seed");
    assertTrue(Chunking.chunkSeed(7, 0, 0, 0) != Chunking.chunkSeed(8, 0, 0, 0));
  }

  @Test
  void fitShardsTakeAboutASecondAndAHalf() {
    // The measured 11 µs per 9x9 move and 24 µs per 19x19 move, within 5 %.
    assertEquals(11e-6, Chunking.fitSecondsPerMove(Geometry.of(9)), 0.55e-6);
    assertEquals(24e-6, Chunking.fitSecondsPerMove(Geometry.of(19)), 1.2e-6);
    // 10,000 9x9 games of 100 moves: 1,400 games of 1.5 s.
    double seconds = 10_000 * 100 * Chunking.fitSecondsPerMove(Geometry.of(9));
    assertEquals(1400, Chunking.defaultGamesPerChunk(10_000, seconds));
    assertEquals(100_000, Chunking.defaultGamesPerChunk(1_000_000, 1e-3), "at most 100,000");
    assertEquals(1, Chunking.defaultGamesPerChunk(3, 1e6), "at least one game");
  }
}
