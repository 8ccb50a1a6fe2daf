"""The checksum of a store file: SHA-256 of its schema and its tables' JSON text, made with the
interpreter's own SHA-256 where it has one (hashlib's OpenSSL costs a table action a tenth of
its work to load). Pure: no I/O."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast


def _sha256_maker() -> Callable[[bytes], Any]:
    """SHA-256 as the interpreter itself makes it (``_sha256``, ``_sha2`` from 3.12): the same
    digests as ``hashlib.sha256``, whose OpenSSL cost a table action a tenth of its work to load;
    hashlib's where the interpreter has none of its own."""
    import importlib

    for name in ("_sha256", "_sha2"):
        try:
            return cast(Callable[[bytes], Any], importlib.import_module(name).sha256)
        except (ImportError, AttributeError):
            continue
    import hashlib  # pragma: no cover - an interpreter built without its own

    return hashlib.sha256  # pragma: no cover


sha256 = _sha256_maker()


def checksum(schema: int, payload: memoryview | bytes) -> str:
    """Digest of ``"<schema>:{"`` and ``payload``, the tables' JSON text after its ``{``."""
    digest = sha256(f"{schema}:{{".encode())
    digest.update(payload)
    return str(digest.hexdigest())
