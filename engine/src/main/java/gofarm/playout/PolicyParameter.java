package gofarm.playout;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One number of a policy addressed by a path, for tuning: a rule's rate ({@code rules[0].rate}) or
 * one of its numeric parameters ({@code rules[0].params.ladder}), with the range the rule documents
 * for it. The paths are those of {@link RuleSpec#problems}, so an error about a tuned number and an
 * error about the policy itself name it the same way.
 *
 * <pre>{@code
 * PolicySpec heavy = PolicySpec.parse("heavy");
 * PolicyParameter rate = PolicyParameter.parse("rules[0].rate", heavy);
 * PolicySpec tried = rate.with(heavy, 0.75);   // extend(...)@0.75, the other rules unchanged
 * }</pre>
 *
 * @param rule the index of the rule in the policy
 * @param param the parameter's name, or null for the rule's rate
 * @param range the documented range, and whether values are whole numbers
 */
public record PolicyParameter(int rule, String param, RuleParam range) {
  private static final Pattern PATH =
      Pattern.compile("rules\\[(\\d{1,3})\\]\\.(?:(rate)|params\\.([a-z][a-z-]*))");

  /** The range of every rate: a probability. */
  private static final RuleParam RATE = new RuleParam("rate", 0, 1, 1, false, "the rule's rate");

  /**
   * The parameter at {@code path} of {@code policy}.
   *
   * @throws IllegalArgumentException naming what is wrong with the path: its form, a rule index
   *     past the policy's end, or a parameter the rule does not have (with those it has)
   */
  public static PolicyParameter parse(String path, PolicySpec policy) {
    Matcher m = PATH.matcher(path);
    if (!m.matches()) {
      throw new IllegalArgumentException(
          "must be rules[I].rate or rules[I].params.NAME (got " + path + ")");
    }
    int rule = Integer.parseInt(m.group(1));
    if (rule >= policy.rules().size()) {
      throw new IllegalArgumentException(
          "rule "
              + rule
              + " does not exist: the policy has "
              + policy.rules().size()
              + " rules ("
              + policy.rulesText()
              + ")");
    }
    RuleKind kind = policy.rules().get(rule).kind();
    if (m.group(2) != null) {
      return new PolicyParameter(rule, null, RATE);
    }
    String name = m.group(3);
    RuleParam param = kind.param(name);
    if (param == null) {
      throw new IllegalArgumentException(
          kind.id()
              + " has no parameter "
              + name
              + " (it has: "
              + (kind.params().isEmpty() ? "none" : RuleSpec.paramNames(kind))
              + ")");
    }
    return new PolicyParameter(rule, name, param);
  }

  /** The path this parameter was parsed from. */
  public String path() {
    return "rules[" + rule + "]." + (param == null ? "rate" : "params." + param);
  }

  /** Its value in {@code policy}. */
  public double get(PolicySpec policy) {
    RuleSpec r = policy.rules().get(rule);
    return param == null ? r.rate() : r.params().get(param);
  }

  /**
   * {@code policy} with this number set to {@code value}, rounded to the nearest whole number (half
   * up) for whole-number parameters and clipped to the documented range, so any point an optimiser
   * proposes is a valid policy. A changed preset is no longer the preset: it is named {@code
   * custom}.
   */
  public PolicySpec with(PolicySpec policy, double value) {
    double v = range.integral() ? Math.floor(value + 0.5) : value;
    v = Math.max(range.min(), Math.min(range.max(), v));
    List<RuleSpec> rules = new ArrayList<>(policy.rules());
    RuleSpec r = rules.get(rule);
    rules.set(rule, param == null ? r.withRate(v) : r.withParam(param, v));
    return rules.equals(policy.rules()) ? policy : new PolicySpec("custom", rules);
  }
}
