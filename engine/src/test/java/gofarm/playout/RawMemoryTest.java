package gofarm.playout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/**
 * {@link RawMemory} on the path this JVM chose (the build runs this class once through Unsafe and
 * once through VarHandles, with {@code -Dgofarm.checkedMemory=true}): values read back as written
 * at every offset and width, neighbours untouched, and an access outside the block refused while
 * assertions are on.
 */
class RawMemoryTest {

  @Test
  void theChosenPathIsTheOneAskedFor() {
    assertEquals(!Boolean.getBoolean("gofarm.checkedMemory"), RawMemory.UNCHECKED);
  }

  @Test
  void valuesReadBackAsWrittenWithoutTouchingTheirNeighbours() {
    byte[] block = new byte[64];
    for (int offset = 0; offset + 8 <= block.length; offset += 8) {
      long value = 0x8000_0000_0000_0001L ^ ((long) offset * 0x0101_0101_0101_0101L);
      RawMemory.putLong(block, offset, value);
      assertEquals(value, RawMemory.getLong(block, offset));
    }
    RawMemory.putInt(block, 20, -7);
    assertEquals(-7, RawMemory.getInt(block, 20));
    // The int is the upper half of the long at 16 (little-endian); the longs beside it are intact.
    assertEquals(
        0x8000_0000_0000_0001L ^ (8L * 0x0101_0101_0101_0101L), RawMemory.getLong(block, 8));
    assertEquals(
        0x8000_0000_0000_0001L ^ (24L * 0x0101_0101_0101_0101L), RawMemory.getLong(block, 24));
    assertEquals(-7, (int) (RawMemory.getLong(block, 16) >> 32));
    RawMemory.putByte(block, 63, (byte) -2);
    assertEquals(-2, RawMemory.getByte(block, 63));
    assertEquals(-7, RawMemory.getInt(block, 20));
    // Little-endian on the machines gofarm runs on: the int's low byte comes first.
    RawMemory.putInt(block, 0, 0x0403_0201);
    assertEquals(1, RawMemory.getByte(block, 0));
    assertEquals(4, RawMemory.getByte(block, 3));
  }

  @Test
  void anAccessOutsideTheBlockIsRefusedWithAssertionsOn() {
    byte[] block = new byte[16];
    AssertionError e = assertThrows(AssertionError.class, () -> RawMemory.getLong(block, 9));
    assertEquals("offset 9 (8 bytes) outside a block of 16", e.getMessage());
    assertThrows(AssertionError.class, () -> RawMemory.putInt(block, -4, 1));
    assertThrows(AssertionError.class, () -> RawMemory.getByte(block, 16));
  }
}
