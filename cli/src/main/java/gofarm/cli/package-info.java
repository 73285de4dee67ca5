/**
 * The single {@code gofarm} command (picocli): {@link gofarm.cli.Main} builds the command line from
 * one class per subcommand and installs the error handler. This is the composition root: the only
 * module that depends on both the coordinator and the worker, and nothing depends on it.
 *
 * <p>Packages, each using only those below it ({@code CliArchitectureTest}):
 *
 * <pre>
 *   console  &lt;-  report  &lt;-  bench  &lt;-  command  &lt;-  gofarm.cli (Main)
 * </pre>
 *
 * <ul>
 *   <li>{@code gofarm.cli.command}: one class per subcommand; options, checks and wiring.
 *   <li>{@code gofarm.cli.bench}: the measurements of {@code gofarm bench}.
 *   <li>{@code gofarm.report}: results and progress as text tables, JSON, CSV and SVG.
 *   <li>{@code gofarm.cli.console}: what every command shares: the coordinator option, option
 *       checks, error messages and exit codes, the progress bar, the version.
 * </ul>
 *
 * <p>Main may use {@code command} and {@code console}.
 */
package gofarm.cli;
