"""sgs.compiler — the skill-text compiler (front end, checks, code generation).

Public API (what the CLI calls)::

    from sgs.compiler import (check_paths, compile_paths, load_pool, load_generals,
                              build, CompileError, render, explain, bundled_skill_paths)

* ``check_paths(paths=None) -> list[Diagnostic]`` — parse, lower, check and plan
  code generation for the given ``.sgs`` files / directories (None = the bundled
  ``skills/`` tree, also ``bundled_skills_dir()``); nothing is written.  Exit non-zero if
  ``has_errors(diags)``.
* ``compile_paths(paths, out_dir) -> list[Path]`` — write one Python module per
  package (``<package pinyin>.py``) into ``out_dir``; raises :class:`CompileError`
  (``.diagnostics``, ``.sources``) when there are errors.  Warnings are available
  from ``build(paths).diagnostics``.
* ``build(paths=None, modules=True) -> BuildResult`` — the same in memory: ``modules``
  (module name → source code; left empty with ``modules=False``, for checking),
  ``diagnostics``, ``sources`` (file → normalised text, for rendering), ``packages``
  (the IR).
* ``load_pool(paths=None, cache_dir=None) -> Pool`` — compile (cached by content
  hash in ``cache_dir``, default :func:`.cache.cache_root`: ``$SGS_CACHE_DIR``, else
  the user cache folder), import the emitted modules, return both halves of the
  compiled set: ``.generals``, ``.equipment`` (card name → skill classes) and
  ``.card_effects`` (card name → the class of a trick's effect text).  Bundled
  packages load first, so a designer's package loaded beside them overrides a general
  or card of the same name (I0203); two of the designer's packages defining the same
  one is E0201.
  Raises :class:`CompileError` on errors.  A game gets the equipment and the card
  effects explicitly (``setup_identity_game(pool.generals, ..., equipment=pool.equipment,
  card_effects=pool.card_effects)``, ``build_game(..., equipment=..., card_effects=...)``);
  the runtime keeps no registry of them.
* ``load_generals(paths=None, cache_dir=None) -> tuple[GeneralSpec, ...]`` —
  ``load_pool(...).generals``; ``load_equipment(...)`` — a copy of
  ``load_pool(...).equipment`` as a dict.
* ``render(diags, sources, fmt="human"|"short"|"json") -> str`` (also
  ``render_diagnostics(diags, fmt, sources=None)``; sources default to the files
  read by earlier builds in this process) and
  ``explain(code) -> str`` for ``sgs explain E0101``.
* ``parse_file(path)`` / ``lower`` helpers are in :mod:`.parse` / :mod:`.lower`;
  the IR is :mod:`.ir`, the verb table :mod:`.verbs`.

Displayed file names: bundled files as ``skills/<package>/<file>.sgs``, others
relative to the current directory when below it, else absolute.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import sys
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import TYPE_CHECKING, Iterable, Mapping, Sequence, Union

from .cache import cache_root
from .diagnostics import (
    Diagnostic,
    Severity,
    Span,
    explain,
    has_errors,
    render_human,
    render_json_report,
    render_short,
    sort_key,
)

if TYPE_CHECKING:
    from sgs.runtime.api import CardEffect, CardName, GeneralSpec, Skill

    from . import ir
    from .check import SkillGaps
    from .parse import Edit

__all__ = [
    "BuildResult",
    "CompileError",
    "Diagnostic",
    "Severity",
    "build",
    "build_texts",
    "bundled_skill_paths",
    "bundled_skills_dir",
    "check_paths",
    "compile_paths",
    "explain",
    "has_errors",
    "load_equipment",
    "load_generals",
    "load_pool",
    "Pool",
    "render",
    "render_diagnostics",
]

PathLike = Union[str, "os.PathLike[str]"]


class CompileError(Exception):
    """Compilation failed.  ``diagnostics`` (all of them, errors first in file
    order) and ``sources`` (file → text) let the caller render them."""

    def __init__(self, diagnostics: Sequence[Diagnostic], sources: dict[str, str]) -> None:
        errors = [d for d in diagnostics if d.severity is Severity.ERROR]
        super().__init__(f"{len(errors)} error(s)" + (f": {errors[0].message}" if errors else ""))
        self.diagnostics = list(diagnostics)
        self.sources = sources


@dataclass
class BuildResult:
    """Result of :func:`build`: ``modules`` (module name → code), ``diagnostics``,
    ``sources`` (file → normalised text), ``packages`` (IR), ``originals`` (file →
    the text as read: diagnostics' spans point into it), ``edits`` (the insertions
    the normaliser made per file)."""

    modules: dict[str, str] = field(default_factory=dict)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)
    packages: list[ir.Package] = field(default_factory=list)
    originals: dict[str, str] = field(default_factory=dict)
    edits: dict[str, tuple[Edit, ...]] = field(default_factory=dict)
    #: E0503: skills the capability pass refused because the back end cannot run them yet.
    #: Kept apart from ``diagnostics``: checking reports them as W0701 (not errors);
    #: compiling and loading fail on them (``ok`` is False, CompileError lists them).
    refused: list[Diagnostic] = field(default_factory=list)
    #: the capability pass's gaps of every checked skill, computed once by the per-file
    #: checks (W0701) and read again for E0503 on the merged package
    gaps: SkillGaps = field(default_factory=dict, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        return not has_errors(self.diagnostics) and not self.refused


#: texts (as read) of every file read by :func:`build` in this process, so that
#: :func:`render_diagnostics` can show source lines without being handed them
_SOURCES: dict[str, str] = {}


def render(diags: Iterable[Diagnostic], sources: dict[str, str] | None = None, fmt: str = "human") -> str:
    """Render diagnostics: ``human`` (rustc style), ``short`` (file:line:col) or ``json``."""
    ds = list(diags)
    fmt = getattr(fmt, "value", fmt)
    if fmt == "short":
        return render_short(ds)
    if fmt == "json":
        files = {d.span.file for d in ds if d.span is not None}
        given = sources if sources is not None else {f: t for f, t in _SOURCES.items() if f in files}
        return render_json_report(ds, given)
    merged = dict(_SOURCES)
    merged.update(sources or {})
    return render_human(ds, merged)


def render_diagnostics(diags: Iterable[Diagnostic], fmt: str = "human", sources: dict[str, str] | None = None) -> str:
    """Same as :func:`render` with the format first (``human``/``short``/``json``);
    source lines come from the files read by the last builds in this process."""
    return render(diags, sources, fmt)


@lru_cache(maxsize=1)
def _skills_root() -> Path:
    # asked once per file shown (_display, _bundled): the bundled tree does not move
    return Path(str(resources.files("sgs.skills")))


def bundled_skills_dir() -> Path:
    """The bundled ``skills/`` directory (``sgs.skills``)."""
    return _skills_root()


#: a folder of ``skills/`` holding this file is not part of the bundled pool (its
#: packages are checked, not compiled or played: 风 until the runtime has its verbs)
NOT_IN_POOL = "NOT_IN_POOL"


def in_pool(path: Path) -> bool:
    """Whether a ``.sgs`` file found by walking a directory belongs to the pool
    (its folder has no ``NOT_IN_POOL`` marker)."""
    return not (path.parent / NOT_IN_POOL).is_file()


def bundled_skill_paths() -> list[Path]:
    """Every ``.sgs`` file of the bundled pool, sorted: the ``skills/`` tree without
    the folders marked ``NOT_IN_POOL`` (``skills/wind/``: see README)."""
    return sorted(p for p in _skills_root().rglob("*.sgs") if in_pool(p))


def _expand(paths: Iterable[PathLike] | None, pool: bool = False) -> list[Path]:
    """The ``.sgs`` files of files/directories; ``pool``: a directory walk skips the
    folders marked ``NOT_IN_POOL`` (compiling and playing; checking takes them all)."""
    if paths is None:
        return bundled_skill_paths()
    out: list[Path] = []
    for p in paths:
        path = Path(p)
        if path.is_dir():
            # a folder named explicitly is taken even if it is marked NOT_IN_POOL
            out.extend(sorted(f for f in path.rglob("*.sgs") if not pool or f.parent == path or in_pool(f)))
        else:
            out.append(path)
    return out


def _display(path: Path) -> str:
    try:
        resolved = path.resolve()
    except OSError:
        return str(path)
    root = _skills_root().resolve()
    if resolved.is_relative_to(root):
        return "skills/" + resolved.relative_to(root).as_posix()
    cwd = Path.cwd().resolve()
    if resolved.is_relative_to(cwd):
        return resolved.relative_to(cwd).as_posix()
    return resolved.as_posix()


def _front(paths: Iterable[PathLike] | None, result: BuildResult) -> None:
    """Read, parse, lower and check every file into ``result``."""
    from .inputs import InputError, read_text

    for path in _expand(paths):
        shown = _display(path)
        try:
            text = read_text(path)  # bounded while reading; devices, FIFOs, folders refused
        except InputError as err:
            result.diagnostics.append(Diagnostic("E0001", Severity.ERROR, f"无法读取“{shown}”：{err.message}"))
            continue
        except UnicodeDecodeError as err:  # said in Chinese, with the place (or UTF-16), not the codec's English
            from .scenario_format import not_utf8_message

            result.diagnostics.append(
                Diagnostic("E0001", Severity.ERROR, f"无法读取“{shown}”：{not_utf8_message(bytes(err.object), err)}"))
            continue
        _front_text(shown, text, result)


def _front_text(shown: str, text: str, result: BuildResult) -> None:
    """Parse, lower and check one source text (shown as ``shown``) into ``result``."""
    from .parse import parse_text

    parsed = parse_text(text, shown)
    result.sources[shown] = parsed.text
    result.originals[shown] = text
    _SOURCES[shown] = text
    if parsed.edits:
        result.edits[shown] = parsed.edits
    result.diagnostics.extend(parsed.diagnostics)
    if parsed.tree is None:
        return
    from .check import check_package  # here: a text refused by the parser needs neither
    from .lower import lower_package

    pkg, diags = lower_package(parsed.tree, shown, parsed.text)
    result.diagnostics.extend(diags)
    if pkg is None:
        return
    from .names import check_names, normalise_names

    # look-alike names (E0114, W0115): read in NFKC form, so an imitation collides
    result.diagnostics.extend(check_names(pkg))
    pkg = normalise_names(pkg)
    result.diagnostics.extend(check_package(pkg, result.gaps))
    result.packages.append(pkg)


def _merge(packages: Sequence[ir.Package]) -> list[tuple[ir.Package, list[str]]]:
    """Group packages by name (several files may declare the same 扩展包)."""
    from dataclasses import replace

    groups: dict[str, list[ir.Package]] = {}
    for p in packages:
        groups.setdefault(p.name, []).append(p)
    out: list[tuple[ir.Package, list[str]]] = []
    for name in groups:
        parts = groups[name]
        files = [p.file for p in parts]
        merged = replace(
            parts[0],
            generals=tuple(g for p in parts for g in p.generals),
            cards=tuple(c for p in parts for c in p.cards),
        )
        out.append((merged, files))
    return out


def _bundled(files: Sequence[str]) -> bool:
    """Whether every file (display names) of a package comes from the bundled tree."""
    root = _skills_root()
    return all(f.startswith("skills/") and (root / f[len("skills/"):]).is_file() for f in files)


def _duplicates_across(merged: Sequence[tuple[ir.Package, list[str]]]) -> list[Diagnostic]:
    """A general or an equipment card defined by two packages loaded together: an
    error (E0201) between two packages of the designer's, a note (I0203) where the
    designer's package overrides a bundled one (it wins, see :func:`_back`).  Within
    one package, duplicates are :func:`.check.check_unique`'s."""
    out: list[Diagnostic] = []
    for kind, defs in (
        ("武将", [(g.name, g.span, pkg, files) for pkg, files in merged for g in pkg.generals]),
        ("装备", [(w.name, w.span, pkg, files) for pkg, files in merged for c in pkg.cards if c.kind == "装备" for w in c.names]),
        ("锦囊", [(w.name, w.span, pkg, files) for pkg, files in merged for c in pkg.cards if c.kind == "锦囊" for w in c.names]),
    ):
        by_name: dict[str, list[tuple[Span, ir.Package, list[str]]]] = {}
        for name, span, pkg, files in defs:
            by_name.setdefault(name, []).append((span, pkg, files))
        for name, places in by_name.items():
            if len({pkg.name for _, pkg, _ in places}) < 2:
                continue
            mine = [pl for pl in places if not _bundled(pl[2])]
            theirs = [pl for pl in places if _bundled(pl[2])]
            first_span, first_pkg, _ = mine[0] if mine else places[0]
            clashes = [pl for pl in mine if pl[1].name != first_pkg.name]
            for span, pkg, _ in clashes:
                out.append(
                    Diagnostic(
                        "E0201", Severity.ERROR,
                        f"{kind}“{name}”在扩展包“{first_pkg.name}”与“{pkg.name}”中都有定义", span,
                        notes=(f"另见 {first_span.file}:{first_span.line}:{first_span.col}",),
                        help="改名，或只载入其中一个扩展包",
                    )
                )
            if not clashes and mine and theirs:
                out.append(_override(kind, name, first_span, theirs[0][1].name, theirs[0][0]))
    return out


