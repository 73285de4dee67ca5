/**
 * The coordinator: Pekko typed actors that accept jobs, lease chunks to connected workers and
 * aggregate their results ({@code .actor}, over the job model in {@code .job}), the gRPC services
 * ({@code .grpc}), metrics ({@code .metrics}) and the job archive ({@code .store}); {@link
 * gofarm.coordinator.Coordinator} puts them together.
 *
 * <p>Depends on {@code proto} and {@code board-core} only; it never compiles against the worker.
 */
package gofarm.coordinator;
