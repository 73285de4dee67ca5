package gofarm.wire;

import com.google.protobuf.Any;
import com.google.protobuf.CodedOutputStream;
import com.google.rpc.BadRequest;
import com.google.rpc.Code;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The problems found in one request, each as {@code field.path: problem (got X)}, and their
 * conversion into an {@code INVALID_ARGUMENT} status for the client.
 *
 * <pre>{@code
 * Violations v = new Violations();
 * v.add("spec.evaluate.playouts", "must be 1..1000000000 (got 0)");
 * v.range("spec.priority", -100, 100, spec.getPriority());
 * v.throwIfAny();   // StatusRuntimeException: INVALID_ARGUMENT, the joined violations
 * }</pre>
 *
 * <h2>Paths</h2>
 *
 * A path names a field as the proto3 JSON mapping shows it, so that it can be found in the JSON
 * spec a user wrote: lowerCamelCase field names joined by dots, list elements by a 0-based index
 * ({@code spec.evaluate.positions[2].sgf.move}), map entries by their key ({@code
 * rules[0].params.ladder}). This is the convention {@code google.rpc.BadRequest.FieldViolation}
 * documents for JSON. A problem that concerns a message as a whole names the message ({@code
 * spec.evaluate.positions[0].position.moves[7]: C3 is occupied}).
 *
 * <h2>Limits</h2>
 *
 * Both the description and the {@code google.rpc.BadRequest} detail travel in HTTP/2 trailers, and
 * a grpc-java client refuses trailers over 8 KiB by default (and would then report a transport
 * error instead of ours). So every field and problem text is cut at {@link #MAX_TEXT} characters
 * (user input is echoed in them), the description at {@link #MAX_DESCRIPTION} bytes and the detail
 * at {@link #MAX_DETAIL_BYTES} bytes, each ending with "and N more" when something was left out. At
 * most {@link #MAX_KEPT} violations are kept in memory; the rest are only counted.
 *
 * <p>Not thread-safe: one per request.
 */
public final class Violations {
  /** The longest field path or problem text kept, in characters; longer ones are cut. */
  public static final int MAX_TEXT = 300;

  /** The longest status description, in bytes as gRPC sends it (see {@link #sentLength}). */
  public static final int MAX_DESCRIPTION = 1500;

  /** The largest serialized {@code google.rpc.BadRequest} detail, in bytes. */
  public static final int MAX_DETAIL_BYTES = 2500;

  /** The most violations kept; later ones are counted only. */
  public static final int MAX_KEPT = 1000;

  /**
   * One bad field.
   *
   * @param field the path of the field, see {@link Violations}
   * @param problem what is wrong, usually ending with {@code (got X)}
   */
  public record Violation(String field, String problem) {
    @Override
    public String toString() {
      return field.isEmpty() ? problem : field + ": " + problem;
    }
  }

  private final List<Violation> violations = new ArrayList<>();
  private int count;

  /** Adds a violation of {@code field}. */
  public void add(String field, String problem) {
    count++;
    if (violations.size() < MAX_KEPT) {
      violations.add(new Violation(cut(field), cut(problem)));
    }
  }

  /**
   * Adds problems of the form {@code relative.path: problem} (as board-core reports them, e.g.
   * {@code RuleSpec.problems}) under {@code prefix}: {@code rules[0].params.ladder: must be 0..2}
   * under {@code spec.evaluate.policies[1]} becomes field {@code
   * spec.evaluate.policies[1].rules[0].params.ladder}.
   */
  public void addRelative(String prefix, List<String> problems) {
    for (String p : problems) {
      int colon = p.indexOf(": ");
      if (colon < 0) {
        add(prefix, p);
      } else {
        add(join(prefix, p.substring(0, colon)), p.substring(colon + 2));
      }
    }
  }

  /**
   * Adds {@code field: must be min..max (got value)} unless value is in range.
   *
   * @return whether the value was in range
   */
  public boolean range(String field, long min, long max, long value) {
    if (value >= min && value <= max) {
      return true;
    }
    add(field, "must be " + min + ".." + max + " (got " + value + ")");
    return false;
  }

  /**
   * The same for a real number: adds {@code field: must be min..max (got value)} unless value is in
   * range (NaN never is), the numbers written as {@link #number} writes them.
   *
   * @return whether the value was in range
   */
  public boolean range(String field, double min, double max, double value) {
    if (value >= min && value <= max) {
      return true;
    }
    add(field, "must be " + number(min) + ".." + number(max) + " (got " + number(value) + ")");
    return false;
  }

  /**
   * Adds {@code field: at most max characters (got n)} if the text is longer.
   *
   * @return whether the text was short enough
   */
  public boolean maxLength(String field, int max, String text) {
    if (text.length() <= max) {
      return true;
    }
    add(field, "at most " + max + " characters (got " + text.length() + ")");
    return false;
  }

  public boolean isEmpty() {
    return count == 0;
  }

  /** The number of violations, including those beyond {@link #MAX_KEPT}. */
  public int count() {
    return count;
  }

  /** The violations kept, in the order they were found. */
  public List<Violation> list() {
    return List.copyOf(violations);
  }

  /**
   * The violations joined with "; ": the first ones that fit in {@link #MAX_DESCRIPTION} bytes as
   * gRPC sends them ({@link #sentLength}), then {@code and N more}.
   */
  public String description() {
    StringBuilder sb = new StringBuilder();
    int bytes = 0;
    int shown = 0;
    for (Violation v : violations) {
      String text = v.toString();
      int length = sentLength(text);
      // Keep room for the "; and N more" tail.
      if (bytes + 2 + length > MAX_DESCRIPTION - 20) {
        break;
      }
      sb.append(shown == 0 ? "" : "; ").append(text);
      bytes += 2 + length;
      shown++;
    }
    if (shown < count) {
      sb.append(shown == 0 ? "" : "; ").append("and ").append(count - shown).append(" more");
    }
    return sb.toString();
  }

  /**
   * The bytes a status description takes in the {@code grpc-message} header: grpc-java sends
   * printable ASCII except {@code %} and {@code ~} as is and percent-encodes every other UTF-8
   * byte, so an accented letter costs 6 bytes.
   */
  static int sentLength(String text) {
    int n = 0;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c >= ' ' && c < '~' && c != '%') {
        n += 1;
      } else if (c < 0x80) {
        n += 3;
      } else if (c < 0x800 || Character.isSurrogate(c)) {
        n += 6; // two UTF-8 bytes; a surrogate is half of a four-byte character
      } else {
        n += 9;
      }
    }
    return n;
  }

  /**
   * The {@code google.rpc.BadRequest} detail: one field violation per violation that fits in {@link
   * #MAX_DETAIL_BYTES}, then one without a field saying how many were left out.
   */
  public BadRequest badRequest() {
    BadRequest.Builder b = BadRequest.newBuilder();
    int shown = 0;
    int bytes = 0;
    for (Violation v : violations) {
      BadRequest.FieldViolation fv =
          BadRequest.FieldViolation.newBuilder()
              .setField(v.field())
              .setDescription(v.problem())
              .build();
      int size = CodedOutputStream.computeMessageSize(BadRequest.FIELD_VIOLATIONS_FIELD_NUMBER, fv);
      // Keep room for the "and N more" entry.
      if (bytes + size > MAX_DETAIL_BYTES - 40) {
        break;
      }
      b.addFieldViolations(fv);
      bytes += size;
      shown++;
    }
    if (shown < count) {
      b.addFieldViolations(
          BadRequest.FieldViolation.newBuilder()
              .setDescription("and " + (count - shown) + " more"));
    }
    return b.build();
  }

  /**
   * The violations as an {@code INVALID_ARGUMENT} status with the {@link #description()} and the
   * {@link #badRequest()} detail. It carries no cause, so nothing of the server's stack reaches a
   * client.
   *
   * @throws IllegalStateException if there is no violation
   */
  public StatusRuntimeException toException() {
    if (isEmpty()) {
      throw new IllegalStateException("no violations");
    }
    com.google.rpc.Status status =
        com.google.rpc.Status.newBuilder()
            .setCode(Code.INVALID_ARGUMENT_VALUE)
            .setMessage(description())
            .addDetails(Any.pack(badRequest()))
            .build();
    return StatusProto.toStatusRuntimeException(status);
  }

  /**
   * Throws {@link #toException()} if there is any violation.
   *
   * @throws StatusRuntimeException with {@code INVALID_ARGUMENT}
   */
  public void throwIfAny() {
    if (!isEmpty()) {
      throw toException();
    }
  }

  /** One violation as an {@code INVALID_ARGUMENT} exception. */
  public static StatusRuntimeException of(String field, String problem) {
    Violations v = new Violations();
    v.add(field, problem);
    return v.toException();
  }

  /** {@code parent.child}, or {@code child} when parent is empty. */
  public static String join(String parent, String child) {
    return parent.isEmpty() ? child : child.isEmpty() ? parent : parent + "." + child;
  }

  /** {@code parent[i]}. */
  public static String index(String parent, int i) {
    return parent + "[" + i + "]";
  }

  /** A text for {@code (got 'X')}: quoted, cut to a readable length. */
  public static String quote(String text) {
    return "'" + (text.length() > 40 ? text.substring(0, 40) + "..." : text) + "'";
  }

  /**
   * A number for messages as people write it: {@code 7}, {@code 7.3}, {@code 0.0005}; very large or
   * very small magnitudes, NaN and infinities in Java's form ({@code 1.0E300}).
   */
  public static String number(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) {
      return Long.toString((long) v);
    }
    if (Math.abs(v) >= 1e-6 && Math.abs(v) < 1e15) {
      return new BigDecimal(Double.toString(v)).stripTrailingZeros().toPlainString();
    }
    return Double.toString(v);
  }

  private static String cut(String text) {
    return text.length() <= MAX_TEXT ? text : text.substring(0, MAX_TEXT - 3) + "...";
  }

  @Override
  public String toString() {
    return description();
  }
}
