/**
 * One class per {@code gofarm} subcommand: its picocli options, their checks, and the wiring of the
 * parts it runs. {@code local} and {@code coordinator} start a coordinator, {@code worker} and
 * {@code local} a worker; {@code submit}, {@code watch}, {@code jobs}, {@code results}, {@code
 * games} and {@code cancel} talk to a running coordinator; {@code bench}, {@code gtp}, {@code
 * analyze} and {@code sprt} run on this machine alone.
 *
 * <p>Uses {@code gofarm.cli.console}, {@code gofarm.report} and {@code gofarm.cli.bench}; a command
 * may call another's static helpers (e.g. {@code local} uses {@code games}' download and {@code
 * worker}'s engine options), never the other way round, and never {@code Main}.
 */
package gofarm.cli.command;
