/**
 * The coordinator: Pekko typed actors that accept jobs, lease chunks to connected workers and
 * aggregate their results ({@code .actor}), over the job model in core terms ({@code .job}: one
 * plan, tally and report per job kind) and each kind's codec ({@code .codec}: assignments, results
 * decoded at the edge, reports encoded for clients); the gRPC services ({@code .grpc}), who may
 * call them ({@code .auth}: tokens, roles, TLS), metrics ({@code .metrics}) and the job archive
 * ({@code .store}). {@link gofarm.coordinator.Coordinator} puts them together; {@link
 * gofarm.coordinator.CoordinatorHealth} watches the actors and answers the liveness and readiness
 * checks, on the metrics port through {@code HttpExchanges}, whose threads slow clients cannot all
 * hold.
 *
 * <p>Layers, each using only those to its left: {@code job <- codec <- metrics <- actor <- store,
 * grpc <- Coordinator}, and {@code auth <- grpc, Coordinator} (checked by {@code
 * CoordinatorArchitectureTest}). Depends on {@code proto} and the modules below it; it never
 * compiles against the worker.
 */
package gofarm.coordinator;
