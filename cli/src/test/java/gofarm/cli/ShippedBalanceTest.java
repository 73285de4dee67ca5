package gofarm.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import gofarm.playout.Playout;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.wire.JobPosition;
import gofarm.wire.JobSpecs;
import gofarm.wire.ResolvedBalance;
import gofarm.wire.SpecFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shipped example's balancing lowered the error it was meant to lower: on the positions {@code
 * examples/balance-9x9.json} holds out, the shipped {@code softmax-balanced} table's values are
 * closer to V* than those of its start, {@code softmax}. V* is the example run's (heavy with the
 * prior at 5,000 playouts, {@code balance-9x9-values.csv}); the values here are measured afresh,
 * with five times the example's value playouts, so the test does not reuse the job's own figures.
 */
class ShippedBalanceTest {
  /** Playouts per position and table: the example measured with 200. */
  private static final int PLAYOUTS = 400;

  private record Value(int game, int move, double black, boolean heldOut) {}

  private static List<Value> values() throws IOException {
    List<Value> out = new ArrayList<>();
    try (InputStream in = ShippedBalanceTest.class.getResourceAsStream("/balance-9x9-values.csv")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.startsWith("#") || line.startsWith("game,")) {
          continue;
        }
        String[] f = line.split(",");
        out.add(
            new Value(
                Integer.parseInt(f[0]),
                Integer.parseInt(f[1]),
                Double.parseDouble(f[2]),
                Boolean.parseBoolean(f[3])));
      }
    }
    return out;
  }

  private static double meanSquaredError(
      PolicySpec policy, ResolvedBalance job, List<Value> values) {
    double sum = 0;
    int n = 0;
    for (int i = 0; i < values.size(); i++) {
      if (!values.get(i).heldOut()) {
        continue;
      }
      JobPosition position = job.positions().get(i);
      PlayoutRoot root = PlayoutRoot.of(position.game(job.rules()));
      Playout playout = new Playout(policy, root.board().geometry());
      PlayoutStats stats = playout.newStats();
      playout.run(root, 7919L * i, PLAYOUTS, stats);
      double v = (stats.blackWins() + 0.5 * stats.draws()) / PLAYOUTS;
      double e = values.get(i).black() - v;
      sum += e * e;
      n++;
    }
    return sum / n;
  }

  @Test
  void theBalancedTableIsCloserToVStarOnTheExamplesHeldOutPositions() throws IOException {
    ResolvedBalance job =
        (ResolvedBalance)
            JobSpecs.resolve(SpecFiles.read(Path.of("..", "examples", "balance-9x9.json")));
    List<Value> values = values();
    // The file is the example's: the same positions, in order, and the same split by game.
    assertEquals(job.positions().size(), values.size());
    for (int i = 0; i < values.size(); i++) {
      Value v = values.get(i);
      assertEquals(
          "games-9x9.sgf game " + v.game() + " move " + v.move(), job.positions().get(i).label());
      assertEquals(job.heldOut().get(i), v.heldOut(), job.positions().get(i).label());
    }
    double start = meanSquaredError(PolicySpec.parse("softmax"), job, values);
    double balanced = meanSquaredError(PolicySpec.parse("softmax-balanced"), job, values);
    // The run measured 0.0131 at the start and 0.0090 over its last five tables with 200 playouts;
    // here 0.0134 -> 0.0086 with 400 (whose own noise adds about 0.0006 to both).
    assertTrue(balanced < 0.8 * start, "held-out MSE " + start + " -> " + balanced);
  }
}
