package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.playout.GammaTable;
import gofarm.proto.v1.BalanceSpec;
import gofarm.proto.v1.EvaluateSpec;
import gofarm.proto.v1.FitSpec;
import gofarm.proto.v1.GammaSource;
import gofarm.proto.v1.GetJobRequest;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.Openings;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.PositionSource;
import gofarm.proto.v1.Rules;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.TuneConfirm;
import gofarm.proto.v1.TuneMatch;
import gofarm.proto.v1.TuneObjective;
import gofarm.proto.v1.TuneParameter;
import gofarm.proto.v1.TuneSpec;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Every kind of job but the match ({@code WebGamesTest} has it) followed on its page, each run to
 * its end by a real worker, kept tiny: an evaluate job's ownership pictures, a tuning's θ and
 * objective and a fit's learning curves and patterns, a balancing's error curve; the live line with
 * the kind's figure; and a tuning's and a balancing's confirmation games listed like a match's and
 * opened on the board.
 */
class WebKindsTest {
  private final HttpClient http = HttpClient.newHttpClient();

  private static final TuneMatch GAMES =
      TuneMatch.newBuilder()
          .setSize(5)
          .setPlayouts(8)
          .setOpenings(Openings.newBuilder().setRandomMoves(2))
          .build();

  private static final TuneConfirm CONFIRM =
      TuneConfirm.newBuilder().setPairs(2).setMatch(GAMES).build();

  private static JobSpec evaluate() {
    return JobSpec.newBuilder()
        .setName("evaluate page")
        .setSeed(3)
        .setEvaluate(
            EvaluateSpec.newBuilder()
                .addPositions(PositionSource.newBuilder().setEmpty(5))
                .addPolicies(PolicySpec.newBuilder().setName("uniform"))
                .setPlayouts(400))
        .build();
  }

  private static JobSpec tune() {
    return JobSpec.newBuilder()
        .setName("tune page")
        .setSeed(4)
        .setRules(Rules.newBuilder().setKomi(7.5))
        .setTune(
            TuneSpec.newBuilder()
                .setPolicy(PolicySpec.newBuilder().setName("heavy"))
                .addParameters(
                    TuneParameter.newBuilder()
                        .setPath("rules[0].rate")
                        .setMin(0)
                        .setMax(1)
                        .setCEnd(0.1)
                        .setREnd(0.02))
                .setObjective(TuneObjective.newBuilder().setMatch(GAMES))
                .setIterations(2)
                .setBatchPairs(1)
                .setConfirm(CONFIRM))
        .build();
  }

  /** Short 5x5 self-play records of the softmax policy, for the fit and the balancing. */
  private static final String RECORDS = TrainingGames.sgf(6, 5, 25, 2027);

  private static JobSpec fit() {
    return JobSpec.newBuilder()
        .setName("fit page")
        .setSeed(5)
        .setFit(
            FitSpec.newBuilder()
                .addGames(SgfSource.newBuilder().setText(RECORDS).setFile("games.sgf"))
                .setTestShare(0.2)
                .setMaxIterations(2)
                .setMinGain(0))
        .build();
  }

  private static JobSpec balance() {
    return JobSpec.newBuilder()
        .setName("balance page")
        .setSeed(6)
        .setRules(Rules.newBuilder().setKomi(0.5))
        .setBalance(
            BalanceSpec.newBuilder()
                .setPolicy(
                    PolicySpec.newBuilder()
                        .setName("start")
                        .setGamma(GammaSource.newBuilder().setText(GammaTable.uniform().format())))
                .setGames(SgfSource.newBuilder().setText(RECORDS).setFile("games.sgf"))
                .setFrom(4)
                .setEvery(8)
                .setMaxPositions(4)
                .setReference(40)
                .setIterations(1)
                .setValuePlayouts(20)
                .setGradientPlayouts(20)
                .setConfirm(CONFIRM))
        .build();
  }

  private HttpResponse<String> get(int port, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The page of a finished job, checked for what every kind's page shows. */
  private String page(int port, String id, String figure, List<String> pictures) throws Exception {
    HttpResponse<String> r = get(port, "/jobs/" + id);
    assertEquals(200, r.statusCode(), r.body());
    String page = r.body();
    Matcher live = Pattern.compile("<p id=\"live\">([^<]*)</p>").matcher(page);
    assertTrue(live.find(), page);
    assertTrue(live.group(1).startsWith("SUCCEEDED · "), live.group(1));
    assertTrue(live.group(1).contains(figure), live.group(1));
    assertTrue(page.contains("<pre id=\"table\">"), page);
    for (String picture : pictures) {
      assertTrue(page.contains("<img alt=\"svg/" + picture + "\""), picture + " in " + page);
    }
    // Finished: nothing left to follow.
    assertFalse(page.contains("/static/job.js"), page);
    String json = get(port, "/api/jobs/" + id).body();
    assertTrue(json.contains("\"finished\":true"), json);
    return page;
  }

  /** The confirmation games: listed like a match's, each opened on the board. */
  private static void confirmationGames(HttpClient http, int port, String id, String page)
      throws Exception {
    assertTrue(page.contains("<h2>Confirmation games</h2>"), page);
    for (int game = 0; game < 4; game++) {
      assertTrue(page.contains("href=\"/jobs/" + id + "/games/" + game + "\""), page);
    }
    HttpResponse<String> g =
        http.send(
            HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + port + "/jobs/" + id + "/games/1?move=2"))
                .build(),
            HttpResponse.BodyHandlers.ofString());
    assertEquals(200, g.statusCode(), g.body());
    assertTrue(g.body().contains("<span id=\"move\">2</span>"), g.body());
    assertTrue(g.body().contains("<img id=\"board\""), g.body());
  }

  @Test
  void everyKindsPageShowsItsFiguresPicturesAndGames() throws Exception {
    try (InProcessFarm f = new InProcessFarm(null, 0)) {
      f.startWorker("w", 2);
      String evaluate = f.submit(evaluate());
      String tune = f.submit(tune());
      String fit = f.submit(fit());
      String balance = f.submit(balance());
      for (String id : List.of(evaluate, tune, fit, balance)) {
        f.finish(id);
      }
      int port = f.coordinator.metricsPort();

      JobResults e = f.farm.getResults(GetJobRequest.newBuilder().setJobId(evaluate).build());
      // An evaluate job has no figure of its own: its table holds the win rates.
      String evaluatePage = page(port, evaluate, "", List.of());
      assertTrue(evaluatePage.contains("<h2>Pictures</h2>"), evaluatePage);
      assertEquals(e.getPairsCount(), count(evaluatePage, "<figure>"), evaluatePage);
      assertFalse(evaluatePage.contains("id=\"games\""), evaluatePage);

      String tunePage =
          page(
              port,
              tune,
              "confirmation W-D-L",
              List.of("objective.svg", "elo.svg", "theta-01-rules-0-rate.svg"));
      confirmationGames(http, port, tune, tunePage);

      String fitPage =
          page(port, fit, " top-1 ", List.of("fit-loglik.svg", "fit-top1.svg", "patterns.svg"));
      assertFalse(fitPage.contains("id=\"games\""), fitPage);
      assertEquals(409, get(port, "/jobs/" + fit + "/games/0").statusCode());

      String balancePage =
          page(port, balance, "confirmation W-D-L", List.of("balance-mse.svg", "elo.svg"));
      confirmationGames(http, port, balance, balancePage);
    }
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }
}
