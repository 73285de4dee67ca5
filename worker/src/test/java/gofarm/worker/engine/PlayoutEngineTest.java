package gofarm.worker.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import gofarm.board.Board;
import gofarm.board.Geometry;
import gofarm.board.Point;
import gofarm.playout.PlayoutRoot;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PolicySpec;
import gofarm.rules.Player;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PlayoutEngineTest {
  private static final PlayoutRoot ROOT =
      PlayoutRoot.of(new Board(Geometry.of(9)), Player.BLACK, Point.NONE, Point.NONE, 7.5);

  @Test
  void theSameSeedGivesBitIdenticalStatisticsOnOneThreadOrEight() {
    for (String policy : new String[] {"uniform", "heavy"}) {
      PolicySpec spec = PolicySpec.parse(policy);
      PlayoutStats one;
      PlayoutStats eight;
      AtomicLong progress = new AtomicLong();
      try (PlayoutEngine engine = new PlayoutEngine(1)) {
        one = engine.runBatches(ROOT, spec, 42, 3_000, 100, progress::addAndGet);
      }
      try (PlayoutEngine engine = new PlayoutEngine(8)) {
        eight = engine.runBatches(ROOT, spec, 42, 3_000, 100, x -> {});
      }
      assertEquals(one, eight, policy);
      assertEquals(3_000, one.playouts());
      assertEquals(3_000, progress.get(), "progress sees every playout");
    }
  }

  @Test
  void aChunkDependsOnlyOnItsSeed() {
    PolicySpec spec = PolicySpec.parse("mogo");
    try (PlayoutEngine engine = new PlayoutEngine(2)) {
      PlayoutStats a = engine.runChunk(ROOT, spec, 7, 200).join();
      PlayoutStats b = engine.runChunk(ROOT, spec, 7, 200).join();
      engine.runChunk(ROOT, PolicySpec.parse("uniform"), 7, 50).join();
      PlayoutStats c = engine.runChunk(ROOT, spec, 7, 200).join();
      assertEquals(a, b);
      assertEquals(a, c);
    }
  }
}
