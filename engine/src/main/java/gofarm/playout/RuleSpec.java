package gofarm.playout;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One rule of a playout policy as data: its kind, its firing probability and its parameters (all of
 * the kind's parameters, in declaration order, defaults filled in). Immutable and validated.
 *
 * @param kind what the rule does
 * @param rate probability in 0..1 that the rule is tried when reached (for a filter: that its
 *     strict check applies to a move)
 * @param params every parameter of the kind by name
 */
public record RuleSpec(RuleKind kind, double rate, Map<String, Double> params) {

  /**
   * Validates and normalizes: unknown parameters, out-of-range values and a bad rate are rejected.
   *
   * @throws IllegalArgumentException listing every problem as {@code path: problem}
   */
  public RuleSpec {
    List<String> problems = problems(kind, rate, params);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems));
    }
    Map<String, Double> full = new LinkedHashMap<>();
    for (RuleParam p : kind.params()) {
      full.put(p.name(), params.getOrDefault(p.name(), p.defaultValue()));
    }
    params = Collections.unmodifiableMap(full);
  }

  /** A rule with rate 1 and default parameters. */
  public static RuleSpec of(RuleKind kind) {
    return new RuleSpec(kind, 1.0, Map.of());
  }

  /**
   * The problems of a would-be rule, each as {@code path: problem} with paths relative to the rule
   * ({@code rate}, {@code params.ladder}); empty if it is valid.
   */
  public static List<String> problems(RuleKind kind, double rate, Map<String, Double> params) {
    List<String> problems = new ArrayList<>();
    if (kind == null) {
      problems.add("kind: missing (known: " + RuleKind.knownIds() + ")");
      return problems;
    }
    if (!(rate >= 0 && rate <= 1)) {
      problems.add("rate: must be 0..1 (got " + RuleParam.format(rate) + ")");
    }
    for (Map.Entry<String, Double> e : params.entrySet()) {
      RuleParam p = kind.param(e.getKey());
      if (p == null) {
        problems.add(
            "params."
                + e.getKey()
                + ": unknown parameter of "
                + kind.id()
                + " (known: "
                + (kind.params().isEmpty() ? "none" : paramNames(kind))
                + ")");
      } else {
        String problem = p.problem(e.getValue());
        if (problem != null) {
          problems.add("params." + e.getKey() + ": " + problem);
        }
      }
    }
    return problems;
  }

  /** The names of {@code kind}'s parameters, in order, comma-separated. */
  static String paramNames(RuleKind kind) {
    List<String> names = new ArrayList<>();
    kind.params().forEach(p -> names.add(p.name()));
    return String.join(", ", names);
  }

  /** The value of parameter {@code name} as an int. */
  public int intParam(String name) {
    Double v = params.get(name);
    if (v == null) {
      throw new IllegalArgumentException(kind.id() + " has no parameter " + name);
    }
    return (int) Math.rint(v);
  }

  public RuleSpec withRate(double newRate) {
    return new RuleSpec(kind, newRate, params);
  }

  public RuleSpec withParam(String name, double value) {
    Map<String, Double> changed = new LinkedHashMap<>(params);
    changed.put(name, value);
    return new RuleSpec(kind, rate, changed);
  }

  /**
   * The rule in the text form of {@link PolicySpec#parse}: {@code extend(counter=1,ladder=2)@0.9},
   * with only the parameters that differ from their defaults and the rate only when below 1.
   */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder(kind.id());
    List<String> set = new ArrayList<>();
    for (RuleParam p : kind.params()) {
      double v = params.get(p.name());
      if (v != p.defaultValue()) {
        set.add(p.name() + "=" + RuleParam.format(v));
      }
    }
    if (!set.isEmpty()) {
      sb.append('(').append(String.join(",", set)).append(')');
    }
    if (rate != 1.0) {
      sb.append('@').append(RuleParam.format(rate));
    }
    return sb.toString();
  }
}
