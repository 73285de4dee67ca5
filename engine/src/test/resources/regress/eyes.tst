# Eye estimation: hand-made life-and-death positions for gofarm.life.EyeEstimator, in the style of
# GNU Go's regression files. Run by gofarm.life.EyeRegressionTest.
#
# A board is given after "board", first row on top. Commands:
#   eyes V       min and max eyes of the group of the stone at V, then its vital points
#   eye_value V  value (four digits), defect and shape of the eye space holding point V
# "#? [regex]" is the expected answer; a trailing * marks a known failure.
#
# Every eye_value answer is also put to GNU Go 3.8 (eval_eye; RegressionSuiteTest): a comment line
# "gnugo eval_eye: MIN MAX" marks where GNU Go answers differently, and says why GNU Go is wrong
# there. Re-examined with reading (November 2026): an enemy stone on an eye's diagonal now counts
# by what tactical reading says of it (2 if it cannot be captured, 1 if it can be captured and
# saved, 0 if it is lost), not by its liberty count; six positions changed (edge and centre eyes
# whose two-liberty diagonals can be captured and saved, a two-point space, an eye next to a bent
# three), and in each GNU Go's eval_eye, attack and defend agree with the new answer.
#
# Boards of the "enclosed" kind put black on the top three rows and a pass-alive white wall (with
# six one-point eyes) on the four rows below, so that black cannot grow: its outside is not open
# and the estimate rests on its eye spaces alone.

# ------------------------------------------------------------------ one-point eyes

# The basic case: a proper eye in the corner (its one diagonal is black) and open space around:
# one sure eye, and up to two if black gets room outside.
board
. X . . . . .
X X . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
1 eyes B7
#? [1 2]

# The corner eye alone has the value 1111.
2 eye_value A7
#? [1111 NONE one point]

# A corner eye whose diagonal is a white stone with two liberties is false: the first line adds 2,
# so one enemy diagonal is enough (GNU Go's rule, GO-DIGEST F.1).
board
. X . . . . .
X O . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
3 eye_value A7
#? [0000 FALSE one point]

# The two black stones are separate chains joined only by the false eye: no eye, open outside.
4 eyes B7
#? [0 2]

# A corner eye whose diagonal is empty and playable for white is a half eye: whoever plays B6
# first decides it, so B6 is the vital point.
# gnugo eval_eye: 1 1. GNU Go 3.8 calls it a proper eye: it does not count the empty diagonal B6,
# although white can play there safely (reading: a white stone on B6 cannot be captured) and then
# the corner eye is false, as its own diagonal rule (optics.c) says.
board
. X . . . . .
X . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
5 eye_value A7
#? [0011 HALF one point]

# The half eye gives the group (0, 1) from its eyes and the open outside raises the maximum to 2.
6 eyes B7
#? [0 2 B6]

# An edge eye with one white diagonal B6 that has two liberties: by liberty counts it would be
# false (2 for the edge plus 2), but reading says black can capture B6 (B5) and white can save it
# (B5): it counts 1, and the eye is half (GNU Go 3.8 agrees: attack and defend B5, eval_eye 0 1,
# half_eye_data 3.00).
board
. X . X . . .
. O X X . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
7 eye_value C7
#? [0011 HALF one point]

# An edge eye with one empty diagonal white can use (B6 would have two liberties) is a half eye.
# gnugo eval_eye: 1 1. As for the corner eye above, GNU Go 3.8 does not count the empty diagonal
# that white can occupy safely.
board
. X . X . . .
. . X X . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
8 eye_value C7
#? [0011 HALF one point]

# The half eye's vital point is the diagonal B6.
9 eyes D7
#? [0 2 B6]

# A centre eye with two white diagonals of two liberties each: each can be captured and saved
# (GNU Go's attack and defend agree: B5, E2), so each counts 1 and the eye is proper, not false
# as liberty counts would say (GNU Go 3.8: eval_eye 1 1, half_eye_data 2.00).
board
. . . . . . .
. . . . . . .
. . O X X . .
. . X . X . .
. . X X O . .
. . . . . . .
. . . . . . .
10 eye_value D4
#? [1111 NONE one point]

# So the group has one sure eye, and up to two with the open outside.
11 eyes D5
#? [1 2]

