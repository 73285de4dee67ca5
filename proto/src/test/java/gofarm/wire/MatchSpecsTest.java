package gofarm.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.playout.PolicySpec;
import gofarm.proto.v1.ClockSpec;
import gofarm.proto.v1.EloModel;
import gofarm.proto.v1.EngineSpec;
import gofarm.proto.v1.JobSpec;
import gofarm.proto.v1.MatchPlayer;
import gofarm.proto.v1.MatchSpec;
import gofarm.proto.v1.Openings;
import gofarm.proto.v1.SearchPlayerSpec;
import gofarm.proto.v1.SgfSource;
import gofarm.proto.v1.SprtSpec;
import gofarm.rules.Rules;
import gofarm.search.Budget;
import gofarm.search.EarlyStop;
import gofarm.search.SearchConfig;
import gofarm.search.TimeSettings;
import gofarm.stats.Sprt;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Match specs: defaults and default names, the refusals with their field paths, SGF openings, and
 * the players' round trip through the proto that workers receive.
 */
class MatchSpecsTest {

  // ------------------------------------------------------------------ helpers

  static MatchPlayer search(String policy) {
    return MatchPlayer.newBuilder()
        .setSearch(
            SearchPlayerSpec.newBuilder()
                .setPolicy(gofarm.proto.v1.PolicySpec.newBuilder().setName(policy)))
        .build();
  }

  static MatchPlayer engine(String... command) {
    return MatchPlayer.newBuilder()
        .setEngine(EngineSpec.newBuilder().addAllCommand(List.of(command)))
        .build();
  }

  private static MatchSpec.Builder match(MatchPlayer candidate, MatchPlayer baseline) {
    return MatchSpec.newBuilder().setCandidate(candidate).setBaseline(baseline);
  }

  private static ResolvedMatch resolve(MatchSpec.Builder match) {
    Violations v = new Violations();
    ResolvedJob job = JobSpecs.resolve(JobSpec.newBuilder().setMatch(match).build(), "spec", v);
    assertEquals("", v.description());
    return (ResolvedMatch) job;
  }

  /** The violations of a match spec, joined. */
  private static String problems(MatchSpec.Builder match) {
    Violations v = new Violations();
    ResolvedJob job = JobSpecs.resolve(JobSpec.newBuilder().setMatch(match).build(), "spec", v);
    assertNull(job, "refused");
    return v.description();
  }

  private static SgfSource.Builder sgf(String text) {
    return SgfSource.newBuilder().setText(text);
  }

  private static MatchSpec.Builder withSgf(SgfSource.Builder sgf) {
    return match(search("heavy"), search("uniform")).setOpenings(Openings.newBuilder().setSgf(sgf));
  }

  private static MatchPlayer search(String policy, SearchPlayerSpec.Builder spec) {
    return MatchPlayer.newBuilder()
        .setSearch(spec.setPolicy(gofarm.proto.v1.PolicySpec.newBuilder().setName(policy)))
        .build();
  }

  // ------------------------------------------------------------------ defaults

