#!/usr/bin/python3
"""The AVX2 and AVX-512 code of libmanipdyn stays in the functions that are called only after a
CPU check (batch_simd_lanes(), math::sincos_n_vectorised()): the lane path and the vectorised
sin/cos. The library is built for baseline x86-64; a VEX or EVEX instruction anywhere else (an
inline function of Eigen or the standard library that the linker took from a file compiled with
-mavx2 or -mavx512f) would stop a program with SIGILL on a CPU without them.

  check_isa_confinement.py LIBRARY   (exit 0: confined, 1: a function listed, 77: no objdump)

--self-test feeds it a made-up disassembly holding one stray instruction and checks it is found.
"""
import re
import shutil
import subprocess
import sys

# Functions allowed to hold AVX instructions: their demangled names mention the lane types, the
# AVX2 sin/cos kernel or the lane entry points; or they are xsimd's (xsimd is included only by the
# lane headers src/core/lanes.hpp and sincos_kernel.hpp, which refuse to compile without AVX2, so
# every copy of an xsimd function, such as the large-angle reduction xsimd::detail::
# __kernel_rem_pio2 that g++ may keep out of line for the fast sin/cos of the tree lanes, is
# compiled with AVX and called from the lane path only).
ALLOWED = re.compile(r"avx|Lane|lanes?_|_lanes?\b|lane8|^xsimd::")
# A VEX/EVEX-encoded instruction: a v-prefixed mnemonic on xmm/ymm/zmm registers, or the mask
# registers of AVX-512.
AVX = re.compile(r"\tv[a-z0-9]+\s.*%[xyz]mm|%k[0-7]\b|\tvzero(upper|all)")


def stray_functions(disassembly):
    """The names of the functions outside ALLOWED that hold an AVX instruction."""
    stray, current = set(), None
    for line in disassembly.splitlines():
        head = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
        if head:
            current = head.group(1)
            continue
        if current and not ALLOWED.search(current) and AVX.search(line):
            stray.add(current)
    return sorted(stray)


def self_test():
    sample = (
        "0000000000001000 <manipdyn::inverse_dynamics(double)>:\n"
        "    1000:\tmovsd  (%rdi),%xmm0\n"
        "0000000000002000 <void manipdyn::detail::fast_core<manipdyn::LanesT<true, xsimd::avx2>>()>:\n"
        "    2000:\tvmulpd %ymm1,%ymm2,%ymm3\n"
        "0000000000003000 <Eigen::internal::throw_std_bad_alloc()>:\n"
        "    3000:\tvzeroupper\n"
    )
    found = stray_functions(sample)
    if found != ["Eigen::internal::throw_std_bad_alloc()"]:
        print("self-test failed:", found)
        return 1
    print("self-test: the stray function was found, the lane and SSE2 ones were not")
    return 0


def main():
    if sys.argv[1:] == ["--self-test"]:
        return self_test()
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    objdump = shutil.which("objdump")
    if objdump is None:
        print("objdump not found (apt-get install binutils): skipped")
        return 77
    out = subprocess.run([objdump, "-d", "--no-show-raw-insn", "-C", sys.argv[1]],
                         check=True, capture_output=True, text=True).stdout
    functions = len(re.findall(r"^[0-9a-f]+ <.*>:$", out, flags=re.M))
    stray = stray_functions(out)
    if stray:
        print(f"{len(stray)} function(s) outside the lane path hold AVX instructions:")
        for name in stray:
            print("  ", name[:300])
        return 1
    print(f"{functions} functions disassembled: AVX instructions only in the lane path")
    return 0


if __name__ == "__main__":
    sys.exit(main())
