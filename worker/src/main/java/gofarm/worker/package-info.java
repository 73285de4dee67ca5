/**
 * The worker node: dials the coordinator's {@code WorkerHub}, runs playout chunks on all cores and
 * streams results back until they are acknowledged.
 *
 * <p>Depends on {@code proto} and {@code board-core} only; it never compiles against the
 * coordinator.
 */
package gofarm.worker;