# A centre eye with one white diagonal (C5, which black can capture and white can save: 1) and one
# empty diagonal white can use (E3: 1) sums to 2: a proper eye (GNU Go 3.8: eval_eye 1 1).
board
. . . . . . .
. . . . . . .
. . O X X . .
. . X . X . .
. . X X . . .
. . . . . . .
. . . . . . .
12 eye_value D4
#? [1111 NONE one point]

# One sure eye and the open outside.
13 eyes D5
#? [1 2]

# A centre eye tolerates one white diagonal: C5 alone sums to 2, a proper eye.
board
. . . . . . .
. . . . . . .
. . O X X . .
. . X . X . .
. . X X X . .
. . . . . . .
. . . . . . .
14 eye_value D4
#? [1111 NONE one point]

# One proper eye and open space: (1, 2), and no vital point is known.
15 eyes D5
#? [1 2]

# A white diagonal in atari that cannot escape (C6 would be self-atari) counts 0: with E3 (two
# liberties) the sum is 2 and the eye is proper.
board
. . . . . . .
. X . X . . .
. X O X X . .
. . X . X . .
. . X X O . .
. . . . . . .
. . . . . . .
16 eye_value D4
#? [1111 NONE one point]

# The same white diagonal when it can escape (C6 gives it two more liberties) can be captured and
# saved: 1; E3 (two liberties) can be too: 1; the sum 2 makes a proper eye (GNU Go 3.8: eval_eye
# 1 1; by liberty counts it was a half eye).
board
. . . . . . .
. . . X . . .
. X O X X . .
. . X . X . .
. . X X O . .
. . . . . . .
. . . . . . .
17 eye_value D4
#? [1111 NONE one point]

# One sure eye and the open outside.
18 eyes D5
#? [1 2]

# ------------------------------------------------------------------ small eye spaces by shape

# Straight three on the edge: whoever plays the middle B2 gets the last word (1122).
board
. . . . . . .
. . . . . . .
. . . . . . .
O O O O O . .
X X X X O . .
. . . X O . .
X X X X O . .
19 eye_value A2
#? [1122 NONE straight three]

# The straight three is the group's only eye space; white's wall is not alive, so it is open.
20 eyes A3
#? [1 2 B2]

# Bent three in the corner: the vital point is the bend, the corner point A1.
board
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
X X . . . . .
. X X . . . .
. . X . . . .
21 eye_value A1
#? [1122 NONE bent three]

# The bend is the group's vital point.
22 eyes B2
#? [1 2 A1]

# Pyramid four on the edge: the vital point is the middle of the T, C1.
board
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. X X X . . .
X X . X X . .
X . . . X . .
23 eye_value C1
#? [1122 NONE pyramid four]

# The T's centre is the group's vital point.
24 eyes C3
#? [1 2 C1]

# Bulky five in the corner (the 2x2 block plus C1): the vital point is B1, the block's point next
# to the extra one; the corner point A1 touches no black stone.
board
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
X X X . . . .
. . X X . . .
. . . X . . .
25 eye_value A1
#? [1122 NONE bulky five]

# The bulky five's vital point is the group's.
26 eyes A3
#? [1 2 B1]

# Crossed five: the centre D4 touches no black stone and is the vital point.
board
. . . . . . .
. . X X X . .
. X X . X X .
. X . . . X .
. X X . X X .
. . X X X . .
. . . . . . .
27 eye_value D4
#? [1122 NONE crossed five]

# The ring's only eye space is the cross; outside is open.
28 eyes C6
#? [1 2 D4]

# Crossed five with a white stone already on its centre: one eye whoever moves (black captures the
# stone and is left with one big eye), so the space is unassailable.
board
. . . . . . .
. . X X X . .
. X X . X X .
. X . O . X .
. X X . X X .
. . X X X . .
. . . . . . .
29 eye_value D5
#? [1111 NONE crossed five]

# Rabbity six (the cross plus C5): the vital point is the centre D4.
board
. . . . . . .
. . X X X . .
. X . . X X .
. X . . . X .
. X X . X X .
. . X X X . .
. . . . . . .
30 eye_value D4
#? [1122 NONE rabbity six]

# Its vital point is the group's.
31 eyes C6
#? [1 2 D4]

# Straight four on the edge lives: white's first move in the middle is answered by the other
# middle point. Benson does not see it (one region only), the estimate does.
board
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
X X X X X . .
. . . . X . .
32 eye_value A1
#? [1222 NONE straight four]

# Two eyes for sure.
33 eyes A2
#? [2 2]

