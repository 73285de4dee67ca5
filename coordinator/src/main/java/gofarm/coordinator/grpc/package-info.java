/**
 * The coordinator's gRPC services, thin adapters over the actors: {@link
 * gofarm.coordinator.grpc.FarmService} (the client API) and {@link
 * gofarm.coordinator.grpc.WorkerHubService} (where workers dial in), with the encoding of reports
 * ({@link gofarm.coordinator.grpc.WireEncoder}: the progress, then the kind's own figures) and job
 * ids, and the cap on the gRPC port's connections ({@link
 * gofarm.coordinator.grpc.ConnectionLimit}). Depends on {@code .actor}, {@code .codec}, {@code
 * .job} and {@code .metrics}.
 */
package gofarm.coordinator.grpc;
