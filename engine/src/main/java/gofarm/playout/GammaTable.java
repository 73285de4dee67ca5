package gofarm.playout;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The γ of every feature value of the softmax policy ({@link FeatureSpace}): immutable data, read
 * from and written to a text file with one line per value.
 *
 * <pre>
 * # comments start a line, or follow the three fields
 * capture size=1 4.21          # captures one stone
 * pat3 X.O/o*./### 0.734       # a 3x3 pattern, in any of its orientations
 * dist-last d=2 6.5
 * </pre>
 *
 * A line holds a feature group's id, the value's name and γ (a positive number, 1e-9..1e9); values
 * not listed have γ = 1, the strength of "no feature". A table that names a value twice, or an
 * unknown group or value, is refused with the line number.
 */
public final class GammaTable {
  /** The smallest and largest γ a table may hold: products of a few stay far from 0 and ∞. */
  public static final double MIN_GAMMA = 1e-9;

  public static final double MAX_GAMMA = 1e9;

  /** The resource of the table the project fitted and ships. */
  static final String DEFAULT_RESOURCE = "/gofarm/playout/default.gamma";

  /** The resource of that table after the shipped balance example (examples/balance-9x9.json). */
  static final String BALANCED_RESOURCE = "/gofarm/playout/balanced.gamma";

  private static volatile GammaTable defaultTable;
  private static volatile GammaTable balancedTable;

  private final double[] gamma;

  private GammaTable(double[] gamma) {
    this.gamma = gamma;
  }

  /** Every γ = 1: the softmax policy is then uniform among its candidates. */
  public static GammaTable uniform() {
    double[] g = new double[FeatureSpace.size()];
    Arrays.fill(g, 1.0);
    return new GammaTable(g);
  }

  /**
   * A table of the given γ, indexed by feature id.
   *
   * @throws IllegalArgumentException if the length is not {@link FeatureSpace#size()} or a γ is out
   *     of range
   */
  public static GammaTable of(double[] gamma) {
    if (gamma.length != FeatureSpace.size()) {
      throw new IllegalArgumentException(
          "a gamma table has " + FeatureSpace.size() + " values (got " + gamma.length + ")");
    }
    for (int i = 0; i < gamma.length; i++) {
      String problem = problem(gamma[i]);
      if (problem != null) {
        throw new IllegalArgumentException(FeatureSpace.name(i) + ": " + problem);
      }
    }
    return new GammaTable(gamma.clone());
  }

  /** The table the project fitted and ships ({@code policy.gamma} of the recipe in examples/). */
  public static GammaTable defaultTable() {
    GammaTable t = defaultTable;
    if (t == null) {
      t = resource(DEFAULT_RESOURCE);
      defaultTable = t;
    }
    return t;
  }

  /**
   * The shipped table balanced by simulation ({@code tuned-policy.gamma} of {@code
   * examples/balance-9x9.json}, docs/learning.md).
   */
  public static GammaTable balancedTable() {
    GammaTable t = balancedTable;
    if (t == null) {
      t = resource(BALANCED_RESOURCE);
      balancedTable = t;
    }
    return t;
  }

  private static GammaTable resource(String name) {
    try (InputStream in = GammaTable.class.getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the gamma table " + name + " is missing");
      }
      return parse(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Reads a table in the text form.
   *
   * @throws IllegalArgumentException listing every bad line as {@code line N: problem}
   */
  public static GammaTable parse(String text) {
    double[] g = new double[FeatureSpace.size()];
    Arrays.fill(g, 1.0);
    int[] lineOf = new int[g.length];
    List<String> problems = new ArrayList<>();
    String[] lines = text.split("\r?\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String[] fields = line.split("\\s+", 4);
      String where = "line " + (i + 1) + ": ";
      if (fields.length < 3 || fields.length == 4 && !fields[3].startsWith("#")) {
        problems.add(where + "expected GROUP VALUE GAMMA [# comment] (got '" + line + "')");
        continue;
      }
      int id;
      try {
        id = FeatureSpace.parse(fields[0], fields[1]);
      } catch (IllegalArgumentException e) {
        problems.add(where + e.getMessage());
        continue;
      }
      double value;
      try {
        value = Double.parseDouble(fields[2]);
      } catch (NumberFormatException e) {
        problems.add(where + "gamma is not a number ('" + fields[2] + "')");
        continue;
      }
      String problem = problem(value);
      if (problem != null) {
        problems.add(where + problem);
      } else if (lineOf[id] != 0) {
        problems.add(where + FeatureSpace.name(id) + " is already given on line " + lineOf[id]);
      } else {
        g[id] = value;
        lineOf[id] = i + 1;
      }
      if (problems.size() >= 20) {
        problems.add("(more problems not listed)");
        break;
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalArgumentException(String.join("; ", problems));
    }
    return new GammaTable(g);
  }

  private static String problem(double value) {
    if (!(value >= MIN_GAMMA && value <= MAX_GAMMA)) {
      return "gamma must be " + MIN_GAMMA + ".." + MAX_GAMMA + " (got " + value + ")";
    }
    return null;
  }

  /** γ of feature {@code id}. */
  public double gamma(int id) {
    return gamma[id];
  }

  /** A copy of every γ, indexed by feature id. */
  public double[] toArray() {
    return gamma.clone();
  }

  /** The number of values whose γ is not 1. */
  public int changedCount() {
    int n = 0;
    for (double g : gamma) {
      n += g != 1.0 ? 1 : 0;
    }
    return n;
  }

  /** The text form with no comments but the header. */
  public String format() {
    return format(id -> null);
  }

  /**
   * The text form: a header, then one line per value whose γ is not 1, in id order, each with
   * {@code comment.apply(id)} after it when that is not null. γ is written in full (Java's shortest
   * exact decimal), so parsing gives the same table bit for bit.
   */
  public String format(IntFunction<String> comment) {
    StringBuilder sb = new StringBuilder();
    sb.append(
        "# gofarm softmax policy: GROUP VALUE GAMMA [# comment]; values not listed have gamma 1\n");
    FeatureGroup group = null;
    for (int id = 0; id < gamma.length; id++) {
      if (gamma[id] == 1.0) {
        continue;
      }
      FeatureGroup g = FeatureSpace.groupOf(id);
      if (g != group) {
        sb.append("# ").append(g.id()).append(": ").append(g.description()).append('\n');
        group = g;
      }
      sb.append(FeatureSpace.name(id)).append(' ').append(gamma[id]);
      String c = comment.apply(id);
      if (c != null && !c.isBlank()) {
        sb.append("  # ").append(c.replace('\n', ' '));
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof GammaTable t && Arrays.equals(gamma, t.gamma);
  }

  @Override
  public int hashCode() {
    return Arrays.hashCode(gamma);
  }

  @Override
  public String toString() {
    return "GammaTable(" + changedCount() + " of " + gamma.length + " values set)";
  }
}