def _override(kind: str, name: str, span: Span, bundled_pkg: str, bundled_span: Span) -> Diagnostic:
    return Diagnostic(
        "I0203", Severity.NOTE,
        f"{kind}“{name}”替换了内置扩展包“{bundled_pkg}”中的定义", span,
        notes=(f"内置定义在 {bundled_span.file}:{bundled_span.line}:{bundled_span.col}",),
        help="同时载入时以你的为准；不想替换就改名（sgs check --strict-overrides 把它当作错误，供 CI 使用）",
    )


@lru_cache(maxsize=1)
def bundled_packages() -> tuple[ir.Package, ...]:
    """The bundled pool's packages (``bundled_skill_paths()``), parsed and lowered once
    per process; files named by their display names (``skills/…``).  Kept between
    runs in the cache folder (verified, :func:`.cache.load_pickled`), keyed by the
    compiler and the files' bytes: every ``sgs check`` of a designer's file needs
    them, and reading them was a tenth of a second of each."""
    from .cache import load_pickled

    files = bundled_skill_paths()
    try:
        return load_pickled("bundled-ir", _files_key(files), lambda: _read_bundled(files))
    except OSError:  # no cache folder at all
        return _read_bundled(files)


def _read_bundled(files: Sequence[Path]) -> tuple[ir.Package, ...]:
    from .graph.load import load_text
    from .inputs import InputError, read_text

    out = []
    for f in files:
        try:
            pkg, _ = load_text(read_text(f), _display(f))
        except (InputError, UnicodeDecodeError):
            continue
        if pkg is not None:
            out.append(pkg)
    return tuple(out)


