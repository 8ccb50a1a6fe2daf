"""SHA-256 as the interpreter itself makes it (``_sha256``, ``_sha2`` from 3.12): the same
digests as ``hashlib.sha256``, whose OpenSSL costs a one-shot command about 2 ms to load (a
store file's checksum, a house sheet's identity); hashlib's where the interpreter has none of
its own. Pure: no I/O."""

from __future__ import annotations

from collections.abc import Callable

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any


def _sha256_maker() -> Callable[[bytes], Any]:
    import importlib

    for name in ("_sha256", "_sha2"):
        try:
            maker: Callable[[bytes], Any] = importlib.import_module(name).sha256
            return maker
        except (ImportError, AttributeError):
            continue
    import hashlib  # pragma: no cover - an interpreter built without its own

    return hashlib.sha256  # pragma: no cover


#: ``sha256(data)``: a hash object with ``update`` and ``hexdigest``, as ``hashlib.sha256``
sha256 = _sha256_maker()
