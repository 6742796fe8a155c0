"""The fuzzers' budgets (tests/conftest.py): the default suite runs them under the
small, derandomized ``ci`` profile, so CI time is bounded; ``nightly`` tries far more
inputs with fresh randomness.  No fuzzer may set its own budget and escape both."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from hypothesis import settings

TESTS = Path(__file__).parents[1]


def _fuzzers() -> list[tuple[str, object]]:
    """Every hypothesis test under tests/ (module file, test), imported afresh."""
    out: list[tuple[str, object]] = []
    for path in sorted(TESTS.rglob("test_*.py")):
        if "@given" not in path.read_text(encoding="utf-8"):
            continue
        spec = importlib.util.spec_from_file_location(f"_fuzz_budget_{path.stem}", path)
        assert spec is not None and spec.loader is not None
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        out += [(path.name, fn) for name, fn in vars(mod).items() if name.startswith("test_") and hasattr(fn, "hypothesis")]
    return out


@pytest.mark.skipif(os.environ.get("SGS_FUZZ_PROFILE", "ci") != "ci", reason="another profile was chosen")
def test_the_default_profile_is_small_and_repeatable() -> None:
    ci = settings.get_profile("ci")
    assert settings.default.max_examples == ci.max_examples <= 200
    assert ci.derandomize and settings.default.derandomize


def test_the_nightly_profile_tries_far_more() -> None:
    ci, nightly = settings.get_profile("ci"), settings.get_profile("nightly")
    assert nightly.max_examples >= 100 * ci.max_examples and not nightly.derandomize


def test_every_fuzzer_runs_under_the_loaded_profile() -> None:
    found = _fuzzers()
    names = {f"{file}::{getattr(fn, '__name__', '?')}" for file, fn in found}
    # the known fuzzers are found (so this test cannot pass by finding nothing)
    assert {"test_untrusted.py::test_arbitrary_text_never_raises", "test_names.py::test_arbitrary_names_never_raise"} <= names
    for file, fn in found:
        used = getattr(fn, "_hypothesis_internal_use_settings")
        assert used.max_examples == settings.default.max_examples, (file, fn)
        assert used.derandomize == settings.default.derandomize, (file, fn)
