# Prints the entry names of a clang offload bundle (a Rubicon fat binary),
# one a line: the magic, a little-endian uint64 count, then per entry its
# offset, size and name length (uint64 each) and name.
import struct
import sys

data = open(sys.argv[1], "rb").read()
assert data.startswith(b"__CLANG_OFFLOAD_BUNDLE__"), "not an offload bundle"
count = struct.unpack_from("<Q", data, 24)[0]
at = 32
for _ in range(count):
    offset, size, length = struct.unpack_from("<QQQ", data, at)
    at += 24
    print(data[at:at + length].decode())
    at += length