def bundled_overrides(packages: Iterable[ir.Package], strict: bool = False) -> list[Diagnostic]:
    """For ``sgs check`` of a designer's files: every general or equipment card of
    ``packages`` (those not from the bundled tree) named like a bundled one — an I0203
    note with both places, or with ``strict`` an E0221 error (for designers' CI)."""
    packages = [pkg for pkg in packages if not _bundled([pkg.file])]
    if not packages:
        return []  # nothing of the designer's was read: the bundled pool need not be parsed
    theirs: dict[tuple[str, str], tuple[str, Span]] = {}
    for pkg in bundled_packages():
        for g in pkg.generals:
            theirs.setdefault(("武将", g.name), (pkg.name, g.span))
        for c in pkg.cards:
            for w in c.names:
                theirs.setdefault((c.kind, w.name), (pkg.name, w.span))
    out: list[Diagnostic] = []
    for pkg in packages:
        mine = [("武将", g.name, g.span) for g in pkg.generals]
        mine += [(c.kind, w.name, w.span) for c in pkg.cards for w in c.names]
        for kind, name, span in mine:
            found = theirs.get((kind, name))
            if found is not None:
                out.append(_override(kind, name, span, *found))
    return [strict_override(d) for d in out] if strict else out


def strict_override(d: Diagnostic) -> Diagnostic:
    """An I0203 as the E0221 error of ``--strict-overrides`` (other diagnostics as they are)."""
    from dataclasses import replace

    return replace(d, code="E0221", severity=Severity.ERROR) if d.code == "I0203" else d


