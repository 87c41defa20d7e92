"""The Q/K/V builder's maths, checked against slow obvious loops and the seed's own sentence."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.hyp import examples

from attn_core import build_inputs, sinusoidal_positions
from attn_core.builder import (
    ACTION,
    ANIMAL,
    FEATURES,
    NEARLY_EVEN,
    POSITION_DIMS,
    QUERY_RULES,
    RULED,
    TIE,
    UNKNOWN,
    action_animal_pair,
    build,
    checkpoint_query,
    default_pair,
    edited_cells,
    edits_digest,
    interpretable_start,
    lexicon_feature,
    no_rule_tokens,
    output_shares,
    printed_top,
    random_start,
    rank_in_row,
    repeated_tokens,
    repeated_words,
    row_spread,
    rows_identical,
    runner_up,
    sum_gap,
    trace_cell,
    unanswered_rules,
    zero_rows,
)
from attn_ui.cells import MAX_ABS
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
    d = len(FEATURES) + (len(POSITION_DIMS) if positional else 0)  # positions get columns of their own
    assert start.X.shape == (6, d) and start.W_Q.shape == (d, d) and len(start.dims) == d
    weights = build(start.X, start.W_Q, start.W_K, start.W_V).weights
    assert action_animal_pair(SENTENCE) == (2, 1)
    assert np.argmax(weights[2]) == 1  # sat -> cat
    assert weights[2, 1] > 0.8
    assert np.argmax(weights[1]) == 2  # and cat -> sat: an animal looks for its action


def test_positions_are_added_only_when_asked():
    on, off = interpretable_start(SENTENCE, True), interpretable_start(SENTENCE, False)
    # the features are the same; the positions sit in columns of their own after them
    assert np.array_equal(on.X[:, :len(FEATURES)], off.X) and on.dims == FEATURES + POSITION_DIMS
    assert np.allclose(on.X[:, len(FEATURES):], sinusoidal_positions(6, len(POSITION_DIMS)))
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


@settings(max_examples=examples(60), deadline=None)
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
    assert repeated_words(("The", "cat", "the", "THE", "cat", "x")) == {"the": 3, "cat": 2}
    assert repeated_words(("a", "b")) == {}
    assert repeated_tokens(("The", "cat", "the")) == [[0, 2]]
    assert repeated_tokens(("a", "b")) == []
    M = np.array([[1, 2], [3, 4], [1, 2]])
    assert rows_identical([0, 2], M) and not rows_identical([0, 1], M)
    assert not rows_identical([0, 2], M, np.array([[1], [0], [2]]))

# ---- where a weight stands in its row ---------------------------------------------------------

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

# ---- the interpretable start with positions on, and the sentences about its rows --------------

def test_a_query_with_no_rule_gives_every_key_the_same_weight_with_positions_on():
    # with the sinusoid added onto the five features, "mat" got [0.08, 0.16, 0.05, 0.19, 0.15, 0.38]
    # and "park" put 0.66 on itself; in columns of their own, positions leave those queries at zero
    for tokens, idle in ((SENTENCE, [5]), (("bob", "ran", "to", "the", "park"), [0, 4])):
        start, res = built(tokens, positional=True)
        for i in idle:
            assert not res.Q[i].any() and np.ptp(res.weights[i]) <= TIE, (tokens[i], res.weights[i])
        assert no_rule_tokens(tokens) == idle


@pytest.mark.parametrize("row, kind", [([1.0], "alone"), ([0.25] * 4, "even"), ([0.2, 0.3, 0.25, 0.25], "nearly even"),
                                       ([0.15, 0.19, 0.16, 0.17, 0.17, 0.16], "nearly even"),
                                       ([0.12, 0.21, 0.2, 0.17, 0.15, 0.15], "uneven"),  # 0.09 apart: > 0.5/6
                                       ([0.08, 0.16, 0.05, 0.19, 0.15, 0.37], "uneven"),
                                       ([0.34, 0.66], "uneven")])
def test_row_spread_names_how_even_a_row_is(row, kind):
    s = row_spread(row)
    assert s.kind == kind and s.top == int(np.argmax(row)) and (s.lo, s.hi) == (min(row), max(row))
    if kind == "nearly even":
        assert 0 < s.hi - s.lo < NEARLY_EVEN / len(row)


# ---- where the trace starts, and the sum check -----------------------------------------------

@pytest.mark.parametrize("text, positional, want", [
    ("the cat sat on the mat", True, (2, 1)), ("the cat sat on the mat", False, (2, 1)),
    ("bob ran to the park", True, (2, 4)),  # no animal: the largest weight, "to" → "park"
    ("zyzzyva", True, (0, 0)), ("bob zyzzyva", False, (0, 0)),  # nothing to look for anywhere
])
def test_the_trace_starts_on_a_pair_with_something_to_see(text, positional, want):
    tokens = tuple(text.split())
    _, res = built(tokens, positional)
    i, j = default_pair(tokens, res.Q, res.K, res.weights, interpretable=True)
    assert (i, j) == want
    assert res.weights[i, j] == pytest.approx(res.weights.max()) or action_animal_pair(tokens) == (i, j)
    if res.scores.any():
        assert np.any(res.Q[i] * res.K[j]), "the products of the first trace are all zeros"


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(1, 8), d=st.integers(1, 6))
def test_in_the_random_start_the_trace_starts_on_the_largest_weight(seed, n, d):
    X, W_Q, W_K, W_V = random_case(seed, n, d)
    res = build(X, W_Q, W_K, W_V)
    i, j = default_pair(("cat",) * n, res.Q, res.K, res.weights, interpretable=False)
    assert res.weights[i, j] >= res.weights.max() - TIE


# ---- the keys on top of a row, and the runner-up --------------------------------------------------

def test_the_runner_up_has_the_largest_scaled_score_outside_the_top():
    assert runner_up([0.1, 3.4, 0.0], [1]) == 0
    assert runner_up([0.1, 3.4, 2.0, 2.0], [1]) == 2  # the first of a tie
    assert runner_up([1.0, 1.0], [0, 1]) is None  # an even row has no runner-up


# ---- a query that looks for nothing, a rule with no answer ----------------------------------------

def test_zero_rows_are_the_queries_of_zeros():
    Q = np.array([[0.0, 0.0], [0.0, 1e-300], [2.0, 0.0]])
    assert zero_rows(Q, [0, 1, 2]) == [0] and zero_rows(Q, [1, 2]) == []


@pytest.mark.parametrize("text, positional", [("the cat sat on the mat", True), ("bob ran to the park", False),
                                              ("ran ran cat", True), ("zyzzyva", True)])
def test_a_rule_is_unanswered_exactly_when_no_key_has_what_it_wants(text, positional):
    tokens = tuple(text.split())
    _, res = built(tokens, positional)
    wanted = dict.fromkeys(g for _, g in QUERY_RULES)
    found = dict(unanswered_rules(tokens, res.K))
    assert set(found) == {g for g in wanted if not res.K[:, g].any()}
    for g, askers in found.items():
        assert askers == [i for i, t in enumerate(tokens) if (lexicon_feature(t), g) in QUERY_RULES]
    if text == "bob ran to the park":  # no animal: "ran" looks for one in vain
        assert found == {ANIMAL: [1]}


# ---- the sum check --------------------------------------------------------------------------------

def test_the_sum_gap_says_equal_only_when_it_is():
    assert sum_gap([1.0, 2.0], [1.0, 2.0]).kind == "exact" and sum_gap([1.0, 2.0], [1.0, 2.0]).largest == 0
    assert sum_gap([1.0, 2.0 + 4e-16], [1.0, 2.0]).kind == "rounding"
    assert sum_gap([1e12 + 1e-4, 0.0], [1e12, 0.0]).kind == "rounding"  # rounding at 10¹²: still equal
    differs = sum_gap([1.5, 2.0], [1.0, 2.0])
    assert differs.kind == "differs" and differs.largest == 0.5


# ---- predict, then see: the query asked, and the keys on top ---------------------------------------------

def test_the_seed_sentence_asks_about_its_action():
    assert checkpoint_query(SENTENCE) == 2  # "sat", the lesson's action
    assert checkpoint_query(("bob", "park", "ran", "sat")) == 2  # the first action, wherever it stands
    assert checkpoint_query(("hello", "park", "to", "dog")) == 2  # no action: the first token with a rule ("to")
    assert checkpoint_query(("hello", "park", "big")) == 0  # no rule at all: the first token
    assert checkpoint_query(("cat",)) == 0


@settings(max_examples=examples(100), deadline=None)
@given(words=st.lists(st.sampled_from(["the", "cat", "sat", "on", "mat", "ran", "park", "hello", "Dog", "in"]),
                      min_size=1, max_size=12))
def test_the_query_asked_is_read_off_the_sentence_alone(words):
    q = checkpoint_query(words)
    kinds = [lexicon_feature(w) for w in words]
    assert 0 <= q < len(words)
    if ACTION in kinds:
        assert kinds[q] == ACTION and ACTION not in kinds[:q]
    elif any(k in RULED for k in kinds):
        assert kinds[q] in RULED and not any(k in RULED for k in kinds[:q])
    else:
        assert q == 0


def test_keys_whose_weights_print_the_same_are_all_on_top():
    """Issue 30 items 3-4: one tie rule, the one the learner reads. An even row: every key; a key tied with only one
    other: both, and no third."""
    for even in ([0.5, 0.5], [1 / 3] * 3, [0.2000, 0.2001, 0.2002, 0.1998, 0.1999]):  # the last prints 0.200 five times
        assert printed_top(even, 3) == tuple(range(len(even))), even
    assert printed_top([0.2000, 0.2001, 0.2002, 0.1998, 0.1999], 4) == (2,)  # 4 decimals tell them apart
    seed_row = [0.19945843, 0.1990267, 0.1559204, 0.14071792, 0.14688976, 0.15798679]  # Home, random, seed 0, "the·0"
    assert printed_top(seed_row, 3) == (0, 1) and printed_top(seed_row, 4) == (0,)  # 0.1995 against 0.1990
    assert printed_top([1.0], 3) == (0,)  # one key: alone on top


def test_printed_top_is_the_keys_that_print_as_the_largest():
    assert printed_top([0.05, 0.9, 0.05], 3) == (1,) and printed_top([0.4, 0.4, 0.2], 3) == (0, 1)
    assert printed_top([0.4006, 0.3994, 0.2], 3) == (0,) and printed_top([0.4006, 0.3994, 0.2], 2) == (0, 1)
    assert printed_top([0.4004, 0.3996, 0.2], 3) == (0, 1)  # 0.400 and 0.400
    assert printed_top([0.0625, 0.0624], 3) == (0, 1)  # round() rounds the float as print does: 0.062 both


@settings(max_examples=examples(200), deadline=None)
@given(row=st.lists(st.floats(-8, 8), min_size=1, max_size=20), decimals=st.integers(2, 4))
def test_printed_top_agrees_with_the_printed_weights(row, decimals):
    s = np.asarray(row)
    w = np.exp(s - s.max()) / np.exp(s - s.max()).sum()
    printed = [f"{x:.{decimals}f}" for x in w]  # what a verdict's num() prints
    best = max(printed, key=float)
    assert printed_top(w, decimals) == tuple(j for j, p in enumerate(printed) if p == best)


# ---- what the pages draw: row sums, one query's shares, the trace's rows, the learner's edits --------------

def test_row_sums_are_each_querys_weights_added_up():
    res = build(*random_case(3, n=4))
    sums = [[sum(res.weights[i, j] for j in range(4))] for i in range(4)]  # the slow way, one column
    assert res.row_sums.shape == (4, 1) and np.allclose(res.row_sums, sums) and np.allclose(res.row_sums, 1)


def test_output_shares_match_a_loop_and_add_up_to_the_output():
    res = build(*random_case(5, n=5, d=3))
    for i in range(5):
        parts = output_shares(res.weights[i], res.V)
        want = [[res.weights[i, j] * res.V[j, c] for c in range(3)] for j in range(5)]
        assert parts.shares.shape == (5, 3) and np.allclose(parts.shares, want)
        assert np.allclose(parts.lengths, [math.sqrt(sum(x * x for x in row)) for row in want])
        assert np.allclose(parts.shares.sum(axis=0), res.output[i])
    parts = output_shares([0.0, 1.0], [[3.0, 4.0], [0.0, -2.0]])  # known numbers: a zero weight, a 3-4-5 row
    assert parts.shares.tolist() == [[0.0, 0.0], [0.0, -2.0]] and parts.lengths.tolist() == [0.0, 2.0]


def test_the_traces_rows_are_q_k_and_their_product():
    res = build(*random_case(7, n=4, d=3))
    t = trace_cell(res.Q, res.K, res.V, 2, 1)
    assert np.array_equal(t.q, res.Q[2]) and np.array_equal(t.k, res.K[1])
    assert t.product_rows.shape == (3, 3)
    assert np.allclose(t.product_rows, [res.Q[2], res.K[1], [res.Q[2, c] * res.K[1, c] for c in range(3)]])


def test_edits_are_counted_cell_by_cell_and_digested_by_where_and_what():
    base = random_start(*random_case(2, n=3, d=2))
    X, W_Q, W_K, W_V = (M.copy() for M in (base.X, base.W_Q, base.W_K, base.W_V))
    untouched = edits_digest(base, X, W_Q, W_K, W_V)
    assert edited_cells(base, X, W_Q, W_K, W_V) == 0
    X[1, 0] += 1.0
    W_V[0, 1] = -7.0
    assert edited_cells(base, X, W_Q, W_K, W_V) == 2
    once = edits_digest(base, X, W_Q, W_K, W_V)
    assert once != untouched and once == edits_digest(base, X.copy(), W_Q, W_K, W_V.copy())  # same edits, same digest
    W_V[0, 1] = -8.0  # the same cell, another value
    assert edits_digest(base, X, W_Q, W_K, W_V) != once
    other = random_start(*random_case(9, n=3, d=2))  # no edit reads the same from any starting point
    assert edits_digest(other, other.X, other.W_Q, other.W_K, other.W_V) == untouched


# ------------------------------------------------------------------ the builder's own question: doubling W_Q
@pytest.mark.parametrize("seed", range(6))
def test_doubling_w_q_doubles_the_rows_scores_and_the_outcome_follows_the_two_rows(seed):
    from attn_core.builder import DOUBLED, doubled_query

    rng = np.random.default_rng(seed)
    n, d = 5, 4
    X, W_Q, W_K, W_V = (rng.standard_normal(s) for s in ((n, d), (d, d), (d, d), (d, d)))
    i = int(rng.integers(n))
    got = doubled_query(X, W_Q, W_K, W_V, i, 3)
    # the slow obvious way: scores of query i against every key, with W_Q and with 2 W_Q
    q, q2, K = X[i] @ W_Q, X[i] @ (2 * W_Q), X @ W_K
    s1 = np.array([q @ K[j] for j in range(n)]) / np.sqrt(d)
    s2 = np.array([q2 @ K[j] for j in range(n)]) / np.sqrt(d)
    w1, w2 = np.exp(s1 - s1.max()) / np.exp(s1 - s1.max()).sum(), np.exp(s2 - s2.max()) / np.exp(s2 - s2.max()).sum()
    assert np.allclose(got.scaled_after, 2 * got.scaled_before) and np.allclose(got.scaled_before, s1)
    assert np.allclose(got.weights_before, w1) and np.allclose(got.weights_after, w2)
    assert got.outcome in DOUBLED and got.top_before == printed_top(w1, 3) and got.top_after == printed_top(w2, 3)
    if got.top_before != got.top_after:
        assert got.outcome == "other"
    elif np.ptp(s1) > 0 and w1.max() < 0.9995:  # an uneven row, not yet one-hot as printed: doubling sharpens it
        assert got.outcome == "sharper" and w2.max() > w1.max()


def test_an_even_row_stays_the_same_when_w_q_doubles():
    from attn_core.builder import doubled_query

    X = np.ones((3, 2))  # three equal tokens: every score in a row is equal
    got = doubled_query(X, np.eye(2), np.eye(2), np.eye(2), 0, 3)
    assert got.outcome == "same" and np.allclose(got.weights_after, 1 / 3)