  @Test
  void defaultsAndDefaultNames() {
    ResolvedMatch m = resolve(match(search("heavy"), search("uniform")));
    assertEquals(9, m.size());
    assertEquals(1000, m.pairs());
    assertEquals(3 * 9 * 9, m.maxMoves());
    assertEquals(Rules.DEFAULT, m.rules());
    assertEquals(List.of(), m.openings());
    assertEquals(0, m.randomMoves());
    assertNull(m.opening(7), "the empty board");
    assertNull(m.sprt());
    assertEquals(
        ResolvedPlayer.search(
            "heavy 1000 po",
            SearchConfig.of(PolicySpec.parse("heavy")),
            Budget.playouts(MatchSpecs.DEFAULT_PLAYOUTS)),
        m.candidate());
    assertEquals("uniform 1000 po", m.baseline().name());
    assertTrue(m.deterministic());
    assertEquals(Set.of(), m.engines());

    ResolvedMatch same = resolve(match(search("heavy"), search("heavy")).setSize(7));
    assertEquals("heavy 1000 po", same.candidate().name());
    assertEquals("heavy 1000 po #2", same.baseline().name(), "a clash of default names");
    assertEquals(3 * 7 * 7, same.maxMoves());

    ResolvedMatch timed =
        resolve(
            match(
                search("mogo", SearchPlayerSpec.newBuilder().setSeconds(0.5)),
                engine("gnugo", "--mode", "gtp", "--level", "10")));
    assertEquals("mogo 0.5 s", timed.candidate().name());
    assertEquals(Budget.time(Duration.ofMillis(500)), timed.candidate().budget());
    assertFalse(timed.deterministic(), "a time budget depends on the machine");
    assertEquals("gnugo --mode gtp --level 10", timed.baseline().name());
    assertEquals("gnugo", timed.baseline().program());
    assertEquals(Set.of("gnugo"), timed.engines());

    ResolvedMatch tuned =
        resolve(
            match(
                    search(
                        "heavy",
                        SearchPlayerSpec.newBuilder()
                            .setPlayouts(50)
                            .setExploration(0.4)
                            .setRaveEquivalence(300)
                            .setResignThreshold(0)),
                    search("uniform").toBuilder().setName("  light  ").build())
                .setPairs(20)
                .setMaxMoves(100)
                .setOpenings(Openings.newBuilder().setRandomMoves(4))
                .setSprt(
                    SprtSpec.newBuilder().setElo0(0).setElo1(10).setModel(EloModel.NORMALIZED)));
    assertEquals("heavy 50 po", tuned.candidate().name());
    assertEquals(
        SearchConfig.of(PolicySpec.parse("heavy"))
            .withExploration(0.4)
            .withRaveEquivalence(300)
            .withResignThreshold(0),
        tuned.candidate().search());
    assertEquals("light", tuned.baseline().name(), "names are stripped");
    assertEquals(20, tuned.pairs());
    assertEquals(100, tuned.maxMoves());
    assertEquals(4, tuned.randomMoves());
    assertEquals(new Sprt(0, 10, 0.05, 0.05, gofarm.stats.EloModel.NORMALIZED), tuned.sprt());
    assertEquals(
        tuned.sprt(),
        resolve(match(search("heavy"), search("uniform")).setSprt(MatchSpecs.toProto(tuned.sprt())))
            .sprt(),
        "the SPRT's proto round trip");
  }

  @Test
  void playersRoundTripThroughTheProtoWorkersReceive() {
    ResolvedMatch m =
        resolve(
            match(
                search("heavy", SearchPlayerSpec.newBuilder().setPlayouts(77).setExploration(1)),
                engine("gnugo", "--level", "3")));
    ResolvedMatch timed =
        resolve(
            match(search("mogo", SearchPlayerSpec.newBuilder().setSeconds(2)), search("uniform")));
    for (ResolvedPlayer p : List.of(m.candidate(), m.baseline(), timed.candidate())) {
      Violations v = new Violations();
      assertEquals(p, MatchSpecs.player(MatchSpecs.toProto(p), "gamePair.candidate", v));
      assertTrue(v.isEmpty(), v.description());
    }
  }

  // ------------------------------------------------------------------ clocks

  private static MatchPlayer onClock(MatchPlayer player, ClockSpec.Builder clock) {
    return player.toBuilder().setClock(clock).build();
  }

