package gofarm.report;

import gofarm.board.Geometry;
import gofarm.proto.v1.JobResults;
import gofarm.proto.v1.PairResult;
import gofarm.proto.v1.TuneSummary;
import gofarm.rules.Game;
import gofarm.rules.Rules;
import gofarm.stats.Sprt;
import gofarm.wire.Codec;
import gofarm.wire.Violations;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Writes a job's results into a folder: {@code results.json} (everything, proto3 JSON), {@code
 * results.csv} (one row per position and policy), {@code ownership.csv} (one row per point), {@code
 * results.txt} (the table) and an ownership picture per position and policy in {@code svg/}. For a
 * match: {@code results.json}, {@code results.csv} (one row per game pair), {@code results.txt},
 * and in {@code svg/} the Elo over the pairs ({@code elo.svg}) and with an SPRT the LLR against its
 * bounds ({@code llr.svg}); its games come from {@code gofarm games}. For a tune job: {@code
 * results.json}, {@code theta.csv} (θ per iteration), {@code results.txt}, the tuned policy as rule
 * text ({@code tuned-policy.txt}) and as a spec's {@code policy} ({@code tuned-policy.json}), with
 * a confirmation its game pairs ({@code confirm.csv}), and in {@code svg/} each parameter's
 * trajectory ({@code theta-01-rules-0-rate.svg} ...), the objective ({@code objective.svg}) and the
 * confirmation's {@code elo.svg} and {@code llr.svg} as a match draws them. For a fit job: {@code
 * results.json}, {@code fit.csv} (the figures of each table measured), {@code results.txt}, the
 * fitted table ({@code policy.gamma}, each value commented with its training counts), and in {@code
 * svg/} the learning curves ({@code fit-loglik.svg}, {@code fit-top1.svg}) and the 3x3 patterns of
 * largest and smallest γ ({@code patterns.svg}). For a balance job: {@code results.json} (with the
 * reference values), {@code balance.csv} (MSE, step and |Δ log γ| per iteration), {@code
 * results.txt}, {@code theta.csv} (the values that moved most), the balanced table ({@code
 * tuned-policy.gamma}) and policy ({@code tuned-policy.json}), the positions with their values as a
 * spec's {@code positions} ({@code reference-positions.json}), with a confirmation {@code
 * confirm.csv}, and in {@code svg/} the MSE curve ({@code balance-mse.svg}), the 3x3 patterns that
 * moved most ({@code patterns.svg}) and the confirmation's {@code elo.svg} and {@code llr.svg}.
 */
public final class ResultsFiles {
  private ResultsFiles() {}

  /** Writes the files into {@code dir} (created if missing) and returns their paths. */
  public static List<Path> write(JobResults results, Path dir) {
    try {
      List<Path> written = new ArrayList<>();
      for (Map.Entry<String, String> f : files(results).entrySet()) {
        Path file = dir.resolve(f.getKey());
        Files.createDirectories(file.getParent());
        Files.writeString(file, f.getValue(), StandardCharsets.UTF_8);
        written.add(file);
      }
      return written;
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write results into " + dir + ": " + e.getMessage(), e);
    }
  }

  /**
   * The files {@link #write} writes, by their path under the folder ({@code results.json}, {@code
   * svg/elo.svg}, ...), in that order: what the coordinator's job pages show and offer too.
   */
  public static Map<String, String> files(JobResults results) {
    return files(results, Integer.MAX_VALUE);
  }

  /**
   * The same with at most {@code pairPictures} of an evaluate job's ownership pictures (one per
   * pair, thousands for a large job), the first pairs'.
   */
  public static Map<String, String> files(JobResults results, int pairPictures) {
    Map<String, String> out = new LinkedHashMap<>();
    if (ResultsReport.isMatch(results)) {
      out.put("results.json", ResultsReport.json(results));
      out.put("results.csv", MatchReport.csv(results));
      out.put("results.txt", MatchReport.table(results));
      Sprt sprt = MatchReport.sprt(results);
      if (sprt != null) {
        out.put("svg/llr.svg", MatchCharts.llr(results, sprt));
      }
      out.put("svg/elo.svg", MatchCharts.elo(results, sprt));
      return out;
    }
    if (ResultsReport.isTune(results)) {
      tune(results, out);
      return out;
    }
    if (ResultsReport.isFit(results)) {
      fit(results, out);
      return out;
    }
    if (ResultsReport.isBalance(results)) {
      balance(results, out);
      return out;
    }
    out.put("results.json", ResultsReport.json(results));
    out.put("results.csv", ResultsReport.csv(results));
    out.put("ownership.csv", ResultsReport.ownershipCsv(results));
    out.put("results.txt", ResultsReport.table(results));
    for (PairResult pair : results.getPairsList()) {
      if (pairPictures-- <= 0) {
        break;
      }
      out.put("svg/" + svgName(pair), picture(results, pair));
    }
    return out;
  }

