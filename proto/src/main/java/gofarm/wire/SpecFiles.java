package gofarm.wire;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;
import gofarm.io.Sgf;
import gofarm.io.SgfGame;
import gofarm.io.SgfParseException;
import gofarm.proto.v1.BalanceSpec;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.FitSpec;
import gofarm.proto.v1.GammaSource;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.Openings;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ReferencePosition;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.TuneEvaluation;
import gofarm.proto.v1.TuneMatch;
import gofarm.proto.v1.TuneSpec;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The client side of job specs: reading a JSON spec file (the proto3 JSON mapping of {@code
 * JobSpec}) and putting the SGF files it names into the spec, since the coordinator never reads
 * client paths. Used by {@code gofarm submit} and {@code gofarm local}.
 *
 * <pre>{@code
 * JobSpec spec = SpecFiles.read(Path.of("examples/evaluate-9x9.json"));
 * ResolvedJob job = JobSpecs.resolve(spec);   // what the coordinator will do with it
 * }</pre>
 *
 * <p>Every problem is reported as the coordinator reports a bad spec, an {@code INVALID_ARGUMENT}
 * {@link io.grpc.StatusRuntimeException} (see {@link Violations}), so a client prints local and
 * remote refusals the same way. A value the JSON mapping refuses is reported at its field path (see
 * {@link JsonFieldProblem}): an unknown field with the fields its message has, an enum with its
 * values.
 */
public final class SpecFiles {
  private static final Pattern EXCEPTION_PREFIX =
      Pattern.compile("^(?:[a-z0-9_]+\\.)+[A-Za-z0-9_$]+(?:Exception|Error): ");

  /** The largest spec file: room for several SGF texts of {@link Sgf#MAX_INPUT_CHARS} inline. */
  public static final int MAX_SPEC_BYTES = 64 << 20;

  private SpecFiles() {}

  /**
   * Reads a spec file (UTF-8 JSON) and inlines the SGF files it names, relative to the spec's
   * directory.
   *
   * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT for an unreadable file, malformed JSON,
   *     unknown fields, or SGF files that cannot be read
   */
  public static JobSpec read(Path specFile) {
    String json;
    try {
      // Bounded while reading, from regular files only: /dev/zero or a FIFO is refused, not read.
      byte[] bytes = Sgf.readBounded(specFile, MAX_SPEC_BYTES, "MAX_SPEC_BYTES");
      json = StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      throw Violations.of("", "cannot read " + specFile + ": not UTF-8 text");
    } catch (SgfParseException e) {
      throw Violations.of("", "cannot read " + specFile + ": " + e.getMessage());
    } catch (UncheckedIOException e) {
      throw Violations.of("", "cannot read " + specFile + ": " + reason(e.getCause()));
    }
    JobSpec spec = parseJson(json, specFile.toString());
    Path dir = specFile.toAbsolutePath().getParent();
    return inlineGammaFiles(inlineSgfFiles(spec, dir), dir);
  }

  /**
   * Parses a spec in the proto3 JSON mapping.
   *
   * @param source the name of the text in messages, e.g. the file name
   * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT for malformed JSON, values of the wrong
   *     type and unknown fields (named with the fields the message has)
   */
  public static JobSpec parseJson(String json, String source) {
    JobSpec.Builder b = JobSpec.newBuilder();
    try {
      JsonFormat.parser().merge(json, b);
    } catch (InvalidProtocolBufferException | RuntimeException e) {
      // Gson's syntax errors may escape as runtime exceptions; all of them mean bad JSON here.
      throw refusal(json, source, e);
    }
    return b.build();
  }

  /** A spec text the parser refused: the field to fix when one is to blame, else the message. */
  private static StatusRuntimeException refusal(String json, String source, Exception e) {
    JsonFieldProblem problem;
    try {
      problem = JsonFieldProblem.find(json, JobSpec.getDescriptor(), "spec");
    } catch (RuntimeException notJson) {
      problem = null; // a syntax error: the parser's message gives its line and column
    }
    if (problem != null) {
      return Violations.of(problem.path(), problem.problem());
    }
    String message = e.getMessage() == null ? e.toString() : e.getMessage();
    return Violations.of("", source + ": " + EXCEPTION_PREFIX.matcher(message).replaceFirst(""));
  }

