package gofarm.coordinator.auth;

import io.grpc.ServerCredentials;
import io.grpc.TlsServerCredentials;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/**
 * The coordinator's TLS credentials, from PEM files: a certificate chain and its private key
 * (PKCS#8, as {@code openssl genpkey} writes it), and optionally the CA whose client certificates
 * are asked for. Client certificates are optional: a worker may present one, and a client without
 * one is still served (tokens decide what it may do).
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
}
