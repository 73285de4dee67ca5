package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import gofarm.board.Geometry;
import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.playout.PolicySpec;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.PolicyRule;
import gofarm.proto.v1.Position;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.SgfSource;
import gofarm.rules.Game;
import gofarm.rules.KoRule;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JobSpecsTest {

  // ------------------------------------------------------------------ helpers

  private static final gofarm.proto.v1.PolicySpec UNIFORM =
      gofarm.proto.v1.PolicySpec.newBuilder().setName("uniform").build();

  /** An evaluate spec of these sources under uniform. */
  private static EvaluateSpec.Builder evaluate(PositionSource... sources) {
    return EvaluateSpec.newBuilder().addAllPositions(List.of(sources)).addPolicies(UNIFORM);
  }

  private static JobSpec spec(EvaluateSpec.Builder evaluate) {
    return JobSpec.newBuilder().setEvaluate(evaluate).build();
  }

  private static PositionSource empty(int size) {
    return PositionSource.newBuilder().setEmpty(size).build();
  }

  private static PositionSource sgf(SgfSource.Builder sgf) {
    return PositionSource.newBuilder().setSgf(sgf).build();
  }

  /** The violations of resolving a spec, joined, or "" when it resolves. */
  private static String problems(JobSpec spec) {
    Violations v = new Violations();
    ResolvedEvaluation job = (ResolvedEvaluation) JobSpecs.resolve(spec, "spec", v);
    assertEquals(v.isEmpty(), job != null);
    return v.description();
  }

  private static String problems(EvaluateSpec.Builder evaluate) {
    return problems(spec(evaluate));
  }

  /**
   * The SGF record of a seeded game of exactly {@code moves} moves without passes: each move the
   * first legal point in a random order.
   */
  static String sgfGame(int size, int moves, long seed) {
    Random random = new Random(seed);
    Geometry g = Geometry.of(size);
    Game game = new Game(g, Rules.DEFAULT);
    for (int m = 0; m < moves; m++) {
      int start = random.nextInt(g.pointCount());
      for (int k = 0; k < g.pointCount(); k++) {
        int p = g.point((start + k) % g.pointCount());
        if (game.isLegal(game.toPlay(), p)) {
          game.play(p);
          break;
        }
      }
    }
    assertEquals(moves, game.moves().size(), "seed " + seed);
    return Sgf.write(game);
  }

  // ------------------------------------------------------------------ a valid job

  @Test
  void aFullSpecResolvesWithDefaults() {
    String threeMoves = "(;SZ[5];B[cc];W[bb];B[dd])";
    JobSpec spec =
        JobSpec.newBuilder()
            .setName("opening study")
            .setSeed(-5)
            .setEvaluate(
                EvaluateSpec.newBuilder()
                    .addPositions(empty(9))
                    .addPositions(
                        PositionSource.newBuilder()
                            .setPosition(
                                Position.newBuilder()
                                    .setSize(5)
                                    .addBlack("c3")
                                    .addMoves(
                                        gofarm.proto.v1.Move.newBuilder()
                                            .setColor(gofarm.proto.v1.Color.WHITE)
                                            .setVertex("d4"))))
                    .addPositions(
                        sgf(SgfSource.newBuilder().setText(sgfGame(9, 12, 1)).setMove(10)))
                    .addPositions(
                        sgf(
                            SgfSource.newBuilder()
                                .setText(threeMoves)
                                .setFile("games/g.sgf")
                                .setEveryMove(true)))
                    .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("heavy"))
                    .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setText("capture random")))
            .build();
    ResolvedEvaluation job = (ResolvedEvaluation) JobSpecs.resolve(spec);
    assertEquals("opening study", job.name());
    assertEquals(-5, job.seed());
    assertEquals(0, job.priority());
    assertEquals(Rules.DEFAULT, job.rules());
    assertEquals(10_000, job.playouts());
    assertEquals(0, job.stopAtWidth());
    assertEquals(0, job.chunkSize());
    assertEquals(5, job.topMoves());
    assertEquals(
        List.of(PolicySpec.PRESETS.get("heavy"), PolicySpec.parse("capture random")),
        job.policies());
    List<String> labels = new ArrayList<>();
    job.positions().forEach(p -> labels.add(p.label()));
    assertEquals(
        List.of(
            "empty 9x9",
            "position 1",
            "sgf move 10",
            "g.sgf move 0",
            "g.sgf move 1",
            "g.sgf move 2",
            "g.sgf move 3"),
        labels);
    assertEquals(Codec.emptyPosition(9), job.positions().get(0).position());
    JobPosition explicit = job.positions().get(1);
    assertEquals(5, explicit.size());
    assertEquals(Player.BLACK, explicit.toPlay());
    assertEquals(List.of("C3"), explicit.position().getBlackList(), "normalized vertices");
    assertEquals(Player.BLACK, job.positions().get(2).toPlay());
    assertEquals(10, job.positions().get(2).position().getMovesCount());
    assertEquals(Player.WHITE, job.positions().get(4).toPlay());
    assertEquals(7 * 2, job.pairCount());
    assertEquals(14 * 10_000L, job.totalPlayouts());
  }

  @Test
  void explicitValuesAreKept() {
    ResolvedEvaluation job =
        (ResolvedEvaluation)
            JobSpecs.resolve(
                JobSpec.newBuilder()
                    .setPriority(-100)
                    .setRules(
                        gofarm.proto.v1.Rules.newBuilder()
                            .setKomi(6)
                            .setKoRule(gofarm.proto.v1.KoRule.KO_SITUATIONAL))
                    .setEvaluate(
                        evaluate(empty(19))
                            .setPlayouts(1_000_000_000)
                            .setStopAtWidth(0.0005)
                            .setChunkPlayouts(10_000_000)
                            .setTopMoves(0))
                    .build());
    assertEquals(-100, job.priority());
    assertEquals(new Rules(6, KoRule.SITUATIONAL, false), job.rules());
    assertEquals(1_000_000_000, job.playouts());
    assertEquals(0.0005, job.stopAtWidth());
    assertEquals(10_000_000, job.chunkSize());
    assertEquals(0, job.topMoves(), "an explicit 0 is not the default");
  }

  // ------------------------------------------------------------------ every rule's message

  @Test
  void jobFields() {
    assertEquals(
        "spec.name: at most 200 characters (got 201)",
        problems(spec(evaluate(empty(9))).toBuilder().setName("n".repeat(201)).build()));
    assertEquals(
        "spec.priority: must be -100..100 (got 101)",
        problems(spec(evaluate(empty(9))).toBuilder().setPriority(101).build()));
    assertEquals(
        "spec.rules.komi: must be a multiple of 0.5 in -1000..1000 (got 0.25)",
        problems(
            spec(evaluate(empty(9))).toBuilder()
                .setRules(gofarm.proto.v1.Rules.newBuilder().setKomi(0.25))
                .build()));
    assertEquals(
        "spec: the job kind is required: give evaluate, match, tune, fit or balance",
        problems(JobSpec.getDefaultInstance()));
  }

  @Test
  void evaluateFields() {
    assertEquals(
        "spec.evaluate.playouts: must be 1..1000000000 (got -5)",
        problems(evaluate(empty(9)).setPlayouts(-5)));
    assertEquals(
        "spec.evaluate.playouts: must be 1..1000000000 (got 1000000001)",
        problems(evaluate(empty(9)).setPlayouts(1_000_000_001)));
    assertEquals(
        "spec.evaluate.stopAtWidth: must be 0 (run every playout) or 0.0005..0.5 (got 0.7)",
        problems(evaluate(empty(9)).setStopAtWidth(0.7)));
    assertEquals(
        "spec.evaluate.stopAtWidth: must be 0 (run every playout) or 0.0005..0.5 (got 0.0001)",
        problems(evaluate(empty(9)).setStopAtWidth(0.0001)));
    assertEquals(
        "spec.evaluate.stopAtWidth: must be 0 (run every playout) or 0.0005..0.5 (got NaN)",
        problems(evaluate(empty(9)).setStopAtWidth(Double.NaN)));
    assertEquals(
        "spec.evaluate.chunkPlayouts: must be 1..10000000 (got -1)",
        problems(evaluate(empty(9)).setChunkPlayouts(-1)));
    assertEquals(
        "spec.evaluate.chunkPlayouts: must be 1..10000000 (got 10000001)",
        problems(evaluate(empty(9)).setChunkPlayouts(10_000_001)));
    assertEquals(
        "spec.evaluate.topMoves: must be 0..50 (got 51)",
        problems(evaluate(empty(9)).setTopMoves(51)));
  }

  @Test
  void policies() {
    assertEquals(
        "spec.evaluate.policies: must list 1..16 policies (got 0)",
        problems(evaluate(empty(9)).clearPolicies()));
    EvaluateSpec.Builder many = evaluate(empty(9));
    for (int i = 0; i < 16; i++) {
      many.addPolicies(UNIFORM);
    }
    assertEquals("spec.evaluate.policies: must list 1..16 policies (got 17)", problems(many));
    assertEquals(
        "spec.evaluate.policies[1].rules[0].params.ladder: must be 0..2 (got 3)",
        problems(
            evaluate(empty(9))
                .addPolicies(
                    gofarm.proto.v1.PolicySpec.newBuilder()
                        .addRules(PolicyRule.newBuilder().setKind("extend").putParams("ladder", 3))
                        .addRules(PolicyRule.newBuilder().setKind("random")))));
  }

  @Test
  void positionCounts() {
    assertEquals(
        "spec.evaluate.positions: must list 1..1000 positions (got 0)",
        problems(evaluate().clearPositions()));
    EvaluateSpec.Builder tooMany = evaluate();
    for (int i = 0; i < 1001; i++) {
      tooMany.addPositions(empty(2));
    }
    assertEquals(
        "spec.evaluate.positions: must list 1..1000 positions (got 1001)", problems(tooMany));
    EvaluateSpec.Builder expanded = evaluate();
    for (int i = 0; i < 997; i++) {
      expanded.addPositions(empty(2));
    }
    expanded.addPositions(
        sgf(SgfSource.newBuilder().setText("(;SZ[5];B[cc];W[bb];B[dd])").setEveryMove(true)));
    assertEquals(
        "spec.evaluate.positions: must list 1..1000 positions after expansion (got 1001)",
        problems(expanded));
    expanded.removePositions(0);
    assertEquals("", problems(expanded), "exactly 1000");
  }

  @Test
  void positionSources() {
    assertEquals(
        "spec.evaluate.positions[0]: give one of empty, position or sgf",
        problems(evaluate(PositionSource.newBuilder().setLabel("x").build())));
    assertEquals(
        "spec.evaluate.positions[0].empty: must be 2..25 (got 26)", problems(evaluate(empty(26))));
    Position.Builder occupied = Position.newBuilder().setSize(9);
    String[] vertices = {"E5", "C3", "D4", "F6", "G7", "A1", "B2", "C3"};
    for (int i = 0; i < vertices.length; i++) {
      occupied.addMoves(
          gofarm.proto.v1.Move.newBuilder()
              .setColor(i % 2 == 0 ? gofarm.proto.v1.Color.BLACK : gofarm.proto.v1.Color.WHITE)
              .setVertex(vertices[i]));
    }
    assertEquals(
        "spec.evaluate.positions[0].position.moves[7]: C3 is occupied",
        problems(evaluate(PositionSource.newBuilder().setPosition(occupied).build())));
  }

  @Test
  void sgfSources() {
    String game61 = sgfGame(9, 61, 5);
    assertEquals(
        "spec.evaluate.positions[2].sgf.move: must be 0..61 (got 70)",
        problems(
            evaluate(empty(9), empty(9), sgf(SgfSource.newBuilder().setText(game61).setMove(70)))));
    assertEquals(
        "spec.evaluate.positions[0].sgf.move: must be 0..61 (got -2)",
        problems(evaluate(sgf(SgfSource.newBuilder().setText(game61).setMove(-2)))));
    assertEquals(
        "",
        problems(evaluate(sgf(SgfSource.newBuilder().setText(game61).setMove(-1)))),
        "-1 is the end");
    assertEquals(
        "spec.evaluate.positions[0].sgf.move: must be unset with everyMove (got 3)",
        problems(
            evaluate(sgf(SgfSource.newBuilder().setText(game61).setMove(3).setEveryMove(true)))));
    assertEquals(
        "spec.evaluate.positions[0].sgf.file: was not read: the coordinator never reads client"
            + " files; submit the spec with gofarm submit or gofarm local, which send the file's"
            + " contents as sgf.text (got 'games/game.sgf')",
        problems(evaluate(sgf(SgfSource.newBuilder().setFile("games/game.sgf")))));
    assertEquals(
        "spec.evaluate.positions[0].sgf.text: required: the SGF record (or a file for the gofarm"
            + " client to read)",
        problems(evaluate(sgf(SgfSource.newBuilder().setMove(3)))));
    assertEquals(
        "spec.evaluate.positions[0].sgf.text: line 1, column 13: expected ']' to close the value"
            + " of property B started at line 1, column 10",
        problems(evaluate(sgf(SgfSource.newBuilder().setText("(;SZ[9];B[cc")))));
    assertEquals(
        "spec.evaluate.positions[0].sgf.text: line 1, column 2: expected '(' to start a game"
            + " tree, found the end of the input",
        problems(evaluate(sgf(SgfSource.newBuilder().setText(" ")))));
    assertEquals(
        "spec.evaluate.positions[0].sgf.game: the text holds 1 game: must be 0..0 (got 1)",
        problems(evaluate(sgf(SgfSource.newBuilder().setText(game61).setGame(1)))));
    assertEquals(
        "spec.evaluate.positions[0].sgf.game: must not be negative (got -1)",
        problems(evaluate(sgf(SgfSource.newBuilder().setText(game61).setGame(-1)))));
    assertEquals(
        "spec.evaluate.positions[0].sgf.text: move 2 (W C7): C7 is occupied",
        problems(evaluate(sgf(SgfSource.newBuilder().setText("(;SZ[9];B[cc];W[cc])")))));
    assertEquals(
        "spec.evaluate.positions[0].sgf.text: move 2 (W C7): C7 is occupied",
        problems(
            evaluate(
                sgf(SgfSource.newBuilder().setText("(;SZ[9];B[cc];W[cc])").setEveryMove(true)))));
    assertEquals(
        "",
        problems(evaluate(sgf(SgfSource.newBuilder().setText("(;SZ[9];B[cc];W[cc])").setMove(1)))),
        "the position before the illegal move is fine");
  }

  @Test
  void sgfRecordsAreJudgedUnderTheJobsRules() {
    // A one-stone suicide is legal under the record's Tromp-Taylor rules only with simple ko;
    // under the job's default rules (no suicide) it is refused.
    String suicide = "(;SZ[5]RU[koSIMPLEscoreAREAsui1]AW[ab][ba];B[aa])";
    assertEquals(
        "spec.evaluate.positions[0].sgf.text: move 1 (B A5): A5 would be suicide",
        problems(evaluate(sgf(SgfSource.newBuilder().setText(suicide)))));
    assertEquals(
        "",
        problems(
            spec(evaluate(sgf(SgfSource.newBuilder().setText(suicide)))).toBuilder()
                .setRules(
                    gofarm.proto.v1.Rules.newBuilder()
                        .setKoRule(gofarm.proto.v1.KoRule.KO_SIMPLE)
                        .setSuicideAllowed(true))
                .build()));
  }

  @Test
  void labels() {
    assertEquals(
        "spec.evaluate.positions[0].label: at most 64 characters (got 65)",
        problems(evaluate(empty(9).toBuilder().setLabel("l".repeat(65)).build())));
    assertEquals(
        "spec.evaluate.positions[0].label: must not contain control characters",
        problems(evaluate(empty(9).toBuilder().setLabel("a\tb").build())));
    assertEquals(
        "spec.evaluate.positions[2].label: 'opening' is already the label of"
            + " spec.evaluate.positions[0]",
        problems(
            evaluate(
                empty(9).toBuilder().setLabel("opening").build(),
                empty(9),
                empty(13).toBuilder().setLabel(" opening ").build())));
    ResolvedEvaluation job =
        (ResolvedEvaluation)
            JobSpecs.resolve(
                spec(
                    evaluate(
                        empty(9),
                        empty(9).toBuilder().setLabel("empty 9x9").build(),
                        empty(9),
                        sgf(
                            SgfSource.newBuilder()
                                .setText("(;SZ[5];B[cc])(;SZ[5];B[bb];W[cc])")
                                .setGame(1)
                                .setFile("C:\\games\\two.sgf")),
                        sgf(
                            SgfSource.newBuilder()
                                .setText("(;SZ[5];B[cc])")
                                .setEveryMove(true)
                                .setFile("x/y.sgf")
                                .setMove(-1)),
                        sgf(SgfSource.newBuilder().setText("(;SZ[5];B[cc])").setEveryMove(true))
                            .toBuilder()
                            .setLabel("mine")
                            .build())));
    List<String> labels = new ArrayList<>();
    job.positions().forEach(p -> labels.add(p.label()));
    assertEquals(
        List.of(
            "empty 9x9 #2",
            "empty 9x9",
            "empty 9x9 #3",
            "two.sgf game 1 move 2",
            "y.sgf move 0",
            "y.sgf move 1",
            "mine move 0",
            "mine move 1"),
        labels);
  }

  @Test
  void allViolationsAreReportedTogether() {
    StatusRuntimeException e =
        assertThrows(
            StatusRuntimeException.class,
            () ->
                JobSpecs.resolve(
                    JobSpec.newBuilder()
                        .setPriority(500)
                        .setEvaluate(
                            EvaluateSpec.newBuilder()
                                .addPositions(empty(1))
                                .addPositions(sgf(SgfSource.newBuilder().setFile("a.sgf")))
                                .setPlayouts(-1)
                                .addPolicies(
                                    gofarm.proto.v1.PolicySpec.newBuilder().setName("light")))
                        .build()));
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    assertEquals(
        "spec.priority: must be -100..100 (got 500); spec.evaluate.playouts: must be"
            + " 1..1000000000 (got -1); spec.evaluate.policies[0].name: unknown preset 'light'"
            + " (presets: uniform, atari-local, atari-global, mogo, heavy, softmax, softmax-balanced; for a custom policy"
            + " give rules or text); spec.evaluate.positions[0].empty: must be 2..25 (got 1);"
            + " spec.evaluate.positions[1].sgf.file: was not read: the coordinator never reads"
            + " client files; submit the spec with gofarm submit or gofarm local, which send the"
            + " file's contents as sgf.text (got 'a.sgf')",
        e.getStatus().getDescription());
  }

  // ------------------------------------------------------------------ expansion

  /** Every position of an expanded game equals the record replayed to that move. */
  @Test
  void everyMoveEqualsReplayingToEachMove() {
    Rules rules = Rules.DEFAULT;
    String withCaptures = sgfGame(7, 40, 11);
    // Setup in the middle of the game: positions before it are replayed one by one.
    String midSetup = "(;SZ[9]AB[aa];B[cc];W[dd];AB[ee]AW[ff];B[gg];W[hh];B[];W[])";
    for (String text : List.of(withCaptures, midSetup)) {
      ResolvedEvaluation job =
          (ResolvedEvaluation)
              JobSpecs.resolve(
                  spec(evaluate(sgf(SgfSource.newBuilder().setText(text).setEveryMove(true)))));
      SgfGame record = Sgf.parse(text).get(0);
      assertEquals(record.moves().size() + 1, job.positions().size());
      for (int k = 0; k <= record.moves().size(); k++) {
        assertEquals(
            Codec.toProto(record.replay(k, rules)), job.positions().get(k).position(), "move " + k);
        assertEquals("sgf move " + k, job.positions().get(k).label());
      }
      Game end = job.positions().get(record.moves().size()).game(rules);
      assertEquals(record.replay(record.moves().size(), rules).board().hash(), end.board().hash());
    }
  }

  // ------------------------------------------------------------------ chunks

  @Test
  void chunksCoverThePlayoutsExactly() {
    ResolvedEvaluation job =
        (ResolvedEvaluation)
            JobSpecs.resolve(
                spec(
                    evaluate(empty(9), empty(19))
                        .setPlayouts(100_001)
                        .clearPolicies()
                        .addPolicies(gofarm.proto.v1.PolicySpec.newBuilder().setName("heavy"))));
    assertEquals(17_000, job.chunkPlayouts(0, 0), "the default for 9x9 heavy");
    assertEquals(6, job.chunkCount(0, 0));
    long sum = 0;
    for (int c = 0; c < job.chunkCount(0, 0); c++) {
      sum += job.playoutsOfChunk(0, 0, c);
    }
    assertEquals(100_001, sum);
    assertEquals(100_001 - 5 * 17_000, job.playoutsOfChunk(0, 0, 5));
    assertEquals(3_900, job.chunkPlayouts(1, 0), "the default for 19x19 heavy");
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> job.playoutsOfChunk(0, 0, 6));
    assertEquals("chunk must be 0..5 (got 6)", e.getMessage());
    assertEquals(Chunking.chunkSeed(0, 1, 0, 3), job.chunkSeed(1, 0, 3));

    ResolvedEvaluation small =
        (ResolvedEvaluation) JobSpecs.resolve(spec(evaluate(empty(9)).setPlayouts(10)));
    assertEquals(10, small.chunkPlayouts(0, 0), "never more than the pair's playouts");
    assertEquals(1, small.chunkCount(0, 0));
    ResolvedEvaluation fixed =
        (ResolvedEvaluation)
            JobSpecs.resolve(spec(evaluate(empty(9)).setPlayouts(1000).setChunkPlayouts(300)));
    assertEquals(300, fixed.chunkPlayouts(0, 0));
    assertEquals(4, fixed.chunkCount(0, 0));
    assertEquals(100, fixed.playoutsOfChunk(0, 0, 3));
  }

  @Test
  void resolveWithViolationsReturnsNull() {
    assertNull(JobSpecs.resolve(JobSpec.getDefaultInstance(), "spec", new Violations()));
  }
}
