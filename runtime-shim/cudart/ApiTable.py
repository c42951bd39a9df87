#!/usr/bin/env python3
"""Prints ApiFunctions.def (the CUDA API functions Rubicon implements) as a
Markdown table, one section per library. Usage: ApiTable.py ApiFunctions.def
[-o output.md]"""
import argparse
import re
import sys

ROW = re.compile(r'^API_FUNCTION\((\w+),\s*(\w+),\s*(\w+),\s*"((?:[^"\\]|\\.)*)"\)\s*$')
TITLES = {"cudart": "CUDA runtime API (libcudart)", "cuda": "CUDA driver API (libcuda)"}


def parse(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.startswith("API_FUNCTION("):
                continue
            match = ROW.match(line.strip())
            if not match:
                sys.exit(f"{path}:{number}: malformed API_FUNCTION row")
            library, name, status, note = match.groups()
            if status not in ("Implemented", "Partial", "Unsupported"):
                sys.exit(f"{path}:{number}: status must be Implemented, Partial or Unsupported")
            rows.append((library, name, status.lower(), note))
    return rows


def markdown(rows):
    out = []
    for library in dict.fromkeys(r[0] for r in rows):
        mine = [r for r in rows if r[0] == library]
        counts = {s: sum(1 for r in mine if r[2] == s)
                  for s in ("implemented", "partial", "unsupported")}
        out.append(f"### {TITLES.get(library, library)}\n")
        summary = ", ".join(f"{n} {s}" for s, n in counts.items() if n or s != "unsupported")
        out.append(f"{len(mine)} functions: {summary}.\n")
        out.append("| Function | Status | Notes |")
        out.append("|---|---|---|")
        for _, name, status, note in mine:
            out.append(f"| `{name}` | {status} | {note} |")
        out.append("")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("def_file")
    parser.add_argument("-o", "--output")
    args = parser.parse_args()
    text = markdown(parse(args.def_file))
    if args.output:
        import os
        os.makedirs(os.path.dirname(os.path.abspath(args.output)), exist_ok=True)
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
