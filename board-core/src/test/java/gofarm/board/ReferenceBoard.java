package gofarm.board;

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * A deliberately simple Go board for differential tests: a 2-D grid, captures and suicide by flood
 * fill, simple ko as "a one-stone capture may not recreate the position before the opponent's last
 * move". Obviously correct and slow; shares no code with {@link Board}.
 */
final class ReferenceBoard {
  final int size;
  final byte[][] grid;
  private byte[][] beforeLastMove;
  private boolean lastWasStone;
  final int[] captures = new int[3];

  ReferenceBoard(int size) {
    this.size = size;
    this.grid = new byte[size][size];
  }

  /** Whether c may play at (x, y): empty, not suicide unless allowed, not a simple-ko retake. */
  boolean isLegal(int x, int y, byte c, boolean suicideAllowed) {
    if (grid[y][x] != Color.EMPTY) {
      return false;
    }
    ReferenceBoard copy = copy();
    int captured = copy.place(x, y, c, true);
    if (captured < 0 && !suicideAllowed) {
      return false;
    }
    return !(captured == 1 && lastWasStone && Arrays.deepEquals(copy.grid, beforeLastMove));
  }

  /** Plays a legal move; returns the number of enemy stones captured (-n for n own stones lost). */
  int play(int x, int y, byte c) {
    byte[][] before = snapshot();
    int result = place(x, y, c, true);
    beforeLastMove = before;
    lastWasStone = true;
    return result;
  }

  void pass() {
    lastWasStone = false;
  }

  private int place(int x, int y, byte c, boolean count) {
    grid[y][x] = c;
    byte enemy = (byte) (c ^ 3);
    int captured = 0;
    int[][] around = {{x, y - 1}, {x - 1, y}, {x + 1, y}, {x, y + 1}};
    for (int[] n : around) {
      if (on(n[0], n[1]) && grid[n[1]][n[0]] == enemy && liberties(n[0], n[1]) == 0) {
        captured += removeChain(n[0], n[1]);
      }
    }
    if (captured > 0) {
      captures[c] += captured;
      return captured;
    }
    if (liberties(x, y) == 0) {
      int lost = removeChain(x, y);
      captures[enemy] += lost;
      return -lost;
    }
    return 0;
  }

  int liberties(int x, int y) {
    boolean[][] seen = new boolean[size][size];
    boolean[][] libs = new boolean[size][size];
    int n = 0;
    for (int[] s : chain(x, y, seen)) {
      int[][] around = {{s[0], s[1] - 1}, {s[0] - 1, s[1]}, {s[0] + 1, s[1]}, {s[0], s[1] + 1}};
      for (int[] a : around) {
        if (on(a[0], a[1]) && grid[a[1]][a[0]] == Color.EMPTY && !libs[a[1]][a[0]]) {
          libs[a[1]][a[0]] = true;
          n++;
        }
      }
    }
    return n;
  }

  int chainSize(int x, int y) {
    return chain(x, y, new boolean[size][size]).size();
  }

  private ArrayDeque<int[]> chain(int x, int y, boolean[][] seen) {
    byte c = grid[y][x];
    ArrayDeque<int[]> todo = new ArrayDeque<>();
    ArrayDeque<int[]> stones = new ArrayDeque<>();
    todo.add(new int[] {x, y});
    seen[y][x] = true;
    while (!todo.isEmpty()) {
      int[] s = todo.poll();
      stones.add(s);
      int[][] around = {{s[0], s[1] - 1}, {s[0] - 1, s[1]}, {s[0] + 1, s[1]}, {s[0], s[1] + 1}};
      for (int[] a : around) {
        if (on(a[0], a[1]) && !seen[a[1]][a[0]] && grid[a[1]][a[0]] == c) {
          seen[a[1]][a[0]] = true;
          todo.add(a);
        }
      }
    }
    return stones;
  }

  private int removeChain(int x, int y) {
    ArrayDeque<int[]> stones = chain(x, y, new boolean[size][size]);
    for (int[] s : stones) {
      grid[s[1]][s[0]] = Color.EMPTY;
    }
    return stones.size();
  }

  private boolean on(int x, int y) {
    return x >= 0 && y >= 0 && x < size && y < size;
  }

  private byte[][] snapshot() {
    byte[][] s = new byte[size][];
    for (int y = 0; y < size; y++) {
      s[y] = grid[y].clone();
    }
    return s;
  }

  private ReferenceBoard copy() {
    ReferenceBoard r = new ReferenceBoard(size);
    for (int y = 0; y < size; y++) {
      r.grid[y] = grid[y].clone();
    }
    return r;
  }
}