  private static void tune(JobResults results, Map<String, String> out) {
    out.put("results.json", ResultsReport.json(results));
    out.put("theta.csv", TuneReport.csv(results));
    out.put("results.txt", TuneReport.table(results));
    out.put("tuned-policy.txt", TuneReport.tunedPolicyText(results));
    out.put("tuned-policy.json", TuneReport.tunedPolicyJson(results));
    boolean hasConfirmation = results.getTune().hasConfirm();
    if (hasConfirmation) {
      out.put("confirm.csv", TuneReport.confirmCsv(results));
    }
    TuneSummary t = TuneReport.summary(results);
    for (int i = 0; i < t.getThetaCount(); i++) {
      out.put("svg/" + TuneCharts.thetaFile(t.getTheta(i), i), TuneCharts.theta(results, i));
    }
    out.put("svg/objective.svg", TuneCharts.objective(results));
    if (hasConfirmation) {
      Sprt sprt = TuneReport.sprt(results.getSpec().getTune());
      if (sprt != null) {
        out.put("svg/llr.svg", MatchCharts.llr(TuneReport.confirm(results), sprt));
      }
      out.put("svg/elo.svg", MatchCharts.elo(TuneReport.confirm(results), sprt));
    }
  }

  private static void fit(JobResults results, Map<String, String> out) {
    out.put("results.json", ResultsReport.json(results));
    out.put("fit.csv", FitReport.csv(results));
    out.put("results.txt", FitReport.table(results));
    if (results.getFit().getGammaCount() > 0) {
      out.put("policy.gamma", FitReport.gammaText(results));
    }
    out.put("svg/fit-loglik.svg", FitCharts.logLikelihood(results));
    out.put("svg/fit-top1.svg", FitCharts.top1(results));
    out.put("svg/patterns.svg", PatternSheet.svg(results));
  }

  private static void balance(JobResults results, Map<String, String> out) {
    out.put("results.json", ResultsReport.json(results));
    out.put("balance.csv", BalanceReport.csv(results));
    out.put("results.txt", BalanceReport.table(results));
    boolean balanced = results.getBalance().getGammaCount() > 0;
    if (balanced) {
      out.put("theta.csv", BalanceReport.thetaCsv(results));
      out.put("tuned-policy.gamma", BalanceReport.gammaText(results));
      out.put("tuned-policy.json", BalanceReport.tunedPolicyJson(results));
    }
    String positions = BalanceReport.referencePositionsJson(results);
    if (positions != null) {
      out.put("reference-positions.json", positions);
    }
    boolean hasConfirmation = results.getBalance().hasConfirm();
    if (hasConfirmation) {
      out.put("confirm.csv", BalanceReport.confirmCsv(results));
    }
    out.put("svg/balance-mse.svg", BalanceCharts.mse(results));
    if (balanced) {
      out.put("svg/patterns.svg", PatternSheet.changes(results));
    }
    if (hasConfirmation) {
      Sprt sprt = BalanceReport.sprt(results.getSpec().getBalance());
      if (sprt != null) {
        out.put("svg/llr.svg", MatchCharts.llr(BalanceReport.confirm(results), sprt));
      }
      out.put("svg/elo.svg", MatchCharts.elo(BalanceReport.confirm(results), sprt));
    }
  }

  /** The ownership map of a pair with its top moves numbered. */
  static String picture(JobResults results, PairResult pair) {
    Violations v = new Violations();
    Rules rules = Codec.rules(results.getSpec().getRules(), "spec.rules", v);
    Game game =
        Codec.game(results.getPositions(pair.getPosition()).getPosition(), rules, "position", v);
    v.throwIfAny();
    Geometry g = game.geometry();
    BoardSvg svg = new BoardSvg(game);
    svg.heat(p -> pair.getOwnership(indexOf(g, p)));
    for (int i = 0; i < pair.getTopMovesCount(); i++) {
      svg.label(g.parse(pair.getTopMoves(i).getVertex()), Integer.toString(i + 1));
    }
    StringBuilder title =
        new StringBuilder(
            String.format(
                Locale.ROOT,
                "%s · %s · black wins %.1f %% (%,d playouts)",
                pair.getPositionLabel(),
                pair.getPolicyName(),
                100 * pair.getBlackWinRate(),
                pair.getPlayouts()));
    for (int i = 0; i < pair.getTopMovesCount(); i++) {
      title
          .append(i == 0 ? " · best moves: " : ", ")
          .append(i + 1)
          .append(' ')
          .append(pair.getTopMoves(i).getVertex());
    }
    return svg.title(title.toString()).toSvg();
  }

  /** The row-major index of board point p. */
  private static int indexOf(Geometry g, int p) {
    return g.y(p) * g.size() + g.x(p);
  }

  /** {@code 03-middle-game-move-30-heavy.svg}: position index, label and policy, file-safe. */
  static String svgName(PairResult pair) {
    return String.format(
        Locale.ROOT,
        "%02d-%s-%s.svg",
        pair.getPosition(),
        slug(pair.getPositionLabel()),
        slug(pair.getPolicyName()));
  }

  private static String slug(String text) {
    String s = text.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", "");
    return s.isEmpty() ? "x" : s.substring(0, Math.min(40, s.length()));
  }
}
