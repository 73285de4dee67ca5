package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Geometry;
import gofarm.io.Diagram;
import gofarm.playout.FeatureSpace;
import gofarm.playout.GammaTable;
import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PlayoutStats.Counter;
import gofarm.playout.PlayoutStats.PointSeries;
import gofarm.playout.PlayoutStats.RuleSeries;
import gofarm.playout.PolicySpec;
import gofarm.playout.Rng;
import gofarm.proto.v1.RuleCounts;
import gofarm.rules.Game;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class StatsCodecTest {

  /**
   * Four playouts on 3x3 under a one-rule policy, consistent in every respect: black won three,
   * lengths 10, 10, 12, 12 with two passes each, B-W 3, 3, 9, -9, every point owned three times by
   * black and once by white, black first on every point twice (and won both), white once (lost).
   */
  static PlayoutStats handMade() {
    Geometry g = Geometry.of(3);
    PlayoutStats s = new PlayoutStats(g, 1, Playout.maxLength(g));
    s.add(Counter.PLAYOUTS, 4);
    s.add(Counter.BLACK_WINS, 3);
    s.add(Counter.WHITE_WINS, 1);
    s.add(Counter.LENGTH_SUM, 44);
    s.add(Counter.PASSES, 8);
    s.add(Counter.CAPTURES, 5);
    s.add(Counter.KO_CAPTURES, 1);
    s.add(Counter.SCORE_SUM, 6);
    s.add(Counter.SCORE_SQUARES, 180);
    s.addLengthCount(10, 2);
    s.addLengthCount(12, 2);
    s.addScoreCount(3, 2);
    s.addScoreCount(9, 1);
    s.addScoreCount(-9, 1);
    s.add(RuleSeries.TRIED, 0, 36);
    s.add(RuleSeries.FIRED, 0, 36);
    s.add(RuleSeries.CHOSEN, 0, 36);
    for (int i = 0; i < 9; i++) {
      s.add(PointSeries.OWNED_BLACK, i, 3);
      s.add(PointSeries.OWNED_WHITE, i, 1);
      s.add(PointSeries.OWNED_BY_WINNER, i, 3);
      s.add(PointSeries.AMAF_BLACK_FIRST, i, 2);
      s.add(PointSeries.AMAF_BLACK_FIRST_WINS, i, 2);
      s.add(PointSeries.AMAF_WHITE_FIRST, i, 1);
    }
    return s;
  }

  /** The problems of the hand-made statistics after one change to their message. */
  private static String problems(UnaryOperator<gofarm.proto.v1.PlayoutStats.Builder> change) {
    PlayoutStats shape = handMade();
    gofarm.proto.v1.PlayoutStats wire = change.apply(StatsCodec.toProto(shape).toBuilder()).build();
    return String.join("; ", StatsCodec.problems(wire, shape));
  }

  /** The problems of the dense message of the hand-made statistics after one change to them. */
  private static String denseProblems(java.util.function.Consumer<PlayoutStats> change) {
    PlayoutStats shape = handMade();
    PlayoutStats changed = handMade();
    change.accept(changed);
    return String.join("; ", StatsCodec.problems(StatsCodec.toDenseProto(changed), shape));
  }

  /** The problems of the hand-made statistics with this dense block. */
  private static String blockProblems(byte... block) {
    PlayoutStats shape = handMade();
    gofarm.proto.v1.PlayoutStats wire =
        StatsCodec.toDenseProto(shape).toBuilder()
            .setDense(com.google.protobuf.ByteString.copyFrom(block))
            .build();
    return String.join("; ", StatsCodec.problems(wire, shape));
  }

  private static RuleCounts.Builder rule(gofarm.proto.v1.PlayoutStats.Builder b) {
    return b.getRulesBuilder(0);
  }

  /** A 9x9 position from a real game in which every rule of heavy gets to fire. */
  static PlayoutRoot middleGame() {
    Game game =
        Diagram.parse(
                """
                . . . . . . . . .
                . . O X . X . . .
                . O . O X . X . .
                . . O O X X O . .
                . . . X O O O . .
                . X X O . . X . .
                . . O X X O X . .
                . . O O X . . . .
                . . . . . . . . .
                """)
            .game(Rules.DEFAULT);
    game.setToPlay(Player.WHITE);
    return PlayoutRoot.of(game);
  }

  @Test
  void handMadeStatisticsAreValidAndRoundTrip() {
    PlayoutStats s = handMade();
    gofarm.proto.v1.PlayoutStats wire = StatsCodec.toProto(s);
    assertEquals(List.of(), StatsCodec.problems(wire, s));
    assertEquals(13, wire.getLengthHistogramCount(), "trailing zeros after length 12 trimmed");
    assertEquals(19, wire.getScoreHistogramCount(), "B-W +9 is the last entry of 3x3");
    assertEquals(9, wire.getOwnedBlackCount());
    assertEquals(s, StatsCodec.decode(wire));
  }

  @Test
  void denseStatisticsAreValidSmallerAndRoundTrip() {
    PlayoutStats s = handMade();
    gofarm.proto.v1.PlayoutStats dense = StatsCodec.toDenseProto(s);
    assertEquals(List.of(), StatsCodec.problems(dense, s));
    assertEquals(0, dense.getOwnedBlackCount() + dense.getLengthHistogramCount());
    // Lengths from 10: 10, 2, then 2 0 2; scores from -9 + 9 = 0: 0, 19, then 19 counts; then
    // seven counts for each of nine points.
    assertEquals(2 + 3 + 2 + 19 + 9 * 7, dense.getDense().size());
    assertTrue(dense.getSerializedSize() < StatsCodec.toProto(s).getSerializedSize());
    assertEquals(s, StatsCodec.decode(dense));
    assertEquals(StatsCodec.toProto(s), StatsCodec.expand(dense));
    assertEquals(dense, StatsCodec.toDenseProto(StatsCodec.decode(dense)));
    PlayoutStats empty = PlayoutStats.like(s);
    assertEquals(empty, StatsCodec.decode(StatsCodec.toDenseProto(empty)), "empty histograms");
  }

  @Test
  void denseProblemsReadAsTheRepeatedFields() {
    assertEquals(
        "ownedBlack[4] + ownedWhite[4]: must be at most playouts 4 (got 4 + 1)",
        denseProblems(x -> x.add(PointSeries.OWNED_BLACK, 4, 1)));
    assertEquals(
        "amafWhiteFirstWins[3]: must not be negative (got -1)",
        denseProblems(
            x -> {
              x.add(PointSeries.AMAF_WHITE_FIRST_WINS, 3, -1);
              x.add(PointSeries.AMAF_WHITE_FIRST_WINS, 5, -1);
            }));
    assertEquals(
        "lengthHistogram[12]: must not be negative (got -1); ownedBlack[0] + ownedWhite[0]: must"
            + " be at most playouts 4 (got 5 + 1)",
        denseProblems(
            x -> {
              x.addLengthCount(12, -3);
              x.add(PointSeries.OWNED_BLACK, 0, 2);
            }),
        "the arrays after a bad entry are still read from their place");
    assertEquals(
        "scoreHistogram: must sum to playouts 4 (got 5)",
        denseProblems(x -> x.addScoreCount(0, 1)));
  }

  /**
   * Counts of every varint length (one to ten bytes, negative ones included) at every offset in the
   * block's eight-byte words: the dense form adds them bit for bit and finds the same problems as
   * the repeated fields. Seeded; the seed is in every message.
   */
  @Test
  void denseBlocksOfEveryVarintLengthReadAsTheRepeatedFields() {
    for (long seed = 1; seed <= 20; seed++) {
      Random random = new Random(seed);
      PlayoutStats s = handMade();
      for (int i = 0; i < 9; i++) {
        for (PointSeries series : PointSeries.values()) {
          // Mostly one-byte counts, as real chunks have, and some of any length.
          long v =
              random.nextInt(4) > 0
                  ? random.nextInt(128) - s.get(series, i)
                  : random.nextLong() >> random.nextInt(64);
          s.add(series, i, v);
        }
      }
      s.addLengthCount(11, random.nextLong() >> random.nextInt(64));
      assertDenseReadsAsRepeated(s, "seed " + seed);
    }
  }

  /**
   * Every point at the bounds of its checks, then each count one off either way: the quick pass
   * over a dense block's points finds what the repeated fields' checks find.
   */
  @Test
  void densePointChecksAtTheirBounds() {
    Random random = new Random(7);
    for (PointSeries off : PointSeries.values()) {
      for (int delta = -1; delta <= 1; delta++) {
        PlayoutStats s = handMade();
        for (int i = 0; i < 9; i++) {
          long ob = random.nextInt(5);
          long bf = random.nextInt(5);
          long[] at = {ob, 4 - ob, 4, bf, bf, 4 - bf, 4 - bf};
          for (PointSeries series : PointSeries.values()) {
            s.add(series, i, at[series.ordinal()] - s.get(series, i));
          }
        }
        s.add(off, random.nextInt(9), delta);
        assertDenseReadsAsRepeated(s, off + " " + delta);
      }
    }
  }

  private static void assertDenseReadsAsRepeated(PlayoutStats s, String what) {
    gofarm.proto.v1.PlayoutStats dense = StatsCodec.toDenseProto(s);
    PlayoutStats merged = PlayoutStats.like(s);
    StatsCodec.mergeInto(merged, dense);
    assertEquals(s, merged, what);
    assertEquals(
        StatsCodec.problems(StatsCodec.toProto(s), handMade()),
        StatsCodec.problems(dense, handMade()),
        what);
  }

  @Test
  void malformedDenseBlocks() {
    assertEquals("dense: truncated (3 bytes)", blockProblems((byte) 10, (byte) 2, (byte) 2));
    assertEquals(
        "dense: the length histogram's entry count must be 0..18 (got 19)",
        blockProblems((byte) 10, (byte) 19));
    assertEquals(
        "dense: the length histogram's first index must be 0..28 (got 2097151)",
        blockProblems((byte) 0xff, (byte) 0xff, (byte) 0x7f));
    assertEquals(
        "dense: a varint longer than ten bytes",
        blockProblems(
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x80,
            (byte) 0x01));
    PlayoutStats s = handMade();
    byte[] block =
        StatsCodec.toDenseProto(s)
            .getDense()
            .concat(com.google.protobuf.ByteString.copyFrom(new byte[] {0, 0}))
            .toByteArray();
    assertEquals("dense: 2 bytes after the per-point counts", blockProblems(block));
    assertEquals(
        "ownedBlack: must be empty with dense (got 1); lengthHistogram, scoreHistogram: must be"
            + " empty with dense",
        String.join(
            "; ",
            StatsCodec.problems(
                StatsCodec.toDenseProto(s).toBuilder()
                    .addOwnedBlack(0)
                    .addLengthHistogram(0)
                    .build(),
                s)));
  }

  @Test
  void shapeProblems() {
    assertEquals("size: must be 3 (got 5)", problems(b -> b.setSize(5)));
    assertEquals("maxLength: must be 27 (got 10)", problems(b -> b.setMaxLength(10)));
    assertEquals(
        "rules: must list one entry per rule of the policy: 1 (got 0)",
        problems(b -> b.clearRules()));
    assertEquals(
        "ownedBlack: must list one entry per board point: 9 (got 10);"
            + " amafWhiteFirstWins: must list one entry per board point: 9 (got 0)",
        problems(b -> b.addOwnedBlack(0).clearAmafWhiteFirstWins()));
    assertEquals(
        "lengthHistogram: at most 28 entries (got 29)",
        problems(
            b -> {
              while (b.getLengthHistogramCount() < 29) {
                b.addLengthHistogram(0);
              }
              return b;
            }));
    assertEquals(
        "scoreHistogram: at most 19 entries (got 20)", problems(b -> b.addScoreHistogram(0)));
  }

  @Test
  void countProblems() {
    assertEquals(
        "playouts: must not be negative (got -1); draws: must not be negative (got -2)",
        problems(b -> b.setPlayouts(-1).setDraws(-2)));
    assertEquals(
        "blackWins + whiteWins + draws: must equal playouts (got 2 + 1 + 0 = 3, playouts 4)",
        problems(b -> b.setBlackWins(2)));
    assertEquals("passes: must be at most lengthSum 44 (got 45)", problems(b -> b.setPasses(45)));
    assertEquals(
        "koCaptures: must be at most lengthSum 44 (got 50)", problems(b -> b.setKoCaptures(50)));
    assertEquals(
        "lengthHistogram: must sum to playouts 4 (got 3)",
        problems(b -> b.setLengthHistogram(10, 1)));
    assertEquals(
        "lengthSum: must equal the sum over the length histogram 44 (got 46)",
        problems(b -> b.setLengthSum(46)));
    assertEquals(
        "lengthHistogram[10]: must not be negative (got -1)",
        problems(b -> b.setLengthHistogram(10, -1)));
    assertEquals(
        "scoreHistogram: must sum to playouts 4 (got 5)", problems(b -> b.setScoreHistogram(1, 1)));
    assertEquals(
        "scoreSum: must equal the sum over the score histogram 6 (got 7);"
            + " scoreSquares: must equal the sum over the score histogram 180 (got 181)",
        problems(b -> b.setScoreSum(7).setScoreSquares(181)));
    assertEquals(
        "scoreHistogram[0]: must not be negative (got -3)",
        problems(b -> b.setScoreHistogram(0, -3)));
    assertEquals(
        "counts overflow 64 bits", problems(b -> b.setLengthHistogram(12, Long.MAX_VALUE)));
    // Counters near the 64-bit limit would wrap when chunks are added: refused one by one.
    assertEquals(
        "captures: must be at most lengthSum + playouts * points 80 (got 9223372036854775807)",
        problems(b -> b.setCaptures(Long.MAX_VALUE)));
    assertEquals("", problems(b -> b.setCaptures(80)));
  }

  @Test
  void perPointProblems() {
    assertEquals(
        "ownedBlack[4] + ownedWhite[4]: must be at most playouts 4 (got 4 + 1)",
        problems(b -> b.setOwnedBlack(4, 4)));
    assertEquals(
        "ownedByWinner[0]: must be at most ownedBlack + ownedWhite 4 (got 5)",
        problems(b -> b.setOwnedByWinner(0, 5)));
    assertEquals(
        "amafBlackFirst[2] + amafWhiteFirst[2]: must be at most playouts 4 (got 2 + 3)",
        problems(b -> b.setAmafWhiteFirst(2, 3)));
    assertEquals(
        "amafBlackFirstWins[8]: must be at most amafBlackFirst 2 (got 3)",
        problems(b -> b.setAmafBlackFirstWins(8, 3)));
    assertEquals(
        "amafWhiteFirstWins[1]: must be at most amafWhiteFirst 1 (got 2)",
        problems(b -> b.setAmafWhiteFirstWins(1, 2)));
    assertEquals(
        "ownedWhite[3]: must not be negative (got -1)", problems(b -> b.setOwnedWhite(3, -1)));
    assertEquals(
        "amafWhiteFirstWins[3]: must not be negative (got -1)",
        problems(b -> b.setAmafWhiteFirstWins(3, -1).setAmafWhiteFirstWins(5, -1)),
        "only the first bad point is reported");
  }

  @Test
  void ruleProblems() {
    assertEquals(
        "rules[0]: must have chosen <= fired <= tried (got 36, 35, 36)",
        problems(b -> b.setRules(0, rule(b).setFired(35))));
    assertEquals(
        "rules[0]: must have chosen <= fired <= tried (got 36, 36, 30)",
        problems(b -> b.setRules(0, rule(b).setTried(30))));
    assertEquals(
        "rules[0].tried: must be at most lengthSum * points 396 (got 397)",
        problems(b -> b.setRules(0, rule(b).setTried(397))));
    assertEquals(
        "rules[0]: candidates and vetoes must be at most tried * points 324 (got 0, "
            + Long.MAX_VALUE
            + ")",
        problems(b -> b.setRules(0, rule(b).setCandidates(0).setVetoes(Long.MAX_VALUE))));
    assertEquals(
        "rules[0].vetoes: must not be negative (got -2)",
        problems(b -> b.setRules(0, rule(b).setVetoes(-2))));
    assertEquals(
        "rules: chose 36 moves in all, more than the 35 moves played (lengthSum - passes)",
        problems(b -> b.setPasses(9)));
  }

  @Test
  void featureProblems() {
    PlayoutStats softmax =
        new PlayoutStats(Geometry.of(3), 1, FeatureSpace.size(), Playout.maxLength(Geometry.of(3)));
    gofarm.proto.v1.PlayoutStats.Builder b = StatsCodec.toProto(handMade()).toBuilder();
    assertEquals(
        List.of("featureCount: must be " + FeatureSpace.size() + " (got 0)"),
        StatsCodec.problems(b.build(), softmax));
    b.setFeatureCount(FeatureSpace.size()).addFeatureIds(5).addFeatureCandidates(3);
    assertEquals(
        List.of("featureIds, featureCandidates, featureChosen: must have one length (got 1, 1, 0)"),
        StatsCodec.problems(b.build(), softmax));
    b.addFeatureChosen(1).addFeatureIds(5).addFeatureCandidates(1).addFeatureChosen(0);
    assertEquals(
        List.of(
            "featureIds[1]: ids must increase and be below featureCount "
                + FeatureSpace.size()
                + " (got 5 after 5)"),
        StatsCodec.problems(b.build(), softmax));
    b.setFeatureIds(1, 6).setFeatureChosen(1, Long.MAX_VALUE);
    assertEquals(1, StatsCodec.problems(b.build(), softmax).size());
    assertTrue(
        StatsCodec.problems(b.build(), softmax).get(0).startsWith("feature 6: candidates must be"),
        StatsCodec.problems(b.build(), softmax).toString());
  }

  @Test
  void decodeAndMergeRefuseBadMessages() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> StatsCodec.decode(gofarm.proto.v1.PlayoutStats.getDefaultInstance()));
    assertEquals("size: must be 2..25 (got 0)", e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                StatsCodec.decode(
                    StatsCodec.toProto(handMade()).toBuilder().setBlackWins(0).build()));
    assertEquals(
        "blackWins + whiteWins + draws: must equal playouts (got 0 + 1 + 0 = 1, playouts 4)",
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                StatsCodec.mergeInto(
                    new PlayoutStats(Geometry.of(9), 1, Playout.maxLength(Geometry.of(9))),
                    StatsCodec.toProto(handMade())));
    assertEquals(
        "statistics of 3x3 with 1 rules do not fit 9x9 with 1 rules; check problems() first",
        e.getMessage());
  }

  /**
   * Real playouts: every chunk is valid, round-trips, and merging messages equals merging stats.
   */
  @Test
  void realChunksRoundTripAndMergeLikeCoreStatistics() {
    long seed = 42;
    List<Object[]> cases =
        List.of(
            new Object[] {middleGame(), PolicySpec.PRESETS.get("heavy")},
            new Object[] {
              PlayoutRoot.of(new Game(Geometry.of(19), Rules.DEFAULT.withKomi(7))),
              PolicySpec.PRESETS.get("mogo")
            },
            new Object[] {
              PlayoutRoot.of(new Game(Geometry.of(5), Rules.DEFAULT.withKomi(0))),
              PolicySpec.PRESETS.get("uniform")
            },
            new Object[] {middleGame(), PolicySpec.softmax(GammaTable.uniform())});
    for (Object[] c : cases) {
      PlayoutRoot root = (PlayoutRoot) c[0];
      Playout playout = new Playout((PolicySpec) c[1], root.board().geometry());
      PlayoutStats all = playout.newStats();
      List<gofarm.proto.v1.PlayoutStats> wires = new ArrayList<>();
      for (int chunk = 0; chunk < 6; chunk++) {
        PlayoutStats stats = playout.newStats();
        playout.run(root, Rng.mix(seed, chunk), 20 + chunk, stats);
        gofarm.proto.v1.PlayoutStats wire = StatsCodec.toProto(stats);
        assertEquals(List.of(), StatsCodec.problems(wire, stats), c[1] + " chunk " + chunk);
        assertEquals(stats, StatsCodec.decode(wire));
        assertEquals(wire, StatsCodec.toProto(StatsCodec.decode(wire)));
        gofarm.proto.v1.PlayoutStats dense = StatsCodec.toDenseProto(stats);
        assertEquals(List.of(), StatsCodec.problems(dense, stats), c[1] + " dense chunk " + chunk);
        assertEquals(stats, StatsCodec.decode(dense));
        assertEquals(wire, StatsCodec.expand(dense));
        // Half the chunks dense: a hub adds both forms alike.
        wires.add(chunk % 2 == 0 ? dense : wire);
        all.merge(stats);
      }
      Collections.shuffle(wires, new Random(seed));
      PlayoutStats merged = playout.newStats();
      for (gofarm.proto.v1.PlayoutStats wire : wires) {
        StatsCodec.mergeInto(merged, wire);
      }
      assertEquals(all, merged, c[1].toString());
      assertEquals(List.of(), StatsCodec.problems(StatsCodec.toProto(merged), merged));
    }
  }

  /**
   * Aggregation throughput of full 19x19 results under heavy (8 rules): checking and merging
   * decoded messages, and the same plus parsing the bytes as gRPC does. Prints, never asserts: the
   * numbers depend on the machine.
   */
  @Test
  void aggregationThroughput() throws Exception {
    Geometry g = Geometry.of(19);
    PlayoutRoot root = PlayoutRoot.of(new Game(g, Rules.DEFAULT));
    Playout playout = new Playout(PolicySpec.PRESETS.get("heavy"), g);
    PlayoutStats chunk = playout.newStats();
    playout.run(root, 7, 64, chunk);
    gofarm.proto.v1.PlayoutStats wire = StatsCodec.toProto(chunk);
    byte[] bytes = wire.toByteArray();
    byte[] denseBytes = StatsCodec.toDenseProto(chunk).toByteArray();
    PlayoutStats aggregate = playout.newStats();
    long[] checked = new long[1];
    Runnable decoded =
        () -> {
          checked[0] += StatsCodec.problems(wire, aggregate).size();
          StatsCodec.mergeInto(aggregate, wire);
        };
    Runnable fromBytes =
        () -> {
          try {
            gofarm.proto.v1.PlayoutStats m = gofarm.proto.v1.PlayoutStats.parseFrom(bytes);
            checked[0] += StatsCodec.problems(m, aggregate).size();
            StatsCodec.mergeInto(aggregate, m);
          } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw new AssertionError(e);
          }
        };
    Runnable fromDense =
        () -> {
          try {
            gofarm.proto.v1.PlayoutStats m = gofarm.proto.v1.PlayoutStats.parseFrom(denseBytes);
            checked[0] += StatsCodec.problems(m, aggregate).size();
            StatsCodec.mergeInto(aggregate, m);
          } catch (com.google.protobuf.InvalidProtocolBufferException e) {
            throw new AssertionError(e);
          }
        };
    // Warm up the paths first: the JIT needs some thousand calls of these long methods.
    rate(decoded, 400);
    rate(fromBytes, 400);
    rate(fromDense, 400);
    double mergeRate = rate(decoded, 600);
    double parseRate = rate(fromBytes, 600);
    double denseRate = rate(fromDense, 600);
    assertEquals(0, checked[0]);
    System.out.printf(
        "StatsCodec aggregation, 19x19 heavy results of %d bytes (%d dense), one thread:"
            + " check + mergeInto %.0f results/s; parse + check + mergeInto %.0f results/s,"
            + " dense %.0f results/s%n",
        bytes.length, denseBytes.length, mergeRate, parseRate, denseRate);
  }

  /** Calls per second of {@code task} over about {@code millis} milliseconds. */
  private static double rate(Runnable task, long millis) {
    long start = System.nanoTime();
    long deadline = start + millis * 1_000_000;
    long calls = 0;
    while (System.nanoTime() < deadline) {
      for (int i = 0; i < 100; i++) {
        task.run();
      }
      calls += 100;
    }
    return calls / ((System.nanoTime() - start) / 1e9);
  }
}
