#!/usr/bin/env python3
"""Instructions and LDS operations per 16x16x16 wmma product on gfx942 and
gfx1100, generic path against matrix path, counted in the emitted assembly.

    benchmarks/matrix-cores/count.py [PREFIX]   (PREFIX: the install, ./install)

Compiles wmma_kernels.cu with PREFIX/bin/nvcc (matrix path), then the same
NVVM IR with rubicon-opt -rubicon-disable-matrix-cores (generic path), and
counts, in each kernel, the instructions (s_endpgm included), the LDS
operations (ds_*: ds_bpermute and ds_swizzle use the LDS hardware, not its
memory) and the matrix instructions, for f16, bf16, s8 and u8 and the shapes
m16n16k16, m32n8k16 and m8n32k16, tf32 m16n16k8 (a 16x16x8 product:
half the work of the others) and f64 m8n8k4 (an 8x8x4 product, 1/16 of the
work; generic on every target, docs/matrix-cores.md, so ratio 1); on gfx1100
only m16n16k16 has a matrix path:
the others print ratio 1. Per product = (five_products -
one_product) / 4: what one more load-load-mma costs. Then the same for PTX
mma.sync on gfx942 (mma_sync_kernels.cu: each shape and type with a matrix
path; per product = one more instruction with its A and B loads; and
ldmatrix_f16: A and B loaded with ldmatrix from shared memory, as GEMM
k-loops do). f64 m8n8k4 products on gfx9 have both paths in the code, a
whole-wavefront ballot choosing at run time: their "matrix" row counts
both, their "whole-wave" row the MFMA path alone (rubicon-opt
-rubicon-f64-whole-wave-only), which is what a whole wavefront runs. The five products are a chain (D of one is C of the next). Prints
ratios measured in one run; no hardware needed (nothing is executed).
"""
import os
import re
import subprocess
import sys
import tempfile

here = os.path.dirname(os.path.abspath(__file__))
prefix = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "install")
nvcc = os.path.join(prefix, "bin", "nvcc")
build_bin = os.path.join(os.path.dirname(prefix), "build", "bin")
opt = os.environ.get("RUBICON_OPT", os.path.join(build_bin, "rubicon-opt"))


def count(asm, kernel):
    """(instructions, ds_* operations, v_mfma) of one kernel's body."""
    body = asm.split(kernel + ":", 1)[1].split("s_endpgm", 1)[0]
    insts = [l.split()[0] for l in body.splitlines()
             if re.match(r"\s+[a-z_0-9]+(\s|$)", l) and not l.strip().startswith(";")]
    return (len(insts) + 1, sum(i.startswith("ds_") for i in insts),
            sum(i.startswith(("v_mfma", "v_wmma")) for i in insts))


def assemble(arch, source="wmma_kernels"):
    """{path: assembly} of source.cu for arch; for f64 (whose products on
    gfx9 have both paths, chosen at run time by a whole-wavefront ballot)
    also "whole-wave": the MFMA path alone."""
    lib = os.path.join(prefix, "lib64", "rubicon", arch + ".bc")
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([nvcc, "-c", "-O3", "-keep", "--amdgpu-arch=" + arch,
                        os.path.join(here, source + ".cu"), "-o", "k.o"],
                       cwd=tmp, check=True)
        matrix = open(os.path.join(tmp, f"{source}.{arch}.s")).read()
        subprocess.run([opt, "--emit-code-object", "-rubicon-arch=" + arch,
                        "-rubicon-disable-matrix-cores", "--device-lib=" + lib,
                        source + ".nvvm.ll", "-o", "generic.co",
                        "--print-asm=generic.s"], cwd=tmp, check=True)
        generic = open(os.path.join(tmp, "generic.s")).read()
        subprocess.run([opt, "--emit-code-object", "-rubicon-arch=" + arch,
                        "-rubicon-f64-whole-wave-only", "--device-lib=" + lib,
                        source + ".nvvm.ll", "-o", "whole.co",
                        "--print-asm=whole.s"], cwd=tmp, check=True)
        whole = open(os.path.join(tmp, "whole.s")).read()
    return {"generic": generic, "matrix": matrix, "whole-wave": whole}


def report(arch, asm, ty, shape, matrix="matrix"):
    """Prints the generic and matrix rows of kernels one_/five_<ty>_<shape>
    (matrix: the name of the matrix path's assembly in asm)."""
    rows = {}
    for name in ("generic", matrix):
        one = count(asm[name], f"one_{ty}_{shape}")
        five = count(asm[name], f"five_{ty}_{shape}")
        rows[name] = (one, tuple((f - o) / 4 for f, o in zip(five, one)))
    for name, (one, per) in rows.items():
        print(f"{arch + ' ' + ty + ' ' + shape + ' ' + name:<30}"
              f" {one[0]:>6} /{one[1]:>4} /{one[2]:>3}"
              f" {per[0]:>10.1f} /{per[1]:>5.1f} /{per[2]:>4.1f}")
    g, m = rows["generic"], rows[matrix]
    print(f"  ratio generic/matrix: instructions"
          f" {g[0][0] / m[0][0]:.1f}x (kernel),"
          f" {g[1][0] / m[1][0]:.1f}x (per product); ds_* per"
          f" product {g[1][1]:.1f} vs {m[1][1]:.1f}")


print("wmma (f16, bf16 -> f32; s8, u8 -> s32): instructions / ds_* ops /"
      " matrix instructions")
print(f"{'':30} {'kernel, 1 product':>18} {'per extra product':>24}")
for arch in ("gfx942", "gfx1100", "gfx1200"):
    asm = assemble(arch)
    for ty in ("f16", "bf16", "s8", "u8", "tf32", "f64"):
        shapes = ("m16n16k8",) if ty == "tf32" else ("m8n8k4",) if (
            ty == "f64") else ("m16n16k16", "m32n8k16", "m8n32k16")
        for shape in shapes:
            report(arch, asm, ty, shape)
            if ty == "f64" and arch == "gfx942":
                # What a whole wavefront runs (the matrix row above is both
                # paths, the ballot between them, and their loads).
                report(arch, asm, ty, shape, "whole-wave")

# PTX mma.sync (mma_sync_kernels.cu): a product is one instruction, an
# m16n8kK product (m16n8k16: half the work of a 16x16x16 one).
print("PTX mma.sync.aligned.<shape>.row.col: instructions / ds_* ops /"
      " matrix instructions")
asm = assemble("gfx942", "mma_sync_kernels")
for ty, shape in (("f16", "m16n8k16"), ("bf16", "m16n8k16"),
                  ("f16", "m16n8k8"), ("tf32", "m16n8k8"),
                  ("tf32", "m16n8k4"), ("s8", "m16n8k32"),
                  ("s8", "m16n8k16"), ("u8", "m16n8k32"), ("u8", "m16n8k16"),
                  ("u8s8", "m16n8k32"), ("ldmatrix_f16", "m16n8k16"),
                  ("f64", "m8n8k4")):
    report("gfx942", asm, ty, shape)
report("gfx942", asm, "f64", "m8n8k4", "whole-wave")
