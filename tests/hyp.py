"""Hypothesis profiles: the full counts in CI, a tenth of them (at least 5) in the quick development loop.

`CI=true` (or `HYPOTHESIS_PROFILE=ci`) picks the full profile; anything else the quick one. Property tests ask
for their full count through `examples(n)`, so the one number a test states is the number CI runs.
"""

from __future__ import annotations

import os

from hypothesis import settings

PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") == "true" else "dev")

settings.register_profile("ci", deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)
settings.load_profile(PROFILE)


def examples(n: int) -> int:
    """`n` under the 'ci' profile, else max(5, n // 10)."""
    return n if PROFILE == "ci" else max(5, n // 10)
