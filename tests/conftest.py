"""Hypothesis profiles for the fuzzers (tests/diagnostics/test_untrusted.py,
tests/hostile/): ``ci``, the default, is small and derandomized, so the default
suite stays bounded and repeatable; ``nightly`` tries many more inputs with fresh
randomness each run.  Select with ``SGS_FUZZ_PROFILE=nightly`` (``SGS_FUZZ_EXAMPLES``
sets its inputs per property, default 20,000), e.g.::

    SGS_FUZZ_PROFILE=nightly pytest tests/diagnostics/test_untrusted.py tests/hostile \\
        -k never --hypothesis-show-statistics
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile(
    "nightly",
    max_examples=int(os.environ.get("SGS_FUZZ_EXAMPLES", "20000")),
    deadline=None,
    derandomize=False,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("SGS_FUZZ_PROFILE", "ci"))
