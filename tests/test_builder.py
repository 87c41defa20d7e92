"""The Q/K/V builder's maths, checked against slow obvious loops and the seed's own sentence."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from attn_core import build_inputs, sinusoidal_positions
from attn_core.builder import (
    ACTION,
    ANIMAL,
    FEATURES,
    PLACE,
    UNKNOWN,
    action_animal_lesson,
    action_animal_pair,
    build,
    interpretable_start,
    lexicon_feature,
    random_start,
    repeated_tokens,
    rank_in_row,
    repeat_notes,
    rows_identical,
    trace_cell,
)
from attn_ui.cells import MAX_ABS
from attn_ui.format import num
from tests.reference import naive_attention, naive_matmul

SENTENCE = ("the", "cat", "sat", "on", "the", "mat")
LABELS = ["the·0", "cat", "sat", "on", "the·4", "mat"]


def naive_attention_from_x(X, W_Q, W_K, W_V):
    """Every number written out with loops: Q, K, V, the weights and the output."""
    Q, K, V = (naive_matmul(X, W) for W in (W_Q, W_K, W_V))
    weights, output = naive_attention(Q.tolist(), K.tolist(), V.tolist())
    return Q, K, V, weights, output


def random_case(seed, n=5, d=4, scale=1.0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((n, d)) * scale, *(rng.standard_normal((3, d, d)) * scale))


# ---- the interpretable starting point ----------------------------------------------------------

def test_lexicon_knows_the_seed_sentence_and_labels_the_rest_as_unknown():
    assert [FEATURES[lexicon_feature(t)] for t in SENTENCE] == \
        ["function", "animal", "action", "function", "function", "place"]
    assert lexicon_feature("Cat") == ANIMAL  # case folded, like the embedding
    assert lexicon_feature("zyzzyva") == UNKNOWN
    start = interpretable_start(("zyzzyva", "!"), positional=False)
    assert np.array_equal(start.X[:, UNKNOWN], [3.0, 3.0]) and start.X[:, :UNKNOWN].sum() == 0


@pytest.mark.parametrize("positional", [True, False])
def test_interpretable_start_makes_sat_attend_to_cat(positional):
    start = interpretable_start(SENTENCE, positional=positional)
    assert start.X.shape == (6, len(FEATURES)) and start.W_Q.shape == (len(FEATURES), len(FEATURES))
    weights = build(start.X, start.W_Q, start.W_K, start.W_V).weights
    assert action_animal_pair(SENTENCE) == (2, 1)
    assert np.argmax(weights[2]) == 1  # sat -> cat
    assert weights[2, 1] > 0.8
    assert np.argmax(weights[1]) == 2  # and cat -> sat: an animal looks for its action


def test_positions_are_added_only_when_asked():
    on, off = interpretable_start(SENTENCE, True), interpretable_start(SENTENCE, False)
    assert np.allclose(on.X - off.X, sinusoidal_positions(6, len(FEATURES)))
    assert np.array_equal(off.X[0], off.X[4]) and not np.array_equal(on.X[0], on.X[4])


def test_random_start_keeps_the_seeded_matrices():
    inputs = build_inputs("the cat sat", seed=3, d_model=6)
    start = random_start(inputs.X, inputs.weights.W_Q, inputs.weights.W_K, inputs.weights.W_V)
    assert np.array_equal(start.W_Q, inputs.weights.W_Q) and start.dims == tuple(f"d{c}" for c in range(6))


# ---- build and trace against loops ------------------------------------------------------------

def test_build_matches_a_naive_loop():
    X, W_Q, W_K, W_V = random_case(1)
    res = build(X, W_Q, W_K, W_V)
    Q, K, V, weights, output = naive_attention_from_x(X.tolist(), W_Q.tolist(), W_K.tolist(), W_V.tolist())
    for got, want in ((res.Q, Q), (res.K, K), (res.V, V), (res.weights, weights), (res.output, output)):
        assert np.allclose(got, want)
    assert res.d_k == 4 and np.allclose(res.scaled, res.scores / 2)


def test_trace_of_the_seed_sentence_reads_sat_to_cat():
    start = interpretable_start(SENTENCE, positional=False)
    res = build(start.X, start.W_Q, start.W_K, start.W_V)
    t = trace_cell(res.Q, res.K, res.V, 2, 1)
    assert t.score == pytest.approx(9.0)  # wants animal 3 × has animal 3
    assert t.scaled == pytest.approx(9 / math.sqrt(5))
    assert t.exps[1] == pytest.approx(math.exp(9 / math.sqrt(5))) and t.shift == 0
    assert t.weight == pytest.approx(res.weights[2, 1])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(1, 7), d=st.integers(1, 6),
       scale=st.sampled_from([0.01, 1.0, 30.0, 1e3]), data=st.data())
def test_trace_equals_the_page_matrices_for_every_cell(seed, n, d, scale, data):
    X, W_Q, W_K, W_V = random_case(seed, n, d, scale)
    res = build(X, W_Q, W_K, W_V)
    i, j = data.draw(st.integers(0, n - 1)), data.draw(st.integers(0, n - 1))
    t = trace_cell(res.Q, res.K, res.V, i, j)
    # the row's largest exp lies in exp(±50), or is exactly 1 once the max is taken off
    assert math.exp(-50) <= t.exps.max() <= math.exp(50) and np.isfinite(t.exp_sum)
    assert t.weight == pytest.approx(res.weights[i, j], abs=1e-12)
    assert t.score == pytest.approx(res.scores[i, j], rel=1e-9, abs=1e-9 * scale**4)
    assert np.allclose(t.products.sum(), t.score)
    assert np.allclose(t.shares.sum(axis=0), res.output[i], atol=1e-9 * max(1.0, np.abs(res.V).max()))
    assert np.allclose(res.weights.sum(axis=1), 1.0)


def test_trace_rejects_a_cell_outside_the_matrix():
    X, W_Q, W_K, W_V = random_case(0, n=3)
    res = build(X, W_Q, W_K, W_V)
    with pytest.raises(ValueError, match="0 … 2"):
        trace_cell(res.Q, res.K, res.V, 3, 0)


# ---- very large and very negative numbers -----------------------------------------------------

def test_a_row_of_very_negative_scores_still_gives_weights():
    Q, K, V = np.array([[-1e4]]) * np.ones((2, 1)), np.array([[1e4], [0.9e4]]), np.eye(2)
    t = trace_cell(Q, K, V, 0, 0)  # scores −1e8 and −0.9e8: a raw exp() would give 0 / 0
    assert t.shift < 0 and t.weight == pytest.approx(0.0) and np.allclose(t.output, [0, 1])


def test_a_huge_but_allowed_edit_keeps_every_number_finite():
    X, W_Q, W_K, W_V = random_case(2, n=4, d=3)
    X[0, 0] = W_Q[0, 0] = W_K[0, 0] = MAX_ABS
    res = build(X, W_Q, W_K, W_V)
    assert all(np.all(np.isfinite(M)) for M in (res.scores, res.weights, res.output))
    t = trace_cell(res.Q, res.K, res.V, 0, 0)
    assert t.shift > 0 and np.isfinite(t.exp_sum) and t.weight == pytest.approx(res.weights[0, 0])


# ---- lessons read off the numbers -------------------------------------------------------------

def test_repeated_tokens_and_identical_rows():
    assert repeated_tokens(SENTENCE) == [[0, 4]]
    assert repeated_tokens(("The", "cat", "the")) == [[0, 2]]
    assert repeated_tokens(("a", "b")) == []
    M = np.array([[1, 2], [3, 4], [1, 2]])
    assert rows_identical([0, 2], M) and not rows_identical([0, 1], M)
    assert not rows_identical([0, 2], M, np.array([[1], [0], [2]]))


# ---- sentences read off the numbers ------------------------------------------------------------

def built(tokens, positional):
    start = interpretable_start(tokens, positional=positional)
    return start, build(start.X, start.W_Q, start.W_K, start.W_V)


@pytest.mark.parametrize("row, b, kind, top", [
    ([0.1, 0.7, 0.2], 1, "largest", (1,)),
    ([0.4, 0.4, 0.2], 1, "tied", (0, 1)),
    ([0.5, 0.3, 0.2], 1, "beaten", (0,)),
    ([1 / 3] * 3, 2, "even", (0, 1, 2)),
    ([1.0], 0, "largest", (0,)),  # one token: its own only key, not an "even" row of one
])
def test_rank_in_row_says_where_a_weight_stands(row, b, kind, top):
    rank = rank_in_row(row, b)
    assert (rank.kind, rank.top) == (kind, top)


def test_the_action_animal_lesson_states_what_the_numbers_show():
    start, res = built(SENTENCE, positional=False)
    lesson = action_animal_lesson(LABELS, 2, 1, res.Q, res.K, res.scores, res.weights, res.d_k, num)
    assert lesson.kind == "success" and lesson.text.startswith("**Why “sat” attends to “cat”.**")
    assert "q has 3.00 there" in lesson.text and "the largest in its row" in lesson.text
    assert f"a weight of {num(res.weights[2, 1], 3)}" in lesson.text
    W_Q = start.W_Q.copy()
    W_Q[ACTION, ANIMAL] = 0.0  # sat's query is all zeros now: an even row
    res = build(start.X, W_Q, start.W_K, start.W_V)
    lesson = action_animal_lesson(LABELS, 2, 1, res.Q, res.K, res.scores, res.weights, res.d_k, num)
    assert lesson.kind == "info" and "the row is even" in lesson.text
    W_Q[ACTION, PLACE] = 2.0  # sat now wants a place: mat wins
    res = build(start.X, W_Q, start.W_K, start.W_V)
    lesson = action_animal_lesson(LABELS, 2, 1, res.Q, res.K, res.scores, res.weights, res.d_k, num)
    assert np.argmax(res.weights[2]) == 5 and "now goes to “mat”" in lesson.text


@pytest.mark.parametrize("tokens", [SENTENCE, ("The", "cat", "saw", "the", "cat", "."), ("a",) * 32, ("cat",)])
@pytest.mark.parametrize("positional", [True, False])
def test_repeat_notes_say_identical_exactly_when_the_rows_are(tokens, positional):
    start, res = built(tokens, positional)
    notes = repeat_notes(tokens, positional, start.X, res.Q, res.K, res.V, res.weights)
    groups = repeated_tokens(tokens)
    assert len(notes) == len(groups)
    for group, note in zip(groups, notes, strict=True):
        same = all(np.array_equal(M[group[0]], M[p]) for M in (start.X, res.Q, res.K, res.V, res.weights)
                   for p in group)
        assert ("**identical**" in note.text) == same == (note.kind == "warning")
        assert ("Positions are off" in note.text or "positions are off" in note.text) == (not positional)
        assert f"positions {', '.join(map(str, group[:-1]))} and {group[-1]}" in note.text
