"""Where build products live between runs: compiled skill modules and the parser tables.

``cache_root()`` is the user's cache folder, never the working directory (running
``sgs`` in ``/`` or in a project must not leave a folder behind):

1. ``$SGS_CACHE_DIR`` if set;
2. else ``$XDG_CACHE_HOME/sgs`` if ``XDG_CACHE_HOME`` is set (an absolute path);
3. else the platform's user cache folder: ``%LOCALAPPDATA%\\sgs\\Cache`` on Windows,
   ``~/Library/Caches/sgs`` on macOS, ``~/.cache/sgs`` elsewhere;

and when that cannot be created or written (a read-only home, no home at all), the
temp directory's ``sgs-cache-<uid>``.  Entries are keyed by content hashes, so a stale
entry is never used and the folder changes no result (same seed, same log); deleting
it is always safe.
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

__all__ = ["cache_root", "default_cache_dir"]


def _writable(folder: Path) -> bool:
    """Whether ``folder`` exists and is writable, or can be created."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK)


def default_cache_dir() -> Path | None:
    """The preferred cache folder (steps 1–3 of the module docstring), not created;
    None when there is no home directory to put it in."""
    explicit = os.environ.get("SGS_CACHE_DIR")
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg and os.path.isabs(xdg):  # the XDG spec ignores relative values
        return Path(xdg) / "sgs"
    if sys.platform == "win32" and os.environ.get("LOCALAPPDATA"):
        return Path(os.environ["LOCALAPPDATA"]) / "sgs" / "Cache"
    try:
        home = Path.home()
    except (RuntimeError, KeyError):  # no HOME and no passwd entry
        return None
    if sys.platform == "darwin":
        return home / "Library" / "Caches" / "sgs"
    return home / ".cache" / "sgs"


def cache_root() -> Path:
    """The cache folder to use (created); see the module docstring."""
    preferred = default_cache_dir()
    if preferred is not None and _writable(preferred):
        return preferred
    fallback = Path(tempfile.gettempdir()) / f"sgs-cache-{os.getuid() if hasattr(os, 'getuid') else 0}"
    fallback.mkdir(parents=True, exist_ok=True)
    return fallback
