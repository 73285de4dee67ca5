/**
 * The client's plumbing that every command shares: reaching the coordinator ({@link
 * gofarm.cli.console.ClientOptions}, the {@code --coordinator} option as a picocli mixin), range
 * checks of options that fail as usage errors ({@link gofarm.cli.console.OptionChecks}), failures
 * as messages a person can act on and the exit codes ({@link gofarm.cli.console.Errors}), the
 * progress bar on standard error ({@link gofarm.cli.console.ProgressBar}), the version from the jar
 * manifest ({@link gofarm.cli.console.Version}) and user text escaped for the terminal ({@link
 * gofarm.report.TerminalText}).
 *
 * <p>The bottom layer of the client: it uses no other package of {@code gofarm.cli}; gRPC (the
 * channel, status details) and picocli only.
 */
package gofarm.cli.console;
