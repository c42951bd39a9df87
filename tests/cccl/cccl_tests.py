#!/usr/bin/env python3
"""Builds and runs a current CCCL checkout's own tests and examples.

The checkout (NVIDIA/cccl, named on the command line, never copied into this
tree) is compiled as it is, with its headers ahead of any installed CCCL:

  tests     the tests listed in tests/cccl/cccl-tests.txt (or --list FILE):
            libcu++ `*.pass.cpp` (with libcu++'s own force_include.h, which
            runs the test's main on the host and then in a kernel),
            Thrust `testing/*.cu` (linked with Thrust's unittest framework),
            CUB `test/*.cu` (non-Catch2 tests with their own main; Catch2
            tests linked with CCCL's c2h and a Catch2 v3 checkout named by
            --catch2) built for the host target and run;
  examples  every Thrust (`thrust/examples`) and CUB (`cub/examples`)
            example, built as CCCL's CMake builds it with nvcc, for the host
            target (and run) and compiled for gfx942 (`-c`); `--arch` picks
            one of the two. CUB's examples include `test/test_util.h`, which
            needs c2h and Catch2 (`--catch2`).

A test passes when it builds and exits with status 0. Prints one line per
test and a summary; --markdown FILE writes the table docs/cccl.md shows.

  cccl_tests.py --nvcc NVCC --cccl DIR [tests|examples] [--jobs N]
                [--arch host|gfx942] [--catch2 DIR] [--work DIR] [--list FILE]
                [--markdown FILE] [NAME ...]

NAMEs (paths relative to the checkout) pick entries; none means all.
"""
import argparse
import concurrent.futures
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import threading
import time

HERE = pathlib.Path(__file__).resolve().parent
COMMON = ["-std=c++17", "--extended-lambda", "--expt-relaxed-constexpr"]


def includes(cccl):
    return ["-I", str(cccl / "libcudacxx/include"), "-I", str(cccl / "thrust"),
            "-I", str(cccl / "cub")]


def first_error(text):
    lines = [l for l in text.splitlines() if "error" in l]
    return (lines[0] if lines else text.strip()[-200:]).strip()


def run(cmd, timeout, env=None):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=env)
    except subprocess.TimeoutExpired:
        return None


def unsupported_upstream(source):
    """libcu++'s lit never runs a test marked `UNSUPPORTED: true`."""
    for line in source.read_text(errors="replace").splitlines()[:40]:
        if re.search(r"UNSUPPORTED:.*\btrue\b", line):
            return True
    return False


def lit_arch(source):
    """libcu++'s lit runs a test marked `UNSUPPORTED: pre-sm-80` only when
    compiling for sm_80 or later: such a test is compiled for the lowest
    architecture it accepts (nvcc's default, sm_75, otherwise)."""
    lowest = 0
    for line in source.read_text(errors="replace").splitlines()[:40]:
        if "UNSUPPORTED:" in line:
            for word in re.findall(r"pre-sm-(\d+)", line):
                lowest = max(lowest, int(word))
    return ["-arch=sm_%d" % lowest] if lowest > 75 else []


