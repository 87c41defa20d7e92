"""The Masks and heads page's sentences: each one's claim checked against the numbers it was built from."""

import numpy as np
import pytest

import attn_core
from attn_core import masks_text as say
from attn_core.masks import build_mask
from attn_ui import format as fmt

SENTENCE = "the cat sat on the mat"


def mha(mask, heads=2, d_model=8, text=SENTENCE):
    inputs = attn_core.build_inputs(text, 0, d_model)
    w = inputs.weights
    return inputs.labels, attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, heads, w.W_O, mask)


def test_nothing_can_attend_only_when_every_pair_is_blocked():
    assert say.nothing_can_attend("custom", np.eye(3, dtype=bool)) is None
    error = say.nothing_can_attend("custom", np.zeros((3, 3), dtype=bool))
    assert "blocks every pair" in error and "Allow every pair" in error


def test_refit_notice_says_new_pairs_are_allowed_only_when_the_grid_grew():
    assert "new pairs are allowed" in say.refit_notice(2, 6)
    assert "new pairs" not in say.refit_notice(6, 2) and "was 6 × 6" in say.refit_notice(6, 2)


def test_weights_caption_says_exactly_zero_and_the_gap_from_the_numbers():
    mask = build_mask("causal", 6)
    _, res = mha(mask)
    text = say.weights_caption(mask, res.weights, 0, fmt)
    assert "0.000 (exactly 0)" in text and "sums to 1 (largest gap below 10⁻⁹)" in text
    blocked = np.zeros((6, 6), dtype=bool)
    _, res = mha(blocked)
    assert "sums to 1" not in say.weights_caption(blocked, res.weights, 0, fmt)


def test_blocked_rows_info_names_the_rows_and_their_zero_sums():
    mask = build_mask("causal", 6)
    labels, res = mha(mask)
    assert say.blocked_rows_info(labels, mask, res.weights, res.output, fmt) is None
    mask[1] = False
    labels, res = mha(mask)
    text = say.blocked_rows_info(labels, mask, res.weights, res.output, fmt)
    assert text.startswith("“cat” may attend to no key: its row") and "sum to 0, not 1" in text
    mask[3] = False
    labels, res = mha(mask)
    assert "“cat”, “on” may attend to no key: their row" in say.blocked_rows_info(labels, mask, res.weights,
                                                                                   res.output, fmt)


@pytest.mark.parametrize("heads", [1, 2, 8])
def test_where_query_looks_names_each_heads_largest_weight(heads):
    mask = build_mask("causal", 6)
    labels, res = mha(mask, heads=heads, d_model=16)
    text = say.where_query_looks(labels, 5, res.weights, fmt)
    for k in range(heads):
        j = int(np.argmax(res.weights[k, 5]))
        assert f"head {k + 1} → {labels[j]} ({fmt.num(res.weights[k, 5, j], 2)})" in text
    mask[5] = False
    labels, res = mha(mask, heads=heads, d_model=16)
    text = say.where_query_looks(labels, 5, res.weights, fmt)
    assert text == "“mat” may see no key, so every head gives it zero weights."


def test_average_caption_says_the_average_is_the_head_only_for_one_head():
    assert "the average is that head" in say.average_caption(1)
    assert "the average is that head" not in say.average_caption(2)
    assert say.average_title(1).startswith("average over the 1 head,")
