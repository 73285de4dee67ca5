package gofarm.wire;

import com.google.protobuf.ByteString;
import com.google.protobuf.CodedOutputStream;
import com.google.protobuf.Internal;
import com.google.protobuf.UnsafeByteOperations;
import gofarm.playout.PlayoutStats;
import gofarm.playout.PlayoutStats.PointSeries;
import java.io.IOException;
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

  /**
   * Reads a block in order; a malformed block throws IllegalArgumentException ("dense: ...") when
   * the read reaches the bad bytes.
   *
   * <p>The block is decoded in one tight loop into a scratch array of the thread's, then handed out
   * entry by entry: eight one-byte varints (most counts of a chunk) are taken at a time. Decoding
   * varint by varint through a {@code ByteBuffer} took about 16 µs to check a 19×19 block and 6 µs
   * to add it, most of a busy coordinator's time. A thread reads one block at a time: a reader is
   * used up before the next is made.
   */
  static final class Reader implements Entries {
    private static final ThreadLocal<Scratch> SCRATCH = ThreadLocal.withInitial(Scratch::new);

    /** A thread's arrays for one block: its bytes and its decoded varints. */
    private static final class Scratch {
      byte[] bytes = new byte[4096];
      long[] values = new long[4096];
    }

    private final byte[] bytes;
    private final int limit;
    private final long[] values;

    /** Varints decoded before the end of the block or the first malformed one. */
    private final int count;

    /** The bytes those varints take: the whole block unless it is malformed. */
    private final int decoded;

    /** Why decoding stopped before the end of the block, or null if it did not. */
    private final String malformed;

    private int position;

    Reader(ByteString block) {
      Scratch scratch = SCRATCH.get();
      limit = block.size();
      if (scratch.bytes.length < limit) {
        scratch.bytes = new byte[limit];
      }
      // At most one varint a byte.
      if (scratch.values.length < limit) {
        scratch.values = new long[limit];
      }
      bytes = scratch.bytes;
      values = scratch.values;
      block.copyTo(bytes, 0);
      long stop = decode(bytes, limit, values);
      count = (int) (stop >>> 32);
      decoded = (int) stop;
      // Decoding stops early at a varint of more than ten bytes, or at a truncated last one.
      malformed =
          decoded < limit && decoded + 10 <= limit ? "dense: a varint longer than ten bytes" : null;
    }

    /**
     * Decodes the varints of {@code bytes[0, limit)} into {@code values} until the end or the first
     * malformed one: their count in the high half of the answer, the bytes they take in the low.
     * Apart, so that the JIT compiles this loop on its own, whoever calls the reader.
     */
    private static long decode(byte[] bytes, int limit, long[] values) {
      int p = 0;
      int k = 0;
      while (p < limit) {
        if (p + 8 <= limit) {
          byte b0 = bytes[p];
          byte b1 = bytes[p + 1];
          byte b2 = bytes[p + 2];
          byte b3 = bytes[p + 3];
          byte b4 = bytes[p + 4];
          byte b5 = bytes[p + 5];
          byte b6 = bytes[p + 6];
          byte b7 = bytes[p + 7];
          if ((b0 | b1 | b2 | b3 | b4 | b5 | b6 | b7) >= 0) {
            values[k] = b0;
            values[k + 1] = b1;
            values[k + 2] = b2;
            values[k + 3] = b3;
            values[k + 4] = b4;
            values[k + 5] = b5;
            values[k + 6] = b6;
            values[k + 7] = b7;
            k += 8;
            p += 8;
            continue;
          }
        }
        long value = 0;
        int end = p;
        for (int shift = 0; ; shift += 7) {
          if (shift >= 64 || end >= limit) {
            return (long) k << 32 | p; // ten bytes without an end, or truncated
          }
          byte b = bytes[end++];
          value |= (long) (b & 0x7f) << shift;
          if (b >= 0) {
            break;
          }
        }
        values[k++] = value;
        p = end;
      }
      return (long) k << 32 | p;
    }

    /** Entry {@code index} is the next one: the index only documents the order. */
    @Override
    public long get(int index) {
      return next();
    }

    /** The next varint of the block. */
    long next() {
      if (position < count) {
        return values[position++];
      }
      throw new IllegalArgumentException(
          malformed != null ? malformed : "dense: truncated (" + limit + " bytes)");
    }

    /**
     * The index in {@link #values} of the next entry, of which there are at least {@code entries}
     * more; throws as reading past the last would.
     */
    int require(int entries) {
      if (count - position < entries) {
        position = count;
        next();
      }
      return position;
    }

    /** The decoded entries, from {@link #require}'s index on; read only. */
    long[] values() {
      return values;
    }

    /** Passes over {@code entries} entries that {@link #require} said are there. */
    void skip(int entries) {
      position += entries;
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
      if (position == count && decoded == limit) {
        return;
      }
      throw new IllegalArgumentException(
          "dense: " + (limit - bytesOf(position)) + " bytes after the per-point counts");
    }

    /** The bytes the first {@code entries} varints take. */
    private int bytesOf(int entries) {
      int p = 0;
      for (int n = 0; n < entries; p++) {
        if (bytes[p] >= 0) {
          n++;
        }
      }
      return p;
    }
  }
}
