package gofarm.coordinator.job;

/**
 * The result of a match chunk: two games from the same opening, the candidate black in the first.
 */
public record PlayedPair(GameResult first, GameResult second) {}