  @Test
  void clockedPlayersHaveNoBudgetPerMoveAndAreNotReproducible() {
    ResolvedMatch m =
        resolve(
            match(
                onClock(search("heavy"), ClockSpec.newBuilder().setMainSeconds(60)),
                onClock(
                    engine("gnugo", "--mode", "gtp"),
                    ClockSpec.newBuilder().setMainSeconds(60).setPeriodSeconds(10).setPeriods(3))));
    TimeSettings sudden = TimeSettings.absolute(Duration.ofSeconds(60));
    assertEquals(
        ResolvedPlayer.clocked(
            "heavy 60 s sudden death", SearchConfig.of(PolicySpec.parse("heavy")), sudden),
        m.candidate());
    assertNull(m.candidate().budget());
    assertEquals(
        TimeSettings.byoyomi(Duration.ofSeconds(60), Duration.ofSeconds(10), 3),
        m.baseline().clock());
    assertFalse(m.candidate().deterministic(), "a clock reads the wall-clock time");
    assertFalse(m.baseline().deterministic(), "an engine on a clock too");
    assertFalse(m.deterministic());

    ResolvedMatch canadian =
        resolve(
            match(
                onClock(
                    search("uniform", SearchPlayerSpec.newBuilder().setEarlyStop("never")),
                    ClockSpec.newBuilder().setMainSeconds(1.5).setPeriodSeconds(5).setStones(10)),
                search("heavy", SearchPlayerSpec.newBuilder().setEarlyStop("always"))));
    assertEquals(
        TimeSettings.canadian(Duration.ofMillis(1500), Duration.ofSeconds(5), 10),
        canadian.candidate().clock());
    assertEquals(EarlyStop.NEVER, canadian.candidate().search().earlyStop());
    assertEquals(EarlyStop.ALWAYS, canadian.baseline().search().earlyStop());
    assertTrue(canadian.baseline().deterministic(), "early stopping on playouts is reproducible");
    assertEquals(EarlyStop.TIMED, m.candidate().search().earlyStop(), "the default");

    for (ResolvedPlayer p :
        List.of(m.candidate(), m.baseline(), canadian.candidate(), canadian.baseline())) {
      Violations v = new Violations();
      assertEquals(p, MatchSpecs.player(MatchSpecs.toProto(p), "gamePair.candidate", v));
      assertTrue(v.isEmpty(), v.description());
    }
  }

  @Test
  void badClocksAreRefusedWithTheirFieldPaths() {
    assertEquals(
        "spec.match.candidate.clock.mainSeconds: must be 0..86400 (got -1);"
            + " spec.match.candidate.clock.periods: must be 0..100 (got 101);"
            + " spec.match.baseline.clock.periodSeconds: must be 0..3600 (got 4000)",
        problems(
            match(
                onClock(search("heavy"), ClockSpec.newBuilder().setMainSeconds(-1).setPeriods(101)),
                onClock(search("uniform"), ClockSpec.newBuilder().setPeriodSeconds(4000)))));
    assertEquals(
        "spec.match.candidate.clock: give periods (Japanese byo-yomi) or stones (Canadian"
            + " byo-yomi), not both (got 3 periods, 10 stones);"
            + " spec.match.baseline.clock.periodSeconds: required with periods or stones (got 0)",
        problems(
            match(
                onClock(
                    search("heavy"),
                    ClockSpec.newBuilder().setPeriodSeconds(10).setPeriods(3).setStones(10)),
                onClock(
                    search("uniform"), ClockSpec.newBuilder().setMainSeconds(5).setStones(5)))));
    assertEquals(
        "spec.match.candidate.clock: a byo-yomi period needs periods (Japanese) or stones"
            + " (Canadian) (got periodSeconds 30);"
            + " spec.match.baseline.clock.mainSeconds: a clock needs main time or byo-yomi (got 0)",
        problems(
            match(
                onClock(search("heavy"), ClockSpec.newBuilder().setPeriodSeconds(30)),
                onClock(search("uniform"), ClockSpec.newBuilder()))));
    assertEquals(
        "spec.match.candidate.search: a search player on a clock has no playouts or seconds per"
            + " move: the clock budgets every move (got playouts 1000);"
            + " spec.match.baseline.clock.mainSeconds: must be whole seconds for an engine, as"
            + " GTP's time_settings takes them (got 59.5)",
        problems(
            match(
                onClock(
                    search("heavy", SearchPlayerSpec.newBuilder().setPlayouts(1000)),
                    ClockSpec.newBuilder().setMainSeconds(60)),
                onClock(engine("gnugo"), ClockSpec.newBuilder().setMainSeconds(59.5)))));
    assertEquals(
        "spec.match.candidate.search.earlyStop: must be never, timed or always (got 'soon')",
        problems(
            match(
                search("heavy", SearchPlayerSpec.newBuilder().setEarlyStop("soon")),
                search("uniform"))));
  }

