package gofarm.coordinator.grpc;

import com.google.protobuf.ByteString;
import gofarm.proto.v1.JobResults;
import io.grpc.KnownLength;
import io.grpc.MethodDescriptor;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * A {@code GetResults} answer as the bytes of a serialized {@link JobResults}, sent as they are. A
 * finished job's results are kept serialized (in memory or in the archive); parsing them into a
 * message only for gRPC to serialize it again cost several times their size per call, so that a few
 * concurrent readers of a large result filled the heap. Clients see an ordinary {@code JobResults}:
 * the bytes on the wire are the same.
 */
record SerializedResults(ByteString bytes) {

  static SerializedResults of(JobResults results) {
    return new SerializedResults(results.toByteString());
  }

  /** Writes the bytes, and reads them back whole (for clients on this descriptor, tests). */
  static final MethodDescriptor.Marshaller<SerializedResults> MARSHALLER =
      new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(SerializedResults value) {
          return new Sized(value.bytes());
        }

        @Override
        public SerializedResults parse(InputStream stream) {
          try {
            return new SerializedResults(ByteString.readFrom(stream));
          } catch (IOException e) {
            throw new UncheckedIOException(e);
          }
        }
      };

  /** The bytes with their length known up front, so that gRPC frames them without buffering. */
  private static final class Sized extends FilterInputStream implements KnownLength {
    Sized(ByteString bytes) {
      super(bytes.newInput());
    }
  }
}
