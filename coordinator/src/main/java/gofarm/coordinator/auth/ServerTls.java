package gofarm.coordinator.auth;

import io.grpc.ServerCredentials;
import io.grpc.TlsServerCredentials;
import io.grpc.netty.shaded.io.netty.handler.ssl.JdkSslContext;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContextBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import javax.net.ssl.SSLContext;

/**
 * The coordinator's TLS credentials, from PEM files: a certificate chain and its private key
 * (PKCS#8, as {@code openssl genpkey} writes it), and optionally the CA whose client certificates
 * are asked for. Client certificates are optional: a worker may present one, and a client without
 * one is still served (tokens decide what it may do). The same certificate and key serve the HTTP
 * port too ({@link #httpContext}, {@code --http-tls}).
 */
public final class ServerTls {
  private ServerTls() {}

  /**
   * @param clientCa the CA that signs client certificates, or null to ask for none
   * @throws UncheckedIOException naming the file that cannot be read or is not PEM
   */
  public static ServerCredentials credentials(Path certChain, Path privateKey, Path clientCa) {
    try {
      TlsServerCredentials.Builder b =
          TlsServerCredentials.newBuilder().keyManager(certChain.toFile(), privateKey.toFile());
      if (clientCa != null) {
        b.trustManager(clientCa.toFile()).clientAuth(TlsServerCredentials.ClientAuth.OPTIONAL);
      }
      return b.build();
    } catch (IOException | IllegalArgumentException e) {
      throw new UncheckedIOException(
          new IOException(
              "cannot use the TLS files (--tls-cert "
                  + certChain
                  + ", --tls-key "
                  + privateKey
                  + (clientCa == null ? "" : ", --tls-client-ca " + clientCa)
                  + "): "
                  + e.getMessage()
                  + "; they must be PEM, the key unencrypted PKCS#8",
              e));
    }
  }

  /**
   * The JDK's TLS context for the HTTP port ({@code com.sun.net.httpserver.HttpsServer}), from the
   * same PEM files as {@link #credentials}. They are read by the gRPC port's own TLS library
   * (Netty's, with the JDK as its provider), so both ports accept the same files. It asks for no
   * client certificate: a browser would offer its user a chooser, and tokens decide anyway.
   *
   * @throws UncheckedIOException naming the files that cannot be read or are not PEM
   */
  public static SSLContext httpContext(Path certChain, Path privateKey) {
    try {
      JdkSslContext netty =
          (JdkSslContext)
              SslContextBuilder.forServer(certChain.toFile(), privateKey.toFile())
                  .sslProvider(SslProvider.JDK)
                  .build();
      return netty.context();
    } catch (IOException | IllegalArgumentException e) {
      throw new UncheckedIOException(
          new IOException(
              "cannot use the TLS files for the HTTP port (--tls-cert "
                  + certChain
                  + ", --tls-key "
                  + privateKey
                  + "): "
                  + e.getMessage()
                  + "; they must be PEM, the key unencrypted PKCS#8",
              e));
    }
  }
}
