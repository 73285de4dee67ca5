/**
 * A job's results and progress as people read them (aligned text tables, a live progress line) and
 * as programs do (JSON, CSV), and as pictures (SVG).
 *
 * <ul>
 *   <li>{@link gofarm.cli.report.ResultsReport}: the results of either kind as a table, CSV or JSON
 *       (an evaluate job's rows here, a match's by {@code MatchReport}).
 *   <li>{@code MatchReport}: a match's table, CSV of game pairs, and live line with the LLR
 *       sparkline; {@code MatchCharts}: its Elo and LLR charts.
 *   <li>{@link gofarm.cli.report.BoardSvg}: a board as SVG (stones, ownership heat, marks, labels).
 *   <li>{@link gofarm.cli.report.ResultsFiles}: writes all of them into a folder.
 *   <li>{@link gofarm.cli.report.JobWatcher}: follows a job's status stream with a progress bar.
 *   <li>{@link gofarm.cli.report.Headline}, {@link gofarm.cli.report.Tables}: the job's one-line
 *       headline, aligned columns and CSV cells shared by the reports.
 * </ul>
 *
 * <p>Uses {@code gofarm.cli.console} (the progress bar) only; reads the proto results and the core
 * types (board, rules, stats, wire), never talks to a coordinator itself.
 */
package gofarm.cli.report;
