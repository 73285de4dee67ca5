/**
 * A job's results and progress as people read them (aligned text tables, a live progress line) and
 * as programs do (JSON, CSV), and as pictures (SVG).
 *
 * <ul>
 *   <li>{@link gofarm.report.ResultsReport}: the results of any kind as a table, CSV or JSON (an
 *       evaluate job's rows here, a match's by {@code MatchReport}, a tune job's by {@code
 *       TuneReport}).
 *   <li>{@code MatchReport}: a match's table, CSV of game pairs, and live line with the LLR
 *       sparkline; {@code MatchCharts}: its Elo and LLR charts.
 *   <li>{@code TuneReport}: a tune job's table (parameters, objective, policies, the confirmation
 *       and its verdict), CSV of θ per iteration, live line, {@code gofarm jobs} cells and the
 *       tuned policy as rule text and JSON; {@code TuneCharts}: θ per parameter and the objective
 *       over the iterations (the confirmation's charts are {@code MatchCharts}').
 *   <li>{@code LineChart}: the SVG line chart both chart types draw with (frame, ticks, title,
 *       caption, lines, bands).
 *   <li>{@link gofarm.report.BoardSvg}: a board as SVG (stones, ownership heat, marks, labels).
 *   <li>{@link gofarm.report.ResultsFiles}: writes all of them into a folder.
 *   <li>{@link gofarm.report.Headline}, {@link gofarm.report.Tables}: the job's one-line headline
 *       and its {@code gofarm jobs} cells, aligned columns and CSV cells shared by the reports.
 *   <li>{@code SvgText}: the escape of every text in a picture.
 *   <li>{@code Figures}: rates and durations as people read them.
 * </ul>
 *
 * <p>Names, labels and messages come from clients and workers: every table cell, line, CSV text
 * cell, picture text and JSON text shows them escaped ({@code TerminalText}, {@code Tables}, {@code
 * SvgText}), never raw.
 *
 * <p>Reads the proto results and the core types (board, rules, stats, wire) and never talks to a
 * coordinator: the command line ({@code gofarm results}, {@code watch}, {@code local}) and the
 * coordinator's pages draw with the same code.
 */
package gofarm.report;
