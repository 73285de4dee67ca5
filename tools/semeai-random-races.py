#!/usr/bin/env python3
"""Asks `gofarm gtp` and GNU Go the same capturing races on small boards and tallies the answers.

The positions are the ends of random games (each side plays random points; the moves the rules
refuse are skipped by both engines alike), and the races are pairs of chains of both colours that
touch. Every race goes to both engines as `analyze_semeai A B` in one GTP session each, and the
answers are compared as text: the pair and the move.

    tools/semeai-random-races.py [--seed N] [--size N] [--games N] [--gofarm CMD] [--gnugo CMD]

Prints how many races were asked, how many answers agree (with and without the move), how many
gofarm refuses, the commonest disagreements (gofarm's pair or refusal against GNU Go's pair), and
the first few races where either answer has a ko code.
The same seed gives the same races.
"""
import argparse
import collections
import os
import random
import re
import subprocess

COLUMNS = "ABCDEFGHJKLMNOPQRST"


def run(command, lines):
    """Feeds GTP lines to one engine and returns its answers to the numbered commands."""
    out = subprocess.run(command, input="\n".join(lines) + "\nquit\n", capture_output=True,
                         text=True, shell=True, check=False).stdout
    return {int(m.group(2)): m.group(1) + m.group(3)
            for m in re.finditer(r"^([=?])(\d+) ?(.*)$", out, re.M)}


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", type=int, default=5)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--gofarm", default=os.path.join(root, "gofarm") + " gtp --ko simple")
    parser.add_argument("--gnugo", default="/usr/games/gnugo --mode gtp --quiet")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    n = args.size

    games = []
    for _ in range(args.games):
        setup = [f"boardsize {n}", "clear_board"]
        colour = "black"
        for _ in range(rng.randint(n * n // 2, n * n)):
            setup.append(f"play {colour} {COLUMNS[rng.randrange(n)]}{rng.randrange(n) + 1}")
            colour = "white" if colour == "black" else "black"
        games.append(setup)

    # The stones of each end position, from GNU Go (both engines refuse the same moves).
    lines = []
    for i, setup in enumerate(games):
        lines += setup + [f"{2 * i + 1} list_stones black", f"{2 * i + 2} list_stones white"]
    stones = run(args.gnugo, lines)

    def xy(v):
        return COLUMNS.index(v[0]), int(v[1:])

    asked, races = [], {}
    for i, setup in enumerate(games):
        black = stones.get(2 * i + 1, "=").lstrip("=").split()
        white = stones.get(2 * i + 2, "=").lstrip("=").split()
        touching = [(b, w) for b in black for w in white
                    if abs(xy(b)[0] - xy(w)[0]) + abs(xy(b)[1] - xy(w)[1]) == 1]
        rng.shuffle(touching)
        if not touching:
            continue
        asked += setup
        for b, w in touching[:3]:
            a, other = (b, w) if rng.random() < 0.5 else (w, b)
            key = len(races) + 1
            races[key] = (i, a, other)
            asked.append(f"{key} analyze_semeai {a} {other}")

    gofarm = run(args.gofarm, asked)
    gnugo = run(args.gnugo, asked)
    agree = sum(1 for k in races if gofarm.get(k) == gnugo.get(k))
    pairs = sum(1 for k in races if gofarm.get(k, "?")[:4] == gnugo.get(k, "!")[:4])
    refused = sum(1 for k in races if not gofarm.get(k, "?").startswith("="))
    print(f"{len(races)} races on {n}x{n} (seed {args.seed}): the answers agree on {agree}, "
          f"the pairs (without the move) on {pairs}; gofarm refuses {refused}")
    differences = collections.Counter()
    for k in races:
        ours, theirs = gofarm.get(k, "?"), gnugo.get(k, "?")
        if ours != theirs:
            differences[(ours[:4] if ours.startswith("=") else "refused", theirs[:4])] += 1
    print("commonest differences (gofarm, GNU Go):")
    for (ours, theirs), count in differences.most_common(10):
        print(f"  {count:5}  {ours:8} {theirs}")
    shown = 0
    for k in races:
        ours, theirs = gofarm.get(k, "?"), gnugo.get(k, "?")
        if shown < 5 and (re.match(r"=(\d [23]|[23] )", ours) or re.match(r"=(\d [23]|[23] )", theirs)):
            i, a, other = races[k]
            shown += 1
            print(f"ko: analyze_semeai {a} {other}: gofarm {ours}, GNU Go {theirs}; "
                  + " ; ".join(games[i][2:]))


if __name__ == "__main__":
    main()
