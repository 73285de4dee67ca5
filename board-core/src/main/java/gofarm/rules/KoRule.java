package gofarm.rules;

/** Which repetitions of the whole board are forbidden. */
public enum KoRule {
  /** Only the immediate recapture of a single-stone ko is forbidden. */
  SIMPLE,
  /** No move may recreate an earlier board colouring (Tromp-Taylor). */
  POSITIONAL,
  /** No move may recreate an earlier board colouring with the same player to move. */
  SITUATIONAL
}
