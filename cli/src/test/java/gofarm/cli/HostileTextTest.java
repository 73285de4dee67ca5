package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.protobuf.util.JsonFormat;
import gofarm.cli.command.JobsCommand;
import gofarm.cli.console.JobWatcher;
import gofarm.playout.GammaTable;
import gofarm.proto.v1.BalanceSpec;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.FitSpec;
import gofarm.proto.v1.GammaSource;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.JobState;
import gofarm.proto.v1.JobStatus;
import gofarm.proto.v1.MatchPlayer;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.Openings;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.ReferencePosition;
import gofarm.proto.v1.Rules;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.SprtSpec;
import gofarm.proto.v1.TuneConfirm;
import gofarm.proto.v1.TuneEvaluation;
import gofarm.proto.v1.TuneMatch;
import gofarm.proto.v1.TuneObjective;
import gofarm.proto.v1.TuneParameter;
import gofarm.proto.v1.TuneSpec;
import gofarm.report.Headline;
import gofarm.report.ResultsFiles;
import gofarm.report.ResultsReport;
import gofarm.wire.JobSpecs;
import io.grpc.StatusRuntimeException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.w3c.dom.Document;

/**
 * Every string a client or a worker sends is escaped wherever the terminal, a CSV file or an SVG
 * picture shows it. For each kind of job, every string field of a small spec that the spec still
 * accepts is set to a hostile value ({@link HostileText}) and the job runs; its results and status
 * stream are rendered as {@code gofarm results} (table, CSV, JSON), {@code watch} and {@code local}
 * (the progress lines), {@code cancel} (the headline), {@code jobs} and {@code results --out} (the
 * files) render them. Then the same again with every string field of the results and the statuses
 * hostile (but for the few the client parses), which stands for what a worker or a later field
 * could carry. The terminal output and every file must hold no control, C1 or bidirectional
 * character but line breaks; the JSON must read back as the results; every CSV line must have the
 * header's columns, and no text cell may start a formula; every SVG must parse as XML and hold no
 * {@code script} element.
 */
class HostileTextTest {
  /**
   * Fields the client parses rather than shows: the spec (its own hostile run covers it), moves.
   */
  private static final Set<String> PARSED =
      Set.of(
          "gofarm.v1.JobResults.spec",
          "gofarm.v1.Position.black",
          "gofarm.v1.Position.white",
          "gofarm.v1.Move.vertex",
          "gofarm.v1.MoveValue.vertex");

  private static final String GAME = TrainingGames.sgf(1, 5, 14, 7);
  private static final String GAMES = TrainingGames.sgf(4, 5, 20, 8);

  private static InProcessFarm farm;

  @BeforeAll
  static void start() {
    farm = new InProcessFarm();
    farm.startWorker("w", 2);
  }

  @AfterAll
  static void stop() {
    farm.close();
  }

  private static PolicySpec custom(String name, String text) {
    return PolicySpec.newBuilder().setName(name).setText(text).build();
  }

  private static MatchPlayer search(String name, PolicySpec policy) {
    return MatchPlayer.newBuilder()
        .setName(name)
        .setSearch(SearchPlayerSpec.newBuilder().setPolicy(policy).setPlayouts(8))
        .build();
  }

  private static PositionSource sgf(String label) {
    return PositionSource.newBuilder()
        .setLabel(label)
        .setSgf(SgfSource.newBuilder().setText(GAME).setFile("game.sgf"))
        .build();
  }

  private static TuneConfirm.Builder confirm() {
    return TuneConfirm.newBuilder()
        .setPairs(1)
        .setSprt(SprtSpec.newBuilder().setElo0(0).setElo1(50))
        .setMatch(TuneMatch.newBuilder().setSize(5).setPlayouts(8));
  }

  private static JobSpec job(JobSpec.Builder b) {
    return b.setName("job").setSeed(3).setRules(Rules.newBuilder().setKomi(0.5)).build();
  }

