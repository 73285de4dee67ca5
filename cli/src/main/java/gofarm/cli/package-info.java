/**
 * The single {@code gofarm} command (picocli): {@link gofarm.cli.Main} and one class per
 * subcommand. This is the composition root: the only module that depends on both the coordinator
 * and the worker, and nothing depends on it.
 */
package gofarm.cli;
