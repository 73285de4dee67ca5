package gofarm.wire;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Internal;
import com.google.protobuf.UnsafeByteOperations;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PlayoutStats.PointSeries;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * The dense block of a {@code PlayoutStats} message ({@code dense}, field 27): both histograms and
 * the per-point arrays as unsigned varints in one {@code bytes} field.
 *
 * <pre>
 * dense     = histogram(length) histogram(score) points
 * histogram = first count entry{count}       entries first .. first + count - 1; the others are 0
 * points    = (ownedBlack ownedWhite ownedByWinner amafBlackFirst amafBlackFirstWins
 *              amafWhiteFirst amafWhiteFirstWins){pointCount}       point-major, row-major
 * </pre>
 *
 * Why: as repeated fields a 19×19 result is some 2,900 varints that protobuf parses one by one into
 * growing lists (about 80 KB of garbage a result); a {@code bytes} field is one copy, and {@link
 * StatsCodec} checks and adds the block in two sequential passes without materializing it. Point-
 * major order lets those passes read a point's seven counts together, as the checks need them. A
 * count goes as its 64 bits (a negative one in ten bytes), so the checks see what was sent.
 */
final class DenseCounts {
  private DenseCounts() {}

  /** The block of {@code stats}: histograms without their leading and trailing zeros. */
  static ByteString encode(PlayoutStats stats) {
    int points = stats.geometry().pointCount();
    int lengthFirst = 0;
    int lengthEnd = stats.maxLength() + 1;
    while (lengthEnd > 0 && stats.lengthCount(lengthEnd - 1) == 0) {
      lengthEnd--;
    }
    while (lengthFirst < lengthEnd && stats.lengthCount(lengthFirst) == 0) {
      lengthFirst++;
    }
    int scoreFirst = 0;
    int scoreEnd = 2 * points + 1;
    while (scoreEnd > 0 && stats.scoreCount(scoreEnd - 1 - points) == 0) {
      scoreEnd--;
    }
    while (scoreFirst < scoreEnd && stats.scoreCount(scoreFirst - points) == 0) {
      scoreFirst++;
    }
    PointSeries[] series = PointSeries.values();
    int size =
        CodedOutputStream.computeUInt32SizeNoTag(lengthFirst)
            + CodedOutputStream.computeUInt32SizeNoTag(lengthEnd - lengthFirst)
            + CodedOutputStream.computeUInt32SizeNoTag(scoreFirst)
            + CodedOutputStream.computeUInt32SizeNoTag(scoreEnd - scoreFirst);
    for (int i = lengthFirst; i < lengthEnd; i++) {
      size += CodedOutputStream.computeUInt64SizeNoTag(stats.lengthCount(i));
    }
    for (int i = scoreFirst; i < scoreEnd; i++) {
      size += CodedOutputStream.computeUInt64SizeNoTag(stats.scoreCount(i - points));
    }
    for (int p = 0; p < points; p++) {
      for (PointSeries s : series) {
        size += CodedOutputStream.computeUInt64SizeNoTag(stats.get(s, p));
      }
    }
    byte[] bytes = new byte[size];
    CodedOutputStream out = CodedOutputStream.newInstance(bytes);
    try {
      out.writeUInt32NoTag(lengthFirst);
      out.writeUInt32NoTag(lengthEnd - lengthFirst);
      for (int i = lengthFirst; i < lengthEnd; i++) {
        out.writeUInt64NoTag(stats.lengthCount(i));
      }
      out.writeUInt32NoTag(scoreFirst);
      out.writeUInt32NoTag(scoreEnd - scoreFirst);
      for (int i = scoreFirst; i < scoreEnd; i++) {
        out.writeUInt64NoTag(stats.scoreCount(i - points));
      }
      for (int p = 0; p < points; p++) {
        for (PointSeries s : series) {
          out.writeUInt64NoTag(stats.get(s, p));
        }
      }
      out.checkNoSpaceLeft();
    } catch (IOException e) {
      throw new IllegalStateException("the block's size was computed wrong", e);
    }
    // The array is never written again: no copy.
    return UnsafeByteOperations.unsafeWrap(bytes);
  }

  /**
   * The entries of one array, asked for by index in order (0, 1, 2, ..., each once): a repeated
   * field answers by index, a dense block by reading on. By index rather than through a cursor of
   * its own, a repeated field's checks read its list as directly as before the dense form (a
   * cursor's field, stored at every entry, made them about twice as slow).
   */
  interface Entries {
    /**
     * Entry {@code index}; a dense block throws IllegalArgumentException ("dense: ...") past its
     * end.
     */
    long get(int index);
  }

  /** A repeated field's entries. */
  static Entries of(List<Long> values) {
    if (values instanceof Internal.LongList longs) {
      // Generated messages hold primitive lists: read them without boxing.
      return longs::getLong;
    }
    return values::get;
  }

  /** Reads a block in order; a malformed block throws IllegalArgumentException ("dense: ..."). */
  static final class Reader implements Entries {
    private final ByteBuffer in;
    private int position;
    private final int limit;

    Reader(ByteString block) {
      // A view of the block's own array: nothing is copied. The varints are decoded here rather
      // than by CodedInputStream, whose calls through its abstract class the JIT did not inline
      // (about half the coordinator's samples went to reading the block).
      this.in = block.asReadOnlyByteBuffer();
      this.position = in.position();
      this.limit = in.limit();
    }

    /** Entry {@code index} is the next one: the index only documents the order. */
    @Override
    public long get(int index) {
      return next();
    }

    /** The next varint of the block. */
    long next() {
      if (position < limit) {
        byte b = in.get(position);
        if (b >= 0) {
          position++;
          return b;
        }
      }
      return nextLong();
    }

    /** A varint of two bytes or more (or none left). */
    private long nextLong() {
      long value = 0;
      for (int shift = 0; shift < 64; shift += 7) {
        if (position >= limit) {
          throw new IllegalArgumentException("dense: truncated (" + limit + " bytes)");
        }
        byte b = in.get(position++);
        value |= (long) (b & 0x7f) << shift;
        if (b >= 0) {
          return value;
        }
      }
      throw new IllegalArgumentException("dense: a varint longer than ten bytes");
    }

    /** A histogram's first index or entry count, which must be 0..{@code max} ({@code what}). */
    int index(int max, String what) {
      long v = next();
      if (v < 0 || v > max) {
        throw new IllegalArgumentException(
            "dense: " + what + " must be 0.." + max + " (got " + v + ")");
      }
      return (int) v;
    }

    /** Throws unless every byte of the block was read. */
    void finish() {
      if (position != limit) {
        throw new IllegalArgumentException(
            "dense: " + (limit - position) + " bytes after the per-point counts");
      }
    }
  }
}