  /** A small spec of each kind, and fields its hostile version must have filled. */
  static Stream<Arguments> kinds() {
    return Stream.of(
        Arguments.of(
            "evaluate",
            job(
                JobSpec.newBuilder()
                    .setEvaluate(
                        EvaluateSpec.newBuilder()
                            .addPositions(PositionSource.newBuilder().setLabel("empty").setEmpty(5))
                            .addPositions(sgf("game"))
                            .addPolicies(custom("mine", "capture random"))
                            .addPolicies(PolicySpec.newBuilder().setName("uniform"))
                            .setPlayouts(64)
                            .setTopMoves(3))),
            List.of(
                "name",
                "evaluate.positions[0].label",
                "evaluate.positions[1].sgf.file",
                "evaluate.policies[0].name")),
        Arguments.of(
            "match",
            job(
                JobSpec.newBuilder()
                    .setMatch(
                        MatchSpec.newBuilder()
                            .setCandidate(search("candidate", custom("mine", "capture random")))
                            .setBaseline(
                                search(
                                    "baseline", PolicySpec.newBuilder().setName("uniform").build()))
                            .setSize(5)
                            .setPairs(2)
                            .setSprt(SprtSpec.newBuilder().setElo0(0).setElo1(50))
                            .setOpenings(Openings.newBuilder().setRandomMoves(2)))),
            List.of(
                "name",
                "match.candidate.name",
                "match.candidate.search.policy.name",
                "match.baseline.name")),
        Arguments.of(
            "tune",
            job(
                JobSpec.newBuilder()
                    .setTune(
                        TuneSpec.newBuilder()
                            .setPolicy(custom("mine", "capture@0.8 random"))
                            .addParameters(
                                TuneParameter.newBuilder()
                                    .setPath("rules[0].rate")
                                    .setMin(0.5)
                                    .setMax(1)
                                    .setCEnd(0.05)
                                    .setREnd(0.002))
                            .setObjective(
                                TuneObjective.newBuilder()
                                    .setEvaluation(
                                        TuneEvaluation.newBuilder()
                                            .addPositions(
                                                ReferencePosition.newBuilder()
                                                    .setPosition(sgf("game"))
                                                    .setBlackValue(0.6))
                                            .setPlayouts(16)))
                            .setIterations(2)
                            .setBatchPairs(2)
                            .setConfirm(confirm()))),
            List.of(
                "name",
                "tune.policy.name",
                "tune.objective.evaluation.positions[0].position.label")),
        Arguments.of(
            "fit",
            job(
                JobSpec.newBuilder()
                    .setFit(
                        FitSpec.newBuilder()
                            .addGames(SgfSource.newBuilder().setText(GAMES).setFile("games.sgf"))
                            .setMaxIterations(2))),
            List.of("name", "fit.games[0].file")),
        Arguments.of(
            "balance",
            job(
                JobSpec.newBuilder()
                    .setBalance(
                        BalanceSpec.newBuilder()
                            .setPolicy(
                                PolicySpec.newBuilder()
                                    .setName("start")
                                    .setGamma(
                                        GammaSource.newBuilder()
                                            .setText(GammaTable.uniform().format())))
                            .addPositions(ReferencePosition.newBuilder().setPosition(sgf("game")))
                            .addPositions(
                                ReferencePosition.newBuilder()
                                    .setPosition(PositionSource.newBuilder().setEmpty(5)))
                            .setReferencePlayer(
                                SearchPlayerSpec.newBuilder()
                                    .setPolicy(custom("judge", "capture random"))
                                    .setPlayouts(16))
                            .setIterations(1)
                            .setValuePlayouts(8)
                            .setGradientPlayouts(8)
                            .setConfirm(confirm()))),
            List.of(
                "name",
                "balance.policy.name",
                "balance.positions[0].position.label",
                "balance.referencePlayer.policy.name")));
  }

