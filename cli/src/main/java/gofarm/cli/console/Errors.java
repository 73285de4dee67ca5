package gofarm.cli.console;

import com.google.rpc.BadRequest;
import gofarm.report.TerminalText;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.List;
import picocli.CommandLine;

/**
 * Turns failures into messages a person can act on: a refused request lists each bad field on a
 * line of its own, an unreachable coordinator says where we looked, and no stack trace is shown
 * unless {@code GOFARM_DEBUG} is set.
 */
public final class Errors implements CommandLine.IExecutionExceptionHandler {
  /** Exit code for a request the coordinator refused or could not serve. */
  public static final int REFUSED = 1;

  @Override
  public int handleExecutionException(
      Exception e, CommandLine commandLine, CommandLine.ParseResult parseResult) {
    PrintWriter err = commandLine.getErr();
    err.println(describe(e));
    if (System.getenv("GOFARM_DEBUG") != null) {
      e.printStackTrace(err);
    }
    err.flush();
    return REFUSED;
  }

  static String describe(Throwable e) {
    if (e instanceof StatusRuntimeException s) {
      return describe(s);
    }
    if (e instanceof java.io.UncheckedIOException io) {
      // "cannot write X: <the cause's message>", where the cause's message may be a bare path.
      String message = io.getMessage();
      String cause = io.getCause().getMessage();
      if (cause != null && message.endsWith(": " + cause)) {
        message = message.substring(0, message.length() - cause.length()) + ioReason(io.getCause());
      }
      return "error: " + message;
    }
    if (e instanceof IllegalArgumentException || e instanceof IllegalStateException) {
      return "error: " + e.getMessage();
    }
    return "error: " + e;
  }

  /**
   * Why a file operation failed, in words: Java's messages for the common failures are just the
   * path, which says nothing of the cause.
   */
  public static String ioReason(IOException e) {
    if (e instanceof FileSystemException f) {
      String what =
          f instanceof NoSuchFileException
              ? "no such file or directory"
              : f instanceof AccessDeniedException
                  ? "permission denied"
                  : f instanceof FileAlreadyExistsException
                      ? "a file is in the way"
                      : f.getReason() != null ? f.getReason() : f.getClass().getSimpleName();
      return f.getFile() == null ? what : what + " (" + f.getFile() + ")";
    }
    return e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
  }

  /**
   * What to change when the connection failed for want of the right TLS settings, or null: a TLS
   * port resets a plaintext client at once ("Connection reset by peer", or gRPC's "Network closed
   * for unknown reason"), and a handshake fails on a certificate from another CA (grpc-netty's
   * "General OpenSslEngine problem", whose cause says why) or on a plaintext port.
   */
  private static String transportAdvice(Status status) {
    Throwable tls = null;
    Throwable root = null;
    for (Throwable t = status.getCause(); t != null && t != root; t = t.getCause()) {
      root = t;
      if (t instanceof javax.net.ssl.SSLException && tls == null) {
        tls = t;
      }
    }
    if (tls != null) {
      // The root cause says why ("PKIX path building failed ..."), the SSLException only that.
      String why = root.getMessage() == null ? root.getClass().getSimpleName() : root.getMessage();
      if (why.contains("not an SSL/TLS record")) {
        return "the coordinator does not speak TLS on this port ("
            + why
            + "); drop --tls-ca (and GOFARM_TLS_CA) if it runs without TLS, or check --coordinator";
      }
      return "the TLS handshake with the coordinator failed ("
          + why
          + "): check that --tls-ca (or GOFARM_TLS_CA) is the CA that signed the coordinator's"
          + " certificate, and that --coordinator names a host that certificate is for";
    }
    String text =
        (status.getDescription() == null ? "" : status.getDescription())
            + " "
            + (status.getCause() == null ? "" : String.valueOf(status.getCause().getMessage()));
    if (text.contains("Network closed for unknown reason")
        || text.contains("Connection reset by peer")) {
      return "the coordinator closed the connection as soon as it opened ("
          + text.strip()
          + "); a coordinator with TLS does that to a plaintext client: pass --tls-ca FILE (or"
          + " set GOFARM_TLS_CA) with the CA of its certificate";
    }
    return null;
  }

  private static String describe(StatusRuntimeException e) {
    Status status = e.getStatus();
    if (status.getCode() == Status.Code.UNAVAILABLE) {
      String advice = transportAdvice(status);
      if (advice != null) {
        return "error: " + advice;
      }
    }
    if (status.getCode() == Status.Code.UNAVAILABLE && status.getCause() != null) {
      return "error: cannot reach the coordinator ("
          + status.getCause().getMessage()
          + "); is `gofarm coordinator` running, and is --coordinator right?";
    }
    com.google.rpc.Status details = StatusProto.fromThrowable(e);
    if (details != null) {
      for (com.google.protobuf.Any any : details.getDetailsList()) {
        if (any.is(BadRequest.class)) {
          try {
            BadRequest bad = any.unpack(BadRequest.class);
            List<BadRequest.FieldViolation> violations = bad.getFieldViolationsList();
            if (violations.size() == 1 && violations.get(0).getField().isEmpty()) {
              // about the whole request
              return "error: " + TerminalText.escape(violations.get(0).getDescription());
            }
            StringBuilder sb = new StringBuilder("error: the request was refused:");
            for (BadRequest.FieldViolation v : violations) {
              sb.append("\n  ");
              if (!v.getField().isEmpty()) {
                sb.append(v.getField()).append(": ");
              }
              sb.append(TerminalText.escape(v.getDescription()));
            }
            return sb.toString();
          } catch (com.google.protobuf.InvalidProtocolBufferException ignored) {
            // fall back to the description
          }
        }
      }
    }
    String what =
        switch (status.getCode()) {
          case NOT_FOUND -> "not found";
          case FAILED_PRECONDITION -> "not possible now";
          case INVALID_ARGUMENT -> "refused";
          case DEADLINE_EXCEEDED -> "timed out";
          case UNIMPLEMENTED ->
              "the coordinator does not offer this (is it older than this client?)";
          default -> status.getCode().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' ');
        };
    return "error: " + what + ": " + TerminalText.escape(status.getDescription());
  }
}
