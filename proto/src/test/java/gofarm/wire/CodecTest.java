package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.board.Geometry;
import gofarm.playout.FeatureSpace;
import gofarm.playout.GammaTable;
import gofarm.playout.PolicySpec;
import gofarm.playout.RuleKind;
import gofarm.playout.RuleParam;
import gofarm.playout.RuleSpec;
import gofarm.proto.v1.Color;
import gofarm.proto.v1.GammaSource;
import gofarm.proto.v1.Move;
import gofarm.proto.v1.PolicyRule;
import gofarm.proto.v1.Position;
import gofarm.rules.Game;
import gofarm.rules.KoRule;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class CodecTest {

  // ------------------------------------------------------------------ helpers

  /** The description of the violations of decoding rules, or "" when there are none. */
  private static String rulesProblems(gofarm.proto.v1.Rules proto) {
    Violations v = new Violations();
    Rules rules = Codec.rules(proto, "spec.rules", v);
    assertEquals(v.isEmpty(), rules != null);
    return v.description();
  }

  private static String policyProblems(gofarm.proto.v1.PolicySpec proto) {
    Violations v = new Violations();
    PolicySpec spec = Codec.policy(proto, "spec.evaluate.policies[1]", v);
    assertEquals(v.isEmpty(), spec != null);
    return v.description();
  }

  private static PolicySpec policy(gofarm.proto.v1.PolicySpec proto) {
    Violations v = new Violations();
    PolicySpec spec = Codec.policy(proto, "policy", v);
    assertTrue(v.isEmpty(), v.description());
    return spec;
  }

  private static String positionProblems(Position proto) {
    return positionProblems(proto, Rules.DEFAULT);
  }

  private static String positionProblems(Position proto, Rules rules) {
    Violations v = new Violations();
    Game game = Codec.game(proto, rules, "spec.evaluate.positions[0].position", v);
    assertEquals(v.isEmpty(), game != null);
    return v.description();
  }

  private static Move move(Color color, String vertex) {
    return Move.newBuilder().setColor(color).setVertex(vertex).build();
  }

  private static PolicyRule.Builder rule(String kind) {
    return PolicyRule.newBuilder().setKind(kind);
  }

  // ------------------------------------------------------------------ rules

  @Test
  void rulesDefaultWhenUnset() {
    Violations v = new Violations();
    assertEquals(
        Rules.DEFAULT, Codec.rules(gofarm.proto.v1.Rules.getDefaultInstance(), "spec.rules", v));
    assertEquals(
        new Rules(6.5, KoRule.SIMPLE, true),
        Codec.rules(
            gofarm.proto.v1.Rules.newBuilder()
                .setKomi(6.5)
                .setKoRule(gofarm.proto.v1.KoRule.KO_SIMPLE)
                .setSuicideAllowed(true)
                .build(),
            "spec.rules",
            v));
    assertEquals(
        0.0,
        Codec.rules(gofarm.proto.v1.Rules.newBuilder().setKomi(0).build(), "r", v).komi(),
        "an explicit komi of 0 is not the default");
    assertTrue(v.isEmpty());
  }

  @Test
  void rulesErrors() {
    assertEquals(
        "spec.rules.komi: must be a multiple of 0.5 in -1000..1000 (got 7.3)",
        rulesProblems(gofarm.proto.v1.Rules.newBuilder().setKomi(7.3).build()));
    assertEquals(
        "spec.rules.komi: must be a multiple of 0.5 in -1000..1000 (got 1000.5)",
        rulesProblems(gofarm.proto.v1.Rules.newBuilder().setKomi(1000.5).build()));
    assertEquals(
        "spec.rules.komi: must be a multiple of 0.5 in -1000..1000 (got NaN)",
        rulesProblems(gofarm.proto.v1.Rules.newBuilder().setKomi(Double.NaN).build()));
    assertEquals(
        "spec.rules.komi: must be a multiple of 0.5 in -1000..1000 (got Infinity)",
        rulesProblems(
            gofarm.proto.v1.Rules.newBuilder().setKomi(Double.POSITIVE_INFINITY).build()));
    assertEquals(
        "spec.rules.koRule: must be KO_SIMPLE, KO_POSITIONAL or KO_SITUATIONAL (got 9)",
        rulesProblems(gofarm.proto.v1.Rules.newBuilder().setKoRuleValue(9).build()));
    assertEquals("", rulesProblems(gofarm.proto.v1.Rules.newBuilder().setKomi(-1000).build()));
  }

  @Test
  void rulesRoundTrip() {
    for (KoRule ko : KoRule.values()) {
      for (boolean suicide : new boolean[] {false, true}) {
        for (double komi : new double[] {-1000, -0.5, 0, 5, 7.5, 1000}) {
          Rules rules = new Rules(komi, ko, suicide);
          Violations v = new Violations();
          assertEquals(rules, Codec.rules(Codec.toProto(rules), "rules", v));
          assertTrue(v.isEmpty());
        }
      }
    }
  }

  // ------------------------------------------------------------------ policies

  @Test
  void presetsByName() {
    for (PolicySpec preset : PolicySpec.PRESETS.values()) {
      assertSame(
          preset, policy(gofarm.proto.v1.PolicySpec.newBuilder().setName(preset.name()).build()));
    }
  }

  @Test
  void textFormAndItsLabel() {
    PolicySpec mine =
        policy(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .setText("extend(counter=1,ladder=2) pattern3@0.8 capture(scope=1) random")
                .build());
    assertEquals("custom", mine.name());
    assertEquals(
        "extend(counter=1,ladder=2) pattern3@0.8 capture(scope=1) random", mine.rulesText());
    PolicySpec named =
        policy(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .setName("light-capture")
                .setText("capture random")
                .build());
    assertEquals("light-capture", named.name());
    // A preset's name as text is that preset.
    assertEquals(
        PolicySpec.PRESETS.get("heavy"),
        policy(gofarm.proto.v1.PolicySpec.newBuilder().setText("heavy").build()));
  }

  @Test
  void rulesFormWithDefaults() {
    PolicySpec spec =
        policy(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .addRules(
                    rule("extend").putParams("ladder", 2).putParams("counter", 1).setRate(0.9))
                .addRules(rule("Random"))
                .addRules(rule("self-atari").setRate(0.6))
                .build());
    assertEquals("custom", spec.name());
    assertEquals("extend(counter=1,ladder=2)@0.9 random self-atari@0.6", spec.rulesText());
    assertEquals(4, spec.rules().get(0).params().size(), "all parameters, defaults filled in");
  }

  @Test
  void policyErrors() {
    // The examples of the brief.
    assertEquals(
        "spec.evaluate.policies[1].rules[0].params.ladder: must be 0..2 (got 3)",
        policyProblems(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .addRules(rule("extend").putParams("ladder", 3))
                .addRules(rule("random"))
                .build()));
    assertEquals(
        "spec.evaluate.policies[1]: give a preset name (uniform, atari-local, atari-global, mogo,"
            + " heavy, softmax, softmax-balanced), rules or text",
        policyProblems(gofarm.proto.v1.PolicySpec.getDefaultInstance()));
    assertEquals(
        "spec.evaluate.policies[1].name: unknown preset 'heavvy' (presets: uniform, atari-local,"
            + " atari-global, mogo, heavy, softmax, softmax-balanced; for a custom policy give rules or text)",
        policyProblems(gofarm.proto.v1.PolicySpec.newBuilder().setName("heavvy").build()));
    assertEquals(
        "spec.evaluate.policies[1]: give either rules or text, not both",
        policyProblems(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .setText("random")
                .addRules(rule("random"))
                .build()));
    assertEquals(
        "spec.evaluate.policies[1].rules[0].kind: unknown rule 'capturee' (known: capture,"
            + " extend, two-lib, nakade, pattern3, softmax, random, self-atari, settled)",
        policyProblems(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .addRules(rule("capturee"))
                .addRules(rule("random"))
                .build()));
    assertEquals(
        "spec.evaluate.policies[1].rules[1].kind: required (one of capture, extend, two-lib,"
            + " nakade, pattern3, softmax, random, self-atari, settled)",
        policyProblems(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .addRules(rule("capture"))
                .addRules(PolicyRule.newBuilder().setRate(0.5))
                .build()));
    assertEquals(
        "spec.evaluate.policies[1].rules[0].rate: must be 0..1 (got 1.5);"
            + " spec.evaluate.policies[1].rules[0].params.depth: unknown parameter of capture"
            + " (known: scope, trigger); spec.evaluate.policies[1].rules[0].params.scope: must be"
            + " a whole number (got 0.5)",
        policyProblems(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .addRules(
                    rule("capture").setRate(1.5).putParams("scope", 0.5).putParams("depth", 2))
                .addRules(rule("random"))
                .build()));
    assertEquals(
        "spec.evaluate.policies[1].rules[0].params.x: unknown parameter of random (known: none)",
        policyProblems(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .addRules(rule("random").putParams("x", 1))
                .build()));
    assertEquals(
        "spec.evaluate.policies[1].rules: the last generator must be random (every playout needs"
            + " a fallback move)",
        policyProblems(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .addRules(rule("random"))
                .addRules(rule("capture"))
                .build()));
    assertEquals(
        "spec.evaluate.policies[1].rules[2]: filter self-atari appears twice",
        policyProblems(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .addRules(rule("self-atari"))
                .addRules(rule("random"))
                .addRules(rule("self-atari"))
                .build()));
    assertEquals(
        "spec.evaluate.policies[1].text: rules[0].params.ladder: must be 0..2 (got 3)",
        policyProblems(
            gofarm.proto.v1.PolicySpec.newBuilder().setText("extend(ladder=3) random").build()));
    assertEquals(
        "spec.evaluate.policies[1].text: rules[0].kind: unknown rule 'hevy' (known: capture,"
            + " extend, two-lib, nakade, pattern3, softmax, random, self-atari, settled) (presets: uniform,"
            + " atari-local, atari-global, mogo, heavy, softmax, softmax-balanced)",
        policyProblems(gofarm.proto.v1.PolicySpec.newBuilder().setText("hevy").build()));
    assertEquals(
        "spec.evaluate.policies[1].name: at most 64 characters (got 65)",
        policyProblems(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .setName("n".repeat(65))
                .setText("random")
                .build()));
    assertEquals(
        "spec.evaluate.policies[1].text: at most 4096 characters (got 4097)",
        policyProblems(
            gofarm.proto.v1.PolicySpec.newBuilder().setText(" ".repeat(4091) + "random").build()));
    assertEquals(
        "spec.evaluate.policies[1].name: 'heavy' is the name of a preset with other rules or"
            + " another gamma table; label a custom policy differently",
        policyProblems(
            gofarm.proto.v1.PolicySpec.newBuilder().setName("heavy").setText("random").build()));
    // softmax-balanced with the shipped (unbalanced) table is not the preset.
    assertEquals(
        "spec.evaluate.policies[1].name: 'softmax-balanced' is the name of a preset with other"
            + " rules or another gamma table; label a custom policy differently",
        policyProblems(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .setName("softmax-balanced")
                .setText("softmax")
                .setGamma(
                    gofarm.proto.v1.GammaSource.newBuilder()
                        .setText(gofarm.playout.GammaTable.defaultTable().format()))
                .build()));
  }

  @Test
  void policyRoundTripsForPresetsAndRandomCustomPolicies() {
    for (PolicySpec preset : PolicySpec.PRESETS.values()) {
      gofarm.proto.v1.PolicySpec wire = Codec.toProto(preset);
      assertEquals(preset.rules().size(), wire.getRulesCount());
      assertEquals(preset, policy(wire));
    }
    long seed = 20261101;
    Random random = new Random(seed);
    List<RuleKind> generators = new ArrayList<>();
    for (RuleKind k : RuleKind.values()) {
      if (!k.isFilter() && k != RuleKind.RANDOM && k != RuleKind.SOFTMAX) {
        generators.add(k);
      }
    }
    for (int round = 0; round < 200; round++) {
      List<RuleSpec> rules = new ArrayList<>();
      int count = random.nextInt(5);
      for (int i = 0; i < count; i++) {
        rules.add(randomRule(generators.get(random.nextInt(generators.size())), random));
      }
      rules.add(randomRule(RuleKind.RANDOM, random));
      if (random.nextBoolean()) {
        rules.add(random.nextInt(rules.size() + 1), randomRule(RuleKind.SELF_ATARI, random));
      }
      PolicySpec spec = new PolicySpec("p" + round, rules);
      assertEquals(spec, policy(Codec.toProto(spec)), "seed " + seed + " round " + round);
    }
  }

  /** A softmax policy's table crosses the wire bit for bit, in its text form. */
  @Test
  void softmaxPoliciesCarryTheirGammaTableExactly() {
    Random random = new Random(20261127);
    double[] g = new double[FeatureSpace.size()];
    for (int i = 0; i < g.length; i++) {
      g[i] = random.nextInt(3) == 0 ? 1.0 : Math.exp(random.nextGaussian() * 2);
    }
    PolicySpec spec = PolicySpec.softmax(GammaTable.of(g)).withName("fitted");
    PolicySpec back = policy(Codec.toProto(spec));
    assertEquals(spec, back);
    assertArrayEquals(g, back.gammaTable().toArray());
    // A table alone is a softmax policy with that table.
    gofarm.proto.v1.PolicySpec tableOnly =
        gofarm.proto.v1.PolicySpec.newBuilder()
            .setName("fitted")
            .setGamma(GammaSource.newBuilder().setText("capture size=1 4.5\n"))
            .build();
    assertEquals(
        4.5, policy(tableOnly).gammaTable().gamma(FeatureSpace.parse("capture", "size=1")));
  }

  @Test
  void badGammaTablesAreRefusedWithTheirPaths() {
    assertEquals(
        "p.gamma: only a softmax policy takes a gamma table (its rules: softmax alone)",
        problems(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .setText("random")
                .setGamma(GammaSource.newBuilder().setText("capture size=1 2\n"))
                .build()));
    assertEquals(
        "p.gamma.text: line 2: unknown value 'size=9' of capture (known: size=1, size=1,saves,"
            + " size=2-3, size=2-3,saves, size=4-6, size=4-6,saves, size=7+, size=7+,saves);"
            + " p.gamma.text: line 3: gamma must be 1.0E-9..1.0E9 (got 0.0)",
        problems(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .setText("softmax")
                .setGamma(
                    GammaSource.newBuilder()
                        .setText("# a table\ncapture size=9 2\nedge line=1 0\n"))
                .build()));
    assertEquals(
        "p.gamma.text: required: the coordinator never reads client files; gofarm submit and"
            + " gofarm local fill it in from file 'policy.gamma'",
        problems(
            gofarm.proto.v1.PolicySpec.newBuilder()
                .setText("softmax")
                .setGamma(GammaSource.newBuilder().setFile("policy.gamma"))
                .build()));
    assertEquals(
        "p.text: rules[0]: softmax stands alone (its gamma table holds what other rules would add)",
        problems(gofarm.proto.v1.PolicySpec.newBuilder().setText("softmax random").build()));
  }

  private static String problems(gofarm.proto.v1.PolicySpec proto) {
    Violations v = new Violations();
    assertNull(Codec.policy(proto, "p", v));
    return v.description();
  }

  private static RuleSpec randomRule(RuleKind kind, Random random) {
    Map<String, Double> params = new LinkedHashMap<>();
    for (RuleParam p : kind.params()) {
      params.put(p.name(), p.min() + random.nextInt((int) (p.max() - p.min()) + 1));
    }
    double rate = random.nextBoolean() ? 1.0 : random.nextInt(101) / 100.0;
    return new RuleSpec(kind, rate, params);
  }

  // ------------------------------------------------------------------ positions

  /** Black B4 A3 B2, white C4 B3 D3 C2: black C3 captures B3, and white may not retake at once. */
  private static Position.Builder ko() {
    return Position.newBuilder()
        .setSize(5)
        .addAllBlack(List.of("B4", "A3", "B2"))
        .addAllWhite(List.of("C4", "B3", "D3", "C2"));
  }

  @Test
  void positionWithSetupMovesAndTurn() {
    Violations v = new Violations();
    Game game =
        Codec.game(
            ko().addMoves(move(Color.BLACK, "c3")).addMoves(move(Color.WHITE, "pass")).build(),
            Rules.DEFAULT,
            "position",
            v);
    assertTrue(v.isEmpty(), v.description());
    Geometry g = game.geometry();
    assertEquals(gofarm.board.Color.BLACK, game.board().color(g.parse("C3")));
    assertEquals(gofarm.board.Color.EMPTY, game.board().color(g.parse("B3")), "captured");
    assertEquals(Player.BLACK, game.toPlay(), "default: the opponent of the last mover");
    Game turned = Codec.game(ko().setToPlay(Color.WHITE).build(), Rules.DEFAULT, "position", v);
    assertEquals(Player.WHITE, turned.toPlay());
    assertEquals(
        Player.BLACK,
        Codec.game(ko().build(), Rules.DEFAULT, "position", v).toPlay(),
        "default without moves: black");
  }

  @Test
  void illegalMovesNameTheirIndexAndReason() {
    Position.Builder occupied = Position.newBuilder().setSize(9);
    String[] vertices = {"E5", "C3", "D4", "F6", "G7", "A1", "B2", "C3"};
    for (int i = 0; i < vertices.length; i++) {
      occupied.addMoves(move(i % 2 == 0 ? Color.BLACK : Color.WHITE, vertices[i]));
    }
    assertEquals(
        "spec.evaluate.positions[0].position.moves[7]: C3 is occupied",
        positionProblems(occupied.build()));
    assertEquals(
        "spec.evaluate.positions[0].position.moves[1]: B3 retakes a ko",
        positionProblems(
            ko().addMoves(move(Color.BLACK, "C3")).addMoves(move(Color.WHITE, "B3")).build()));
    assertEquals(
        "spec.evaluate.positions[0].position.moves[0]: A1 would be suicide",
        positionProblems(
            Position.newBuilder()
                .setSize(5)
                .addAllWhite(List.of("A2", "B1"))
                .addMoves(move(Color.BLACK, "A1"))
                .build()));
    Position suicide =
        Position.newBuilder()
            .setSize(5)
            .addAllWhite(List.of("A2", "B1"))
            .addMoves(move(Color.BLACK, "A1"))
            .build();
    assertEquals(
        "spec.evaluate.positions[0].position.moves[0]: A1 repeats an earlier position (superko)",
        positionProblems(suicide, new Rules(7.5, KoRule.POSITIONAL, true)),
        "a one-stone suicide leaves the board as it was");
    assertEquals("", positionProblems(suicide, new Rules(7.5, KoRule.SIMPLE, true)));
  }

  @Test
  void positionFieldErrors() {
    assertEquals(
        "spec.evaluate.positions[0].position.size: must be 2..25 (got 31)",
        positionProblems(Position.newBuilder().setSize(31).build()));
    assertEquals(
        "spec.evaluate.positions[0].position.size: must be 2..25 (got 0)",
        positionProblems(Position.getDefaultInstance()));
    assertEquals(
        "spec.evaluate.positions[0].position.black[1]: invalid vertex 'Z': expected e.g. C3",
        positionProblems(Position.newBuilder().setSize(9).addBlack("C3").addBlack("Z").build()));
    assertEquals(
        "spec.evaluate.positions[0].position.white[0]: vertex K1 is off the 9x9 board",
        positionProblems(Position.newBuilder().setSize(9).addWhite("K1").build()));
    assertEquals(
        "spec.evaluate.positions[0].position.white[0]: invalid vertex 'I3': column must be a"
            + " letter A-Z without I",
        positionProblems(Position.newBuilder().setSize(9).addWhite("I3").build()));
    assertEquals(
        "spec.evaluate.positions[0].position.black[0]: a setup stone needs a vertex such as C3"
            + " (got 'pass')",
        positionProblems(Position.newBuilder().setSize(9).addBlack("pass").build()));
    assertEquals(
        "spec.evaluate.positions[0].position.black[1]: D4 is already set up by black[0];"
            + " spec.evaluate.positions[0].position.white[0]: D4 is already set up by black[0]",
        positionProblems(
            Position.newBuilder().setSize(9).addBlack("D4").addBlack("d4").addWhite("D4").build()));
    assertEquals(
        "spec.evaluate.positions[0].position: illegal setup: the black chain at A1 has no"
            + " liberties",
        positionProblems(
            Position.newBuilder().setSize(5).addBlack("A1").addWhite("A2").addWhite("B1").build()));
    assertEquals(
        "spec.evaluate.positions[0].position: at most 4 setup stones on 2x2 (got 3 black and 2"
            + " white)",
        positionProblems(
            Position.newBuilder()
                .setSize(2)
                .addAllBlack(List.of("A1", "A2", "B1"))
                .addAllWhite(List.of("B2", "B2"))
                .build()));
    assertEquals(
        "spec.evaluate.positions[0].position.moves[0].color: required (BLACK or WHITE);"
            + " spec.evaluate.positions[0].position.moves[1].color: must be BLACK or WHITE (got"
            + " 7); spec.evaluate.positions[0].position.moves[2].vertex: required (a vertex such"
            + " as C3, or pass); spec.evaluate.positions[0].position.moves[3].vertex: invalid"
            + " vertex 'C3X': expected e.g. C3; spec.evaluate.positions[0].position.toPlay: must"
            + " be BLACK or WHITE (got 5)",
        positionProblems(
            Position.newBuilder()
                .setSize(9)
                .addMoves(Move.newBuilder().setVertex("C3"))
                .addMoves(Move.newBuilder().setColorValue(7).setVertex("D3"))
                .addMoves(Move.newBuilder().setColor(Color.BLACK))
                .addMoves(move(Color.WHITE, "C3X"))
                .setToPlayValue(5)
                .build()));
    Position.Builder tooLong = Position.newBuilder().setSize(9);
    for (int i = 0; i <= Codec.MAX_MOVES; i++) {
      tooLong.addMoves(move(i % 2 == 0 ? Color.BLACK : Color.WHITE, "pass"));
    }
    assertEquals(
        "spec.evaluate.positions[0].position.moves: at most 10000 moves (got 10001)",
        positionProblems(tooLong.build()));
  }

  @Test
  void positionRoundTripsForRandomGames() {
    long seed = 777;
    Random random = new Random(seed);
    int[] sizes = {2, 5, 9, 13, 19};
    for (int round = 0; round < 60; round++) {
      int size = sizes[round % sizes.length];
      Rules rules = new Rules(7.5, KoRule.values()[round % 3], round % 4 == 0);
      Game game = RandomGames.play(size, rules, random.nextInt(3 * size * size), random);
      String context = "seed " + seed + " round " + round;
      Position wire = Codec.toProto(game);
      Violations v = new Violations();
      Game back = Codec.game(wire, rules, "position", v);
      assertTrue(v.isEmpty(), context + ": " + v.description());
      assertNotNull(back);
      assertArrayEquals(game.board().colors(), back.board().colors(), context);
      assertEquals(game.board().koPoint(), back.board().koPoint(), context);
      assertEquals(game.moves(), back.moves(), context);
      assertEquals(game.toPlay(), back.toPlay(), context);
      assertEquals(game.board().hash(), back.board().hash(), context);
      assertEquals(wire, Codec.toProto(back), context);
    }
  }

  @Test
  void emptyPosition() {
    Position p = Codec.emptyPosition(9);
    assertEquals(9, p.getSize());
    assertEquals(Color.BLACK, p.getToPlay());
    assertEquals("", positionProblems(p));
    assertNull(Codec.game(Codec.emptyPosition(1), Rules.DEFAULT, "p", new Violations()));
  }
}
