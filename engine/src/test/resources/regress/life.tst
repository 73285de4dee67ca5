# Life and death at the end of a game: final statuses, tactical reading and capturing races, for
# gofarm.life.FinalStatus, Reading and Semeai, in the style of GNU Go's regression files. Run by
# gofarm.life.RegressionSuiteTest, which also puts every final_status case to GNU Go 3.8.
#
# A board is given after "board" (black to move) or "board white" (black has just passed, white
# to move), first row on top. Commands:
#   final_status V   alive, dead or seki, and the layer that decided (BENSON, TACTICS, READING,
#                    PLAYOUTS)
#   attack V         tactical reading of the chain at V, attacker to move: WIN, KO_A, KO_B or 0
#   defend V         the same, defender to move
#   attack_in V      local reading in the region of the other colour around V, attacker first
#   defend_in V      the same, defender first
#   semeai A B       the pair (defence of A, attack on B) with A's colour to move
# "#? [regex]" is the expected answer; a trailing * marks a known failure. A comment line
# that starts "gnugo:" and names GNU Go's final_status answer says that it differs, and why it
# is wrong.
#
# Most boards of the first sections are 9x9 with the problem in the top-left corner (columns A-E,
# rows 9-6) and a pass-alive white wall everywhere else (eyes at G8, J8 and on rows 4 and 2), so
# that only the corner is in question.

# Straight three on the edge with white on its vital point B9: black cannot capture B9 without
# putting itself in atari, and white kills by throwing in. Dead whoever moves.
board
. O . X O O O O O
X X X X O O . O .
O O O O O O O O O
O O O O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
1 final_status D8
#? [dead .*]
# Tactically: white captures the corner (throw-ins), moving first.
2 attack D8
#? [WIN .*]
# And black, moving first, cannot save it.
3 defend D8
#? [0]

# Two one-point eyes in the corner: pass-alive.
board
. X . X O O O O O
X X X X O O . O .
O O O O O O O O O
O O O O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
4 final_status A8
#? [alive BENSON]

# Bent three in the corner, vital point A9 empty, white to move: white A9 kills, so the black
# group is dead (the only fight left: the player to move wins it).
board white
. . X O O O O O O
. X X O O O . O .
X X O O O O O O O
O O O O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
5 final_status B8
#? [dead READING]

# The same bent three, black to move: black A9 makes two eyes. GNU Go 3.8 agrees when asked in a
# fresh process; asked after case 5 in the same one, it repeats case 5's answer (see
# RegressionSuiteGnuGoTest), which was once taken for a play-out that misses A9.
board
. . X O O O O O O
. X X O O O . O .
X X O O O O O O O
O O O O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
6 final_status B8
#? [alive READING]

# Bent three with white already on the vital point A9: black cannot make two eyes even moving
# first (B9 or A8 puts black in atari).
board
O . X O O O O O O
. X X O O O . O .
X X O O O O O O O
O O O O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
7 final_status B8
#? [dead .*]

# Square four in the corner: one eye whoever moves first (dead shape).
board
. . X O O O O O O
. . X O O O . O .
X X X O O O O O O
O O O O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
8 final_status C8
#? [dead READING]

# Straight four on the edge: two eyes whoever moves first, though not pass-alive (the one
# region is not enough for Benson); the eye estimate (1222) settles it.
board
. . . . X O O O O
X X X X X O . O .
O O O O O O O O O
O O O O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
9 final_status C8
#? [alive EYES]

# Straight three on the edge, vital point B9 empty, black to move: B9 makes two eyes.
board
. . . X O O O O O
X X X X O O . O .
O O O O O O O O O
O O O O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
10 final_status C8
#? [alive READING]

# The same straight three, white to move: white B9 kills. GNU Go 3.8 agrees in a fresh process
# (after case 10 in the same one it repeats case 10's answer).
board white
. . . X O O O O O
X X X X O O . O .
O O O O O O O O O
O O O O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
11 final_status C8
#? [dead READING]

# Bulky five in the corner with white on its vital point B9: dead.
board
. O . X O O O O O
. . X X O O . O .
X X X O O O O O O
O O O O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
12 final_status C8
#? [dead .*]

# Bulky five in the corner with its vital point empty, black to move: B9 lives.
board
. . . X O O O O O
. . X X O O . O .
X X X O O O O O O
O O O O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
13 final_status C8
#? [alive READING]

# Rabbity six with white on its vital point B8: dead.
board
. . X X O O O O O
. O . X O O . O .
X . X X O O O O O
X X X O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
14 final_status D8
#? [dead .*]

# Pyramid four on the edge with white on its vital point B9: dead.
board
. O . X O O O O O
X . X X O O . O .
X X X O O O O O O
O O O O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
15 final_status C8
#? [dead .*]

# A lone black stone in white's corner: captured whoever moves (no room for eyes).
board
. . . . O O O O O
. X . . O O . O .
. . . . O O O O O
O O O O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
16 final_status B8
#? [dead .*]

# Two black stones in white's corner area of 20 points: still dead, white answers every move.
board
. . . . O O O O O
. X X . O O . O .
. . . . O O O O O
. . . . O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
17 final_status B8
#? [dead .*]

# A false eye on the edge: C9 is surrounded by black but its diagonal D8 is a white stone that
# cannot be captured, so D9 hangs on C9; with one real eye (A9) the corner is dead.
board
. X . X O O O O O
X X X O O O . O .
O O O O O O O O O
O O O O O O O O O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
O . O . O . O . O
O O O O O O O O O
18 final_status B8
#? [dead .*]
# The eye estimate agrees: one sure eye (A9), no second one.
19 eyes B8
#? [1 1]

# The "both die" race of the issue (a corner fragment; the rest of the board is white's and
# pass-alive): X can capture the O stones A3 A2 B2 B1, but if O plays A1 at the right moment X still
# has one eye only. So X is dead, the inner O stones are lost to X, and the outer O group lives: the
# useful answer is "outer O lives, X dies", not "both die". With X to move the pair is (0, WIN): X
# cannot be saved, and X can capture the inner stones.
# Semeai reads it out exactly with its default budget (the race is about 20 moves deep: X fills
# the four shared liberties and captures, O fills seven outside liberties and plays the nakade;
# over a million nodes). Known failure (marked *): FinalStatus's local reading stops at 5,000
# nodes, leaves X to the playouts, and they keep X on the board.
board
. O . O . O . O .
O O O O O O O O O
O O O O O O O O .
. . O O O O O O O
X X . O O O O O .
. X X . O O O O O
O . X X . O O O .
O O . X . O O O O
. O . X . O O O .
20 semeai C3 A2
#? [0 WIN]
# So X is dead at the end of the game (known failure, see above).
21 final_status C3
#? [dead .*]*
# And the outer O group is pass-alive.
22 final_status D5
#? [alive BENSON]

# Ko at the end under simple ko: white's stone D1 is in atari and black may take it (E1 is a ko
# capture). The passes lift every ko ban, black is to move, so black takes it and connects:
# dead.
board
. O . O . O . O .
O O O O O O O O O
O O O O O O O O O
O O O O O O O O O
X X X X X X X X X
X X X X X X X X X
X . X . X . X . X
X X X X X X X X X
X . X O . X . X .
23 final_status D1
#? [dead .*]
# Tactically, black takes the ko at E1.
24 attack D1
#? [WIN E1]
