"""Where build products live between runs: compiled skill modules, the parser tables
and the bundled pool's IR.

``cache_root()`` is the user's cache folder, never the working directory (running
``sgs`` in ``/`` or in a project must not leave a folder behind):

1. ``$SGS_CACHE_DIR`` if set;
2. else ``$XDG_CACHE_HOME/sgs`` if ``XDG_CACHE_HOME`` is set (an absolute path);
3. else the platform's user cache folder: ``%LOCALAPPDATA%\\sgs\\Cache`` on Windows,
   ``~/Library/Caches/sgs`` on macOS, ``~/.cache/sgs`` elsewhere;

and when that cannot be created or written (a read-only home, no home at all), the
temp directory's ``sgs-cache-<uid>`` — used only if it is ours and not writable by
others (another user could have made it first), else a fresh private folder.  Entries
are keyed by content hashes, so a stale entry is never used and the folder changes no
result (same seed, same log); deleting it is always safe.

What is loaded is verified: every entry records the SHA-256 of its files, written
last and atomically (temp file + :func:`os.replace`, or a folder renamed into place),
and is checked before use — a truncated, garbage, wrong-type or edited entry is
rebuilt with a one-line warning (:func:`warn_damaged`) and never executed.  (This
stops damage and edits that do not also forge the record; the folder itself must be
as private as the home directory, which the checks above see to.)
"""

from __future__ import annotations

import hashlib
import io
import os
import shutil
import stat
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Callable, TypeVar

from .inputs import os_reason

if TYPE_CHECKING:
    from lark import Lark

T = TypeVar("T")

__all__ = [
    "cache_root",
    "default_cache_dir",
    "digest",
    "load_parser",
    "load_pickled",
    "remove_entry",
    "warn_damaged",
    "write_atomic",
]


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
    try:
        fallback.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError:
        return Path(tempfile.mkdtemp(prefix="sgs-cache-"))
    if not _private(fallback):
        # a shared temp folder: someone else may have made it, to plant modules
        return Path(tempfile.mkdtemp(prefix="sgs-cache-"))
    return fallback


def _private(folder: Path) -> bool:
    """A real folder (not a symlink), ours, not writable by group or others (POSIX)."""
    if not hasattr(os, "getuid"):
        return True
    try:
        st = os.lstat(folder)
    except OSError:
        return False
    return stat.S_ISDIR(st.st_mode) and st.st_uid == os.getuid() and not st.st_mode & 0o022


def digest(data: bytes) -> str:
    """The SHA-256 of ``data`` (hex): what a cache entry records of each file."""
    return hashlib.sha256(data).hexdigest()


def warn_damaged(what: Path, why: str) -> None:
    """The one-line warning for a damaged cache entry (to stderr)."""
    print(f"警告：缓存 {what} 已损坏（{why}），已重新生成", file=sys.stderr)


def remove_entry(path: Path) -> None:
    """Remove a damaged entry, whatever it is (folder, file, link); errors ignored."""
    try:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink()
    except OSError:
        pass


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temp file in the same folder and
    :func:`os.replace`, so a reader sees the old file or the whole new one."""
    tmp = path.with_name(f"{path.name}.tmp{os.getpid()}")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    finally:
        if tmp.exists():
            tmp.unlink()


_PARSER_MAGIC = b"sgs-lalr 1 "


def _read_verified(path: Path, magic: bytes) -> tuple[bytes | None, str | None]:
    """A cache file of one line ``<magic><sha256>`` and a payload: (the payload, None)
    when it is whole, (None, why) when it is damaged, (None, None) when there is none."""
    try:
        st = os.lstat(path)
    except OSError:
        return None, None
    if not stat.S_ISREG(st.st_mode):
        return None, "不是普通文件"
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, f"无法读取：{os_reason(exc)}"
    head, _, payload = data.partition(b"\n")
    if not head.startswith(magic) or head[len(magic):].decode("ascii", "replace") != digest(payload):
        return None, "内容与记录的散列不符"
    return payload, None


def _write_verified(path: Path, magic: bytes, payload: bytes, damaged: str | None) -> None:
    """Replace a damaged file (with the one-line warning) and write ``payload`` with
    its hash, atomically; a cache that cannot be written is skipped silently."""
    if damaged is not None:
        warn_damaged(path, damaged)
        remove_entry(path)
    try:
        write_atomic(path, magic + digest(payload).encode() + b"\n" + payload)
    except OSError:
        pass


def load_parser(build: "Callable[[], Lark]", key: str, folder: Path | None = None) -> "Lark":
    """The parser ``build()`` makes, through a verified disk cache.

    The file ``lark-lalr-<key>.bin`` holds one line ``sgs-lalr 1 <sha256>`` and then
    the tables Lark saves; they are unpickled only when the hash matches, so a
    truncated, garbage or edited file is never loaded: the tables are rebuilt and
    the file rewritten atomically, with a one-line warning.  ``key`` must cover what
    the tables depend on (grammar text, options, Lark's version).  A cache that
    cannot be written is skipped silently."""
    from lark import Lark

    path = (folder if folder is not None else cache_root()) / f"lark-lalr-{key}.bin"
    payload, damaged = _read_verified(path, _PARSER_MAGIC)
    if payload is not None:
        try:
            return Lark.load(io.BytesIO(payload))
        except Exception as exc:  # verified bytes another Lark version cannot read
            damaged = f"无法载入：{type(exc).__name__}"
    parser = build()
    buf = io.BytesIO()
    parser.save(buf)
    _write_verified(path, _PARSER_MAGIC, buf.getvalue(), damaged)
    return parser


def load_pickled(kind: str, key: str, build: "Callable[[], T]", folder: Path | None = None, *,
                 dumps: "Callable[[T], bytes] | None" = None,
                 loads: "Callable[[bytes], T] | None" = None) -> "T":
    """``build()``'s value through a verified disk cache, like :func:`load_parser`:
    the file ``<kind>-<key>.bin`` holds one line ``sgs-<kind> 1 <sha256>`` and the
    pickle, unpickled only when the hash matches (else rebuilt, with the one-line
    warning).  ``key`` must cover everything the value depends on.

    ``dumps``/``loads`` replace :func:`pickle.dumps`/:func:`pickle.loads` (a value
    with parts pickle cannot take as they are); ``loads`` may raise to refuse what it
    read (rebuilt, with the warning).  Loading runs without the cyclic garbage
    collector (:func:`.gcpause.gc_paused`): a large pickle makes millions of objects
    and no garbage, and the collector's passes over them cost more than the load
    itself (measured on the register parsers: 0.46 s → 0.17 s).  A value that cannot
    be pickled, or a folder that cannot be made or written, is simply not cached."""
    import pickle

    from .gcpause import gc_paused

    magic = f"sgs-{kind} 1 ".encode()
    try:
        path = (folder if folder is not None else cache_root()) / f"{kind}-{key}.bin"
    except OSError:  # no cache folder at all (cache_root's last resort failed too)
        return build()
    payload, damaged = _read_verified(path, magic)
    if payload is not None:
        try:
            with gc_paused():
                return loads(payload) if loads is not None else pickle.loads(payload)
        except Exception as exc:  # verified bytes an older Python or class cannot read
            damaged = f"无法载入：{type(exc).__name__}"
    value = build()
    try:
        data = dumps(value) if dumps is not None else pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:  # not picklable (e.g. a library's new field): used, not cached
        if damaged is not None:
            warn_damaged(path, damaged)
            remove_entry(path)
        return value
    _write_verified(path, magic, data, damaged)
    return value
