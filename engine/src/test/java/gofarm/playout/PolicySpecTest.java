package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PolicySpecTest {

  @Test
  void presetsByName() {
    assertEquals(
        java.util.List.of(
            "uniform",
            "atari-local",
            "atari-global",
            "mogo",
            "heavy",
            "softmax",
            "softmax-balanced"),
        java.util.List.copyOf(PolicySpec.PRESETS.keySet()));
    // The balanced preset is the shipped table's softmax with the balanced table.
    PolicySpec balanced = PolicySpec.parse("softmax-balanced");
    assertEquals(PolicySpec.parse("softmax").rules(), balanced.rules());
    assertEquals(GammaTable.balancedTable(), balanced.gammaTable());
    assertTrue(!balanced.gammaTable().equals(GammaTable.defaultTable()), "balancing moved it");
    assertEquals("softmax-balanced", balanced.toString());
    assertSame(PolicySpec.PRESETS.get("heavy"), PolicySpec.parse(" heavy "));
    assertEquals("random", PolicySpec.parse("uniform").rulesText());
    assertEquals(
        "extend(counter=1,ladder=2) pattern3 capture(scope=1) random",
        PolicySpec.parse("mogo").rulesText());
    assertEquals("mogo", PolicySpec.parse("mogo").toString());
  }

  @Test
  void textFormRoundTrips() {
    for (PolicySpec preset : PolicySpec.PRESETS.values()) {
      PolicySpec again = PolicySpec.parse(preset.rulesText());
      assertEquals(preset.rules(), again.rules(), preset.name());
    }
    PolicySpec custom =
        PolicySpec.parse(
            "extend( counter = 1 , ladder=1 )@0.75; pattern3(second=1) random self-atari@0.5");
    assertEquals(
        "extend(counter=1,ladder=1)@0.75 pattern3(second=1) random self-atari@0.5",
        custom.rulesText());
    assertEquals("custom", custom.name());
    assertEquals(0.75, custom.rules().get(0).rate());
    assertEquals(
        Map.of("scope", 0.0, "trigger", 0.0, "counter", 1.0, "ladder", 1.0),
        custom.rules().get(0).params());
  }

  @ParameterizedTest(name = "[{index}] {0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "foo | rules[0].kind: unknown rule 'foo' (known: capture, extend, two-lib, nakade,"
            + " pattern3, softmax, random, self-atari, settled) (presets: uniform, atari-local, atari-global, mogo,"
            + " heavy, softmax, softmax-balanced)",
        "capture(scope=2) random | rules[0].params.scope: must be 0..1 (got 2)",
        "capture(scope=0.5) random | rules[0].params.scope: must be a whole number (got 0.5)",
        "capture(depth=3) random | rules[0].params.depth: unknown parameter of capture (known:"
            + " scope, trigger)",
        "nakade(x=1) random | rules[0].params.x: unknown parameter of nakade (known: none)",
        "capture@1.5 random | rules[0].rate: must be 0..1 (got 1.5)",
        "capture@x random | rules[0].rate: not a number ('x')",
        "capture(scope=) random | rules[0].params.scope: not a number ('')",
        "capture(scope) random | rules[0].syntax: expected name=value in 'scope'",
        "capture | rules: the last generator must be random (every playout needs a fallback move)",
        "random capture | rules: the last generator must be random (every playout needs a fallback"
            + " move)",
        "random random | rules[0]: random may appear only once",
        "self-atari random self-atari | rules[2]: filter self-atari appears twice",
        "'' | rules: at least one rule is needed (e.g. random)",
        "capture(scope=3)@2 random | rules[0].rate: must be 0..1 (got 2); rules[0].params.scope:"
            + " must be 0..1 (got 3)",
      })
  void errorsNameTheRuleAndParameter(String text, String message) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PolicySpec.parse(text));
    assertEquals(message, e.getMessage());
  }

  @Test
  void ruleSpecFillsDefaultsAndFormatsOnlyChanges() {
    RuleSpec extend = RuleSpec.of(RuleKind.EXTEND);
    assertEquals("extend", extend.toString());
    assertEquals(0, extend.intParam("ladder"));
    RuleSpec tuned = extend.withParam("ladder", 2).withRate(0.5);
    assertEquals("extend(ladder=2)@0.5", tuned.toString());
    assertThrows(IllegalArgumentException.class, () -> extend.withParam("ladder", 9));
  }
}