  // ------------------------------------------------------------------ refusals

  @Test
  void boardAndMoveLimits() {
    assertEquals(
        "spec.match.size: must be 2..25 (got 31); spec.match.maxMoves: must be 1..10000 (got -1)",
        problems(match(search("heavy"), search("uniform")).setSize(31).setMaxMoves(-1)));
    assertEquals(
        "spec.match.pairs: must be 1..100000 (got 100001)",
        problems(match(search("heavy"), search("uniform")).setPairs(100_001)));
    assertEquals(
        "spec.match.openings.randomMoves: must be 0..40 (got 41)",
        problems(
            match(search("heavy"), search("uniform"))
                .setOpenings(Openings.newBuilder().setRandomMoves(41))));
  }

  @Test
  void searchPlayers() {
    assertEquals(
        "spec.match.candidate.search.playouts: must be 1..10000000 (got -1);"
            + " spec.match.baseline.search.policy.name: unknown preset 'fast' (presets: uniform,"
            + " atari-local, atari-global, mogo, heavy, softmax, softmax-balanced; for a custom policy give rules or text)",
        problems(
            match(search("heavy", SearchPlayerSpec.newBuilder().setPlayouts(-1)), search("fast"))));
    assertEquals(
        "spec.match.candidate.search: give playouts or seconds per move, not both;"
            + " spec.match.baseline.search.seconds: must be 0.001..600 (got 1000);"
            + " spec.match.baseline.search.exploration: must be 0..10 (got 11);"
            + " spec.match.baseline.search.raveEquivalence: must be 1..1000000000 (got 0);"
            + " spec.match.baseline.search.resignThreshold: must be 0..0.5 (got 0.6)",
        problems(
            match(
                search("heavy", SearchPlayerSpec.newBuilder().setPlayouts(5).setSeconds(1)),
                search(
                    "heavy",
                    SearchPlayerSpec.newBuilder()
                        .setSeconds(1000)
                        .setExploration(11)
                        .setRaveEquivalence(0)
                        .setResignThreshold(0.6)))));
    String required =
        "required: a search player ({\"search\": {\"policy\": {\"name\": \"heavy\"}}}) or an"
            + " engine ({\"engine\": {\"command\": [\"gnugo\", \"--mode\", \"gtp\"]}})";
    assertEquals(
        "spec.match.candidate: " + required + "; spec.match.baseline: " + required,
        problems(MatchSpec.newBuilder()));
    assertEquals(
        "spec.match.candidate: give search (gofarm's search on a playout policy) or engine (a GTP"
            + " program); spec.match.baseline.search.policy: required: a preset name or rules, as"
            + " in evaluate jobs",
        problems(
            match(
                MatchPlayer.getDefaultInstance(),
                MatchPlayer.newBuilder().setSearch(SearchPlayerSpec.newBuilder()).build())));
    assertEquals(
        "spec.match.baseline.name: must differ from the candidate's name (got 'same')",
        problems(
            match(
                search("heavy").toBuilder().setName("same").build(),
                search("uniform").toBuilder().setName("same").build())));
    assertEquals(
        "spec.match.candidate.name: at most 64 characters (got 65)",
        problems(
            match(search("heavy").toBuilder().setName("n".repeat(65)).build(), search("uniform"))));
  }

