package gofarm.cli.console;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Mixin;
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

  @Mixin SecurityOptions security;

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  /**
   * A channel to the coordinator, TLS and with a token as {@link SecurityOptions} says; close it
   * with {@link #close}.
   *
   * @throws picocli.CommandLine.ParameterException if {@code --coordinator} is not HOST:PORT, or
   *     the security options cannot be used
   */
  public ManagedChannel channel() {
    String target = OptionChecks.hostPort(command, "--coordinator", coordinator);
    return NettyChannelBuilder.forTarget(target, security.credentials(command, target, null, null))
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
