package gofarm.playout;

import java.util.List;
import java.util.Locale;

/**
 * The kinds of rule a playout policy is made of, each with its parameters and their ranges.
 *
 * <p>A policy is an ordered list of <em>generators</em>: at each move the first generator that
 * fires (its rate allows it and it finds candidate moves) supplies the move, chosen uniformly among
 * its candidates; {@link #RANDOM} comes last and always finds a move unless none is left.
 * <em>Filters</em> ({@link #SELF_ATARI}, {@link #SETTLED}) do not supply moves; they veto
 * candidates of every generator. "Local" means the neighbourhood of the opponent's last move. A
 * filter a policy does not name costs nothing: its check is one test of a field that is off.
 */
public enum RuleKind {
  /** Capture enemy chains in atari: the last move's chain, or any chain. */
  CAPTURE(
      "capture",
      "capture enemy chains in atari: the chain of the last move (scope=0) or any (scope=1)",
      false,
      RuleParam.integer("scope", 0, 1, 0, "0: the last move's chain; 1: anywhere on the board"),
      RuleParam.integer(
          "trigger", 0, 1, 0, "1: only after a last move that left some chain in atari")),
  /** Save own chains in atari by extending (and optionally by capturing an attacker). */
  EXTEND(
      "extend",
      "save own chains in atari next to the last move (scope=0) or anywhere (scope=1) by"
          + " extending to 2+ liberties, or by capturing an attacker (counter=1)",
      false,
      RuleParam.integer("scope", 0, 1, 0, "0: chains next to the last move; 1: anywhere"),
      RuleParam.integer(
          "trigger", 0, 1, 0, "1: only after a last move that left some chain in atari"),
      RuleParam.integer("counter", 0, 1, 0, "1: also capture enemy chains in atari next to it"),
      RuleParam.integer(
          "ladder", 0, 2, 0, "reject escapes caught in a ladder: 0 never, 1 first line, 2 read")),
  /** 2-liberty fights next to the last move. */
  TWO_LIB(
      "two-lib",
      "next to the last move: atari its chain when it has 2 liberties (attack=1) and give own"
          + " 2-liberty chains a third (defend=1)",
      false,
      RuleParam.integer("attack", 0, 1, 1, "1: atari the last move's 2-liberty chain"),
      RuleParam.integer("defend", 0, 1, 1, "1: extend own 2-liberty chains next to it to 3+")),
  /** The vital point of a small enclosed eye space next to the last move. */
  NAKADE(
      "nakade",
      "play the vital point of a killable eye space of 3-6 empty points next to the last move"
          + " (straight/bent three, pyramid four, bulky and crossed five, rabbity six)",
      false),
  /** MoGo's 3x3 patterns around the last move. */
  PATTERN3(
      "pattern3",
      "MoGo's 3x3 hane, cut and edge patterns on the 8 neighbours of the last move"
          + " (and of the move before it with second=1)",
      false,
      RuleParam.integer("second", 0, 1, 0, "1: also around the second-last move")),
  /**
   * Every move from the softmax policy over move features ({@link SoftmaxPolicy}): it stands alone,
   * and its γ table (the policy's {@link PolicySpec#gammas()}) holds what rules would add.
   */
  SOFTMAX(
      "softmax",
      "every move drawn with probability proportional to the product of its features' gamma"
          + " (3x3 pattern, captures, extensions, self-atari, atari, edge, nakade, distance to"
          + " the last two moves) among the legal moves that do not fill an own eye; stands alone",
      false,
      RuleParam.real(
          "temperature",
          0.1,
          10,
          1,
          "strengths are the product of gamma^(1/temperature): below 1 sharpens the policy towards"
              + " its strongest moves, above 1 flattens it")),
  /** Uniformly random legal move that does not fill an own one-point eye. */
  RANDOM(
      "random",
      "a uniformly random legal move that does not fill an own one-point eye (always last)",
      false),
  /** Veto self-atari. */
  SELF_ATARI(
      "self-atari",
      "filter: with probability rate, veto any self-atari except nakade throw-ins of up to"
          + " nakade-stones stones; otherwise veto only self-atari of big-stones or more",
      true,
      RuleParam.integer(
          "nakade-stones", 0, 6, 3, "largest self-atari chain allowed inside an enemy eye"),
      RuleParam.integer(
          "big-stones", 1, 361, 3, "self-atari of this many stones is always vetoed")),
  /**
   * Prune what is settled: Benson's safe regions, computed once per root, are never played in and
   * are scored for their owner directly.
   */
  SETTLED(
      "settled",
      "filter: compute Benson's unconditional life once at the root (cached per root); no move is"
          + " ever played in either colour's safe territory, whose points (and the dead stones in"
          + " it) are scored for their owner directly; rate is the share of playouts that use it",
      true);

  private final String id;
  private final String description;
  private final boolean filter;
  private final List<RuleParam> params;

  RuleKind(String id, String description, boolean filter, RuleParam... params) {
    this.id = id;
    this.description = description;
    this.filter = filter;
    this.params = List.of(params);
  }

  /** The name used in specs, e.g. {@code two-lib}. */
  public String id() {
    return id;
  }

  public String description() {
    return description;
  }

  /** True for rules that veto candidates instead of supplying them. */
  public boolean isFilter() {
    return filter;
  }

  public List<RuleParam> params() {
    return params;
  }

  /** The parameter called {@code name}, or null. */
  public RuleParam param(String name) {
    for (RuleParam p : params) {
      if (p.name().equals(name)) {
        return p;
      }
    }
    return null;
  }

  /** The position of parameter {@code name} in {@link #params()}. */
  int paramIndex(String name) {
    for (int i = 0; i < params.size(); i++) {
      if (params.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new IllegalArgumentException(id + " has no parameter " + name);
  }

  /** The kind named {@code id} (case-insensitive), or null. */
  public static RuleKind byId(String id) {
    String key = id.toLowerCase(Locale.ROOT);
    for (RuleKind k : values()) {
      if (k.id.equals(key)) {
        return k;
      }
    }
    return null;
  }

  /** All ids, comma-separated, for error messages. */
  static String knownIds() {
    StringBuilder sb = new StringBuilder();
    for (RuleKind k : values()) {
      sb.append(sb.length() == 0 ? "" : ", ").append(k.id);
    }
    return sb.toString();
  }
}
