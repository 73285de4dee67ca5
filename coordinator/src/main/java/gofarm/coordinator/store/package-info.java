/**
 * Where the coordinator keeps jobs across restarts: {@link gofarm.coordinator.store.FileJobArchive}
 * under {@code --data-dir} (specs, results and a match's games as protobuf files, the format the
 * API speaks), from which finished jobs' results are read on demand. Implements {@code .actor}'s
 * {@code JobArchive}; uses {@code .codec}, {@code .job} and {@code .actor}.
 */
package gofarm.coordinator.store;