  /**
   * The spec with the text of every {@code sgf.file} filled in (the file name is kept, for default
   * labels). Relative paths are taken from {@code baseDir}. The text is the file's games as {@link
   * Sgf#write} writes them: read in the file's charset ({@code CA}, else UTF-8 or ISO-8859-1) and
   * checked here, so a syntax error is reported with the file's own line and column.
   *
   * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT naming every source whose file cannot
   *     be read, or that gives both text and file
   */
  public static JobSpec inlineSgfFiles(JobSpec spec, Path baseDir) {
    Violations v = new Violations();
    JobSpec.Builder b = spec.toBuilder();
    switch (spec.getKindCase()) {
      case EVALUATE -> {
        EvaluateSpec.Builder e = b.getEvaluateBuilder();
        for (int i = 0; i < e.getPositionsCount(); i++) {
          e.setPositions(
              i, inline(e.getPositions(i), "spec.evaluate.positions[" + i + "]", baseDir, v));
        }
      }
      case MATCH -> {
        MatchSpec.Builder m = b.getMatchBuilder();
        m.setOpenings(inline(m.getOpenings(), "spec.match.openings", baseDir, v));
      }
      case TUNE -> {
        TuneSpec.Builder t = b.getTuneBuilder();
        if (t.getObjective().hasMatch()) {
          TuneMatch.Builder m = t.getObjectiveBuilder().getMatchBuilder();
          m.setOpenings(inline(m.getOpenings(), "spec.tune.objective.match.openings", baseDir, v));
        }
        if (t.getObjective().hasEvaluation()) {
          TuneEvaluation.Builder e = t.getObjectiveBuilder().getEvaluationBuilder();
          for (int i = 0; i < e.getPositionsCount(); i++) {
            String path = "spec.tune.objective.evaluation.positions[" + i + "].position";
            ReferencePosition.Builder r = e.getPositionsBuilder(i);
            r.setPosition(inline(r.getPosition(), path, baseDir, v));
          }
        }
        if (t.getConfirm().hasMatch()) {
          TuneMatch.Builder m = t.getConfirmBuilder().getMatchBuilder();
          m.setOpenings(inline(m.getOpenings(), "spec.tune.confirm.match.openings", baseDir, v));
        }
      }
      case FIT -> {
        FitSpec.Builder f = b.getFitBuilder();
        for (int i = 0; i < f.getGamesCount(); i++) {
          f.setGames(i, inline(f.getGames(i), "spec.fit.games[" + i + "]", baseDir, v));
        }
      }
      case BALANCE -> {
        BalanceSpec.Builder bal = b.getBalanceBuilder();
        for (int i = 0; i < bal.getPositionsCount(); i++) {
          String path = "spec.balance.positions[" + i + "].position";
          ReferencePosition.Builder r = bal.getPositionsBuilder(i);
          r.setPosition(inline(r.getPosition(), path, baseDir, v));
        }
        if (bal.hasGames()) {
          bal.setGames(inline(bal.getGames(), "spec.balance.games", baseDir, v));
        }
        if (bal.getConfirm().hasMatch()) {
          TuneMatch.Builder m = bal.getConfirmBuilder().getMatchBuilder();
          m.setOpenings(inline(m.getOpenings(), "spec.balance.confirm.match.openings", baseDir, v));
        }
      }
      default -> {}
    }
    v.throwIfAny();
    return b.build();
  }

  /**
   * The spec with the text of every softmax policy's {@code gamma.file} filled in, wherever a
   * policy appears (evaluate, match and tune specs, fit jobs' start tables): the spec is walked by
   * its descriptors, so a new kind's policies are found without a line here.
   *
   * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT naming every table that cannot be read,
   *     or that gives both text and file
   */
  public static JobSpec inlineGammaFiles(JobSpec spec, Path baseDir) {
    Violations v = new Violations();
    JobSpec.Builder b = spec.toBuilder();
    inlineGammas(b, "spec", baseDir, v);
    v.throwIfAny();
    return b.build();
  }

