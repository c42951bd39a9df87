"""Writes the data of one clang offload bundle entry to a file: what
`nvcc -cubin` would write for one target. Usage:
driver_api_extract.py BUNDLE ENTRY_ID OUTPUT"""
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
    if entry_id == sys.argv[2]:
        open(sys.argv[3], "wb").write(data[offset:offset + size])
        sys.exit(0)
sys.exit("no entry " + sys.argv[2])