class Runner:
    def __init__(self, args, work):
        self.nvcc = args.nvcc
        self.cccl = pathlib.Path(args.cccl).resolve()
        self.catch2 = pathlib.Path(args.catch2).resolve() if args.catch2 else None
        self.work = work
        self.lock = threading.RLock()
        self.shared = {}
        self.env = dict(os.environ, RUBICON_BACKEND="host")
        self.arch = args.arch
        # With --work, the objects several programs link (Thrust's unittest
        # framework, c2h, Catch2) are kept there and reused by the next run.
        self.keep = bool(args.work)

    # Objects several tests link, built once (under a lock) per run.
    def shared_objects(self, key, build):
        with self.lock:
            if key not in self.shared:
                self.shared[key] = build()
            return self.shared[key]

    def compile_objects(self, name, sources, flags):
        objects = []
        for index, source in enumerate(sources):
            obj = self.work / ("%s-%d-%s.o" % (name, index, source.stem))
            if self.keep and obj.is_file():
                objects.append(str(obj))
                continue
            r = run([self.nvcc, "--amdgpu-arch=host"] + COMMON + flags +
                    ["-c", str(source), "-o", str(obj)], 1800)
            if r is None or r.returncode != 0:
                return None, "%s: %s" % (source.name, first_error(r.stderr) if r else "times out")
            objects.append(str(obj))
        return objects, ""

    def thrust_framework(self):
        t = self.cccl / "thrust/testing"
        return self.compile_objects(
            "thrust-framework", [t / "unittest/testframework.cu", t / "unittest/cuda/testframework.cu"],
            includes(self.cccl) + ["-I", str(t), "-DCCCL_ENABLE_ASSERTIONS"])

    def catch2_objects(self):
        library, err = self.shared_objects("c2h", self.c2h_library)
        if library is None:
            return None, err
        runner, err = self.compile_objects(
            "c2h-main", [self.cccl / "c2h/catch2_runner.cu", self.cccl / "c2h/catch2_runner_helper.cu"],
            self.catch2_flags())
        if runner is None:
            return None, err
        return runner + library, ""

    # cccl.c2h (its generators) and Catch2, what CUB's tests and examples link.
    def c2h_library(self):
        if not self.catch2:
            return None, "needs --catch2 (a Catch2 v3 checkout)"
        # Without Catch2's main: CUB's examples have their own, and its
        # Catch2 tests get c2h's (c2h/catch2_runner.cu), as with CCCL's CMake,
        # which links Catch2::Catch2, not Catch2WithMain.
        obj = self.work / "catch2-amalgamated-nomain.o"
        r = None
        if not (self.keep and obj.is_file()):
            r = run(["c++", "-std=c++17", "-O1", "-DCATCH_AMALGAMATED_CUSTOM_MAIN", "-c",
                     str(self.catch2 / "extras/catch_amalgamated.cpp"), "-o", str(obj)], 1800)
        if not obj.is_file() or (r is not None and r.returncode != 0):
            return None, "catch2: " + (first_error(r.stderr) if r else "does not build")
        c2h = self.cccl / "c2h"
        flags = self.catch2_flags()
        objects, err = self.compile_objects(
            "c2h", [c2h / "generators.cu", c2h / "generators_gen_values.cu", c2h / "generators_uniform_offsets.cu",
                    c2h / "generators_vector.cu"], flags)
        if objects is None:
            return None, err
        return objects + [str(obj)], ""

    def catch2_flags(self):
        # Catch2's CMake generates catch_user_config.hpp; these are its defaults.
        config = self.work / "catch2-config/catch2"
        if not config.is_dir():
            config.mkdir(parents=True, exist_ok=True)
            (config / "catch_user_config.hpp").write_text(
                "#pragma once\n#define CATCH_CONFIG_DEFAULT_REPORTER \"console\"\n"
                "#define CATCH_CONFIG_CONSOLE_WIDTH 80\n")
        catch2 = ["-I", str(self.catch2 / "src")] if self.catch2 else []
        return includes(self.cccl) + ["-I", str(self.work / "catch2-config")] + catch2 + [
            "-I", str(self.cccl / "c2h/include"), "-I", str(self.cccl / "cub/test"),
            "-DCCCL_ENABLE_ASSERTIONS", "-DC2H_HAS_CURAND=0", "-DCUB_DETAIL_DEBUG_ENABLE_SYNC",
            "-DCATCH_CONFIG_PREFIX_ALL"]

    def build_and_run(self, name, cmd, exe, compile_only=False):
        start = time.monotonic()
        r = run(cmd, 1800)
        built = time.monotonic()
        took = "build %.0f s" % (built - start)
        if r is None:
            return name, "build times out", took
        if r.returncode != 0:
            return name, "build fails", first_error(r.stderr)
        if compile_only:
            return name, "pass", "compile-only test, " + took
        r = run([str(exe)], 300, self.env)
        took += ", run %.1f s" % (time.monotonic() - built)
        if r is None:
            return name, "run times out", took
        if r.returncode != 0:
            tail = (r.stderr.strip() or r.stdout.strip()).splitlines()
            return name, "run fails", (tail[-1] if tail else "exit status %d" % r.returncode)
        return name, "pass", took

    def test(self, name):
        source = self.cccl / name
        exe = self.work / name.replace("/", "_")
        if not source.is_file():
            return name, "missing", "not in this checkout"
        if name.startswith("libcudacxx/"):
            if unsupported_upstream(source):
                return name, "unsupported", "UNSUPPORTED: true (libcu++'s lit never runs it)"
            lit = self.cccl / "libcudacxx/test/libcudacxx"
            compile_only = name.endswith(".compile.pass.cpp")
            cmd = [self.nvcc, "--amdgpu-arch=host"] + COMMON + lit_arch(source) + includes(self.cccl) + [
                "-I", str(self.cccl / "libcudacxx/test/support"), "-include",
                str(lit / "force_include.h"), "-x", "cu", str(source)]
            cmd += ["-c", "-o", str(exe) + ".o"] if compile_only else ["-o", str(exe)]
            return self.build_and_run(name, cmd, exe, compile_only)
        if name.startswith("thrust/testing/") and "catch2_test_" not in name:
            objects, err = self.shared_objects("thrust", self.thrust_framework)
            if objects is None:
                return name, "build fails", err
            t = self.cccl / "thrust/testing"
            cmd = [self.nvcc, "--amdgpu-arch=host"] + COMMON + includes(self.cccl) + [
                "-I", str(t), "-DCCCL_ENABLE_ASSERTIONS", str(source)] + objects + ["-o", str(exe)]
            return self.build_and_run(name, cmd, exe)
        if "catch2_test_" in name:
            objects, err = self.shared_objects("catch2", self.catch2_objects)
            if objects is None:
                return name, "build fails", err
            cmd = [self.nvcc, "--amdgpu-arch=host"] + COMMON + self.catch2_flags() + [
                "-I", str(source.parent), str(source)] + objects + ["-o", str(exe)]
            return self.build_and_run(name, cmd, exe)
        if name.startswith("cub/test/"):
            # With their own main, but test_util.h includes c2h's headers,
            # which include Catch2's.
            cmd = [self.nvcc, "--amdgpu-arch=host"] + COMMON + self.catch2_flags() + [
                str(source), "-o", str(exe)]
            return self.build_and_run(name, cmd, exe)
        return name, "unknown kind", ""

    def example(self, name):
        source = self.cccl / name
        exe = self.work / name.replace("/", "_")
        if name.startswith("thrust/"):
            # CCCL's CMake defines THRUST_EXAMPLE_DEVICE_SIDE when nvcc builds them.
            flags = COMMON + includes(self.cccl) + ["-DTHRUST_EXAMPLE_DEVICE_SIDE"]
            objects = []
        else:
            flags = COMMON + self.catch2_flags() + ["-I", str(self.cccl / "cub/test")]
            objects = []
        if self.arch in ("both", "gfx942"):
            start = time.monotonic()
            r = run([self.nvcc, "--amdgpu-arch=gfx942"] + flags +
                    ["-c", str(source), "-o", str(exe) + ".gfx942.o"], 3600)
            took = "gfx942 compile %.0f s" % (time.monotonic() - start)
            if r is None:
                return name, "gfx942 build times out", took
            if r.returncode != 0:
                return name, "gfx942 build fails", first_error(r.stderr)
            if self.arch == "gfx942":
                return name, "pass", took
        if name.startswith("cub/"):
            objects, err = self.shared_objects("c2h", self.c2h_library)
            if objects is None:
                return name, "build fails", err
        return self.build_and_run(
            name, [self.nvcc, "--amdgpu-arch=host"] + flags + [str(source)] + objects + ["-o", str(exe)], exe)