  @Test
  void engineProgramsAreBareNames() {
    assertEquals(
        "spec.match.candidate.engine.command[0]: must be a bare program name that workers"
            + " advertise ([A-Za-z0-9._+-], no path; got '/usr/games/gnugo');"
            + " spec.match.baseline.engine.command: required: the program and its arguments,"
            + " e.g. [\"gnugo\", \"--mode\", \"gtp\", \"--level\", \"10\"]",
        problems(match(engine("/usr/games/gnugo", "--mode", "gtp"), engine())));
    String[] many = new String[34];
    java.util.Arrays.fill(many, "-v");
    many[0] = "gnugo";
    assertEquals(
        "spec.match.candidate.engine.command[0]: must be a bare program name that workers"
            + " advertise ([A-Za-z0-9._+-], no path; got 'gnu go');"
            + " spec.match.baseline.engine.command: at most 32 arguments (got 33)",
        problems(match(engine("gnu go"), engine(many))));
    assertEquals(
        "spec.match.candidate.engine.command[1]: at most 256 characters (got 300)",
        problems(match(engine("gnugo", "x".repeat(300)), search("heavy"))));
    assertEquals(
        "spec.match.candidate.engine.command[0]: must be a bare program name that workers"
            + " advertise ([A-Za-z0-9._+-], no path; got '"
            + "g".repeat(40)
            + "...')",
        problems(match(engine("g".repeat(65)), search("heavy"))),
        "at most 64 characters");
    resolve(match(engine("gnugo-3.8_x+1"), engine("katago")));
  }

  @Test
  void sprt() {
    assertEquals(
        "spec.match.sprt.elo1: must be greater than elo0 (got elo0 5, elo1 0);"
            + " spec.match.sprt.alpha: must be 0.001..0.25 (got 0.5);"
            + " spec.match.sprt.beta: must be 0.001..0.25 (got 0.0001)",
        problems(
            match(search("heavy"), search("uniform"))
                .setSprt(SprtSpec.newBuilder().setElo0(5).setElo1(0).setAlpha(0.5).setBeta(1e-4))));
    assertEquals(
        "spec.match.sprt.elo0: must be -1000..1000 (got -2000)",
        problems(
            match(search("heavy"), search("uniform"))
                .setSprt(SprtSpec.newBuilder().setElo0(-2000).setElo1(5))));
  }

  // ------------------------------------------------------------------ SGF openings

  @Test
  void sgfOpeningsAreEveryGameOfTheCollection() {
    ResolvedMatch m =
        resolve(
            withSgf(
                sgf("(;SZ[9];B[ee];W[cc];B[gg])(;SZ[9];B[dd];W[ff])")
                    .setFile("openings/two.sgf")
                    .setMove(2)));
    assertEquals(2, m.openings().size());
    assertEquals("two.sgf game 0 move 2", m.openings().get(0).label());
    assertEquals("two.sgf game 1 move 2", m.openings().get(1).label());
    assertEquals(2, m.openings().get(0).position().getMovesCount());
    assertEquals(m.openings().get(1), m.opening(3), "pair k takes opening k modulo the games");

    ResolvedMatch whole = resolve(withSgf(sgf("(;SZ[9];B[ee];W[cc];B[gg])")));
    assertEquals("sgf move 3", whole.openings().get(0).label(), "the whole main line");
    assertEquals(3, whole.openings().get(0).position().getMovesCount());
  }

