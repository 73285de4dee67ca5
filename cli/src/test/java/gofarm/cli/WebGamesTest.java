package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.proto.v1.GameRecord;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.MatchPlayer;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.Openings;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.Rules;
import gofarm.proto.v1.SearchPlayerSpec;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A match's games on its web page, with a real worker playing them: the list with each game's
 * outcome, and a game stepped through on the server-drawn board (no JavaScript), each position the
 * one its SGF record replays to.
 */
class WebGamesTest {
  private final HttpClient http = HttpClient.newHttpClient();

  private static MatchPlayer search(String name, String policy) {
    return MatchPlayer.newBuilder()
        .setName(name)
        .setSearch(
            SearchPlayerSpec.newBuilder()
                .setPolicy(PolicySpec.newBuilder().setName(policy))
                .setPlayouts(16))
        .build();
  }

  private HttpResponse<String> get(int port, String path) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  @Test
  void aMatchsGamesAreListedAndSteppedThrough() throws Exception {
    JobSpec spec =
        JobSpec.newBuilder()
            .setName("games on the page")
            .setSeed(7)
            .setRules(Rules.newBuilder().setKomi(7.5))
            .setMatch(
                MatchSpec.newBuilder()
                    .setCandidate(search("heavy <b>", "heavy"))
                    .setBaseline(search("uniform", "uniform"))
                    .setSize(5)
                    .setPairs(2)
                    .setOpenings(Openings.newBuilder().setRandomMoves(2)))
            .build();
    try (InProcessFarm f = new InProcessFarm(null, 0)) {
      f.startWorker("w", 2);
      String id = f.submit(spec);
      JobResults results = f.finish(id);
      List<GameRecord> games = f.games(id);
      assertEquals(4, games.size());
      int port = f.coordinator.metricsPort();

      String page = get(port, "/jobs/" + id).body();
      assertTrue(page.contains("<ol id=\"games\""), page);
      assertTrue(page.contains("href=\"/jobs/" + id + "/games/3\""), page);
      // The candidate's name as text, in the list's outcomes too.
      assertTrue(!page.contains("heavy <b>") && page.contains("heavy &lt;b&gt;"), page);
      int moves = results.getMatch().getPairs(1).getSecond().getMoves();
      assertTrue(moves > 2, "game 3 has moves: " + moves);

      String start = get(port, "/jobs/" + id + "/games/3").body();
      assertTrue(start.contains("Move <span id=\"move\">0</span> of "), start);
      assertTrue(start.contains("id=\"next\" href=\"/jobs/" + id + "/games/3?move=1\""), start);
      assertTrue(!start.contains("id=\"prev\""), "no step back from the start");
      String second = get(port, "/jobs/" + id + "/games/3?move=2").body();
      assertTrue(second.contains("<span id=\"move\">2</span>"), second);
      assertTrue(second.contains("id=\"prev\" href=\"/jobs/" + id + "/games/3?move=1\""), second);
      // Past the end: the last position, with no step forward.
      String end = get(port, "/jobs/" + id + "/games/3?move=100000").body();
      assertTrue(!end.contains("id=\"next\""), end);
      assertTrue(end.contains("<pre id=\"sgf\">"), end);

      assertEquals(400, get(port, "/jobs/" + id + "/games/3?move=x").statusCode());
      assertEquals(404, get(port, "/jobs/" + id + "/games/4").statusCode());
    }
  }
}
