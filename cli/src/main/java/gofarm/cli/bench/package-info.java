/**
 * The measurements of {@code gofarm bench}: {@link gofarm.cli.bench.PlayoutBenchmark} (playouts per
 * second per size and policy, in rounds), {@link gofarm.cli.bench.SearchBenchmark} (the tree
 * search's playouts per second), {@link gofarm.cli.bench.FarmBenchmark} (the coordinator alone, fed
 * by synthetic workers in-process or over TCP, with the CPU and bytes a result costs: {@code
 * ProcessCost}), and {@link gofarm.cli.bench.BenchCsv} (one CSV row per case, with the {@link
 * gofarm.cli.bench.Machine} it ran on). {@link gofarm.cli.bench.BenchPlan} holds what every case
 * shares.
 *
 * <p>Uses {@code gofarm.cli.console} (the progress bar) and {@code gofarm.report} (CSV cells); the
 * options and their checks are {@code BenchCommand}'s.
 */
package gofarm.cli.bench;