def build(paths: Iterable[PathLike] | None = None, *, modules: bool = True) -> BuildResult:
    """Parse, check and generate code in memory (see the module docstring).
    ``modules=False``: plan the code (its diagnostics) but do not render the
    modules (``modules`` stays empty) — for callers that only check."""
    from .gcpause import gc_paused

    result = BuildResult()
    with gc_paused():  # a large build makes millions of objects and no cycles
        _front(paths, result)
        return _back(result, modules)


def build_texts(texts: Mapping[str, str]) -> BuildResult:
    """:func:`build` for in-memory sources: ``texts`` maps a shown file name to the
    text of a whole ``.sgs`` package."""
    result = BuildResult()
    for shown, text in texts.items():
        _front_text(shown, text, result)
    return _back(result)


def _back(result: BuildResult, modules: bool = True) -> BuildResult:
    merged = _merge(result.packages)
    result.diagnostics.extend(_duplicates_across(merged))
    if merged and not has_errors(result.diagnostics):
        # imported here: a build that read nothing (a refused input) needs no emitter
        from .check import capability_refusals, check_unique
        from .emit import plan_package, render_module

        seen_modules: dict[str, str] = {}
        # bundled packages first, so a designer's package loaded beside them overrides
        # their generals and card effects (load order = module order, later wins)
        for pkg, files in sorted(merged, key=lambda pf: not _bundled(pf[1])):
            if len(files) > 1:
                result.diagnostics.extend(d for d in check_unique(pkg) if d not in result.diagnostics)
            # the capability pass (check.runtime_gaps, W0701 in sgs check) refuses what the
            # back end cannot run yet: E0503 here, and the emitter never sees those skills
            refusals = capability_refusals(pkg, result.gaps)
            result.refused.extend(refusals.values())
            plan, diags = plan_package(pkg, result.sources, files, skip=frozenset(refusals))
            result.diagnostics.extend(diags)
            if plan is None or refusals:
                continue
            if pkg.pinyin in seen_modules:
                result.diagnostics.append(
                    Diagnostic(
                        "E0201", Severity.ERROR,
                        f"扩展包“{pkg.name}”与“{seen_modules[pkg.pinyin]}”的拼音相同", pkg.span,
                    )
                )
                continue
            seen_modules[pkg.pinyin] = pkg.name
            if modules:
                result.modules[pkg.pinyin] = render_module(plan)
    if result.edits:  # spans of repaired lines back into source columns
        from .parse import remap

        result.diagnostics = [
            remap(d, result.edits[d.span.file]) if d.span is not None and d.span.file in result.edits else d
            for d in result.diagnostics
        ]
    result.diagnostics.sort(key=lambda d: (d.severity is not Severity.ERROR, sort_key(d)))
    return result


