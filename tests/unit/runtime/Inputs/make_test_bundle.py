#!/usr/bin/env python3
"""Writes a small clang offload bundle (host entry + fake gfx942 and gfx90a
code objects) for tests of the registration path. Usage: make_test_bundle.py OUT"""
import struct
import sys

MAGIC = b"__CLANG_OFFLOAD_BUNDLE__"
entries = [("host-x86_64-unknown-linux-gnu", b""),
           ("hipv4-amdgcn-amd-amdhsa--gfx942", b"\x7fELF fake gfx942 code object"),
           ("hipv4-amdgcn-amd-amdhsa--gfx90a", b"\x7fELF fake gfx90a code object")]
header_size = len(MAGIC) + 8 + sum(24 + len(i.encode()) for i, _ in entries)
offset = header_size
table = b""
data = b""
for entry_id, blob in entries:
    table += struct.pack("<QQQ", offset + len(data), len(blob), len(entry_id)) + entry_id.encode()
    data += blob
with open(sys.argv[1], "wb") as f:
    f.write(MAGIC + struct.pack("<Q", len(entries)) + table + data)
