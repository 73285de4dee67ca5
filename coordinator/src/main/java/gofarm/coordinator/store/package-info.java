/**
 * Where the coordinator keeps jobs across restarts: {@link gofarm.coordinator.store.FileJobArchive}
 * under {@code --data-dir} (specs, results and a match's games as protobuf files, the format the
 * API speaks). Implements {@code .actor}'s {@code JobArchive}; uses {@code .codec} and {@code
 * .job}.
 */
package gofarm.coordinator.store;
