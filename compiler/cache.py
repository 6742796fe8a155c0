"""Where build products live between runs: compiled skill modules and the parser tables.

``cache_root()`` is ``$SGS_CACHE_DIR`` or ``.sgs-cache`` in the working directory; when
that cannot be created or written (a read-only checkout, ``/proc``), the temp directory's
``sgs-cache-<uid>``.  Entries are keyed by content hashes, so a stale entry is never
used; deleting the folder is always safe.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

__all__ = ["cache_root"]


def _writable(folder: Path) -> bool:
    """Whether ``folder`` exists and is writable, or can be created."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK)


def cache_root() -> Path:
    """The cache folder to use (created); see the module docstring."""
    preferred = Path(os.environ.get("SGS_CACHE_DIR", ".sgs-cache"))
    if _writable(preferred):
        return preferred
    fallback = Path(tempfile.gettempdir()) / f"sgs-cache-{os.getuid() if hasattr(os, 'getuid') else 0}"
    fallback.mkdir(parents=True, exist_ok=True)
    return fallback
