#!/usr/bin/env python3
"""Classifies where `gofarm gtp` fails a GNU Go regression suite, with GNU Go as the referee.

    tools/gnugo-regress-referee.py [--gofarm 'COMMAND'] [--gnugo 'COMMAND'] GNUGO_SOURCE SUITE

Runs SUITE.tst (from GNUGO_SOURCE/regression) line by line in gofarm and in GNU Go side by side,
both fed the same commands (loadsgf, trymove, popgo, ...). Every test gofarm fails falls in one
class, printed with the test and both answers:

  no answer     gofarm refused (a GTP error naming why: outside what its reading covers), or
                eval_eye answered -1: the point is in none of gofarm's eye spaces (regions of at
                most 7 points enclosed by one colour), where GNU Go's eye spaces reach further
  other move    the right result with a move the test does not list, and GNU Go's own reading
                says that move works too (attack/defend: after it, GNU Go finds no defence or
                no attack; analyze_semeai A B with codes of 0 and 1: after it, GNU Go's
                analyze_semeai B A finds no defence of B where A kills it, and no attack on A
                where A lives): the test's list of moves is incomplete, gofarm's answer is right
  wrong         anything else, by kind: "missed" (gofarm answers 0 where the test wants a
                success), "false" (gofarm succeeds where the test wants 0), "ko" (both succeed,
                with different ko codes), "move" (the right code, a move GNU Go refutes),
                "value" (eval_eye, dragon_status: another answer), "semeai codes" (other
                result codes), "semeai move" (the right codes, a move the test does not list
                and GNU Go does not confirm, or whose codes involve a ko), "genmove" (another
                move)

Tests marked as known failures of GNU Go (a trailing *) are classed like the others; the summary
counts them apart. GNU Go 3.8 caches its reading across loadsgf (keyed without the player to
move), so the referee's answers are those of one process fed the suite in order, as gogui-regress
runs it.
"""
import argparse
import os
import re
import subprocess
import sys


