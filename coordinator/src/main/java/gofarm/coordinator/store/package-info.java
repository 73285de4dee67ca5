/**
 * Where the coordinator keeps jobs across restarts: {@link gofarm.coordinator.store.FileJobArchive}
 * under {@code --data-dir}.
 */
package gofarm.coordinator.store;
