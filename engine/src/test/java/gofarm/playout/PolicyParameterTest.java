package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class PolicyParameterTest {
  /** extend(counter=1,ladder=2)@0.9 capture@0.9 two-lib@0.9 nakade@0.8 pattern3 ... */
  private static final PolicySpec HEAVY = PolicySpec.parse("heavy");

  @Test
  void aRateIsReadAndSetAndTheOtherRulesStay() {
    PolicyParameter rate = PolicyParameter.parse("rules[3].rate", HEAVY);
    assertEquals("rules[3].rate", rate.path());
    assertEquals(0.8, rate.get(HEAVY));
    PolicySpec tuned = rate.with(HEAVY, 0.55);
    assertEquals(
        "extend(counter=1,ladder=2)@0.9 capture@0.9 two-lib@0.9 nakade@0.55 pattern3"
            + " capture(scope=1) random self-atari@0.6",
        tuned.rulesText());
    assertEquals("custom", tuned.name());
    assertEquals(tuned, PolicySpec.parse(tuned.rulesText()), "the tuned text parses back");
  }

  @Test
  void wholeNumberParametersAreRoundedAndEveryValueIsClipped() {
    PolicyParameter ladder = PolicyParameter.parse("rules[0].params.ladder", HEAVY);
    assertEquals(2.0, ladder.get(HEAVY));
    assertTrue(ladder.range().integral());
    assertEquals(1.0, ladder.get(ladder.with(HEAVY, 1.49)));
    assertEquals(2.0, ladder.get(ladder.with(HEAVY, 1.5)));
    assertEquals(0.0, ladder.get(ladder.with(HEAVY, -3)), "clipped to the documented 0..2");
    PolicyParameter rate = PolicyParameter.parse("rules[0].rate", HEAVY);
    assertEquals(1.0, rate.get(rate.with(HEAVY, 1.2)));
    assertSame(HEAVY, rate.with(HEAVY, 0.9), "an unchanged policy stays the preset");
  }

  @Test
  void badPathsAreRefusedSayingWhatIsWrong() {
    assertEquals(
        "must be rules[I].rate or rules[I].params.NAME (got rules[0].ladder)",
        message("rules[0].ladder"));
    assertEquals(
        "rule 9 does not exist: the policy has 8 rules (" + HEAVY.rulesText() + ")",
        message("rules[9].rate"));
    assertEquals("nakade has no parameter size (it has: none)", message("rules[3].params.size"));
    assertEquals(
        "extend has no parameter depth (it has: scope, trigger, counter, ladder)",
        message("rules[0].params.depth"));
  }

  private static String message(String path) {
    return assertThrows(IllegalArgumentException.class, () -> PolicyParameter.parse(path, HEAVY))
        .getMessage();
  }
}