def check_paths(paths: Iterable[PathLike] | None = None) -> list[Diagnostic]:
    """All diagnostics for the given files/directories (None = bundled skills).
    A skill the back end cannot run yet is reported once, by the checker (W0701);
    the emitter's refusal of it (E0503, what ``sgs compile`` reports) is left out."""
    return build(paths, modules=False).diagnostics


def compile_paths(paths: Iterable[PathLike] | None, out_dir: PathLike) -> list[Path]:
    """Write one module per package into ``out_dir``; returns the written paths.
    Directories are walked without their ``NOT_IN_POOL`` folders; a file named
    explicitly is always compiled (and refused with E0503 if it cannot run yet)."""
    result = build(_expand(paths, pool=True) if paths is not None else None)
    if not result.ok:
        raise CompileError(result.refused + result.diagnostics, result.sources)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name in sorted(result.modules):
        target = out / f"{name}.py"
        target.write_text(result.modules[name], encoding="utf-8")
        written.append(target)
    return written


def _compiler_fingerprint() -> str:
    """Hash of everything that affects the output: grammar, compiler, templates and
    the runtime modules whose names emitted code uses."""
    h = hashlib.sha256()
    # every file below the roots, subpackages included (ir/, lower/, graph/, templates/)
    for root in (resources.files("sgs.grammar"), resources.files("sgs.compiler")):
        base = Path(str(root))
        for entry in sorted(base.rglob("*")):
            if entry.suffix in (".py", ".lark", ".j2") and entry.is_file():
                h.update(entry.relative_to(base).as_posix().encode())
                h.update(entry.read_bytes())
    runtime = Path(str(resources.files("sgs.runtime")))
    names = ["api.py", "cards.py", "timing.py", "player.py", "skills.py"]
    names += sorted(f"actions/{f.name}" for f in (runtime / "actions").glob("*.py"))
    for name in names:
        f = runtime / name
        if f.is_file():
            h.update(f.read_bytes())
    return h.hexdigest()