  private static void inlineGammas(Message.Builder b, String path, Path baseDir, Violations v) {
    if (b instanceof GammaSource.Builder gamma) {
      if (gamma.getFile().isEmpty()) {
        return;
      }
      if (!gamma.getText().isEmpty()) {
        v.add(path, "give either text or file, not both");
        return;
      }
      String text = gammaText(baseDir, gamma.getFile(), Violations.join(path, "file"), v);
      if (text != null) {
        gamma.setText(text);
      }
      return;
    }
    for (FieldDescriptor f : b.getDescriptorForType().getFields()) {
      if (f.getJavaType() != FieldDescriptor.JavaType.MESSAGE || f.isMapField()) {
        continue;
      }
      String fieldPath = Violations.join(path, f.getJsonName());
      if (f.isRepeated()) {
        for (int i = 0; i < b.getRepeatedFieldCount(f); i++) {
          inlineGammas(b.getRepeatedFieldBuilder(f, i), Violations.index(fieldPath, i), baseDir, v);
        }
      } else if (b.hasField(f)) {
        inlineGammas(b.getFieldBuilder(f), fieldPath, baseDir, v);
      }
    }
  }

  private static String gammaText(Path baseDir, String file, String path, Violations v) {
    Path resolved = baseDir.resolve(file).normalize();
    String where = file + (Path.of(file).isAbsolute() ? "" : " (" + resolved + ")");
    if (Files.isDirectory(resolved)) {
      v.add(path, "cannot read " + where + ": a directory, not a file");
      return null;
    }
    try {
      byte[] bytes = Sgf.readBounded(resolved, Codec.MAX_GAMMA_TEXT, "MAX_GAMMA_TEXT");
      return StandardCharsets.UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
    } catch (CharacterCodingException e) {
      v.add(path, "cannot read " + where + ": not UTF-8 text");
    } catch (UncheckedIOException e) {
      v.add(path, "cannot read " + where + ": " + reason(e.getCause()));
    } catch (SgfParseException e) {
      v.add(path, "cannot read " + where + ": " + e.getMessage());
    }
    return null;
  }

  /** A position source at {@code path} with its SGF file's text filled in. */
  private static PositionSource inline(PositionSource s, String path, Path baseDir, Violations v) {
    if (s.getSourceCase() != PositionSource.SourceCase.SGF) {
      return s;
    }
    return s.toBuilder()
        .setSgf(inline(s.getSgf(), Violations.join(path, "sgf"), baseDir, v))
        .build();
  }

  /** Openings at {@code path} with their SGF file's text filled in. */
  private static Openings inline(Openings o, String path, Path baseDir, Violations v) {
    if (o.getSourceCase() != Openings.SourceCase.SGF) {
      return o;
    }
    return o.toBuilder()
        .setSgf(inline(o.getSgf(), Violations.join(path, "sgf"), baseDir, v))
        .build();
  }

  /** An SGF source at {@code path} with its file's text filled in (or as it is, without a file). */
  private static SgfSource inline(SgfSource sgf, String path, Path baseDir, Violations v) {
    if (sgf.getFile().isEmpty()) {
      return sgf;
    }
    if (!sgf.getText().isEmpty()) {
      v.add(path, "give either text or file, not both");
      return sgf;
    }
    String text = sgfText(baseDir, sgf.getFile(), Violations.join(path, "file"), v);
    return text == null ? sgf : sgf.toBuilder().setText(text).build();
  }

  private static String sgfText(Path baseDir, String file, String path, Violations v) {
    Path resolved = baseDir.resolve(file).normalize();
    String where = file + (Path.of(file).isAbsolute() ? "" : " (" + resolved + ")");
    if (Files.isDirectory(resolved)) {
      v.add(path, "cannot read " + where + ": a directory, not a file");
      return null;
    }
    List<SgfGame> games;
    try {
      games = Sgf.read(resolved);
    } catch (UncheckedIOException e) {
      v.add(path, "cannot read " + where + ": " + reason(e.getCause()));
      return null;
    } catch (SgfParseException e) {
      v.add(path, file + ": " + e.getMessage());
      return null;
    }
    StringBuilder sb = new StringBuilder();
    for (SgfGame game : games) {
      sb.append(Sgf.write(game));
    }
    return sb.toString();
  }

  private static String reason(IOException e) {
    if (e instanceof NoSuchFileException) {
      return "no such file";
    }
    if (e instanceof AccessDeniedException) {
      return "permission denied";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }
}
