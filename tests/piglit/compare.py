#!/usr/bin/env python3
"""compare.py - checks a piglit results directory against expectations.txt.

Usage: compare.py EXPECTATIONS RESULTS_DIR [--update]
       compare.py EXPECTATIONS --names

EXPECTATIONS has one test per line:

    <result> <test name>            # <why, for anything that is not pass>

(the name may contain spaces; ' # ' starts the reason; '#' in column 0 is a
comment).  Results are ranked pass > warn > fail > skip > crash = timeout >
incomplete = notrun.  A test that ends lower than expected, or an expected
test that did not run, fails the comparison (exit 1); one that ends higher
is reported so the expectation can be raised.  --update rewrites the file
from the results, keeping each reason while the result stays the same and
writing 'TODO' where a new reason is needed.  --names prints the expected
tests' names, one a line (a list for piglit run --test-list).
"""
import bz2
import json
import os
import sys

RANK = {"pass": 5, "warn": 4, "fail": 3, "skip": 2, "crash": 1, "timeout": 1,
        "incomplete": 0, "notrun": 0}


def read_expectations(path):
    header, tests = [], {}
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                if not tests:
                    header.append(line)
                continue
            body, _, reason = line.partition(" # ")
            result, _, name = body.strip().partition(" ")
            if result not in RANK:
                sys.exit("%s: bad result %r in: %s" % (path, result, line))
            tests[name.strip()] = (result, reason.strip())
    return header, tests


def read_results(results_dir):
    for name in ("results.json.bz2", "results.json"):
        path = os.path.join(results_dir, name)
        if os.path.exists(path):
            opener = bz2.open if name.endswith(".bz2") else open
            with opener(path, "rt") as f:
                data = json.load(f)
            return {k: v["result"] for k, v in data["tests"].items()}
    sys.exit("no results.json(.bz2) in %s" % results_dir)


def write_expectations(path, header, expected, results):
    lines = list(header)
    width = max(len(n) for n in results) + 8
    for name in sorted(results):
        result = results[name]
        old = expected.get(name)
        if result == "pass":
            reason = ""
        elif old and old[0] == result and old[1]:
            reason = old[1]
        else:
            reason = "TODO"
        entry = "%-10s %s" % (result, name)
        lines.append(("%-*s # %s" % (width, entry, reason)) if reason else entry)
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    exp_path, results_dir = sys.argv[1], sys.argv[2]
    header, expected = read_expectations(exp_path)
    if results_dir == "--names":
        sys.stdout.write("".join(name + "\n" for name in expected))
        return 0
    results = read_results(results_dir)

    counts = {}
    for r in results.values():
        counts[r] = counts.get(r, 0) + 1
    print("piglit: %d tests: %s" % (len(results), ", ".join(
        "%s %d" % (r, counts[r]) for r in sorted(counts, key=lambda r: -RANK[r]))))

    if "--update" in sys.argv[3:]:
        write_expectations(exp_path, header, expected, results)
        print("rewrote %s" % exp_path)
        return 0

    worse, better, new = [], [], []
    for name, (want, reason) in sorted(expected.items()):
        got = results.get(name, "notrun")
        if RANK[got] < RANK[want]:
            worse.append((name, want, got, reason))
        elif RANK[got] > RANK[want]:
            better.append((name, want, got))
    for name in sorted(set(results) - set(expected)):
        new.append((name, results[name]))

    for name, want, got in better:
        print("BETTER  %s: expected %s, got %s (raise the expectation)" % (name, want, got))
    for name, got in new:
        print("NEW     %s: %s (not in %s)" % (name, got, os.path.basename(exp_path)))
    for name, want, got, reason in worse:
        print("WORSE   %s: expected %s, got %s%s" % (name, want, got,
                                                     "  (expected because: %s)" % reason if reason else ""))
    if worse:
        print("%d tests worse than expected" % len(worse))
        return 1
    print("no test worse than expected (%d better, %d new)" % (len(better), len(new)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