def _import_source(source: bytes, path: Path, module_name: str) -> ModuleType:
    """Import a compiled module from its *verified* bytes (not by reading the file
    again, which could have changed since it was checked)."""
    if module_name in sys.modules:
        return sys.modules[module_name]
    module = ModuleType(module_name)
    module.__file__ = str(path)
    sys.modules[module_name] = module
    try:
        exec(compile(source, str(path), "exec"), module.__dict__)
    except BaseException:
        del sys.modules[module_name]
        raise
    return module


#: first line of a cache entry's MANIFEST; then one ``<sha256> <module>`` line per module
_MANIFEST_HEAD = "sgs-cache 1"


def _verified_entry(target: Path) -> list[tuple[str, bytes]] | None:
    """The modules (name, bytes) of the cache entry ``target`` if it is whole: a
    folder whose MANIFEST lists each module with the SHA-256 of its bytes, every one
    matching.  None when there is no entry; a damaged one (wrong type, unreadable or
    garbage MANIFEST, missing, truncated or edited module) is warned about once,
    removed and None returned — its modules are never executed."""
    from .cache import digest, remove_entry, warn_damaged

    if not os.path.lexists(target):
        return None
    why: str | None = None
    out: list[tuple[str, bytes]] = []
    if target.is_symlink() or not target.is_dir():
        why = "应为目录"
    else:
        try:
            lines = (target / "MANIFEST").read_bytes().decode("utf-8").split("\n")
        except (OSError, UnicodeDecodeError) as exc:
            lines, why = [], f"MANIFEST 无法读取：{type(exc).__name__}"
        if why is None and (not lines or lines[0] != _MANIFEST_HEAD):
            why = "MANIFEST 格式不对"
        for line in lines[1:] if why is None else ():
            if not line:
                continue
            sha, _, name = line.partition(" ")
            if not name.isidentifier():
                why = "MANIFEST 格式不对"
                break
            try:
                data = (target / f"{name}.py").read_bytes()
            except OSError:
                why = f"缺少模块 {name}.py"
                break
            if digest(data) != sha:
                why = f"模块 {name}.py 与记录的散列不符"
                break
            out.append((name, data))
    if why is None:
        return out
    warn_damaged(target, why)
    remove_entry(target)
    return None


def _write_entry(cache: Path, key: str, modules: Mapping[str, str]) -> list[tuple[str, bytes]]:
    """Write a cache entry: the modules and their MANIFEST (hashes) into a temp
    folder, renamed into place in one step (another process may win the race; then
    its entry is used if it verifies).  Returns the modules as written."""
    from .cache import digest

    written = [(name, modules[name].encode("utf-8")) for name in modules]
    tmp = cache / f"{key}.tmp{os.getpid()}"
    target = cache / key
    try:
        tmp.mkdir(parents=True, exist_ok=True)
        for name, data in written:
            (tmp / f"{name}.py").write_bytes(data)
        manifest = _MANIFEST_HEAD + "\n" + "".join(f"{digest(data)} {name}\n" for name, data in written)
        (tmp / "MANIFEST").write_text(manifest, encoding="utf-8")
        os.replace(tmp, target)
    except OSError:
        shutil.rmtree(tmp, ignore_errors=True)
        # an entry written meanwhile by another process, or a cache we cannot write:
        # the modules in memory are the same either way
    return written


