"""nvvm_rows_covered.py ROWS.def PROGRAM.nvvm.ll: fails unless the NVVM IR
calls the intrinsic of every row of NVVMIntrinsics.def (a row names an
intrinsic or, for overloaded ones, the base of its name), apart from the
rows clang cannot produce from CUDA source (listed below, each with why)."""
import re
import sys

# Rows that exist for IR from other producers, not reachable from CUDA.
UNREACHABLE = {
    # LLVM's IR upgrader turns barrier0 into barrier.cta.sync.aligned.all.
    "barrier0": "upgraded by LLVM when IR is read",
    # clang's barrier builtins and inline PTX give the .aligned forms of
    # the reductions and the non-aligned form of the counted barrier.
    "barrier.cta.sync.aligned.count": "no clang builtin; bar.sync a, b is lowered without it",
    "barrier.cta.red.popc.all": "no clang builtin (the .aligned form is __syncthreads_count)",
    "barrier.cta.red.and.all": "no clang builtin (the .aligned form is __syncthreads_and)",
    "barrier.cta.red.or.all": "no clang builtin (the .aligned form is __syncthreads_or)",
}

rows = re.findall(r'^NVVM_TO_[A-Z_]+\("([^"]+)"', open(sys.argv[1]).read(), re.M)
used = set(re.findall(r"@llvm\.nvvm\.([A-Za-z0-9._]+)\(", open(sys.argv[2]).read()))
missing = [r for r in rows if r not in UNREACHABLE and
           not any(u == r or u.startswith(r + ".") for u in used)]
reached = [r for r in UNREACHABLE if any(u == r or u.startswith(r + ".") for u in used)]
for r in missing:
    print("row not executed: " + r)
for r in reached:
    print("row listed as unreachable but executed: " + r)
print("%d rows, %d executed, %d unreachable from CUDA" %
      (len(rows), len(rows) - len(missing) - len(UNREACHABLE), len(UNREACHABLE)))
sys.exit(1 if missing or reached else 0)
