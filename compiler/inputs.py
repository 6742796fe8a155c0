"""Reading user files (``.sgs`` sources, ``--skills-file``, scenario files) with the
size limit applied *while* reading.

Every such file is untrusted: ``sgs check /dev/zero`` must not read forever, a named
pipe must not block the command, a 300 MB file must not be loaded to be refused.
:func:`read_bytes` opens the path without blocking (``O_NONBLOCK``: a FIFO with no
writer opens at once), refuses anything that is not a regular file (directories,
devices, FIFOs, sockets) from ``fstat`` of the open descriptor, refuses a file whose
size is over the limit, and reads at most ``limit + 1`` bytes (a file that grows
while being read is still refused).  :func:`read_text` decodes UTF-8 and drops one
leading byte-order mark, so a BOM means the same in every input: nothing.

Errors are :class:`InputError` with a Chinese message; callers turn it into their
own diagnostic (E0001) or message.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

__all__ = ["InputError", "MAX_FILE_BYTES", "os_reason", "read_bytes", "read_text", "strip_bom", "utf16", "NOT_UTF8_HELP", "not_utf8_help"]

#: bytes: room for the compiler's 500,000-character limit (``parse.MAX_TEXT``) in
#: UTF-8 (Chinese text is 3 bytes a character), and for any real scenario file
MAX_FILE_BYTES = 2_000_000

_BOM = "\ufeff"


class InputError(Exception):
    """A user file that cannot be read: ``path`` and a Chinese ``message``."""

    def __init__(self, path: str, message: str) -> None:
        super().__init__(f"{path}: {message}")
        self.path = path
        self.message = message


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "这是一个目录，不是文件"
    if stat.S_ISFIFO(mode):
        return "这是一个命名管道（FIFO），不是普通文件；请给出文件"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "这是一个设备文件，不是普通文件；请给出文件"
    if stat.S_ISSOCK(mode):
        return "这是一个套接字，不是普通文件；请给出文件"
    return "不是普通文件；请给出文件"


#: the system errors a user meets reading or writing files, said in Chinese
_OS_REASONS = {
    errno.ENOENT: "路径不存在",
    errno.EACCES: "没有权限",
    errno.EPERM: "没有权限",
    errno.ENOTDIR: "路径中有一项不是目录",
    errno.EISDIR: "这是一个目录，不是文件",
    errno.EEXIST: "已经存在",
    errno.ENOSPC: "磁盘空间不足",
    errno.EROFS: "文件系统只读",
    errno.ENAMETOOLONG: "文件名太长",
    errno.EDQUOT: "超出磁盘配额",
    errno.EMFILE: "打开的文件太多",
    errno.EIO: "输入输出错误",
}


def os_reason(exc: OSError) -> str:
    """``exc``'s reason in Chinese (the common errno values); another errno keeps the
    system's own words after its number, so nothing is lost."""
    said = _OS_REASONS.get(exc.errno or 0)
    if said is not None:
        return said
    return f"系统错误 {exc.errno}：{exc.strerror}" if exc.errno is not None else str(exc)


def read_bytes(path: Path | str, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of the regular file ``path``, at most ``limit`` of them.

    Raises :class:`InputError` for a missing or unreadable path, a directory, a
    device, FIFO or socket (never blocking on one), or a file over ``limit`` bytes
    (checked from its size before reading and again while reading)."""
    shown = str(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise InputError(shown, "找不到文件") from None
    except IsADirectoryError:
        raise InputError(shown, "这是一个目录，不是文件") from None
    except PermissionError:
        if Path(path).is_dir():
            raise InputError(shown, "这是一个目录，不是文件") from None
        raise InputError(shown, "没有读取权限") from None
    except OSError as exc:
        raise InputError(shown, f"无法读取：{os_reason(exc)}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise InputError(shown, _kind(st.st_mode))
        if st.st_size > limit:
            raise InputError(shown, f"文件太大：{st.st_size} 字节，上限 {limit} 字节")
        chunks: list[bytes] = []
        got = 0
        while got <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
        if got > limit:
            raise InputError(shown, f"文件太大：超过 {limit} 字节的上限")
        return b"".join(chunks)
    except OSError as exc:
        raise InputError(shown, f"无法读取：{os_reason(exc)}") from None
    finally:
        os.close(fd)


def strip_bom(text: str) -> str:
    """``text`` without one leading byte-order mark (U+FEFF)."""
    return text[1:] if text.startswith(_BOM) else text


def utf16(data: bytes) -> bool:
    """Whether ``data`` is UTF-16 text (Notepad's "Unicode"): a UTF-16 byte-order mark, or
    NUL bytes (each ASCII character — space, newline, digit — has one in UTF-16; no UTF-8
    or GBK text does) and the bytes read as UTF-16 text with no control character (a
    binary file with NULs is not)."""
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return True
    if b"\0" not in data[:4096]:
        return False
    for enc in ("utf-16-le", "utf-16-be"):
        try:
            text = data.decode(enc)
        except UnicodeDecodeError:
            continue
        if all(ch.isprintable() or ch in "\r\n\t" for ch in text):
            return True
    return False


#: what to do with a file that is not UTF-8 (GBK is the usual other encoding here)
NOT_UTF8_HELP = "请用 UTF-8 编码另存该文件（记事本：另存为 → 编码选 UTF-8；iconv -f GBK -t UTF-8）"


def not_utf8_help(data: bytes) -> tuple[str | None, str]:
    """For a file that is not UTF-8: (what it is instead, if that can be told, and what to
    do).  A UTF-16 file is told to convert from UTF-16, not from GBK."""
    if utf16(data):
        return "文件是 UTF-16 编码（记事本的“Unicode”），不是 UTF-8", "请用 UTF-8 编码另存该文件（记事本：另存为 → 编码选 UTF-8；iconv -f UTF-16 -t UTF-8）"
    return None, NOT_UTF8_HELP


def read_text(path: Path | str, limit: int = MAX_FILE_BYTES) -> str:
    """:func:`read_bytes` decoded as UTF-8, without a leading BOM.  Raises
    :class:`InputError`, or :class:`UnicodeDecodeError` (with the bytes in
    ``exc.object``) for a file that is not UTF-8, so callers can point at the byte."""
    return strip_bom(read_bytes(path, limit).decode("utf-8"))