  @Test
  void sgfOpeningRefusals() {
    assertEquals(
        "spec.match.openings.sgf.text: an opening must be moves from the empty board (no AB/AW"
            + " setup stones), so that a GTP engine can be given it with play commands",
        problems(withSgf(sgf("(;SZ[9]AB[ee];W[cc])"))));
    assertEquals(
        "spec.match.openings.sgf.text: game 1: the board is 13x13, the match is on 9x9",
        problems(withSgf(sgf("(;SZ[9];B[ee])(;SZ[13];B[dd])"))));
    assertEquals(
        "spec.match.openings.sgf.everyMove: is not allowed for openings;"
            + " spec.match.openings.sgf.game: must be unset: every game of the collection is used",
        problems(withSgf(sgf("(;SZ[9];B[ee])").setEveryMove(true).setGame(1))));
    assertEquals(
        "spec.match.openings.sgf.text: was not read: submit the spec with gofarm submit or gofarm"
            + " local, which send the file's contents",
        problems(withSgf(SgfSource.newBuilder().setFile("games/a.sgf"))));
    assertEquals(
        "spec.match.openings.sgf.text: required: the SGF openings (or a file for the gofarm client"
            + " to read)",
        problems(withSgf(SgfSource.newBuilder())));
    assertEquals(
        "spec.match.openings.sgf.text: move 2 (W E5): E5 is occupied",
        problems(withSgf(sgf("(;SZ[9];B[ee];W[ee])"))));
    assertEquals(
        "spec.match.openings.sgf.move: must not be negative (got -3)",
        problems(withSgf(sgf("(;SZ[9];B[ee])").setMove(-3))));
    assertEquals(
        "spec.match.openings.sgf.text: line 1, column 14: expected ')' to close the game tree"
            + " started at line 1, column 1, found the end of the input",
        problems(withSgf(sgf("(;SZ[9];B[ee]"))));
  }

  @Test
  void adjudicationAndItsRefereeAreCheckedWithTheirPaths() {
    assertEquals(
        gofarm.match.Adjudication.CLEANUP,
        resolve(match(search("heavy"), search("uniform"))).adjudication());
    assertEquals(
        "spec.match.referee: required with REFEREE: the engine that scores the games, e.g."
            + " {\"command\": [\"gnugo\", \"--mode\", \"gtp\", \"--chinese-rules\"]}",
        problems(
            match(search("heavy"), search("uniform"))
                .setAdjudication(gofarm.proto.v1.Adjudication.REFEREE)));
    assertEquals(
        "spec.match.referee: only with adjudication REFEREE (got ESTIMATE)",
        problems(
            match(search("heavy"), search("uniform"))
                .setAdjudication(gofarm.proto.v1.Adjudication.ESTIMATE)
                .setReferee(EngineSpec.newBuilder().addCommand("gnugo"))));
    assertEquals(
        "spec.match.referee.command[0]: must be a bare program name that workers advertise"
            + " ([A-Za-z0-9._+-], no path; got '/usr/games/gnugo')",
        problems(
            match(search("heavy"), search("uniform"))
                .setAdjudication(gofarm.proto.v1.Adjudication.REFEREE)
                .setReferee(EngineSpec.newBuilder().addCommand("/usr/games/gnugo"))));
    ResolvedMatch refereed =
        resolve(
            match(search("heavy"), search("uniform"))
                .setAdjudication(gofarm.proto.v1.Adjudication.REFEREE)
                .setReferee(
                    EngineSpec.newBuilder()
                        .addAllCommand(List.of("gnugo", "--mode", "gtp", "--chinese-rules"))));
    assertEquals(gofarm.match.Adjudication.REFEREE, refereed.adjudication());
    assertEquals(java.util.Set.of("gnugo"), refereed.engines(), "workers need the referee too");
    assertEquals(
        "spec.match.candidate.search.pass: must be final-status or tromp-taylor (got 'never')",
        problems(
            match(
                search("heavy", SearchPlayerSpec.newBuilder().setPlayouts(5).setPass("never")),
                search("uniform"))));
    assertEquals(
        gofarm.search.PassRule.TROMP_TAYLOR,
        resolve(
                match(
                    search(
                        "heavy",
                        SearchPlayerSpec.newBuilder().setPlayouts(5).setPass("tromp-taylor")),
                    search("uniform")))
            .candidate()
            .search()
            .passRule());
  }
}
