package gofarm.cli.command;

import gofarm.stats.EloEstimate;
import gofarm.stats.EloModel;
import gofarm.stats.Pentanomial;
import gofarm.stats.Sprt;
import gofarm.stats.StopAwareElo;
import gofarm.stats.WinDrawLoss;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code gofarm sprt}: the SPRT calculator, like Fishtest's: from pentanomial pair counts or W/D/L
 * counts and the test's bounds it prints the LLR, its bounds, the decision, the Elo difference with
 * its 95 % interval, LOS and the normalized Elo (fixed-sample figures: as if the number of pairs
 * had been fixed in advance) and, when the counts reach a bound, the stop-aware Elo: the estimate
 * if the test stopped there ({@link StopAwareElo}).
 *
 * <pre>
 * ./gofarm sprt --ptnml 12,340,801,355,9 --elo0 0 --elo1 2 --model normalized
 * ./gofarm sprt --wdl 120,30,100 --elo0 0 --elo1 10 --json
 * </pre>
 */
@Command(
    name = "sprt",
    mixinStandardHelpOptions = true,
    description = {
      "SPRT calculator: the log-likelihood ratio of a match result for H0: Elo = elo0 against"
          + " H1: Elo = elo1 (Van den Bergh's GSPRT, as Fishtest runs it), its bounds"
          + " ln(beta/(1-alpha)) and ln((1-beta)/alpha), the decision, Elo with its 95 %%"
          + " interval, LOS and normalized Elo as if the number of games had been fixed in"
          + " advance, and when the counts reach a bound the stop-aware Elo: the estimate if the"
          + " test stopped there (median-unbiased given the stop, as Fishtest's SPRT Elo).",
      "Give game pairs (colour-swapped, from the same opening) as --ptnml, five counts of the"
          + " first player's points per pair 0, 1/2, 1, 3/2, 2 (lowest first, as Fishtest's"
          + " Ptnml(0-2)), or single games as --wdl W,D,L."
    })
public final class SprtCommand implements Callable<Integer> {
  @Option(
      names = "--ptnml",
      split = ",",
      paramLabel = "N0,N1,N2,N3,N4",
      description = "Pair counts by the first player's points 0, 1/2, 1, 3/2, 2.")
  List<Long> ptnml;

  @Option(
      names = "--wdl",
      split = ",",
      paramLabel = "W,D,L",
      description = "Game counts: the first player's wins, draws and losses.")
  List<Long> wdl;

  @Option(
      names = "--elo0",
      defaultValue = "0",
      description = "H0's Elo (default: ${DEFAULT-VALUE}).")
  double elo0;

  @Option(
      names = "--elo1",
      defaultValue = "5",
      description = "H1's Elo (default: ${DEFAULT-VALUE}).")
  double elo1;

  @Option(
      names = "--model",
      defaultValue = "logistic",
      description =
          "How elo0 and elo1 are measured: logistic or normalized (default: ${DEFAULT-VALUE}).")
  String model;

  @Option(
      names = "--alpha",
      defaultValue = "0.05",
      description = "P(accept H1 | H0), in (0, 0.5) (default: ${DEFAULT-VALUE}).")
  double alpha;

  @Option(
      names = "--beta",
      defaultValue = "0.05",
      description = "P(accept H0 | H1), in (0, 0.5) (default: ${DEFAULT-VALUE}).")
  double beta;

  @Option(names = "--json", description = "Print one JSON object instead of text.")
  boolean json;

  @Spec CommandSpec commandSpec;

  @Override
  public Integer call() {
    Sprt sprt = sprt();
    PrintWriter out = commandSpec.commandLine().getOut();
    if ((ptnml == null) == (wdl == null)) {
      throw fail("give the result as --ptnml N0,N1,N2,N3,N4 or as --wdl W,D,L (one of them)");
    }
    Sprt.Result result;
    EloEstimate estimate;
    StopAwareElo stopAware;
    String counts;
    String sample;
    if (ptnml != null) {
      Pentanomial pairs = pentanomial();
      result = sprt.test(pairs);
      estimate = EloEstimate.of(pairs);
      stopAware = StopAwareElo.of(sprt, pairs);
      counts = "\"ptnml\": [" + pairs + "], \"pairs\": " + pairs.pairs();
      sample =
          String.format(
              Locale.ROOT,
              "pairs      %d (%d games), ptnml(0-2) %s",
              pairs.pairs(),
              pairs.games(),
              pairs);
    } else {
      WinDrawLoss games = winDrawLoss();
      result = sprt.test(games);
      estimate = EloEstimate.of(games);
      stopAware = StopAwareElo.of(sprt, games);
      counts =
          String.format(
              Locale.ROOT,
              "\"wins\": %d, \"draws\": %d, \"losses\": %d",
              games.wins(),
              games.draws(),
              games.losses());
      sample = String.format(Locale.ROOT, "games      %d, %s", games.games(), games);
    }
    // Only a test that stopped has a stop to correct for: the counts reached a bound.
    StopAwareElo stopped = stopAware.stopped() ? stopAware : null;
    out.print(
        json
            ? json(sprt, result, estimate, stopped, counts)
            : text(sprt, result, estimate, stopped, sample));
    out.flush();
    return 0;
  }

