package gofarm.playout;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A playout policy as data: an ordered list of rules with rates and parameters. It is what travels
 * over the wire and what experiments tune; {@link PlayoutPolicy} is its compiled, thread-confined
 * form.
 *
 * <p>The text form lists rules separated by spaces or semicolons, each as {@code
 * id[(name=value,...)][@rate]}:
 *
 * <pre>{@code
 * PolicySpec heavy = PolicySpec.parse("heavy");   // a preset by name
 * PolicySpec mine = PolicySpec.parse("extend(counter=1,ladder=2) pattern3@0.8 capture(scope=1) random");
 * PolicySpec learnt = PolicySpec.softmax(GammaTable.parse(text));   // a softmax policy's table
 * }</pre>
 *
 * <p>A softmax policy is the one rule {@code softmax} with a γ table ({@link GammaTable}); the
 * preset {@code softmax} uses the table the project fitted and ships.
 *
 * @param name a label: the preset's name, or {@code custom}
 * @param rules generators in the order they are tried, the last one {@code random}, plus at most
 *     one of each filter anywhere; or {@code softmax} alone
 * @param gammas a softmax policy's γ table, null for the shipped one; null for any other policy
 */
public record PolicySpec(String name, List<RuleSpec> rules, GammaTable gammas) {

  /** The named presets: the rule chains in order of strength, then the softmax policy. */
  public static final Map<String, PolicySpec> PRESETS = presets();

