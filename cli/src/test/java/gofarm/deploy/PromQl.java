package gofarm.deploy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the metric names out of PromQL expressions: enough of the language's lexical structure
 * (strings, label matchers, ranges, grouping clauses, function calls, keywords) to tell a metric
 * name from everything else.
 *
 * <pre>{@code
 * PromQl.metricNames("sum by (policy) (rate(gofarm_worker_playouts_total{policy!=\"x\"}[1m]))")
 *     // [gofarm_worker_playouts_total]
 * }</pre>
 */
final class PromQl {
  private PromQl() {}

  private static final Pattern STRING =
      Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|'(?:[^'\\\\]|\\\\.)*'|`[^`]*`");
  private static final Pattern RANGE = Pattern.compile("\\[[^\\]]*]");
  private static final Pattern GROUPING =
      Pattern.compile("\\b(?:by|without|on|ignoring|group_left|group_right)\\s*\\([^)]*\\)");
  private static final Pattern MATCHERS = Pattern.compile("\\{[^}]*}");
  private static final Pattern IDENTIFIER =
      Pattern.compile("(?<![\\w.$])([a-zA-Z_:][a-zA-Z0-9_:]*)(\\s*\\()?");
  private static final Set<String> KEYWORDS =
      Set.of(
          "and",
          "or",
          "unless",
          "by",
          "without",
          "on",
          "ignoring",
          "group_left",
          "group_right",
          "bool",
          "offset",
          "inf",
          "nan",
          "atan2");
  private static final Pattern SELECTOR =
      Pattern.compile("(?<![\\w.$])([a-zA-Z_:][a-zA-Z0-9_:]*)\\s*\\{([^}]*)}");
  private static final Pattern MATCHER_LABEL =
      Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)\\s*(?:=~|!~|!=|=)");

  /** The metric names an expression selects, in order of appearance. */
  static Set<String> metricNames(String expr) {
    String s = STRING.matcher(expr).replaceAll("\"\"");
    s = MATCHERS.matcher(s).replaceAll(" ");
    s = RANGE.matcher(s).replaceAll(" ");
    s = GROUPING.matcher(s).replaceAll(" ");
    Set<String> names = new LinkedHashSet<>();
    Matcher m = IDENTIFIER.matcher(s);
    while (m.find()) {
      boolean call = m.group(2) != null;
      String word = m.group(1);
      if (!call && !KEYWORDS.contains(word)) {
        names.add(word);
      }
    }
    return names;
  }

  /** The label names each metric's selectors match on, as {@code name -> labels}. */
  static Map<String, Set<String>> matcherLabels(String expr) {
    Map<String, Set<String>> labels = new LinkedHashMap<>();
    Matcher m = SELECTOR.matcher(expr);
    while (m.find()) {
      Set<String> names = labels.computeIfAbsent(m.group(1), k -> new LinkedHashSet<>());
      Matcher l = MATCHER_LABEL.matcher(m.group(2));
      while (l.find()) {
        names.add(l.group(1));
      }
    }
    return labels;
  }

  /** Every metric name of {@code exprs}, in order. */
  static List<String> metricNames(List<String> exprs) {
    Set<String> all = new LinkedHashSet<>();
    for (String e : exprs) {
      all.addAll(metricNames(e));
    }
    return new ArrayList<>(all);
  }
}
