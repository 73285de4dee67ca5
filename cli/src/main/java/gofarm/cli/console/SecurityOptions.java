package gofarm.cli.console;

import io.grpc.ChannelCredentials;
import io.grpc.CompositeChannelCredentials;
import io.grpc.InsecureChannelCredentials;
import io.grpc.TlsChannelCredentials;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * How a client or worker proves who it is and whom it talks to: a token ({@code GOFARM_TOKEN} or
 * {@code --token-file}) sent as {@code authorization: Bearer TOKEN} with every call, and TLS.
 *
 * <p>The rule for TLS: the connection uses TLS when {@code --tls-ca FILE} (trust this CA) or {@code
 * --tls} (trust the system's CAs) is given, and plaintext otherwise. A token is never sent in
 * plaintext to an address that is not loopback unless {@code --insecure} says the network is
 * trusted: anyone on the path could read the token and use it.
 */
public final class SecurityOptions {
  @Option(
      names = "--token-file",
      paramLabel = "FILE",
      defaultValue = "${env:GOFARM_TOKEN_FILE}",
      description =
          "Read the token to present to the coordinator from FILE (default: $GOFARM_TOKEN_FILE,"
              + " else the token in $GOFARM_TOKEN, else none).")
  Path tokenFile;

  @Option(
      names = "--tls-ca",
      paramLabel = "FILE",
      defaultValue = "${env:GOFARM_TLS_CA}",
      description =
          "Talk TLS to the coordinator and trust the CA certificates in this PEM file (default:"
              + " $GOFARM_TLS_CA).")
  Path tlsCa;

  @Option(
      names = "--tls",
      description = "Talk TLS to the coordinator, trusting the system's CAs (implied by --tls-ca).")
  boolean tls;

  @Option(
      names = "--insecure",
      description =
          "Allow sending the token in plaintext to a coordinator that is not on this machine"
              + " (only on a network you trust).")
  boolean insecure;

  /** The command whose options these are, for usage errors; set by {@link #credentials}. */
  private CommandSpec command;

  /**
   * The credentials of a channel to {@code target} (HOST:PORT): TLS or plaintext, with the token if
   * there is one, and a client certificate when {@code clientCert} is not null.
   *
   * @param command the command these options belong to, for usage errors
   * @throws ParameterException if a file cannot be read, or a token would go in plaintext to
   *     another machine without {@code --insecure}
   */
  public ChannelCredentials credentials(
      CommandSpec command, String target, Path clientCert, Path clientKey) {
    this.command = command;
    String token = token();
    boolean useTls = tls || tlsCa != null || clientCert != null;
    ChannelCredentials channel = useTls ? tls(clientCert, clientKey) : plaintext(target, token);
    return token == null
        ? channel
        : CompositeChannelCredentials.create(channel, new BearerToken(token));
  }

  /** The token from {@code --token-file} or {@code GOFARM_TOKEN}, or null for none. */
  private String token() {
    if (tokenFile != null) {
      String text;
      try {
        text = Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
      } catch (IOException e) {
        throw usage("--token-file: cannot read " + tokenFile + ": " + Errors.ioReason(e));
      }
      return checked(text, "--token-file " + tokenFile);
    }
    String env = System.getenv("GOFARM_TOKEN");
    return env == null || env.isBlank() ? null : checked(env.strip(), "GOFARM_TOKEN");
  }

  private String checked(String token, String where) {
    if (token.isEmpty() || !token.chars().allMatch(c -> c > 0x20 && c < 0x7f)) {
      throw usage(
          where
              + ": the token must be one line of printable ASCII without spaces, as in the"
              + " coordinator's --auth file");
    }
    return token;
  }

  private ChannelCredentials tls(Path clientCert, Path clientKey) {
    TlsChannelCredentials.Builder b = TlsChannelCredentials.newBuilder();
    try {
      if (tlsCa != null) {
        b.trustManager(tlsCa.toFile());
      }
      if (clientCert != null) {
        b.keyManager(clientCert.toFile(), clientKey.toFile());
      }
    } catch (IOException | IllegalArgumentException e) {
      throw usage(
          "cannot use the TLS files ("
              + (tlsCa == null ? "" : "--tls-ca " + tlsCa)
              + (clientCert == null ? "" : " --tls-cert " + clientCert + " --tls-key " + clientKey)
              + "): "
              + e.getMessage()
              + "; they must be PEM, a key unencrypted PKCS#8");
    }
    return b.build();
  }

  private ChannelCredentials plaintext(String target, String token) {
    if (token != null && !insecure && !isLoopback(host(target))) {
      throw usage(
          "refusing to send the token in plaintext to "
              + target
              + ": anyone on the network path could read it and use it. Talk TLS (--tls-ca FILE"
              + " with the coordinator's CA, or --tls), or pass --insecure if this network is"
              + " trusted");
    }
    return InsecureChannelCredentials.create();
  }

  /** The host of HOST:PORT, without the brackets of an IPv6 address. */
  private static String host(String target) {
    String host = target.substring(0, target.lastIndexOf(':'));
    return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
  }

  /** Whether every address of {@code host} is a loopback one; false when it does not resolve. */
  static boolean isLoopback(String host) {
    try {
      InetAddress[] all = InetAddress.getAllByName(host);
      for (InetAddress a : all) {
        if (!a.isLoopbackAddress()) {
          return false;
        }
      }
      return all.length > 0;
    } catch (UnknownHostException e) {
      return false;
    }
  }

  private ParameterException usage(String message) {
    return new ParameterException(command.commandLine(), message);
  }
}
