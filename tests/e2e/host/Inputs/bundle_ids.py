"""Prints each entry of a clang offload bundle: id, size, and ELF when the
data starts with the ELF magic. Used by the host-target e2e tests."""
import struct
import sys

data = open(sys.argv[1], "rb").read()
assert data[:24] == b"__CLANG_OFFLOAD_BUNDLE__", "not an offload bundle"
count = struct.unpack_from("<Q", data, 24)[0]
pos = 32
for _ in range(count):
    offset, size, id_length = struct.unpack_from("<QQQ", data, pos)
    pos += 24
    entry_id = data[pos:pos + id_length].decode()
    pos += id_length
    kind = "ELF" if data[offset:offset + 4] == b"\x7fELF" else ""
    print(entry_id, size, kind)
