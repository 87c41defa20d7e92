"""The Q/K/V builder's starting point (pages/QKV_builder.py): which start the learner chose and how its axes are
named. Here and not in the page, whose script Streamlit runs afresh on every rerun: a dataclass made there was made
again each time (its methods compiled from source), 2-4 % of the builder's server time under a class (issue 38)."""

from __future__ import annotations

from dataclasses import dataclass

from attn_core.builder import Start
from attn_lessons.format import md_text

SHARES_MOST = 1024  # the trace's table of every key's share is left out past this many entries


@dataclass(frozen=True)
class Setup:
    """The starting point the learner chose, and how its axes are named."""

    start: str  # "random" or "interpretable"
    pe: bool  # positions added to X
    base: Start  # X and the W's before any edit
    tokens: tuple[str, ...]
    labels: list[str]
    what_x: str  # "embedding" or "named": X's caption is builder-what-x-…
    key: str  # names this starting point (sentence, mode, positions; seed and d_model when random)

    @property
    def n(self) -> int:
        return len(self.tokens)

    @property
    def d_model(self) -> int:
        return self.base.X.shape[1]

    @property
    def said(self) -> list[str]:
        """The labels as they read inside markdown: a token such as *, _ or $ stays literal."""
        return [md_text(t) for t in self.labels]

    @property
    def wide(self) -> bool:
        return self.d_model > 8  # wide matrices get the full width, so every printed value stays readable

    @property
    def decimals(self) -> int:
        """The signed tables' decimals: 2, or 1 past d_model 32, so that the largest inputs stay a light page."""
        return 2 if self.d_model <= 32 else 1

    @property
    def trace_decimals(self) -> int:
        """The trace's tables: 3 decimals, 2 once its vectors are longer than 8 (a share is a weight times a value,
        often below 0.1)."""
        return 3 if self.d_model <= 8 else 2

    @property
    def every_share(self) -> bool:
        """Whether the trace shows the table of every key's share: up to 1,024 of them (32 tokens at d_model 32),
        so that the largest inputs stay under 400 kB."""
        return self.n * self.d_model <= SHARES_MOST