  private Sprt sprt() {
    EloModel m;
    try {
      m = EloModel.parse(model);
    } catch (IllegalArgumentException e) {
      throw fail("--model: " + e.getMessage());
    }
    try {
      return new Sprt(elo0, elo1, alpha, beta, m);
    } catch (IllegalArgumentException e) {
      throw fail(e.getMessage());
    }
  }

  private Pentanomial pentanomial() {
    if (ptnml.size() != Pentanomial.CLASSES) {
      throw fail("--ptnml needs 5 counts, lowest score first (got " + ptnml.size() + ")");
    }
    long[] counts = new long[Pentanomial.CLASSES];
    for (int i = 0; i < counts.length; i++) {
      counts[i] = ptnml.get(i);
      if (counts[i] < 0) {
        throw fail("--ptnml: count " + i + " must not be negative (got " + counts[i] + ")");
      }
    }
    return Pentanomial.of(counts);
  }

  private WinDrawLoss winDrawLoss() {
    if (wdl.size() != 3) {
      throw fail("--wdl needs 3 counts: wins, draws, losses (got " + wdl.size() + ")");
    }
    try {
      return new WinDrawLoss(wdl.get(0), wdl.get(1), wdl.get(2));
    } catch (IllegalArgumentException e) {
      throw fail("--wdl: " + e.getMessage());
    }
  }

  private ParameterException fail(String message) {
    return new ParameterException(commandSpec.commandLine(), message);
  }

  private static String text(
      Sprt sprt, Sprt.Result r, EloEstimate e, StopAwareElo stopped, String sample) {
    StringBuilder sb = new StringBuilder();
    sb.append(sample).append('\n');
    sb.append(
        String.format(
            Locale.ROOT,
            "score      %.2f %%%n"
                + "Elo        %+.2f ± %.2f (95 %%: %+.2f .. %+.2f)%n"
                + "LOS        %.2f %%%n"
                + "nElo       %+.2f ± %.2f (95 %%)%n"
                + "SPRT       %s Elo [%s, %s], alpha %s, beta %s%n"
                + "LLR        %.2f (%.2f, %.2f)%n"
                + "decision   %s%n",
            100 * e.score(),
            e.elo(),
            e.eloHalfWidth(),
            e.eloLower(),
            e.eloUpper(),
            100 * e.los(),
            e.normalizedElo(),
            e.normalizedHalfWidth(),
            sprt.model().id(),
            number(sprt.elo0()),
            number(sprt.elo1()),
            number(sprt.alpha()),
            number(sprt.beta()),
            r.llr(),
            r.lowerBound(),
            r.upperBound(),
            r.decision().text()));
    if (stopped != null) {
      sb.append(
          String.format(
              Locale.ROOT,
              "stop-aware %+.2f (95 %%: %+.2f .. %+.2f), LOS %.2f %%: the Elo if the test stopped"
                  + " here, %s%n",
              stopped.elo(),
              stopped.eloLower(),
              stopped.eloUpper(),
              100 * stopped.los(),
              StopAwareElo.METHOD));
    }
    return sb.toString();
  }

  /**
   * One JSON object; {@code elo}, {@code eloLower}, {@code eloUpper}, {@code los} and the
   * normalized Elo are the fixed-sample figures, and {@code stopAware} (only when the counts reach
   * a bound) the Elo if the test stopped there.
   */
  private static String json(
      Sprt sprt, Sprt.Result r, EloEstimate e, StopAwareElo stopped, String counts) {
    String stopAware =
        stopped == null
            ? ""
            : String.format(
                Locale.ROOT,
                ", \"stopAware\": {\"elo\": %.4f, \"eloLower\": %.4f, \"eloUpper\": %.4f,"
                    + " \"los\": %.6f, \"method\": \"%s\"}",
                stopped.elo(),
                stopped.eloLower(),
                stopped.eloUpper(),
                stopped.los(),
                StopAwareElo.METHOD);
    return String.format(
        Locale.ROOT,
        "{\"model\": \"%s\", \"elo0\": %s, \"elo1\": %s, \"alpha\": %s, \"beta\": %s, %s,"
            + " \"games\": %d, \"score\": %.6f, \"elo\": %.4f, \"eloLower\": %.4f,"
            + " \"eloUpper\": %.4f, \"los\": %.6f, \"normalizedElo\": %.4f,"
            + " \"normalizedHalfWidth\": %.4f, \"llr\": %.6f, \"lowerBound\": %.6f,"
            + " \"upperBound\": %.6f, \"decision\": \"%s\"%s}%n",
        sprt.model().id(),
        number(sprt.elo0()),
        number(sprt.elo1()),
        number(sprt.alpha()),
        number(sprt.beta()),
        counts,
        e.games(),
        e.score(),
        e.elo(),
        e.eloLower(),
        e.eloUpper(),
        e.los(),
        e.normalizedElo(),
        e.normalizedHalfWidth(),
        r.llr(),
        r.lowerBound(),
        r.upperBound(),
        r.decision().name().toLowerCase(Locale.ROOT),
        stopAware);
  }

  private static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
  }
}
