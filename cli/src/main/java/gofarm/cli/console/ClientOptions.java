package gofarm.cli.console;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The options of the commands that talk to a running coordinator. */
public final class ClientOptions {
  @Option(
      names = {"-c", "--coordinator"},
      defaultValue = "${env:GOFARM_COORDINATOR:-localhost:7070}",
      description =
          "The coordinator's gRPC address HOST:PORT (default: $GOFARM_COORDINATOR or"
              + " localhost:7070).")
  String coordinator;

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  /**
   * A plaintext channel to the coordinator; close it with {@link #close}.
   *
   * @throws picocli.CommandLine.ParameterException if {@code --coordinator} is not HOST:PORT
   */
  public ManagedChannel channel() {
    return NettyChannelBuilder.forTarget(
            OptionChecks.hostPort(command, "--coordinator", coordinator))
        .usePlaintext()
        .keepAliveTime(30, TimeUnit.SECONDS)
        .maxInboundMessageSize(256 * 1024 * 1024)
        .build();
  }

  /** Shuts the channel down, waiting a few seconds for its calls to end. */
  public static void close(ManagedChannel channel) {
    channel.shutdownNow();
    try {
      channel.awaitTermination(5, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
