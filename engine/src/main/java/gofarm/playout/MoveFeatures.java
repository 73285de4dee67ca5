package gofarm.playout;

import gofarm.board.Board;
import gofarm.board.Color;
import gofarm.board.Geometry;
import gofarm.board.Marker;

/**
 * Computes the positional features ({@link FeatureGroup#POSITIONAL} groups) of one move on a {@link
 * Board}, from scratch: the definition that the softmax policy's incremental table must always
 * agree with. Thread-confined: it owns the scratch it reads with (a ladder reader, a nakade
 * finder), and it plays and undoes a move on the board for a ladder, leaving it as it was.
 *
 * <p>Which changes of the board can change a point's features is written down with {@link
 * SoftmaxPolicy#play}, next to the updates that rely on it.
 */
final class MoveFeatures {
  private static final int PATTERN = FeatureSpace.offset(FeatureGroup.PATTERN);
  private static final int CAPTURE = FeatureSpace.offset(FeatureGroup.CAPTURE);
  private static final int EXTEND = FeatureSpace.offset(FeatureGroup.EXTEND);
  private static final int SELF_ATARI = FeatureSpace.offset(FeatureGroup.SELF_ATARI);
  private static final int ATARI = FeatureSpace.offset(FeatureGroup.ATARI);
  private static final int EDGE = FeatureSpace.offset(FeatureGroup.EDGE);
  private static final int NAKADE = FeatureSpace.offset(FeatureGroup.NAKADE);

  private final Geometry geometry;
  private final int stride;
  private final Marker marker;
  private final Marker heads;
  private final Ladder ladder;
  private final Nakade nakade;
  // Nakade is asked once per area in a batch: the vital point found, with its border, is kept
  // for the batch; the area's other points get no value (Nakade skips areas examined in a move).
  private final int[] vitalBatch;
  private final byte[] vitalBorder;
  private int batch;

  MoveFeatures(Geometry geometry) {
    this.geometry = geometry;
    this.stride = geometry.stride();
    this.marker = new Marker(geometry);
    this.heads = new Marker(geometry);
    this.ladder = new Ladder(geometry);
    this.nakade = new Nakade(geometry);
    this.vitalBatch = new int[geometry.arraySize()];
    this.vitalBorder = new byte[geometry.arraySize()];
  }

  /**
   * Starts a batch of {@link #compute} calls on one position: each empty area is flooded once per
   * batch. Call it whenever the board has changed.
   */
  void startBatch() {
    nakade.startMove();
    if (++batch == Integer.MAX_VALUE) {
      java.util.Arrays.fill(vitalBatch, 0);
      batch = 1;
    }
  }

  /**
   * Whether {@code me} may draw the empty point q in a playout, ko aside: not suicide, and not an
   * own one-point eye (the eye rule of every policy, {@link Board#isSimpleEye}).
   */
  static boolean isCandidate(Board board, int q, byte me) {
    return board.color(q) == Color.EMPTY && !board.isSimpleEye(q, me) && !board.isSuicide(q, me);
  }

  /**
   * Writes the positional feature ids of a move at the point q, for black into {@code black[at ..
   * at + POSITIONAL - 1]} and for white into {@code white[at ..]}, in group order, -1 where the
   * move has no value of a group, and all -1 for a colour that may not draw q ({@link
   * #isCandidate}). Both colours in one pass: they read the same neighbours. The board is left as
   * it was. Call {@link #startBatch} first after the board changed.
   *
   * @return bit 0 set if black may draw q, bit 1 if white may
   */
  int computeBoth(Board board, int q, int[] black, int[] white, int at) {
    boolean blackMay = isCandidate(board, q, Color.BLACK);
    boolean whiteMay = isCandidate(board, q, Color.WHITE);
    for (int g = 0; g < FeatureGroup.POSITIONAL; g++) {
      if (!blackMay) {
        black[at + g] = -1;
      }
      if (!whiteMay) {
        white[at + g] = -1;
      }
    }
    if (!blackMay && !whiteMay) {
      return 0;
    }
    int raw = PatternKeys.rawKey(board, q);
    // One pass over the distinct neighbour chains: a chain in atari is a capture for the other
    // colour and an extension for its own; a chain with two liberties can be ataried.
    heads.clear();
    int blackInAtari = 0; // stones of black chains in atari next to q
    int whiteInAtari = 0;
    boolean blackSaves = false; // a white chain in atari next to q touches a black one in atari
    boolean whiteSaves = false;
    int blackTwo = 0; // the largest black chain with two liberties next to q
    int whiteTwo = 0;
    for (int i = 0; i < 4; i++) {
      int a = i == 0 ? q - stride : i == 1 ? q - 1 : i == 2 ? q + 1 : q + stride;
      byte c = board.color(a);
      if (!Color.isPlayer(c) || !heads.markIfNew(board.chainHead(a))) {
        continue;
      }
      int libs = board.libertyCount(a);
      if (libs == 1) {
        int size = board.chainSize(a);
        if (c == Color.BLACK) {
          blackInAtari += size;
          whiteSaves |= whiteMay && touchesAtari(board, a, Color.WHITE);
        } else {
          whiteInAtari += size;
          blackSaves |= blackMay && touchesAtari(board, a, Color.BLACK);
        }
      } else if (libs == 2) {
        int size = board.chainSize(a);
        if (c == Color.BLACK) {
          blackTwo = Math.max(blackTwo, size);
        } else {
          whiteTwo = Math.max(whiteTwo, size);
        }
      }
    }
    int line = geometry.line(q);
    int edge = line < 4 ? EDGE + line : -1;
    byte border = nakadeBorder(board, q);
    if (blackMay) {
      black[at] = PATTERN + PatternKeys.id(raw);
      fill(board, q, Color.BLACK, whiteInAtari, blackSaves, blackInAtari, whiteTwo, black, at);
      black[at + 5] = edge;
      black[at + 6] = nakade(border, Color.BLACK);
    }
    if (whiteMay) {
      white[at] = PATTERN + PatternKeys.id(PatternKeys.relative(raw, Color.WHITE));
      fill(board, q, Color.WHITE, blackInAtari, whiteSaves, whiteInAtari, blackTwo, white, at);
      white[at + 5] = edge;
      white[at + 6] = nakade(border, Color.WHITE);
    }
    return (blackMay ? 1 : 0) | (whiteMay ? 2 : 0);
  }

