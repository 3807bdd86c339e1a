"""snappy from Python: compress and uncompress bytes (examples/snappy)."""

import snappy

data = b"swiggen " * 1000 + bytes(range(256))
size, packed = snappy.compress(data)  # Compress's size_t result, then the std::string* out
assert size == len(packed)
print(f"{len(data)} bytes -> {len(packed)} bytes")
assert snappy.is_valid_compressed(packed)
assert snappy.uncompressed_length(packed) == len(data)
assert snappy.uncompress(packed) == data
try:
    snappy.uncompress(b"\xff not snappy")
except ValueError as e:
    print("corrupt input:", e)