# Bent four with its bend in the corner: A1 touches no black stone, so after white B1 and black A1,
# white A2 captures A1 and the corner becomes a ko. The search scores the repetition as it stands
# (one eye), so the shape counts as killable (1122) with B1 vital, where a bent four in the middle
# lives (1222).
board
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
X X . . . . .
. X X X . . .
. . . X . . .
34 eye_value A1
#? [1122 NONE bent four]

# The group depends on B1.
35 eyes B2
#? [1 2 B1]

# Bent four in the middle, where every point touches black: alive (1222), white's two moves in a
# row are needed to take an eye.
board
. . . . . . .
. X X X X . .
. X . . . X .
. X . X X X .
. X X X . . .
. . . . . . .
. . . . . . .
36 eye_value C5
#? [1222 NONE bent four]

# Zigzag four in the middle: alive however white starts.
board
. . . . . . .
. X X X . . .
X . . X X . .
X X . . X . .
. X X X X . .
. . . . . . .
. . . . . . .
37 eye_value B5
#? [1222 NONE zigzag four]

# Rectangular six in the middle: alive; an attacker with two moves in a row reduces it to one eye.
board
. . . . . . .
. X X X X X .
. X . . . X .
. X . . . X .
. X X X X X .
. . . . . . .
. . . . . . .
38 eye_value C5
#? [1222 NONE rectangular six]

# Straight five on the edge: two eyes even if white gets two moves in a row.
board
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
X X X X X X .
. . . . . X .
39 eye_value C1
#? [2222 NONE straight five]

# A two-point eye whose end C4 has white's B5 and B3 (two liberties each) on its diagonals: both
# can be captured and saved (GNU Go's attack and defend agree), so each counts 1 and the space is a
# proper eye (GNU Go 3.8: eval_eye 1 1 at C4 and D4); by liberty counts it was false.
board
. . . . . . .
. . . . . . .
. O X X . . .
. X . . X . .
. O X X . . .
. . . . . . .
. . . . . . .
40 eye_value D4
#? [1111 NONE two points]

# One sure eye and the open outside.
41 eyes C5
#? [1 2]

# ------------------------------------------------------------------ enclosed groups

# Square four is dead: one eye whoever moves first (1112: only two black moves in a row make two).
# gnugo eval_eye: 2 2. GNU Go 3.8's value is too high: the square of four is the classic dead
# shape (no first move makes two eyes; the exhaustive search of EyeShape gives 1112).
board
X . . X X X X
X . . X X X X
X X X X X X X
O O O O O O O
O . O . O . O
O O O O O O O
O . O . O . O
42 eye_value B7
#? [1112 NONE square four]

# With no room outside, the square four leaves the group at exactly one eye.
43 eyes A7
#? [1 1]

# Straight three enclosed: one sure eye, two if black plays the middle C7 first.
board
X . . . X X X
X X X X X X X
X X X X X X X
O O O O O O O
O . O . O . O
O O O O O O O
O . O . O . O
44 eyes A7
#? [1 2 C7]

# The same straight three with a white stone on its vital point C7: black captures it but keeps
# one eye only, whoever moves.
board
X . O . X X X
X X X X X X X
X X X X X X X
O O O O O O O
O . O . O . O
O O O O O O O
O . O . O . O
45 eyes A7
#? [1 1]

# Pyramid four enclosed: (1, 2) with the vital point C7.
board
X . . . X X X
X X . X X X X
X X X X X X X
O O O O O O O
O . O . O . O
O O O O O O O
O . O . O . O
46 eyes A7
#? [1 2 C7]

# Bulky five enclosed: the vital point is C7 (the block's point next to D7).
board
X . . . X X X
X . . X X X X
X X X X X X X
O O O O O O O
O . O . O . O
O O O O O O O
O . O . O . O
47 eyes A7
#? [1 2 C7]

# One proper eye and nothing else, no room outside: (1, 1). Benson agrees it is not pass-alive.
board
X . X X X X X
X X X X X X X
X X X X X X X
O O O O O O O
O . O . O . O
O O O O O O O
O . O . O . O
48 eyes A7
#? [1 1]

# Two disjoint unassailable eyes: (2, 2) (and pass-alive for Benson).
board
X . X X . X X
X X X X X X X
X X X X X X X
O O O O O O O
O . O . O . O
O O O O O O O
O . O . O . O
49 eyes A7
#? [2 2]

