#!/usr/bin/env python3
"""Rodinia 3.1 with Rubicon: one table of what built and of each kernel's resources.

Usage:
  harness.py RODINIA_CHECKOUT [--toolkit PREFIX] [--hip-port HIP_EXAMPLES_RODINIA]
             [--run] [--markdown]

RODINIA_CHECKOUT is a Rodinia 3.1 CUDA checkout (e.g. yuhc/gpu-rodinia) whose
programs were built with Rubicon, each program's make output saved as
`rubicon-build.log` in its folder (docs/rodinia.md gives the loop). The harness
builds nothing: it reads the logs and the code objects inside the executables
(`cuobjdump --json --dump-resource-usage`).

--hip-port points at ROCm/HIP-Examples' rodinia_3.0 checkout (or its hip/
folder) built for gfx942 (docs/rodinia.md gives the command, with
benchmarks/rodinia/hip-port-cc); its kernels are printed beside Rubicon's,
matched by mangled name or else by unqualified name: the code-quality baseline.

--run runs each program with its standard input (the `run` script of its folder)
where an AMD GPU is present, printing the time it took.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import time

PROGRAMS = [
    "b+tree", "backprop", "bfs", "cfd", "dwt2d", "gaussian", "heartwall",
    "hotspot", "hotspot3D", "huffman", "hybridsort", "kmeans", "lavaMD",
    "leukocyte", "lud", "mummergpu", "myocyte", "nn", "nw", "particlefilter",
    "pathfinder", "srad/srad_v1", "srad/srad_v2", "streamcluster",
]

METRICS = [("vgprs", "VGPR"), ("sgprs", "SGPR"), ("vgpr_spills", "spill"),
           ("scratch_bytes", "scratch"), ("lds_bytes", "LDS"),
           ("waves_per_simd", "waves/SIMD")]


def is_elf_executable(path):
    try:
        with open(path, "rb") as f:
            return f.read(4) == b"\x7fELF" and os.access(path, os.X_OK)
    except OSError:
        return False


def executables(folder):
    found = []
    for root, _, files in os.walk(folder):
        for name in sorted(files):
            path = os.path.join(root, name)
            if is_elf_executable(path) and not name.endswith(".so"):
                found.append(path)
    return found


def kernels_of(cuobjdump, paths):
    """{kernel name: metrics} of every gfx code object in the executables."""
    kernels = {}
    for path in paths:
        out = subprocess.run([cuobjdump, "--json", "--dump-resource-usage", path],
                             capture_output=True, text=True)
        if out.returncode != 0:
            continue  # no fat binary in it (a data generator, say)
        for code_object in json.loads(out.stdout).get("code_objects", []):
            for kernel in code_object.get("kernels", []):
                kernels[kernel["name"]] = kernel
    return kernels


def build_status(folder):
    log = os.path.join(folder, "rubicon-build.log")
    if not os.path.exists(log):
        return None, "no rubicon-build.log"
    with open(log, errors="replace") as f:
        lines = f.read().splitlines()
    status = next((l for l in reversed(lines) if l.startswith("exit=")), "exit=?")
    first_error = next((l.strip() for l in lines
                        if "error" in l.lower() or "undefined reference" in l), "")
    return status == "exit=0", first_error


def base_name(mangled):
    """The kernel's name without its parameter list, to match a HIP port's
    kernel whose parameters changed in the port (hipLaunchParm, say)."""
    try:
        out = subprocess.run(["c++filt", mangled], capture_output=True, text=True)
        text = out.stdout.strip() or mangled
    except OSError:
        text = mangled
    return text.split("(")[0]


def match_hip_kernels(kernels, hip):
    """{Rubicon kernel name: HIP kernel}: the same mangled name, else the
    same unqualified name where each side has exactly one kernel so named."""
    hip_by_base, ours_by_base = {}, {}
    for name, kernel in hip.items():
        hip_by_base.setdefault(base_name(name), []).append(kernel)
    for name in kernels:
        ours_by_base.setdefault(base_name(name), []).append(name)
    matched = {}
    for name in kernels:
        base = base_name(name)
        if name in hip:
            matched[name] = hip[name]
        elif len(hip_by_base.get(base, [])) == 1 and len(ours_by_base[base]) == 1:
            matched[name] = hip_by_base[base][0]
    return matched


def cell(kernel, key):
    if kernel is None:
        return "-"
    value = kernel.get(key)
    return "-" if value is None else str(value)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rodinia")
    parser.add_argument("--toolkit", help="Rubicon prefix (default: cuobjdump on PATH)")
    parser.add_argument("--hip-port", help="HIP-Examples rodinia_3.0 checkout, built")
    parser.add_argument("--run", action="store_true")
    args = parser.parse_args()

    cuobjdump = (os.path.join(args.toolkit, "bin", "cuobjdump") if args.toolkit
                 else shutil.which("cuobjdump"))
    if not cuobjdump or not os.path.exists(cuobjdump):
        sys.exit("harness: cuobjdump not found (pass --toolkit PREFIX)")
    cuda_dir = os.path.join(args.rodinia, "cuda")
    if not os.path.isdir(cuda_dir):
        sys.exit(f"harness: {cuda_dir} is not a folder: pass a Rodinia 3.1 checkout")
    gpu = os.path.exists("/dev/kfd")
    hip_root = args.hip_port
    if hip_root and os.path.isdir(os.path.join(hip_root, "hip")):
        hip_root = os.path.join(hip_root, "hip")  # rodinia_3.0 itself given

    header = ["program", "built", "kernel"] + [m[1] for m in METRICS]
    if args.hip_port:
        header += ["HIP " + m[1] for m in METRICS]
    if args.run:
        header += ["run (s)"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))

    built_count = 0
    for program in PROGRAMS:
        folder = os.path.join(cuda_dir, program)
        built, first_error = build_status(folder)
        built_count += bool(built)
        kernels = kernels_of(cuobjdump, executables(folder)) if built else {}
        hip = {}
        if args.hip_port:
            hip_folder = os.path.join(hip_root, program)
            if os.path.isdir(hip_folder):
                hip = match_hip_kernels(kernels, kernels_of(
                    cuobjdump, executables(hip_folder)))
        run_time = ""
        if args.run and built:
            if not gpu:
                run_time = "no AMD GPU"
            elif os.path.exists(os.path.join(folder, "run")):
                start = time.time()
                done = subprocess.run(["sh", "./run"], cwd=folder, capture_output=True)
                run_time = (f"{time.time() - start:.2f}" if done.returncode == 0
                            else f"failed ({done.returncode})")
        built_text = "yes" if built else "no: " + (first_error or "?").replace("|", "\\|")
        names = sorted(kernels) or [None]
        for index, name in enumerate(names):
            kernel = kernels.get(name) if name else None
            row = [program if index == 0 else "", built_text if index == 0 else "",
                   f"`{name}`" if name else "-"]
            row += [cell(kernel, key) for key, _ in METRICS]
            if args.hip_port:
                row += [cell(hip.get(name), key) for key, _ in METRICS]
            if args.run:
                row += [run_time if index == 0 else ""]
            print("| " + " | ".join(row) + " |")
    print(f"\n{built_count} of {len(PROGRAMS)} programs built.")


if __name__ == "__main__":
    main()
