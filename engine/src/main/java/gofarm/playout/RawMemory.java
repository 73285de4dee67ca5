package gofarm.playout;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.reflect.Field;
import java.nio.ByteOrder;

/**
 * Bytes, ints and longs read and written at byte offsets of one {@code byte[]}: the light board
 * keeps each point's numbers side by side in one record of such a block, so that its loop reaches
 * every field from one base register, as C does with a struct. Measured on the light playouts, nine
 * separate arrays cost C2 a range check per access (it cannot prove {@code p ± stride} in range)
 * and spills (nine bases and the neighbours do not fit in the registers).
 *
 * <p>Through {@code sun.misc.Unsafe}, which checks nothing, where the JVM grants it (JDK 17 to 25;
 * the launcher allows it on 23 and later); otherwise through byte-array view {@link VarHandle}s,
 * which check every range: equal in effect, at about three quarters of the speed (9x9 light
 * playouts; {@code -Dgofarm.checkedMemory=true} chooses them). The callers keep every offset inside
 * the block by construction (a padded board's points and their neighbours); with assertions on, as
 * in the tests, each access checks it.
 */
final class RawMemory {
  /** Whether accesses go through Unsafe (no range checks) rather than VarHandles. */
  static final boolean UNCHECKED;

  private static final sun.misc.Unsafe UNSAFE;
  private static final long BASE;
  private static final VarHandle INTS =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());
  private static final VarHandle LONGS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.nativeOrder());

  static {
    sun.misc.Unsafe unsafe = null;
    if (!Boolean.getBoolean("gofarm.checkedMemory")) {
      try {
        Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        unsafe = (sun.misc.Unsafe) f.get(null);
        // Fails where a later JDK denies Unsafe's memory access: use the VarHandles then.
        unsafe.getInt(new byte[8], (long) unsafe.arrayBaseOffset(byte[].class));
      } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
        unsafe = null;
      }
    }
    UNSAFE = unsafe;
    UNCHECKED = unsafe != null;
    BASE = unsafe != null ? unsafe.arrayBaseOffset(byte[].class) : 0;
  }

  private RawMemory() {}

  static byte getByte(byte[] block, long offset) {
    assert inside(block, offset, 1);
    return UNCHECKED ? UNSAFE.getByte(block, BASE + offset) : block[(int) offset];
  }

  static void putByte(byte[] block, long offset, byte value) {
    assert inside(block, offset, 1);
    if (UNCHECKED) {
      UNSAFE.putByte(block, BASE + offset, value);
    } else {
      block[(int) offset] = value;
    }
  }

  static int getInt(byte[] block, long offset) {
    assert inside(block, offset, 4);
    return UNCHECKED ? UNSAFE.getInt(block, BASE + offset) : (int) INTS.get(block, (int) offset);
  }

  static void putInt(byte[] block, long offset, int value) {
    assert inside(block, offset, 4);
    if (UNCHECKED) {
      UNSAFE.putInt(block, BASE + offset, value);
    } else {
      INTS.set(block, (int) offset, value);
    }
  }

  static long getLong(byte[] block, long offset) {
    assert inside(block, offset, 8);
    return UNCHECKED ? UNSAFE.getLong(block, BASE + offset) : (long) LONGS.get(block, (int) offset);
  }

  static void putLong(byte[] block, long offset, long value) {
    assert inside(block, offset, 8);
    if (UNCHECKED) {
      UNSAFE.putLong(block, BASE + offset, value);
    } else {
      LONGS.set(block, (int) offset, value);
    }
  }

  private static boolean inside(byte[] block, long offset, int size) {
    if (offset < 0 || offset > block.length - size) {
      throw new AssertionError(
          "offset " + offset + " (" + size + " bytes) outside a block of " + block.length);
    }
    return true;
  }
}