  /**
   * The capture, extension, self-atari and atari values of {@code me} at q: {@code captured} enemy
   * stones in atari next to q ({@code saves}: one of their chains touches an own chain in atari),
   * {@code ownAtari} own stones in atari next to it, {@code enemyTwo} the size of the largest enemy
   * chain with two liberties next to it.
   */
  private void fill(
      Board board,
      int q,
      byte me,
      int captured,
      boolean saves,
      int ownAtari,
      int enemyTwo,
      int[] out,
      int at) {
    out[at + 1] =
        captured == 0
            ? -1
            : CAPTURE
                + 2 * (captured == 1 ? 0 : captured <= 3 ? 1 : captured <= 6 ? 2 : 3)
                + (saves ? 1 : 0);
    int libs = board.libertiesAfterPlay(q, me, 3, marker);
    int extend = -1;
    if (ownAtari > 0 && libs >= 2) {
      int safety = libs >= 3 ? 0 : ladderCaught(board, q, me) ? 2 : 1;
      extend = EXTEND + 2 * safety + (ownAtari <= 2 ? 0 : 1);
    }
    out[at + 2] = extend;
    int selfAtari = -1;
    if (libs <= 1) {
      int size = 1 + ownChainStones(board, q, me);
      selfAtari = SELF_ATARI + (size <= 3 ? size - 1 : size <= 5 ? 3 : 4);
    }
    out[at + 3] = selfAtari;
    out[at + 4] = enemyTwo == 0 ? -1 : ATARI + (enemyTwo == 1 ? 0 : enemyTwo <= 3 ? 1 : 2);
  }

  /**
   * The colour around q's empty area if q is the vital point of a killable one (EMPTY if only the
   * edge bounds it), else the WALL value. Each area is flooded once per batch.
   */
  private byte nakadeBorder(Board board, int q) {
    if (vitalBatch[q] != batch) {
      int vital = nakade.vitalPoint(board, q);
      if (vital != gofarm.board.Point.NONE) {
        vitalBatch[vital] = batch;
        vitalBorder[vital] = nakade.border();
      }
    }
    return vitalBatch[q] == batch ? vitalBorder[q] : Color.WALL;
  }

  private static int nakade(byte border, byte me) {
    return border == Color.opponent(me) ? NAKADE : border == me ? NAKADE + 1 : -1;
  }

  /** Whether the chain at a touches a chain of {@code me} in atari. */
  private boolean touchesAtari(Board board, int a, byte me) {
    int head = board.chainHead(a);
    int p = head;
    do {
      if (ownInAtari(board, p - stride, me)
          || ownInAtari(board, p - 1, me)
          || ownInAtari(board, p + 1, me)
          || ownInAtari(board, p + stride, me)) {
        return true;
      }
      p = board.nextInChain(p);
    } while (p != head);
    return false;
  }

  private static boolean ownInAtari(Board board, int p, byte me) {
    return board.color(p) == me && board.libertyCount(p) == 1;
  }

  /** The stones of the distinct own chains next to q. */
  private int ownChainStones(Board board, int q, byte me) {
    heads.clear();
    return stonesOnce(board, q - stride, me)
        + stonesOnce(board, q - 1, me)
        + stonesOnce(board, q + 1, me)
        + stonesOnce(board, q + stride, me);
  }

  private int stonesOnce(Board board, int a, byte me) {
    return board.color(a) == me && heads.markIfNew(board.chainHead(a)) ? board.chainSize(a) : 0;
  }

  /**
   * Whether the extension at q, which leaves its chain two liberties, is caught in a ladder: it is
   * played, the ladder read with the attacker to move, and taken back.
   */
  private boolean ladderCaught(Board board, int q, byte me) {
    if (board.koPoint() == q && board.koColor() == me) {
      return false; // ko bars it now: not read (the ko point is recomputed once the ban ends)
    }
    board.playAssumeLegal(q, me);
    boolean caught = ladder.isCapturedAttackerToMove(board, q, me);
    board.undo();
    return caught;
  }
}
