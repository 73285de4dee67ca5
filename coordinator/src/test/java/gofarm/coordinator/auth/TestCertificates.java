package gofarm.coordinator.auth;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A CA and a server certificate for 127.0.0.1 and localhost made by {@code openssl} (BouncyCastle
 * is not among the dependencies), as {@code deploy/local/cluster.sh} makes them, plus a client
 * certificate signed by the same CA.
 */
public record TestCertificates(
    Path ca, Path serverCert, Path serverKey, Path clientCert, Path clientKey) {

  /** Makes the files in {@code dir}; a few hundred milliseconds. */
  public static TestCertificates make(Path dir) throws IOException, InterruptedException {
    Path ca = dir.resolve("ca.pem");
    Path caKey = dir.resolve("ca-key.pem");
    openssl(
        dir,
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        caKey.toString(),
        "-out",
        ca.toString(),
        "-days",
        "2",
        "-subj",
        "/CN=gofarm test CA");
    Path serverCert = dir.resolve("server.pem");
    Path serverKey = dir.resolve("server-key.pem");
    sign(
        dir,
        ca,
        caKey,
        "127.0.0.1",
        "subjectAltName=IP:127.0.0.1,DNS:localhost",
        serverCert,
        serverKey);
    Path clientCert = dir.resolve("client.pem");
    Path clientKey = dir.resolve("client-key.pem");
    sign(dir, ca, caKey, "gofarm worker", "extendedKeyUsage=clientAuth", clientCert, clientKey);
    return new TestCertificates(ca, serverCert, serverKey, clientCert, clientKey);
  }

  private static void sign(
      Path dir, Path ca, Path caKey, String cn, String extension, Path cert, Path key)
      throws IOException, InterruptedException {
    Path csr = dir.resolve(cert.getFileName() + ".csr");
    openssl(
        dir,
        "req",
        "-new",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:P-256",
        "-nodes",
        "-keyout",
        key.toString(),
        "-out",
        csr.toString(),
        "-subj",
        "/CN=" + cn);
    Path ext = dir.resolve(cert.getFileName() + ".ext");
    java.nio.file.Files.writeString(ext, extension + "\n");
    openssl(
        dir,
        "x509",
        "-req",
        "-in",
        csr.toString(),
        "-CA",
        ca.toString(),
        "-CAkey",
        caKey.toString(),
        "-CAcreateserial",
        "-out",
        cert.toString(),
        "-days",
        "2",
        "-extfile",
        ext.toString());
  }

  private static void openssl(Path dir, String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("openssl"));
    command.addAll(List.of(args));
    Process p =
        new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes());
    if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
      throw new IOException(String.join(" ", command) + " failed:\n" + output);
    }
  }
}