# One proper eye (B7) and one false (F7: white's E6, part of the pass-alive wall, cuts it; the
# chain F6-G7 has F7 as its only liberty): (1, 1), dead.
board
X . X X X . X
X X X X O X X
X X X X O X X
O O O O O O O
O . O . O . O
O O O O O O O
O . O . O . O
50 eyes A7
#? [1 1]

# The false eye on its own.
# gnugo eval_eye: 2 2. GNU Go 3.8 gives two eyes to a one-point space whose diagonal E6 belongs to
# a pass-alive white wall: the chain F6-G7 has F7 as its only liberty, so white captures it by
# playing F7; it cannot be an eye, let alone two.
51 eye_value F7
#? [0000 FALSE one point]

# Two false eyes and nothing else: (0, 0).
board
X . X X X . X
X X O X O X X
X X O X O X X
O O O O O O O
O . O . O . O
O O O O O O O
O . O . O . O
52 eyes C7
#? [0 0]

# Straight three plus a separate one-point eye: 1 + 1 sure eyes, alive (2, 2).
board
X . . . X . X
X X X X X X X
X X X X X X X
O O O O O O O
O . O . O . O
O O O O O O O
O . O . O . O
53 eyes A7
#? [2 2]

# Two white stones on the middle points of a straight four: black captures them and is left with
# a two-point space, one eye whoever moves.
# gnugo eval_eye: 2 2. GNU Go 3.8 reads the space as if it were empty (a straight four, two eyes);
# with the white stones in it black must spend two moves to capture them and keeps one eye.
board
X . O O . X X
X X X X X X X
X X X X X X X
O O O O O O O
O . O . O . O
O O O O O O O
O . O . O . O
54 eye_value B7
#? [1111 NONE straight four]

# ------------------------------------------------------------------ combinations

# One proper eye (B7) and one half eye (E7, spoiled from F6): (1, 2), vital F6.
board
X . X X . X .
X X X X X . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
55 eyes A7
#? [1 2 F6]

# The half eye alone.
# gnugo eval_eye: 1 1. GNU Go 3.8 again does not count the empty diagonal F6 that white can
# occupy safely.
56 eye_value E7
#? [0011 HALF one point]

# Two disjoint half eyes: (0, 2) by the rule, with both spoilers as vital points.
board
X . X X X . X
X X . . . X X
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
57 eyes C7
#? [0 2 C6 E6]

# Two one-point eyes on the edge share the diagonal C6, which white cannot use (it would have one
# liberty): both are proper, so the group has two eyes although Benson cannot prove it.
board
X . X . X . .
X X . X X . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
. . . . . . .
58 eyes C7
#? [2 2]

# C5 with white's B4 on its diagonal: B4 can be captured (A4) and not saved (GNU Go's attack B3
# and defend 0 agree), so it counts 0 and C5 is a proper eye, not the half eye that liberty counts
# gave (GNU Go 3.8: eval_eye 1 1); with the bent three D4 (vital point D4) the group lives: 2 2.
board
. . . . . . .
. X X X . . .
. X . X X . .
. O X . . X .
. . X . X . .
. . . X . . .
. . . . . . .
59 eyes B5
#? [2 2]

# The proper eye of that position.
60 eye_value C5
#? [1111 NONE one point]

# The bent three of that position.
61 eye_value D4
#? [1122 NONE bent three]

# ------------------------------------------------------------------ what Benson settles

# GO-DIGEST E.5 T3: two chains share two one-point eyes; both belong to one pass-alive group.
board
. X O . .
X . X O .
X X X O .
O O O O .
. . . . .
62 eyes B5
#? [2 2]

# The other chain of the same group.
63 eyes A4
#? [2 2]

# GO-DIGEST E.5 T4: the white stone in black's eye is dead for Benson, so its group is (0, 0).
board
. O . X .
X X X X X
. . . . .
. . . . .
. . . . .
64 eyes B5
#? [0 0]

# A lone stone in open space: no eye space, anything can happen.
board
. . . . .
. . . . .
. . X . .
. . . . .
. . . . .
65 eyes C3
#? [0 2]

# GO-DIGEST E.5 T5: a region of nine points is more than the estimator reads (7): it counts as
# (0, 2), as open space would.
board
X X X X X
X . . . X
X . . . X
X . . . X
X X X X X
66 eyes A5
#? [0 2]