  /**
   * Validates the structure.
   *
   * @throws IllegalArgumentException listing every problem as {@code rules...: problem}
   */
  public PolicySpec {
    rules = List.copyOf(rules);
    List<String> problems = structureProblems(rules);
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems));
    }
    if (gammas != null && !(rules.size() == 1 && rules.get(0).kind() == RuleKind.SOFTMAX)) {
      throw new IllegalArgumentException("gammas: only a softmax policy has a gamma table");
    }
  }

  /** A policy of rules, no γ table. */
  public PolicySpec(String name, List<RuleSpec> rules) {
    this(name, rules, null);
  }

  /** The softmax policy of {@code gammas}, labelled {@code custom}. */
  public static PolicySpec softmax(GammaTable gammas) {
    return new PolicySpec("custom", List.of(RuleSpec.of(RuleKind.SOFTMAX)), gammas);
  }

  /** Whether this is a softmax policy. */
  public boolean isSoftmax() {
    return rules.get(0).kind() == RuleKind.SOFTMAX;
  }

  /** A softmax policy's γ table: its own, or the shipped one. */
  public GammaTable gammaTable() {
    if (!isSoftmax()) {
      throw new IllegalStateException(name + " is not a softmax policy");
    }
    return gammas != null ? gammas : GammaTable.defaultTable();
  }

  /** The feature values its statistics count: {@link FeatureSpace#size()} for softmax, else 0. */
  public int featureCount() {
    return isSoftmax() ? FeatureSpace.size() : 0;
  }

  /** The same policy labelled {@code newName}. */
  public PolicySpec withName(String newName) {
    return new PolicySpec(newName, rules, gammas);
  }

  /**
   * The structural problems of a rule list (each rule itself valid): it must end with the one
   * {@code random} generator and hold each filter at most once. Paths are relative to the spec.
   */
  public static List<String> structureProblems(List<RuleSpec> rules) {
    List<String> problems = new ArrayList<>();
    if (rules.isEmpty()) {
      problems.add("rules: at least one rule is needed (e.g. random)");
      return problems;
    }
    for (int i = 0; i < rules.size(); i++) {
      if (rules.get(i).kind() == RuleKind.SOFTMAX && rules.size() > 1) {
        problems.add(
            "rules["
                + i
                + "]: softmax stands alone (its gamma table holds what other rules would add)");
        return problems;
      }
    }
    if (rules.size() == 1 && rules.get(0).kind() == RuleKind.SOFTMAX) {
      return problems;
    }
    int lastGenerator = -1;
    for (int i = 0; i < rules.size(); i++) {
      RuleKind kind = rules.get(i).kind();
      if (!kind.isFilter()) {
        lastGenerator = i;
      }
      if (kind == RuleKind.RANDOM && i != lastRandomIndex(rules)) {
        problems.add("rules[" + i + "]: random may appear only once");
      }
      if (kind.isFilter()) {
        for (int j = 0; j < i; j++) {
          if (rules.get(j).kind() == kind) {
            problems.add("rules[" + i + "]: filter " + kind.id() + " appears twice");
          }
        }
      }
    }
    if (lastGenerator < 0 || rules.get(lastGenerator).kind() != RuleKind.RANDOM) {
      problems.add(
          "rules: the last generator must be random (every playout needs a fallback move)");
    }
    return problems;
  }

  private static int lastRandomIndex(List<RuleSpec> rules) {
    for (int i = rules.size() - 1; i >= 0; i--) {
      if (rules.get(i).kind() == RuleKind.RANDOM) {
        return i;
      }
    }
    return -1;
  }

  /**
   * A preset by name ({@code uniform}, {@code atari-local}, {@code atari-global}, {@code mogo},
   * {@code heavy}) or a rule list in the text form.
   *
   * @throws IllegalArgumentException naming the rule index, the parameter and the problem
   */
  public static PolicySpec parse(String text) {
    String trimmed = text.strip();
    PolicySpec preset = PRESETS == null ? null : PRESETS.get(trimmed); // null while presets load
    if (preset != null) {
      return preset;
    }
    List<String> problems = new ArrayList<>();
    List<RuleSpec> rules = new ArrayList<>();
    List<String> tokens = splitRules(trimmed);
    for (int i = 0; i < tokens.size(); i++) {
      String path = "rules[" + i + "]";
      try {
        rules.add(parseRule(tokens.get(i)));
      } catch (IllegalArgumentException e) {
        for (String problem : e.getMessage().split("; ")) {
          problems.add(path + "." + problem);
        }
      }
    }
    if (problems.isEmpty()) {
      problems.addAll(structureProblems(rules));
    }
    if (!problems.isEmpty()) {
      String hint =
          tokens.size() == 1 && problems.get(0).contains("unknown rule")
              ? " (presets: " + String.join(", ", PRESETS.keySet()) + ")"
              : "";
      throw new IllegalArgumentException(String.join("; ", problems) + hint);
    }
    return new PolicySpec("custom", rules);
  }

  /** Splits on spaces and semicolons outside parentheses. */
  private static List<String> splitRules(String text) {
    List<String> tokens = new ArrayList<>();
    StringBuilder current = new StringBuilder();
    int depth = 0;
    for (char ch : text.toCharArray()) {
      if (ch == '(') {
        depth++;
      } else if (ch == ')') {
        depth--;
      }
      if (depth == 0 && (Character.isWhitespace(ch) || ch == ';')) {
        if (current.length() > 0) {
          tokens.add(current.toString());
          current.setLength(0);
        }
      } else if (!(depth > 0 && Character.isWhitespace(ch))) {
        current.append(ch);
      }
    }
    if (current.length() > 0) {
      tokens.add(current.toString());
    }
    return tokens;
  }

  /** One rule of the text form; problems are thrown with paths relative to the rule. */
  private static RuleSpec parseRule(String token) {
    String body = token;
    double rate = 1.0;
    int at = token.lastIndexOf('@');
    if (at >= 0 && at > token.lastIndexOf(')')) {
      body = token.substring(0, at);
      rate = parseNumber(token.substring(at + 1), "rate");
    }
    String id = body;
    Map<String, Double> params = new LinkedHashMap<>();
    int open = body.indexOf('(');
    if (open >= 0) {
      if (!body.endsWith(")")) {
        throw new IllegalArgumentException("syntax: expected ')' at the end of '" + body + "'");
      }
      id = body.substring(0, open);
      String inside = body.substring(open + 1, body.length() - 1);
      for (String assignment : inside.split(",")) {
        if (assignment.isBlank()) {
          continue;
        }
        int eq = assignment.indexOf('=');
        if (eq < 0) {
          throw new IllegalArgumentException("syntax: expected name=value in '" + assignment + "'");
        }
        String name = assignment.substring(0, eq).strip();
        params.put(name, parseNumber(assignment.substring(eq + 1), "params." + name));
      }
    }
    RuleKind kind = RuleKind.byId(id);
    if (kind == null) {
      throw new IllegalArgumentException(
          "kind: unknown rule '" + id + "' (known: " + RuleKind.knownIds() + ")");
    }
    return new RuleSpec(kind, rate, params);
  }

  private static double parseNumber(String text, String path) {
    try {
      return Double.parseDouble(text.strip());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(path + ": not a number ('" + text.strip() + "')");
    }
  }

  /** The index of the first rule of {@code kind}, or -1. */
  public int indexOf(RuleKind kind) {
    for (int i = 0; i < rules.size(); i++) {
      if (rules.get(i).kind() == kind) {
        return i;
      }
    }
    return -1;
  }

  /** The rules in the text form of {@link #parse}. */
  public String rulesText() {
    List<String> parts = new ArrayList<>();
    rules.forEach(r -> parts.add(r.toString()));
    return String.join(" ", parts);
  }

  /** The name, and the rules unless this is a preset unchanged. */
  @Override
  public String toString() {
    PolicySpec preset = PRESETS == null ? null : PRESETS.get(name);
    if (equals(preset)) {
      return name;
    }
    return name + ": " + rulesText() + (gammas != null ? " (" + gammas + ")" : "");
  }

  private static Map<String, PolicySpec> presets() {
    Map<String, PolicySpec> m = new LinkedHashMap<>();
    // Light: uniform among legal moves that do not fill an own eye.
    add(m, "uniform", "random");
    // BitmapGo's local response: capture the last move's chain if it is in atari, then save own
    // chains it put in atari by extending.
    add(m, "atari-local", "capture extend random");
    // BitmapGo's global response: after a move that leaves a chain in atari, capture anywhere,
    // then extend anywhere.
    add(m, "atari-global", "capture(scope=1,trigger=1) extend(scope=1,trigger=1) random");
    // MoGo (Gelly et al. 2006): save strings put in atari by the last move (capture an attacker
    // or extend, not into a ladder), 3x3 patterns around the last move, capture anywhere, random.
    add(m, "mogo", "extend(counter=1,ladder=2) pattern3 capture(scope=1) random");
    // In the spirit of Pachi's moggy: MoGo's rules with moggy's rates, plus capture of a
    // self-atari, 2-liberty fights and nakade next to the last move, and a self-atari veto that
    // lets nakade throw-ins through.
    add(
        m,
        "heavy",
        "extend(counter=1,ladder=2)@0.9 capture@0.9 two-lib@0.9 nakade@0.8"
            + " pattern3 capture(scope=1) random self-atari@0.6");
    // Coulom's softmax over move features, with the gamma table fitted by the recipe in
    // examples/fit (docs/learning.md).
    add(m, "softmax", "softmax");
    // The same table after simulation balancing (examples/balance-9x9.json, docs/learning.md).
    m.put(
        "softmax-balanced",
        new PolicySpec("softmax-balanced", parse("softmax").rules(), GammaTable.balancedTable()));
    return java.util.Collections.unmodifiableMap(m);
  }

  private static void add(Map<String, PolicySpec> m, String name, String rules) {
    PolicySpec parsed = parse(rules);
    m.put(name, new PolicySpec(name, parsed.rules()));
  }
}
