"""The checksum of a store file: SHA-256 of its schema and its tables' JSON text. Pure: no I/O."""

from __future__ import annotations

from hashlib import sha256


def checksum(schema: int, payload: memoryview | bytes) -> str:
    """Digest of ``"<schema>:{"`` and ``payload``, the tables' JSON text after its ``{``."""
    digest = sha256(f"{schema}:{{".encode())
    digest.update(payload)
    return digest.hexdigest()
