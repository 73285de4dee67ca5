package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.BadRequest;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.util.List;
import org.junit.jupiter.api.Test;

class ViolationsTest {

  /** The BadRequest detail a client finds in an exception. */
  static BadRequest badRequest(StatusRuntimeException e) throws InvalidProtocolBufferException {
    com.google.rpc.Status status = StatusProto.fromThrowable(e);
    assertEquals(1, status.getDetailsCount());
    return status.getDetails(0).unpack(BadRequest.class);
  }

  @Test
  void oneViolationBecomesInvalidArgumentWithBadRequest() throws Exception {
    Violations v = new Violations();
    v.add("spec.evaluate.positions[2].sgf.move", "must be 0..61 (got 70)");
    StatusRuntimeException e = v.toException();
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    assertEquals(
        "spec.evaluate.positions[2].sgf.move: must be 0..61 (got 70)",
        e.getStatus().getDescription());
    assertNull(e.getCause(), "nothing of the server's stack may travel");
    BadRequest br = badRequest(e);
    assertEquals(1, br.getFieldViolationsCount());
    assertEquals("spec.evaluate.positions[2].sgf.move", br.getFieldViolations(0).getField());
    assertEquals("must be 0..61 (got 70)", br.getFieldViolations(0).getDescription());
  }

  @Test
  void violationsAreJoinedInOrder() {
    Violations v = new Violations();
    v.add("spec.name", "at most 200 characters (got 201)");
    v.range("spec.priority", -100, 100, 101);
    v.range("spec.priority", -100, 100, 100);
    v.maxLength("spec.name", 3, "abc");
    assertEquals(2, v.count());
    assertEquals(
        "spec.name: at most 200 characters (got 201); spec.priority: must be -100..100 (got 101)",
        v.description());
  }

  @Test
  void relativeProblemsGetThePrefix() {
    Violations v = new Violations();
    v.addRelative(
        "spec.evaluate.policies[1]",
        List.of("rules[0].params.ladder: must be 0..2 (got 3)", "no path here"));
    assertEquals(
        List.of(
            new Violations.Violation(
                "spec.evaluate.policies[1].rules[0].params.ladder", "must be 0..2 (got 3)"),
            new Violations.Violation("spec.evaluate.policies[1]", "no path here")),
        v.list());
  }

  @Test
  void aViolationWithoutFieldPrintsItsProblemOnly() {
    assertEquals(
        "cannot read x.json: no such file",
        Violations.of("", "cannot read x.json: no such file").getStatus().getDescription());
  }

  @Test
  void noViolationsNoException() {
    Violations v = new Violations();
    assertTrue(v.isEmpty());
    v.throwIfAny();
    assertThrows(IllegalStateException.class, v::toException);
  }

  @Test
  void pathsAndNumbers() {
    assertEquals("a.b", Violations.join("a", "b"));
    assertEquals("b", Violations.join("", "b"));
    assertEquals("a", Violations.join("a", ""));
    assertEquals("a[3]", Violations.index("a", 3));
    assertEquals("7", Violations.number(7.0));
    assertEquals("7.3", Violations.number(7.3));
    assertEquals("NaN", Violations.number(Double.NaN));
    assertEquals("0.0005", Violations.number(0.0005));
    assertEquals("-0.5", Violations.number(-0.5));
    assertEquals("1.0E300", Violations.number(1e300));
    assertEquals("1.0E-9", Violations.number(1e-9));
    assertEquals("'C3'", Violations.quote("C3"));
    assertEquals("'" + "x".repeat(40) + "...'", Violations.quote("x".repeat(100)));
  }

  @Test
  void longTextsAreCut() {
    Violations v = new Violations();
    v.add("f".repeat(1000), "p".repeat(1000));
    Violations.Violation only = v.list().get(0);
    assertEquals(Violations.MAX_TEXT, only.field().length());
    assertEquals(Violations.MAX_TEXT, only.problem().length());
    assertTrue(only.problem().endsWith("..."));
  }

  /**
   * A request with thousands of problems still gives a status that fits in the 8 KiB of trailers a
   * grpc-java client accepts: the description and the detail end with "and N more".
   */
  @Test
  void manyViolationsAreCappedWithACount() throws Exception {
    Violations v = new Violations();
    for (int i = 0; i < 5000; i++) {
      v.add(
          "spec.evaluate.positions[" + i + "].position.moves[7]",
          "C3 is occupied and this text is long enough to matter " + i);
    }
    assertEquals(5000, v.count());
    assertEquals(Violations.MAX_KEPT, v.list().size());
    StatusRuntimeException e = v.toException();
    String description = e.getStatus().getDescription();
    assertTrue(description.length() <= Violations.MAX_DESCRIPTION, description);
    assertTrue(description.startsWith("spec.evaluate.positions[0].position.moves[7]: C3"));
    int shown = description.split("; ").length - 1;
    assertTrue(description.endsWith("; and " + (5000 - shown) + " more"), description);

    BadRequest br = badRequest(e);
    assertTrue(br.getSerializedSize() <= Violations.MAX_DETAIL_BYTES, "" + br.getSerializedSize());
    BadRequest.FieldViolation last = br.getFieldViolations(br.getFieldViolationsCount() - 1);
    assertEquals("", last.getField());
    assertEquals(
        "and " + (5000 - (br.getFieldViolationsCount() - 1)) + " more", last.getDescription());
    // Both travel in trailers: together well under grpc-java's default 8 KiB, base64 included.
    int trailerBytes = Violations.sentLength(description) + br.getSerializedSize() * 4 / 3 + 200;
    assertTrue(trailerBytes < 8192, "" + trailerBytes);
  }

  @Test
  void sentLengthCountsPercentEncoding() {
    assertEquals(4, Violations.sentLength("ab C"));
    assertEquals(3 + 3 + 3, Violations.sentLength("%~\t"));
    assertEquals(6, Violations.sentLength("\u00e9"));
    assertEquals(9, Violations.sentLength("\u20ac"));
    assertEquals(12, Violations.sentLength("\ud83d\ude00"));
  }

  @Test
  void nonAsciiDescriptionsAreCappedByTheirEncodedSize() {
    Violations v = new Violations();
    for (int i = 0; i < 100; i++) {
      v.add("spec.name", "\u00e9".repeat(100));
    }
    String d = v.description();
    assertTrue(Violations.sentLength(d) <= Violations.MAX_DESCRIPTION, d);
    assertTrue(d.endsWith("; and 98 more"), "two of 11 + 600 bytes fit: " + d);
  }

  @Test
  void aSingleHugeViolationStillFits() {
    Violations v = new Violations();
    v.add("spec.name", "x".repeat(100_000));
    String d = v.description();
    assertFalse(d.isEmpty());
    assertTrue(d.length() <= Violations.MAX_DESCRIPTION);
  }
}
