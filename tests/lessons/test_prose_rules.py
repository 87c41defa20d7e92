"""The never-true patterns of tests/prose.py catch what they name, and leave true sentences alone."""

from __future__ import annotations

import pytest

from tests.prose import never_true

FALSE = [
    "“hello” may see all 1 keys",
    "one query and 1 keys",
    "12 / 12 = 1 columns per head",
    "the final losses range from 2.01 to 2.01",
    "a slope of 0.197 instead of 0.197",
    "a gap of 5.2 × 10⁻³ instead of 5.2 × 10⁻³",
    "The two runs behave alike here, within 1.0× of each other",
    "the two differ by at most below 10⁻⁹",
    "every score in the row is the same the lowest float32",
    "The the weights sum to 1",
    "At d_k = 7 the histogram is not bell-shaped: a product of two normals piles up near 0",
]
TRUE = [
    "“hello” may see its 1 key",
    "1 is the largest weight, and 1 has no share left",
    "the 2 keys after it get exactly 0",
    "the final losses range from 2.01 to 2.05",
    "a slope of 0.197 instead of 0.0197",
    "a slope of 0.197 instead of 0.1970001",
    "within 1.5× of each other",
    "the two differ by less than 10⁻⁹",
    "weights = softmax(QKᵀ/√d_k)  (1 × 1)",
    "from 1 to 10, step 1",
    "d_k = 1 minus nothing",
    "right: head 1 weights (6 × 6)",
    "dividing by 1 fails it",
    "returns 2 × 2 instead of 2 × 1",
    "a range from 2 × 3 to 2 × 4",
    "its weights stay 0 instead of 0/0 = NaN",
    "Head 1 uses 2 columns",
    "At d_k = 1, q·k is a single product of two normals, so the histogram is not bell-shaped.",
]


@pytest.mark.parametrize("text", FALSE)
def test_each_false_pattern_is_caught(text):
    assert never_true(text), text


@pytest.mark.parametrize("text", TRUE)
def test_true_sentences_pass(text):
    assert never_true(text) == [], never_true(text)