def examples(cccl):
    found = sorted(cccl.glob("thrust/examples/*.cu")) + sorted(cccl.glob("thrust/examples/cuda/*.cu")) + \
        sorted(cccl.glob("cub/examples/*/*.cu"))
    return [str(p.relative_to(cccl)) for p in found]


def listed(path):
    names = []
    for line in pathlib.Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.append(line)
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nvcc", required=True)
    parser.add_argument("--cccl", required=True, help="a checkout of NVIDIA/cccl")
    parser.add_argument("--catch2", help="a checkout of Catch2 v3 (for CUB's Catch2 tests)")
    parser.add_argument("--list", default=str(HERE / "cccl-tests.txt"))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--markdown")
    parser.add_argument("--work", help="a folder kept between runs (shared objects are reused)")
    parser.add_argument("--arch", choices=["both", "host", "gfx942"], default="both",
                        help="examples: host (build and run), gfx942 (compile only) or both")
    parser.add_argument("what", choices=["tests", "examples"])
    parser.add_argument("names", nargs="*")
    args = parser.parse_intermixed_args()
    cccl = pathlib.Path(args.cccl).resolve()
    if not (cccl / "libcudacxx/include/cuda").is_dir():
        print("not a CCCL checkout: %s" % cccl)
        return 1
    names = args.names or (listed(args.list) if args.what == "tests" else examples(cccl))
    with tempfile.TemporaryDirectory(prefix="rubicon-cccl-") as tmp:
        work = pathlib.Path(args.work).resolve() if args.work else pathlib.Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        runner = Runner(args, work)
        one = runner.test if args.what == "tests" else runner.example
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            futures = [pool.submit(one, name) for name in names]
            # Each result as it comes (a long run can be followed), the
            # table in the list's order.
            for future in concurrent.futures.as_completed(futures):
                name, status, detail = future.result()
                print("%-70s %s%s" % (name, status, ("  " + detail) if detail else ""), flush=True)
            results = [f.result() for f in futures]
    passed = sum(1 for _, status, _ in results if status == "pass")
    results_run = [r for r in results if r[1] != "unsupported"]
    print("cccl %s: %d of %d pass%s" % (
        args.what, passed, len(results_run),
        " (%d unsupported upstream)" % (len(results) - len(results_run)) if len(results_run) < len(results) else ""))
    if args.markdown:
        with open(args.markdown, "w") as out:
            out.write("| %s | Result | Detail |\n|---|---|---|\n" % args.what.capitalize()[:-1])
            for name, status, detail in results:
                out.write("| `%s` | %s | %s |\n" % (name, status, detail.replace("|", "\\|")))
            out.write("\n%d of %d pass.\n" % (passed, len(results_run)))
    return 0 if passed == len(results_run) else 1


if __name__ == "__main__":
    sys.exit(main())
