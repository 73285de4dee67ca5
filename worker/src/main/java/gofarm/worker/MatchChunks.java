package gofarm.worker;

import gofarm.gtp.GtpException;
import gofarm.match.MatchGame;
import gofarm.match.PairResult;
import gofarm.match.PlayerSpec;
import gofarm.proto.v1.ChunkAssignment;
import gofarm.proto.v1.ChunkResult;
import gofarm.wire.ChunkKey;
import gofarm.wire.GamePair;
import gofarm.wire.WorkerProtocol;
import io.grpc.StatusRuntimeException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Plays match chunks on the calling thread (a playout thread): decodes the assignment (drawing a
 * random opening from the pair's seed), puts this worker's executables in place of the engine
 * programs, plays the colour-swapped pair and encodes its result.
 *
 * <p>The outcomes a worker must tell apart:
 *
 * <ul>
 *   <li>a result: the pair was played;
 *   <li>{@link StatusRuntimeException} (INVALID_ARGUMENT): the assignment is malformed, as for a
 *       malformed evaluate chunk;
 *   <li>{@link EngineFailedException}: an external engine is missing on this worker, could not
 *       start, died, timed out or broke the protocol; its message names the engine and what
 *       happened, for {@code ChunkReturned.failure}. The pair cannot be scored fairly, so it is
 *       handed back rather than counted as a forfeit.
 * </ul>
 */
final class MatchChunks {
  private final Map<String, Path> engines;

  /**
   * @param engines program name to executable, as {@link WorkerSettings#engines()}
   */
  MatchChunks(Map<String, Path> engines) {
    this.engines = Map.copyOf(engines);
  }

  /**
   * Plays the chunk {@code a} describes.
   *
   * @throws StatusRuntimeException INVALID_ARGUMENT if the assignment is malformed
   * @throws EngineFailedException if an engine player could not be run to the end
   */
  ChunkResult play(ChunkAssignment a) {
    long start = System.nanoTime();
    GamePair pair = WorkerProtocol.gamePair(a);
    PlayerSpec candidate = resolve(pair.candidate(), pair.key());
    PlayerSpec baseline = resolve(pair.baseline(), pair.key());
    PlayerSpec.Gtp referee =
        pair.referee() == null ? null : (PlayerSpec.Gtp) resolve(pair.referee(), pair.key());
    PairResult result;
    try {
      result =
          MatchGame.playPair(
              pair.opening(),
              pair.rules(),
              candidate,
              baseline,
              pair.seed(),
              pair.maxMoves(),
              pair.adjudication(),
              referee);
    } catch (GtpException e) {
      throw new EngineFailedException(
          describe(
              e,
              pair.key(),
              referee == null
                  ? List.of(pair.candidate(), pair.baseline())
                  : List.of(pair.candidate(), pair.baseline(), pair.referee()),
              referee == null
                  ? List.of(candidate, baseline)
                  : List.of(candidate, baseline, referee)),
          e);
    }
    return WorkerProtocol.result(pair.key(), result, (System.nanoTime() - start) / 1e9);
  }

  private PlayerSpec resolve(PlayerSpec player, ChunkKey key) {
    try {
      return Engines.resolve(player, engines);
    } catch (Engines.MissingEngineException e) {
      throw new EngineFailedException("game pair " + key.chunk() + ": " + e.getMessage(), e);
    }
  }

  /**
   * Names the engine behind a failure: the one whose executable or player name the message starts
   * with ({@code GtpClient} and {@code GtpMatchPlayer} put them first), else the only engine in the
   * pair, else both. {@code given} are the players as the match names them, {@code run} as this
   * worker ran them.
   */
  private static String describe(
      GtpException e, ChunkKey key, List<PlayerSpec> given, List<PlayerSpec> run) {
    String message = e.getMessage() == null ? e.toString() : e.getMessage();
    List<Integer> engines = new ArrayList<>();
    List<Integer> named = new ArrayList<>();
    for (int i = 0; i < run.size(); i++) {
      if (run.get(i) instanceof PlayerSpec.Gtp p) {
        engines.add(i);
        String executable = p.commandLine().get(0);
        if (message.startsWith(executable + ":")
            || message.startsWith("cannot start engine " + executable)
            || message.startsWith(p.name() + ":")) {
          named.add(i);
        }
      }
    }
    List<String> who = new ArrayList<>();
    for (int i : named.size() == 1 ? named : engines) {
      PlayerSpec.Gtp p = (PlayerSpec.Gtp) run.get(i);
      String program = ((PlayerSpec.Gtp) given.get(i)).commandLine().get(0);
      who.add(
          "engine '"
              + program
              + "' (player '"
              + p.name()
              + "', run as "
              + p.commandLine().get(0)
              + ")");
    }
    return "game pair " + key.chunk() + ": " + String.join(" or ", who) + " failed: " + message;
  }

  /** An external engine of a match chunk could not be run to the end of the pair. */
  static final class EngineFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    EngineFailedException(String message, Throwable cause) {
      super(message, cause);
    }
  }
}
