#!/usr/bin/env python3
"""Builds and runs Thrust's single-file examples on the host target.

The examples come from Debian's libthrust-dev
(/usr/share/doc/libthrust-dev/examples, never copied into this tree): each
`<name>.cu` is built with `nvcc --amdgpu-arch=host -I <examples>/include`
(Thrust's CUDA backend, the default under nvcc) and run; it passes when both
exit with status 0. Prints one line per example and a summary; with
--markdown FILE also writes the results as a table (docs/cccl.md shows the
last full run).

  thrust_examples.py --nvcc NVCC [--examples DIR] [--jobs N] [NAME ...]

NAMEs (e.g. sum, cuda/wrap_pointer) pick examples; none means all.
"""
import argparse
import concurrent.futures
import os
import pathlib
import subprocess
import sys
import tempfile

DEFAULT_EXAMPLES = "/usr/share/doc/libthrust-dev/examples"


def run_one(nvcc, examples, name, work):
    source = examples / (name + ".cu")
    exe = work / name.replace("/", "_")
    build = subprocess.run(
        [nvcc, "--amdgpu-arch=host", "-I", str(examples / "include"), str(source), "-o", str(exe)],
        capture_output=True, text=True, timeout=1200)
    if build.returncode != 0:
        errors = [l for l in build.stderr.splitlines() if "error" in l]
        return name, "build fails", (errors[0] if errors else build.stderr.strip()[-200:])
    try:
        # In the work folder: some examples write files (discrete_voronoi.pgm).
        run = subprocess.run([str(exe)], capture_output=True, text=True, timeout=300,
                             cwd=str(work), env=dict(os.environ, RUBICON_BACKEND="host"))
    except subprocess.TimeoutExpired:
        return name, "run times out", ""
    if run.returncode != 0:
        tail = (run.stderr.strip() or run.stdout.strip()).splitlines()
        return name, "run fails", (tail[-1] if tail else "exit status %d" % run.returncode)
    return name, "pass", ""


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nvcc", required=True)
    parser.add_argument("--examples", default=DEFAULT_EXAMPLES)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--markdown")
    parser.add_argument("names", nargs="*")
    args = parser.parse_args()
    examples = pathlib.Path(args.examples)
    if not examples.is_dir():
        print("thrust examples not found: %s (Debian: libthrust-dev)" % examples)
        return 1
    names = args.names or sorted(
        str(p.relative_to(examples).with_suffix("")) for p in
        list(examples.glob("*.cu")) + list(examples.glob("cuda/*.cu")))
    with tempfile.TemporaryDirectory(prefix="rubicon-thrust-") as tmp:
        work = pathlib.Path(tmp)
        (work / "cuda").mkdir()
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(lambda n: run_one(args.nvcc, examples, n, work), names))
    passed = sum(1 for _, status, _ in results if status == "pass")
    for name, status, detail in results:
        print("%-40s %s%s" % (name, status, ("  " + detail) if detail else ""))
    print("thrust examples: %d of %d pass" % (passed, len(results)))
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write("| Example | Result | Detail |\n|---|---|---|\n")
            for name, status, detail in results:
                out.write("| `%s` | %s | %s |\n" % (name, status, detail.replace("|", "\\|")))
            out.write("\n%d of %d pass.\n" % (passed, len(results)))
    return 0 if passed == len(results) else 1


if __name__ == "__main__":
    sys.exit(main())
