package gofarm.worker;

import gofarm.playout.Playout;
import gofarm.playout.PlayoutStats;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkId;
import gofarm.proto.v1.Color;
import gofarm.proto.v1.Move;
import gofarm.proto.v1.PolicySpec;
import gofarm.proto.v1.Position;
import gofarm.proto.v1.Rules;
import gofarm.wire.Chunk;
import gofarm.wire.WorkerProtocol;

/** Chunk assignments for worker tests, and the statistics a chunk must give. */
final class TestChunks {
  /** A 9x9 opening: four moves, black to play, with a capture-free history. */
  static final Position OPENING =
      Position.newBuilder()
          .setSize(9)
          .addMoves(move(Color.BLACK, "E5"))
          .addMoves(move(Color.WHITE, "C3"))
          .addMoves(move(Color.BLACK, "G7"))
          .addMoves(move(Color.WHITE, "C7"))
          .build();

  private TestChunks() {}

  /** Chunk {@code chunk} of job {@code job}: {@code playouts} playouts of a preset or rule text. */
  static ChunkAssignment assignment(String job, int chunk, String policy, int playouts) {
    PolicySpec.Builder spec = PolicySpec.newBuilder();
    if (policy.contains(" ")) {
      spec.setText(policy);
    } else {
      spec.setName(policy);
    }
    return ChunkAssignment.newBuilder()
        .setId(ChunkId.newBuilder().setJobId(job).setChunk(chunk))
        .setPosition(OPENING)
        .setRules(Rules.newBuilder().setKomi(7.5))
        .setPolicy(spec)
        .setPlayouts(playouts)
        // Any fixed function of the chunk index will do; the hub derives it from the job seed.
        .setSeed(0x9E3779B97F4A7C15L * (chunk + 1))
        .build();
  }

  /**
   * The statistics of an assignment computed here, with board-core alone (no worker, no engine).
   */
  static PlayoutStats direct(ChunkAssignment a) {
    Chunk c = WorkerProtocol.chunk(a);
    Playout playout = new Playout(c.policy(), c.root().board().geometry());
    PlayoutStats stats = playout.newStats();
    playout.run(c.root(), c.seed(), c.playouts(), stats);
    return stats;
  }

  private static Move move(Color color, String vertex) {
    return Move.newBuilder().setColor(color).setVertex(vertex).build();
  }
}