  private static boolean accepted(JobSpec spec) {
    try {
      JobSpecs.resolve(spec);
      return true;
    } catch (StatusRuntimeException e) {
      return false;
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("kinds")
  void everyStringIsEscapedWhereverItIsShown(
      String kind, JobSpec base, List<String> expected, @TempDir Path dir) {
    assertTrue(accepted(base), kind + ": the spec before");
    HostileText hostile = new HostileText();
    List<String> filled = new ArrayList<>();
    JobSpec spec = hostile.spec(base, HostileTextTest::accepted, filled);
    assertTrue(filled.containsAll(expected), kind + ": filled " + filled);

    String id = farm.submit(spec);
    GetJobRequest request = GetJobRequest.newBuilder().setJobId(id).build();
    List<JobStatus> stream = new ArrayList<>();
    farm.farm
        .withDeadlineAfter(60, TimeUnit.SECONDS)
        .watchJob(request)
        .forEachRemaining(stream::add);
    JobStatus last = stream.get(stream.size() - 1);
    assertEquals(JobState.SUCCEEDED, last.getState(), last.getMessage());
    JobResults results = farm.farm.withDeadlineAfter(30, TimeUnit.SECONDS).getResults(request);
    List<String> problems = new ArrayList<>();
    new Rendered(kind + " (hostile spec)", problems).check(results, stream, dir.resolve("spec"));

    List<JobStatus> hostileStream = new ArrayList<>();
    for (JobStatus s : stream) {
      hostileStream.add(hostile.fill(s, PARSED));
    }
    JobResults hostileResults =
        hostile.fill(results, PARSED).toBuilder()
            .setStatus(hostileStream.get(hostileStream.size() - 1))
            .build();
    Rendered all = new Rendered(kind + " (hostile results)", problems);
    all.check(hostileResults, hostileStream, dir.resolve("all"));
    if (!all.pictures.toString().contains("&lt;script&gt;")) {
      problems.add(kind + ": no hostile text in any picture");
    }
    assertEquals("", String.join("\n", problems), problems.size() + " problems");
  }

  /** One rendering of a job's results and statuses, as the commands render them, checked. */
  private static final class Rendered {
    private final String what;
    private final List<String> problems;
    private final StringBuilder pictures = new StringBuilder();

    Rendered(String what, List<String> problems) {
      this.what = what;
      this.problems = problems;
    }

    private void problem(String where, String text) {
      StringBuilder shown = new StringBuilder();
      for (char c : text.toCharArray()) {
        shown.append(unsafe(c) ? String.format("<U+%04X>", (int) c) : String.valueOf(c));
      }
      problems.add(what + ": " + where + ": " + shown);
    }

    void check(JobResults results, List<JobStatus> stream, Path dir) {
      StringWriter watched = new StringWriter();
      PrintWriter err = new PrintWriter(watched);
      JobWatcher.follow(stream.iterator(), err);
      err.flush();
      JobStatus last = stream.get(stream.size() - 1);
      String terminal =
          String.join(
              "\n",
              ResultsReport.table(results),
              watched.toString(),
              Headline.of(last),
              JobsCommand.table(List.of(last)));
      terminal("terminal", terminal);
      if (!terminal.contains("\\u202eY")) {
        problem("terminal", "no hostile text shown");
      }

      String json = ResultsReport.json(results);
      terminal("--format json", json);
      JobResults.Builder back = JobResults.newBuilder();
      try {
        JsonFormat.parser().merge(json, back);
        if (!back.build().equals(results)) {
          problem("--format json", "does not read back as the results");
        }
      } catch (IOException e) {
        problem("--format json", e.getMessage());
      }
      csv("--format csv", ResultsReport.csv(results));

      List<Path> files;
      try {
        files = ResultsFiles.write(results, dir);
      } catch (RuntimeException e) {
        problem("--out", e.toString());
        return;
      }
      for (Path file : files) {
        String name = dir.relativize(file).toString();
        String text;
        try {
          text = Files.readString(file);
        } catch (IOException e) {
          problem(name, e.toString());
          continue;
        }
        if (name.endsWith(".csv")) {
          csv(name, text);
        } else if (name.endsWith(".svg")) {
          svg(name, text);
          pictures.append(text);
        } else {
          terminal(name, text);
        }
      }
    }

    /** No character that must not reach a terminal raw. */
    private void terminal(String where, String text) {
      for (int i = 0; i < text.length(); i++) {
        if (unsafe(text.charAt(i))) {
          int from = text.lastIndexOf('\n', i) + 1;
          int to = text.indexOf('\n', i);
          problem(where, "raw character in: " + text.substring(from, to < 0 ? text.length() : to));
          return;
        }
      }
    }

    /** Every line has the header's columns, and no text cell starts a formula. */
    private void csv(String where, String csv) {
      terminal(where, csv);
      List<String> lines = csv.lines().filter(l -> !l.startsWith("#")).toList();
      List<String> header = fields(lines.get(0));
      int columns = header == null ? -1 : header.size();
      for (String line : lines) {
        List<String> cells = fields(line);
        if (cells == null || cells.size() != columns) {
          problem(where, "not " + columns + " columns: " + line);
          return;
        }
        for (String cell : cells) {
          if (!cell.isEmpty() && "=+-@".indexOf(cell.charAt(0)) >= 0 && !isNumber(cell)) {
            problem(where, "a cell that a spreadsheet would run as a formula: " + cell);
            return;
          }
        }
      }
    }

    /** Well-formed XML without a script element. */
    private void svg(String where, String svg) {
      terminal(where, svg);
      try {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        Document doc =
            factory
                .newDocumentBuilder()
                .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
        if (doc.getElementsByTagNameNS("*", "script").getLength() > 0) {
          problem(where, "a script element");
        }
      } catch (Exception e) {
        problem(where, "not well-formed XML: " + e.getMessage());
      }
    }
  }

  /** Characters that must never reach a terminal raw: line breaks of the output aside. */
  private static boolean unsafe(char c) {
    return (c < 0x20 && c != '\n')
        || (c >= 0x7f && c <= 0x9f)
        || (c >= 0x202a && c <= 0x202e)
        || (c >= 0x2066 && c <= 0x2069)
        || c == 0x200e
        || c == 0x200f
        || c == 0x061c
        || c == 0x2028
        || c == 0x2029
        || Character.isSurrogate(c); // the output has no character beyond the BMP of its own
  }

  private static boolean isNumber(String cell) {
    try {
      Double.parseDouble(cell);
      return true;
    } catch (NumberFormatException e) {
      return false;
    }
  }

  /** The RFC 4180 fields of one line, or null when it ends inside quotes. */
  private static List<String> fields(String line) {
    List<String> out = new ArrayList<>();
    StringBuilder cell = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < line.length(); i++) {
      char c = line.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
          cell.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          cell.append(c);
        }
      } else if (c == '"' && cell.length() == 0) {
        quoted = true;
      } else if (c == ',') {
        out.add(cell.toString());
        cell.setLength(0);
      } else {
        cell.append(c);
      }
    }
    out.add(cell.toString());
    return quoted ? null : out;
  }
}
