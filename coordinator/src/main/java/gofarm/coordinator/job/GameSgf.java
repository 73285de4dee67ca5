package gofarm.coordinator.job;

/**
 * One game of a match as an SGF record, with its place in the match.
 *
 * @param pair the game pair, from 0
 * @param game 0 when the candidate is black, 1 when the baseline is
 * @param sgf the game record
 */
public record GameSgf(int pair, int game, String sgf) {}
