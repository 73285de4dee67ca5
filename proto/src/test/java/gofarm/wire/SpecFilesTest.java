package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import com.google.gson.JsonPrimitive;
import gofarm.playout.PolicySpec;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.SgfSource;
import gofarm.rules.KoRule;
import gofarm.rules.Player;
import gofarm.rules.Rules;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SpecFilesTest {

  private static final String SPEC =
      """
      {
        "name": "9x9 openings",
        "seed": "42",
        "priority": 5,
        "rules": {"komi": 7, "koRule": "KO_SITUATIONAL"},
        "evaluate": {
          "positions": [
            {"empty": 9},
            {"label": "tengen",
             "position": {"size": 9, "moves": [{"color": "BLACK", "vertex": "E5"}],
                          "toPlay": "BLACK"}},
            {"sgf": {"file": "games/short.sgf", "move": 3}},
            {"sgf": {"file": "games/short.sgf", "move": 0}},
            {"label": "all", "sgf": {"file": "games/short.sgf", "everyMove": true}}
          ],
          "policies": [
            {"name": "uniform"},
            {"name": "mine", "text": "capture random"},
            {"rules": [{"kind": "extend", "rate": 0.9, "params": {"ladder": 2}},
                       {"kind": "random"}]}
          ],
          "playouts": "20000",
          "stopAtWidth": 0.01,
          "chunkPlayouts": 5000,
          "topMoves": 0
        }
      }
      """;

  private static final String SHORT_GAME = "(;GM[1]SZ[9];B[ee];W[cc];B[gc];W[cg])";

  private static String description(Runnable action) {
    StatusRuntimeException e = assertThrows(StatusRuntimeException.class, action::run);
    assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode());
    return e.getStatus().getDescription();
  }

  @Test
  void aFullEvaluateSpecReadsAndResolves(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("games"));
    Files.writeString(dir.resolve("games/short.sgf"), SHORT_GAME);
    Path specFile = dir.resolve("spec.json");
    Files.writeString(specFile, SPEC);

    JobSpec spec = SpecFiles.read(specFile);
    SgfSource sgf = spec.getEvaluate().getPositions(2).getSgf();
    assertEquals("games/short.sgf", sgf.getFile(), "kept for labels");
    assertTrue(sgf.getText().contains("B[ee]"), sgf.getText());
    assertTrue(spec.getEvaluate().getPositions(3).getSgf().hasMove(), "an explicit move 0");

    ResolvedEvaluation job = (ResolvedEvaluation) JobSpecs.resolve(spec);
    assertEquals("9x9 openings", job.name());
    assertEquals(42, job.seed());
    assertEquals(5, job.priority());
    assertEquals(new Rules(7, KoRule.SITUATIONAL, false), job.rules());
    assertEquals(20_000, job.playouts());
    assertEquals(0.01, job.stopAtWidth());
    assertEquals(5000, job.chunkSize());
    assertEquals(0, job.topMoves());
    assertEquals(
        List.of(
            PolicySpec.PRESETS.get("uniform"),
            new PolicySpec("mine", PolicySpec.parse("capture random").rules()),
            PolicySpec.parse("extend(ladder=2)@0.9 random")),
        job.policies());
    List<String> labels = new ArrayList<>();
    job.positions().forEach(p -> labels.add(p.label()));
    assertEquals(
        List.of(
            "empty 9x9",
            "tengen",
            "short.sgf move 3",
            "short.sgf move 0",
            "all move 0",
            "all move 1",
            "all move 2",
            "all move 3",
            "all move 4"),
        labels);
    assertEquals(Player.BLACK, job.positions().get(1).toPlay(), "as the spec says");
    assertEquals(3, job.positions().get(2).position().getMovesCount());
    assertEquals(Player.WHITE, job.positions().get(2).toPlay());
    assertEquals(0, job.positions().get(3).position().getMovesCount());
  }

  @Test
  void unknownFieldsAreNamedAtTheirPathWithTheKnownOnes() {
    assertEquals(
        "spec.nmae: unknown field (JobSpec has name, seed, priority, rules, evaluate, match, tune, fit,"
            + " balance)",
        refused("{\"nmae\": \"x\"}"));
    assertEquals(
        "spec.evaluate.positon: unknown field (EvaluateSpec has positions, policies, playouts,"
            + " stopAtWidth, chunkPlayouts, topMoves)",
        refused("{\"evaluate\": {\"positon\": []}}"));
    assertEquals(
        "spec.rules.komi_: unknown field (Rules has komi, koRule, suicideAllowed)",
        refused("{\"name\": \"ok\", \"rules\": {\"komi\": 7, \"komi_\": 7}}"));
  }

  @Test
  void valuesOfTheWrongKindAreNamedAtTheirPath() {
    assertEquals(
        "spec.priority: not an int32 value: \"high\"", refused("{\"priority\": \"high\"}"));
    assertEquals(
        "spec.evaluate.playouts: not an int64 value: \"lots\"",
        refused("{\"evaluate\": {\"positions\": [{\"empty\": 9}], \"playouts\": \"lots\"}}"));
    assertEquals(
        "spec.rules.koRule: must be one of KO_SIMPLE, KO_POSITIONAL, KO_SITUATIONAL (got"
            + " \"KO_FOO\")",
        refused("{\"rules\": {\"koRule\": \"KO_FOO\"}}"));
    assertEquals(
        "spec.match.sprt.model: must be one of LOGISTIC, NORMALIZED (got \"BAYES\")",
        refused("{\"match\": {\"sprt\": {\"model\": \"BAYES\"}}}"));
    // An SGF record written where the source object belongs: the second position, by index.
    assertEquals(
        "spec.evaluate.positions[1].sgf: must be an object with the fields text, file, move,"
            + " everyMove, game (got a string)",
        refused("{\"evaluate\": {\"positions\": [{\"empty\": 9}, {\"sgf\": \"(;SZ[9])\"}]}}"));
    assertEquals(
        "spec.evaluate.policies[0].rules: must be an array [...] (got a string)",
        refused("{\"evaluate\": {\"policies\": [{\"name\": \"heavy\", \"rules\": \"capture\"}]}}"));
    assertEquals(
        "spec.evaluate.policies[0].rules[1].params.scope: not a double value: \"wide\"",
        refused(
            "{\"evaluate\": {\"policies\": [{\"rules\": [{\"kind\": \"random\"},"
                + " {\"kind\": \"capture\", \"params\": {\"ladder\": 1, \"scope\": \"wide\"}}]}]}}"));
    assertEquals(
        "spec: must be an object with the fields name, seed, priority, rules, evaluate, match, tune,"
            + " fit, balance (got an array)",
        refused("[1, 2]"));
  }

  @Test
  void twoFieldsOfOneChoiceAreNamed() {
    assertEquals(
        "spec.evaluate.positions[0]: give only one of empty, position, sgf (got empty and sgf)",
        refused("{\"evaluate\": {\"positions\": [{\"empty\": 9, \"sgf\": {\"text\": \"(;)\"}}]}}"));
    assertEquals(
        "spec: give only one of evaluate, match, tune, fit, balance (got evaluate and match)",
        refused("{\"evaluate\": {}, \"match\": {}}"));
  }

  /**
   * Any value of any kind put anywhere in a valid spec is read or refused as INVALID_ARGUMENT at a
   * field path under {@code spec}, never anything else.
   */
  @Test
  void anyValueAnywhereIsReadOrRefusedAtAFieldPath() {
    JsonObject valid = JsonParser.parseString(SPEC).getAsJsonObject();
    List<JsonElement> kinds =
        List.of(
            new JsonPrimitive("x"),
            new JsonPrimitive(-1.5),
            new JsonPrimitive(true),
            new JsonArray(),
            new JsonObject(),
            JsonNull.INSTANCE,
            JsonParser.parseString("[{\"a\": 1}]"),
            JsonParser.parseString("{\"empty\": 9, \"sgf\": {}}"));
    Random random = new Random(7);
    int refused = 0;
    for (int trial = 0; trial < 2000; trial++) {
      JsonObject spec = valid.deepCopy();
      replaceSomewhere(spec, kinds.get(random.nextInt(kinds.size())), random);
      try {
        SpecFiles.parseJson(spec.toString(), "spec.json");
      } catch (StatusRuntimeException e) {
        refused++;
        assertEquals(Status.Code.INVALID_ARGUMENT, e.getStatus().getCode(), spec.toString());
        String why = e.getStatus().getDescription();
        assertTrue(why.startsWith("spec") && !why.startsWith("spec.json"), why + " for " + spec);
      }
    }
    assertTrue(refused > 500, "most replacements are refused: " + refused);
  }

  /** Replaces one value of the tree (a member's or an element's) by {@code value}. */
  private static void replaceSomewhere(JsonElement tree, JsonElement value, Random random) {
    while (true) {
      if (tree.isJsonObject() && !tree.getAsJsonObject().isEmpty()) {
        JsonObject o = tree.getAsJsonObject();
        List<String> names = new ArrayList<>(o.keySet());
        String name = names.get(random.nextInt(names.size()));
        if (random.nextInt(3) == 0 || !isContainer(o.get(name))) {
          o.add(name, value.deepCopy());
          return;
        }
        tree = o.get(name);
      } else if (tree.isJsonArray() && !tree.getAsJsonArray().isEmpty()) {
        JsonArray a = tree.getAsJsonArray();
        int i = random.nextInt(a.size());
        if (random.nextInt(3) == 0 || !isContainer(a.get(i))) {
          a.set(i, value.deepCopy());
          return;
        }
        tree = a.get(i);
      } else {
        return;
      }
    }
  }

  private static boolean isContainer(JsonElement e) {
    return e.isJsonObject() && !e.getAsJsonObject().isEmpty()
        || e.isJsonArray() && !e.getAsJsonArray().isEmpty();
  }

  @Test
  void malformedJsonIsReportedWithTheParsersPlace() {
    assertEquals(
        "spec.json: End of input at line 1 column 10 path $.name",
        description(() -> SpecFiles.parseJson("{\"name\": ", "spec.json")));
  }

  /** The refusal of a spec text: "field: problem". */
  private static String refused(String json) {
    return description(() -> SpecFiles.parseJson(json, "spec.json"));
  }

  @Test
  void sgfFileProblems(@TempDir Path dir) throws IOException {
    Files.createDirectories(dir.resolve("games"));
    Files.writeString(dir.resolve("games/bad.sgf"), "(;SZ[9]\n;B[ee");
    Path spec = dir.resolve("spec.json");
    Files.writeString(
        spec,
        """
        {"evaluate": {"positions": [
          {"sgf": {"file": "games/missing.sgf"}},
          {"sgf": {"file": "games/bad.sgf"}},
          {"sgf": {"file": "games/bad.sgf", "text": "(;SZ[9])"}},
          {"sgf": {"file": "games"}}
        ], "policies": [{"name": "uniform"}]}}
        """);
    String games = dir.resolve("games").toString();
    assertEquals(
        "spec.evaluate.positions[0].sgf.file: cannot read games/missing.sgf ("
            + games
            + "/missing.sgf): no such file; spec.evaluate.positions[1].sgf.file: games/bad.sgf:"
            + " line 2, column 6: expected ']' to close the value of property B started at line 2,"
            + " column 3; spec.evaluate.positions[2].sgf: give either text or file, not both;"
            + " spec.evaluate.positions[3].sgf.file: cannot read games ("
            + games
            + "): a directory, not a file",
        description(() -> SpecFiles.read(spec)));
  }

  @Test
  void aFitSpecsGameFilesAndStartTableAreReadRelativeToTheSpec(@TempDir Path dir)
      throws IOException {
    Files.createDirectories(dir.resolve("fit"));
    Files.writeString(
        dir.resolve("fit/games.sgf"), "(;GM[1]SZ[9];B[ee];W[cc])\n(;GM[1]SZ[9];B[dd])");
    Files.writeString(dir.resolve("fit/start.gamma"), "capture size=1 3\n");
    Path spec = dir.resolve("fit/fit.json");
    Files.writeString(
        spec,
        """
        {"fit": {"games": [{"file": "games.sgf"}, {"file": "missing.sgf"}],
                 "start": {"file": "start.gamma"}}}
        """);
    assertEquals(
        "spec.fit.games[1].file: cannot read missing.sgf ("
            + dir.resolve("fit/missing.sgf")
            + "): no such file",
        description(() -> SpecFiles.read(spec)));
    Files.writeString(
        spec,
        "{\"fit\": {\"games\": [{\"file\": \"games.sgf\"}], \"start\": {\"file\": \"start.gamma\"}}}");
    JobSpec read = SpecFiles.read(spec);
    assertEquals("games.sgf", read.getFit().getGames(0).getFile(), "kept for messages");
    assertEquals(2, gofarm.io.Sgf.parse(read.getFit().getGames(0).getText()).size());
    assertEquals("capture size=1 3\n", read.getFit().getStart().getText());
    ResolvedFit f = (ResolvedFit) JobSpecs.resolve(read);
    assertEquals(2, f.games());
  }

  @Test
  void sgfFilesAreReadInTheirCharset(@TempDir Path dir) throws IOException {
    byte[] latin1 = "(;CA[ISO-8859-1]SZ[9]C[Café];B[ee])".getBytes(StandardCharsets.ISO_8859_1);
    Files.write(dir.resolve("latin.sgf"), latin1);
    Path spec = dir.resolve("s.json");
    Files.writeString(
        spec,
        "{\"evaluate\": {\"positions\": [{\"sgf\": {\"file\": \"latin.sgf\"}}],"
            + " \"policies\": [{\"name\": \"uniform\"}]}}");
    String text = SpecFiles.read(spec).getEvaluate().getPositions(0).getSgf().getText();
    assertTrue(text.contains("C[Café]"), text);
  }

  @Test
  void specFileProblems(@TempDir Path dir) throws IOException {
    Path missing = dir.resolve("missing.json");
    assertEquals(
        "cannot read " + missing + ": no such file", description(() -> SpecFiles.read(missing)));
    Path binary = dir.resolve("binary.json");
    Files.write(binary, new byte[] {'{', (byte) 0xff, '}'});
    assertEquals(
        "cannot read " + binary + ": not UTF-8 text", description(() -> SpecFiles.read(binary)));
    Path unknown = dir.resolve("unknown.json");
    Files.writeString(unknown, "{\"evaluate\": {\"playout\": 5}}");
    assertEquals(
        "spec.evaluate.playout: unknown field (EvaluateSpec has positions, policies, playouts,"
            + " stopAtWidth, chunkPlayouts, topMoves)",
        description(() -> SpecFiles.read(unknown)));
  }

  /** Endless inputs are refused at once: a device as the spec, or as one of its SGF files. */
  @Test
  void devicesAreRefusedNotRead(@TempDir Path dir) throws IOException {
    Path zero = Path.of("/dev/zero");
    org.junit.jupiter.api.Assumptions.assumeTrue(Files.exists(zero), "no /dev/zero here");
    assertEquals(
        "cannot read /dev/zero: /dev/zero is not a regular file (a device, FIFO or socket): give"
            + " the path of a file",
        description(() -> SpecFiles.read(zero)));
    Path spec = dir.resolve("spec.json");
    Files.writeString(
        spec, "{\"evaluate\": {\"positions\": [{\"sgf\": {\"file\": \"/dev/urandom\"}}]}}");
    assertEquals(
        "spec.evaluate.positions[0].sgf.file: /dev/urandom: /dev/urandom is not a regular file (a"
            + " device, FIFO or socket): give the path of a file",
        description(() -> SpecFiles.read(spec)));
  }

  @Test
  void specsRoundTripThroughJson() throws Exception {
    JobSpec spec = SpecFiles.parseJson(SPEC, "spec.json");
    String json = com.google.protobuf.util.JsonFormat.printer().print(spec);
    assertEquals(spec, SpecFiles.parseJson(json, "printed"));
    assertTrue(json.contains("\"move\": 0"), "explicit presence survives: " + json);
    assertTrue(json.contains("\"topMoves\": 0"), json);
  }

  @Test
  void specsWithoutFilesAreUnchanged() {
    JobSpec spec = SpecFiles.parseJson("{\"evaluate\": {\"positions\": [{\"empty\": 9}]}}", "s");
    assertEquals(spec, SpecFiles.inlineSgfFiles(spec, Path.of("/nonexistent")));
    assertEquals(JobSpec.getDefaultInstance(), SpecFiles.parseJson("{}", "s"));
  }
}
