package gofarm.coordinator.job;

/**
 * The figures of one table of a balance job: the start (iteration 0) or the table after {@code
 * iteration} updates, as the pass at that table measured them, and the update that pass's gradient
 * made.
 *
 * @param iteration 0 for the start, k after k updates
 * @param trainMse the mean of (V* − V)² over the training positions
 * @param testMse the same over the held-out positions (0 without any)
 * @param step α_{k+1}, the step of the update this pass made (0 for the last pass)
 * @param delta the Euclidean length of that update's change of log γ (0 for the last pass)
 */
public record BalanceFigures(
    int iteration, double trainMse, double testMse, double step, double delta) {}
