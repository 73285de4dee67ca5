package gofarm.rules;

/**
 * The rules a game is played under: komi, the ko rule and whether suicide is allowed. Scoring is
 * always by area (stones plus empty regions reaching only one colour, Tromp-Taylor).
 *
 * @param komi points added to white's score; a multiple of 0.5 (an integer komi allows a draw)
 * @param koRule which repetitions are forbidden
 * @param suicideAllowed whether a move may leave its own chain without liberties (the chain is then
 *     removed, as Tromp-Taylor allows); forbidden by default
 */
public record Rules(double komi, KoRule koRule, boolean suicideAllowed) {
  /** Komi 7.5, positional superko, suicide forbidden. */
  public static final Rules DEFAULT = new Rules(7.5, KoRule.POSITIONAL, false);

  public Rules {
    if (!Double.isFinite(komi) || Math.abs(komi) > 1000 || komi * 2 != Math.rint(komi * 2)) {
      throw new IllegalArgumentException(
          "komi must be a multiple of 0.5 in -1000..1000 (got " + komi + ")");
    }
    if (koRule == null) {
      throw new IllegalArgumentException("ko rule is missing");
    }
  }

  public Rules withKomi(double newKomi) {
    return new Rules(newKomi, koRule, suicideAllowed);
  }

  public Rules withKoRule(KoRule newKoRule) {
    return new Rules(komi, newKoRule, suicideAllowed);
  }

  public Rules withSuicideAllowed(boolean allowed) {
    return new Rules(komi, koRule, allowed);
  }
}
