package gofarm.board;

/**
 * A set of points that clears in O(1): a point is marked when its stamp equals the current epoch
 * (Fuego's {@code SgMarker}). Used for liberty de-duplication and flood fills.
 *
 * <p>Not thread-safe; one per thread or per owning object.
 */
public final class Marker {
  private final int[] stamp;
  private int epoch = 1;

  public Marker(Geometry geometry) {
    this.stamp = new int[geometry.arraySize()];
  }

  /** Unmarks every point. */
  public void clear() {
    if (++epoch == Integer.MAX_VALUE) {
      java.util.Arrays.fill(stamp, 0);
      epoch = 1;
    }
  }

  public boolean isMarked(int p) {
    return stamp[p] == epoch;
  }

  public void mark(int p) {
    stamp[p] = epoch;
  }

  /** Marks {@code p} and returns true if it was not marked yet. */
  public boolean markIfNew(int p) {
    if (stamp[p] == epoch) {
      return false;
    }
    stamp[p] = epoch;
    return true;
  }
}