# GNU Go's optics.tst 111 (eyes1.sgf, eval_eye A10) in small: white's space of a dead black stone
# (A3, in atari) and one empty point (A4) whose diagonal B5 is a black stone that cannot be
# captured. The diagonal test would call A4 false, but black has no move there (A4 is suicide for
# it while white A5 has another liberty), so white takes A3 when it likes and the eye is at A3,
# whose diagonals are white: one sure eye, as GNU Go's eval_eye says (1 1).
board
X X . . . . .
. X . . . . .
O X X X . . .
. O . X . . .
X O . . . . .
O O O O . . .
. . . . . . .
67 eye_value A4
#? [1111 .*]

# GNU Go's optics.tst 204 and 205 (eyes2.sgf, eval_eye Q1 and T1) in small: a two-point eye on
# the edge whose end C7 is half an eye (white can play B6, on its diagonal, safely). White's B6
# puts B7 in atari, black fills C7, and D7 is still an eye: one eye whoever moves first, as GNU Go's
# eval_eye says (1 1) for both points. (Before the local game read half points, the estimator
# took one eye off the attacker-first digits: 0 1.)
board
O X . . X . .
O . X X X . .
O O X . . . .
. O X . . . .
. O X . . . .
O O X . . . .
. O X . . . .
68 eye_value C7
#? [1111 HALF two points]

# GNU Go's optics.tst 208 (eyes2.sgf, eval_eye L3) in small: black's space of one empty point
# (C1) and a white stone in atari (D1) whose diagonal E2 is a white stone that cannot be captured.
# Black takes D1 by playing C1, and D1 is then a false eye nobody can mend: no eye, as GNU Go's
# eval_eye says (0 0) for both points. (Before false points were read in the local game, the
# estimator said 0 1 with no move for either side.)
board
. . . . . . .
. . . . . . .
. . . . . . .
X X X X O O O
. . X X O . .
X X X X O . .
. X . O X X .
69 eye_value C1
#? [0000 FALSE two points]

# GNU Go's optics.tst 203 (eyes2.sgf, eval_eye L1) in small: black's three points D1-F1 on the
# edge next to white's living chain on the C file. The region of points not black runs into
# white's area; without white's living chain, D1-F1 is an eye space whose margin D1 is white's
# liberty. White's D1 is answered by E1, and F1 is an eye: one eye whoever moves first, as GNU
# Go's eval_eye says (1 1) for E1 and D1; none if white gets two moves in a row, and never two,
# since the margin is no eye (0111). (Before margins, D1-F1 was part of an open region: -1.)
board
. . . . . . .
. . . . . . .
O O O . . . .
. . O X X X X
. . O X . . .
. . O X X X X
. . O . . . X
70 eye_value E1
#? [0111 NONE straight three]

# ------------------------------------------------------------------ kos on the diagonals

# GNU Go's optics.tst 1808 (marginal_ko.sgf, eval_eye O7) in small: white's one-point eye D5 with
# two black diagonals E6 and C4, each in atari where white's capture (F6, C3) is a ko and black's
# connection saves it. Whoever moves first wins one of them, and white must also win the ko to
# take the other: GNU Go counts such a diagonal 1¼ (its attack is only a ko), so two make 2½, a
# half eye (0 1 at C3). With each counted 1, as before, the sum was 2 and the eye proper (1111).
board
. . . . . . . . .
. . . . . . . . .
. . . O O X X . .
. . O O X . X . .
. O O . O X X . .
. O X O O O . . .
. X . X O O . . .
. X X X . . . . .
. . . . . . . . .
71 eye_value D5
#? [0011 HALF one point]

# GNU Go's optics.tst 1811 (marginal_ko.sgf, eval_eye H1) in small: white's straight three B1-D1
# on the edge; D1's diagonal E2 is empty, and black's move there captures F2 and is taken back as
# a ko. GNU Go counts that diagonal ¾ (black keeps the point only by winning the ko), so D1 sums
# 2¾: half only if black wins the ko. Black moving first makes it one eye (the middle C1); white
# moving first takes the middle and keeps D1 by winning the ko: two (GNU Go: 1 2 at C1). Counted 1,
# as before, D1 was half outright and the space one eye whoever moved (1112).
board
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
O O O O O X X . .
O O O O . O X . .
O . . . O X X . .
72 eye_value C1
#? [1122 HALF straight three]
