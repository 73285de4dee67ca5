/**
 * The coordinator's gRPC services, thin adapters over the actors: {@link
 * gofarm.coordinator.grpc.FarmService} (the client API) and {@link
 * gofarm.coordinator.grpc.WorkerHubService} (where workers dial in), with the encoding of reports
 * ({@link gofarm.coordinator.grpc.WireEncoder}) and job ids.
 */
package gofarm.coordinator.grpc;