class Gtp:
    """One GTP engine as a subprocess: send a command, get (ok, text)."""

    def __init__(self, command, cwd):
        self.proc = subprocess.Popen(command, shell=True, cwd=cwd, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL)

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            out = self.proc.stdout.readline()
            if out == "":
                raise RuntimeError("engine died after: " + line)
            if out.strip() == "" and lines:
                break
            if out.strip() != "" or lines:
                lines.append(out.rstrip("\n"))
        text = "\n".join(lines)
        ok = text.startswith("=")
        return ok, re.sub(r"^[=?]\d*\s?", "", text).strip()

    def close(self):
        try:
            self.send("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.proc.wait(timeout=10)


def other(color):
    return "white" if color.lower().startswith("b") else "black"


def works(gnugo, command, target, move):
    """Whether GNU Go's reading agrees that `move` attacks (or defends) the chain at target."""
    ok, color = gnugo.send("color " + target)
    if not ok or color not in ("black", "white"):
        return False
    mover = other(color) if command == "attack" else color
    ok, _ = gnugo.send("trymove %s %s" % (mover, move))
    if not ok:
        return False
    try:
        ok, now = gnugo.send("color " + target)
        if command == "attack":
            if now == "empty":
                return True  # captured outright
            ok, answer = gnugo.send("defend " + target)
        else:
            ok, answer = gnugo.send("attack " + target)
        return ok and answer.split()[0] == "0"
    finally:
        gnugo.send("popgo")


def semeai_works(gnugo, a, b, codes, move):
    """Whether GNU Go's reading agrees that A's `move` keeps A's semeai codes (each 0 or 1)."""
    ok, color = gnugo.send("color " + a)
    if not ok or color not in ("black", "white") or move.upper() == "PASS":
        return False
    # play and undo, not trymove: GNU Go 3.8's analyze_semeai aborts inside a trymove
    ok, _ = gnugo.send("play %s %s" % (color, move))
    if not ok:
        return False
    try:
        ok, answer = gnugo.send("analyze_semeai %s %s" % (b, a))
        words = answer.split()
        if not ok or len(words) < 2:
            return False
        defends_b, attacks_a = words[0], words[1]
        lives, kills = codes
        return (kills != "1" or defends_b == "0") and (lives != "1" or attacks_a == "0")
    finally:
        gnugo.send("undo")


def semeai_other_move(gnugo, words, answer, expected):
    """An analyze_semeai answer with the expected codes (0 or 1) and a move GNU Go confirms."""
    got = answer.split()
    wanted = re.sub(r"[()]", "", expected).split()
    if len(words) != 3 or len(got) != 3 or len(wanted) < 2 or got[:2] != wanted[:2]:
        return False
    if not set(got[:2]) <= {"0", "1"} or "1" not in got[:2]:
        return False
    return semeai_works(gnugo, words[1], words[2], got[:2], got[2])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--gofarm", default=os.path.join(root, "gofarm") + " gtp --ko simple")
    parser.add_argument("--gnugo", default="/usr/games/gnugo --mode gtp --quiet")
    parser.add_argument("source")
    parser.add_argument("suite")
    args = parser.parse_args()
    regression = os.path.join(args.source, "regression")
    lines = open(os.path.join(regression, args.suite + ".tst"), encoding="utf-8").read().splitlines()
    gofarm = Gtp(args.gofarm, regression)
    gnugo = Gtp(args.gnugo, regression)
    classes = {"passed": [], "no answer": [], "other move": [], "wrong": []}
    known = 0
    subclasses = {}
    pending = None  # (id, command line)
    try:
        for raw in lines:
            line = raw.strip()
            m = re.match(r"#\?\s*\[(.*)\](\*?)", line)
            if m and pending:
                test_id, command_line, ok, answer = pending
                pending = None
                expected, known_failure = m.group(1), m.group(2) == "*"
                negate = expected.startswith("!")
                pattern = expected[1:] if negate else expected
                matched = ok and (re.fullmatch(pattern, answer) is not None) != negate
                if matched:
                    classes["passed"].append(test_id)
                    continue
                known += known_failure
                words = command_line.split()
                if not ok or (words[0] == "eval_eye" and answer == "-1"):
                    kind = "no answer"
                elif (words[0] in ("attack", "defend") and answer.split()[0] != "0"
                      and re.fullmatch(r"[123]", answer.split()[0])
                      and re.match(r"\(?" + re.escape(answer.split()[0]) + r"\b",
                                   re.sub(r"[()]", "", expected))
                      and works(gnugo, words[0], words[1], answer.split()[1])):
                    kind = "other move"
                elif words[0] == "analyze_semeai" and semeai_other_move(gnugo, words, answer, expected):
                    kind = "other move"
                else:
                    kind = "wrong"
                    wanted = re.sub(r"[()]", "", expected).split()[0] if expected else ""
                    got = answer.split()[0] if answer else ""
                    if words[0] == "analyze_semeai":
                        same = got and answer.split()[:2] == re.sub(r"[()]", "", expected).split()[:2]
                        sub = "semeai move" if same else "semeai codes"
                    elif words[0] in ("reg_genmove", "restricted_genmove"):
                        sub = "genmove"
                    elif words[0] not in ("attack", "defend"):
                        sub = "value"
                    elif got == "0":
                        sub = "missed"
                    elif wanted == "0":
                        sub = "false"
                    elif not re.fullmatch(wanted.replace("|", "|"), got):
                        sub = "ko"
                    else:
                        sub = "move"
                    subclasses[sub] = subclasses.get(sub, 0) + 1
                    kind_label = "wrong " + sub
                classes[kind].append(test_id)
                print("%-13s %5s%s %-28s gofarm: %-40s wanted: %s" % (
                    kind_label if kind == "wrong" else kind, test_id, "*" if known_failure else " ", command_line, answer[:40], expected))
                continue
            if not line or line.startswith("#"):
                continue
            m = re.match(r"(\d+)\s+(.*)", line)
            if m:
                ok, answer = gofarm.send(m.group(2))
                gnugo.send(m.group(2))  # keeps GNU Go's state and cache as gogui-regress would
                pending = (m.group(1), m.group(2), ok, answer)
            else:
                gofarm.send(line)
                gnugo.send(line)
    finally:
        gofarm.close()
        gnugo.close()
    total = sum(len(v) for v in classes.values())
    print("\n%s: %d tests, gofarm passes %d; fails %d: no answer %d, other move (GNU Go agrees) %d, "
          "wrong %d (%s); %d of the failures are tests GNU Go itself is expected to fail (*)" % (
              args.suite, total, len(classes["passed"]), total - len(classes["passed"]),
              len(classes["no answer"]), len(classes["other move"]), len(classes["wrong"]),
              ", ".join("%s %d" % kv for kv in sorted(subclasses.items())), known))


if __name__ == "__main__":
    sys.exit(main())
