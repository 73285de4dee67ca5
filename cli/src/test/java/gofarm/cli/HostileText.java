package gofarm.cli;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Hostile strings in every string field of a message, found by walking its descriptors, so that a
 * field added later is filled without anyone listing it. A hostile string recolours a terminal
 * (ESC), breaks lines and table rows (CR, LF, NEL as the C1 control U+0085), reverses what follows
 * (the right-to-left override), splits and starts a formula in a CSV cell, opens markup in SVG and
 * is no well-formed UTF-16 (an unpaired surrogate). Each value ends with its own number, since
 * labels and names must be unique.
 */
final class HostileText {
  /** Everything at once. */
  static final String HOSTILE = "=1+\u001b[31mX\n\u202eY,\"<script>&\r\u0085\ud800 ";

  /** For fields that refuse control characters (position labels): the rest. */
  static final String PRINTABLE = "=1+\u202eY,\"<script>& ";

  private int count;

  /** One step of a path to a string: a field, and its index if it is repeated (else -1). */
  private record Step(FieldDescriptor field, int index) {
    String name() {
      return field.getJsonName() + (index < 0 ? "" : "[" + index + "]");
    }
  }

  private String next(String value) {
    return value + ++count;
  }

  /**
   * {@code spec} with every string field that {@code accepted} still takes set to a hostile value:
   * each field in turn, the full value first, then the printable one; a field the spec checks (a
   * vertex, a rule, a path) keeps its value. The paths of the fields set are added to {@code
   * filled}.
   */
  @SuppressWarnings("unchecked")
  <M extends Message> M spec(M spec, Predicate<M> accepted, List<String> filled) {
    List<List<Step>> slots = new ArrayList<>();
    slots(spec, new ArrayList<>(), slots);
    M current = spec;
    for (List<Step> slot : slots) {
      for (String value : List.of(HOSTILE, PRINTABLE)) {
        M candidate = (M) set(current, slot, 0, next(value));
        if (accepted.test(candidate)) {
          current = candidate;
          filled.add(String.join(".", slot.stream().map(Step::name).toList()));
          break;
        }
      }
    }
    return current;
  }

  /**
   * {@code message} with every string field set to {@link #HOSTILE}, but for the fields named in
   * {@code skip} (full names, {@code gofarm.v1.Move.vertex}) and their subtrees.
   */
  @SuppressWarnings("unchecked")
  <M extends Message> M fill(M message, Set<String> skip) {
    Message.Builder b = message.toBuilder();
    for (FieldDescriptor f : message.getDescriptorForType().getFields()) {
      if (skip.contains(f.getFullName()) || unsetOneof(message, f)) {
        continue;
      }
      boolean string = f.getJavaType() == FieldDescriptor.JavaType.STRING;
      boolean child = f.getJavaType() == FieldDescriptor.JavaType.MESSAGE;
      if (f.isRepeated()) {
        for (int i = 0; i < message.getRepeatedFieldCount(f); i++) {
          if (string) {
            b.setRepeatedField(f, i, next(HOSTILE));
          } else if (child) {
            b.setRepeatedField(f, i, fill((Message) message.getRepeatedField(f, i), skip));
          }
        }
      } else if (string) {
        b.setField(f, next(HOSTILE));
      } else if (child && message.hasField(f)) {
        b.setField(f, fill((Message) message.getField(f), skip));
      }
    }
    return (M) b.build();
  }

  /** Setting a member of a oneof that is not set would drop the member that is. */
  private static boolean unsetOneof(Message m, FieldDescriptor f) {
    return f.getRealContainingOneof() != null && !m.hasField(f);
  }

  /** The paths to every string field of {@code m}, under the messages it has. */
  private static void slots(Message m, List<Step> path, List<List<Step>> out) {
    for (FieldDescriptor f : m.getDescriptorForType().getFields()) {
      if (unsetOneof(m, f)) {
        continue;
      }
      int n = f.isRepeated() ? m.getRepeatedFieldCount(f) : 1;
      for (int i = 0; i < n; i++) {
        List<Step> here = new ArrayList<>(path);
        here.add(new Step(f, f.isRepeated() ? i : -1));
        if (f.getJavaType() == FieldDescriptor.JavaType.STRING) {
          out.add(here);
        } else if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE
            && (f.isRepeated() || m.hasField(f))) {
          slots(
              f.isRepeated() ? (Message) m.getRepeatedField(f, i) : (Message) m.getField(f),
              here,
              out);
        }
      }
    }
  }

  /** {@code m} with the string at {@code slot} (from step {@code at} on) set to {@code value}. */
  private static Message set(Message m, List<Step> slot, int at, String value) {
    Step s = slot.get(at);
    Object v =
        at == slot.size() - 1
            ? value
            : set(
                (Message)
                    (s.index() < 0
                        ? m.getField(s.field())
                        : m.getRepeatedField(s.field(), s.index())),
                slot,
                at + 1,
                value);
    Message.Builder b = m.toBuilder();
    if (s.index() < 0) {
      b.setField(s.field(), v);
    } else {
      b.setRepeatedField(s.field(), s.index(), v);
    }
    return b.build();
  }
}
