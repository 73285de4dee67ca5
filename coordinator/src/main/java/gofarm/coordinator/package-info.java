/**
 * The coordinator: Pekko typed actors that accept jobs, lease chunks to connected workers and
 * aggregate their results.
 *
 * <p>Depends on {@code proto} and {@code board-core} only; it never compiles against the worker.
 */
package gofarm.coordinator;
