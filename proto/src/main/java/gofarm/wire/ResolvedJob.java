package gofarm.wire;

import gofarm.rules.Rules;

/**
 * A validated job in core terms, made by {@link JobSpecs#resolve}: an {@link ResolvedEvaluation}
 * (playouts from positions under policies), a {@link ResolvedMatch} (game pairs between two
 * players) or a {@link ResolvedTune} (SPSA on a policy's numbers) a {@link ResolvedFit} (MM on game
 * records) or a {@link ResolvedBalance} (simulation balancing of a softmax policy).
 */
public sealed interface ResolvedJob
    permits ResolvedEvaluation, ResolvedMatch, ResolvedTune, ResolvedFit, ResolvedBalance {
  /** The job's description, possibly empty. */
  String name();

  /** The job's seed. */
  long seed();

  /** -100..100, higher first. */
  int priority();

  /** The rules of every position or game of the job. */
  Rules rules();
}