@dataclass(frozen=True)
class Pool:
    """Both halves of a compiled skill set (:func:`load_pool`).

    ``generals`` — every package's ``GENERALS``, in package order.
    ``equipment`` — card name → the skill classes an equipped card of that name
    grants: the packages' ``EQUIPMENT`` (their ``装备`` card declarations) merged in
    package order, a later package's card winning; read-only.  A game without it has no
    equipment effects (the runtime writes none by hand).
    ``card_effects`` — card name → the class of its effect text: the packages'
    ``CARD_EFFECTS`` (their ``锦囊`` declarations), merged the same way; a game runs
    them by the card-use protocol over the hand-written effects
    (:func:`sgs.runtime.effects.card_effects`)."""

    generals: tuple[GeneralSpec, ...]
    equipment: Mapping[CardName, tuple[type[Skill], ...]]
    card_effects: Mapping[CardName, type[CardEffect]] = field(default_factory=lambda: MappingProxyType({}))


def load_pool(paths: Iterable[PathLike] | None = None, cache_dir: PathLike | None = None) -> Pool:
    """Compile (with a content-hash cache), import, and return the generals and the
    equipment effects of the given ``.sgs`` files / directories (None = the bundled
    ``skills/``).  Raises :class:`CompileError` when the set does not compile.
    Loading the same files again (in this process or from the cache) gives the same
    classes; loading registers nothing anywhere: pass ``.equipment`` to the games
    played with ``.generals``, and ``.card_effects``."""
    generals, equipment, effects = _load(paths, cache_dir)
    return Pool(generals, MappingProxyType(equipment), MappingProxyType(effects))


def load_generals(
    paths: Iterable[PathLike] | None = None, cache_dir: PathLike | None = None
) -> tuple[GeneralSpec, ...]:
    """Compile (with a content-hash cache), import, and return every GENERALS
    (:func:`load_pool` ``.generals``, for callers that need no equipment)."""
    return _load(paths, cache_dir)[0]


def load_equipment(
    paths: Iterable[PathLike] | None = None, cache_dir: PathLike | None = None
) -> dict[CardName, tuple[type[Skill], ...]]:
    """Compile and import like :func:`load_pool`; return a copy of its ``equipment``
    (card name → skill classes)."""
    return _load(paths, cache_dir)[1]


def _files_key(files: Iterable[Path]) -> str:
    """A cache key (20 hex digits) for what compiling ``files`` gives: the compiler's
    fingerprint, each file's display name and bytes (an unreadable file as such)."""
    from .inputs import InputError, read_bytes

    h = hashlib.sha256(_compiler_fingerprint().encode())
    for f in files:
        h.update(_display(f).encode() + b"\0")
        try:
            h.update(read_bytes(f))
        except InputError:
            h.update(b"<unreadable>")
    return h.hexdigest()[:20]


def _load(
    paths: Iterable[PathLike] | None, cache_dir: PathLike | None
) -> tuple[tuple[GeneralSpec, ...], dict[CardName, tuple[type[Skill], ...]], dict[CardName, type[CardEffect]]]:
    files = _expand(paths, pool=True)
    key = _files_key(files)  # an unreadable file keys as such; build() below reports it
    cache = Path(cache_dir) if cache_dir is not None else cache_root()
    target = cache / key
    verified = _verified_entry(target)
    if verified is None:
        result = build(files)
        if not result.ok:
            raise CompileError(result.refused + result.diagnostics, result.sources)
        verified = _write_entry(cache, key, result.modules)
    # modules come bundled-first (see _back): a later definition overrides an earlier one
    generals: dict[str, GeneralSpec] = {}
    equipment: dict[CardName, tuple[type[Skill], ...]] = {}
    effects: dict[CardName, type[CardEffect]] = {}
    for name, source in verified:
        module = _import_source(source, target / f"{name}.py", f"sgs_generated_{key}_{name}")
        for g in module.GENERALS:
            generals.pop(g.name, None)
            generals[g.name] = g
        equipment.update(getattr(module, "EQUIPMENT", {}))
        effects.update(getattr(module, "CARD_EFFECTS", {}))
    return tuple(generals.values()), equipment, effects
