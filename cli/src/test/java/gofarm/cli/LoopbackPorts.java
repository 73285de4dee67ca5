package gofarm.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/**
 * Free TCP ports on the loopback address for tests that start real servers: a port is probed by
 * binding it and closing again, so another process may take it in between (rare; tests that need a
 * port pair retry).
 */
public final class LoopbackPorts {
  private LoopbackPorts() {}

  /** A port nothing listens on at the moment. */
  public static int free() throws IOException {
    try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return s.getLocalPort();
    }
  }

  /** A port p such that p and p + 1 are both free (for two servers numbered in a row). */
  public static int freePair() throws IOException {
    for (int attempt = 0; attempt < 50; attempt++) {
      int p = free();
      if (p < 65535) {
        try (ServerSocket a = new ServerSocket(p, 1, InetAddress.getLoopbackAddress());
            ServerSocket b = new ServerSocket(p + 1, 1, InetAddress.getLoopbackAddress())) {
          return p;
        } catch (IOException taken) {
          // one of the two is taken: try another
        }
      }
    }
    throw new IOException("no two consecutive free ports on the loopback address");
  }
}
