"""attn_core.questions: the numbers behind the Check yourself questions, checked against loops written the slow
obvious way, hand counts and the seed's own numbers."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.hyp import examples

from attn_core import causal_mask, sample_qk_dots
from attn_core import questions as qs
from attn_core.tokens import is_han, tokenize

SEEDS = range(0, 25)


def test_the_repeat_is_identical_without_positions_and_not_with_them():
    plain, positional, size = qs.repeat_gaps("the cat sat on the mat".split(), 0, 4, 0, 8)  # the·0 and the·4
    assert plain < qs.CLOSE < positional and size > 0.1
    other = qs.repeat_gaps("the cat sat on the mat".split(), 1, 5, 0, 8)[0]  # cat and mat: different words
    assert other > qs.CLOSE


def test_one_hot_attention_copies_the_value_row():
    V = np.array([[1.0, 2], [3, 4], [5, 6]])
    res = qs.one_hot_attention(V, 1, 2, seed=0)  # query 1 reads key 2, counting from 0 as numpy does
    np.testing.assert_array_equal(res.weights[1], [0, 0, 1])
    np.testing.assert_allclose(res.output[1], V[2])
    np.testing.assert_allclose(qs.one_hot_attention(V, 0, 0, seed=0).output[0], V[0])


@pytest.mark.parametrize("i,j", [(3, 0), (0, 3), (-1, 0), (0, -1)])
def test_one_hot_attention_refuses_a_position_outside_v(i, j):
    with pytest.raises(ValueError, match="positions 0 … 2 of V's 3 rows"):
        qs.one_hot_attention(np.ones((3, 2)), i, j, seed=0)


def test_role_test_finds_that_q_and_k_decide_the_weights_and_v_is_copied():
    rng = np.random.default_rng(1)
    t = qs.role_test(*(rng.standard_normal((5, 4)) for _ in range(3)), seed=2)
    assert t.decide_weights == frozenset("QK") and t.copied == frozenset("V")
    assert t.weight_gaps["V"] == 0 and t.output_gaps["V"] > 0.01


def test_scale_facts_show_the_spread_growing_and_the_scaled_one_flat():
    f = qs.scale_facts(0)
    assert f["std_raw"][-1] == pytest.approx(16, rel=0.1) and all(0.9 < s < 1.1 for s in f["std_scaled"])
    assert f["top_raw"] > f["top_scaled"] and f["finite_raw"] and f["sum_gap_raw"] < 1e-12


@settings(max_examples=examples(100))
@given(st.integers(1, 32))
def test_steps_matrices_match_the_counts_by_hand(n):
    i, j = np.indices((n, n))
    att = qs.steps_matrix(qs.attention_reads(n))
    np.testing.assert_array_equal(att, np.where(i == j, 0, 1))
    rnn = qs.steps_matrix(qs.recurrent_reads(n))
    np.testing.assert_array_equal(rnn, np.where(j <= i, i - j, np.inf))
    causal = qs.steps_matrix(qs.attention_reads(n, causal_mask(n)))
    np.testing.assert_array_equal(causal, np.where(i == j, 0, np.where(j < i, 1, np.inf)))


def test_steps_follow_chains_through_a_sparse_pattern():
    reads = np.zeros((4, 4), dtype=bool)
    reads[1, 0] = reads[3, 1] = True  # 0 -> 1 -> 3; 2 reads nobody
    steps = qs.steps_matrix(reads)
    assert steps[3, 0] == 2 and steps[1, 0] == 1 and np.isinf(steps[2, 0]) and np.isinf(steps[0, 3])



def naive_steps(reads) -> np.ndarray:
    """Fewest steps from j to i by relaxing every path one edge at a time (Bellman-Ford, the slow obvious way)."""
    n = len(reads)
    steps = [[0.0 if i == j else math.inf for j in range(n)] for i in range(n)]
    for _ in range(n):
        for i in range(n):
            for m in range(n):
                if reads[i][m]:  # i reads m directly: whatever reached m reaches i one step later
                    for j in range(n):
                        steps[i][j] = min(steps[i][j], steps[m][j] + 1)
    return np.array(steps)


@settings(max_examples=examples(200))
@given(st.integers(1, 7).flatmap(lambda n: st.lists(st.lists(st.booleans(), min_size=n, max_size=n),
                                                    min_size=n, max_size=n)))
def test_steps_matrix_matches_a_naive_path_search(reads):
    np.testing.assert_array_equal(qs.steps_matrix(np.array(reads)), naive_steps(reads))


def test_role_test_on_one_token_finds_nothing_that_moves_the_weights():
    t = qs.role_test(np.ones((1, 2)), np.ones((1, 2)), np.ones((1, 2)), seed=0)
    assert t.decide_weights == frozenset()  # one key: its weight is 1 whatever Q and K are


def test_passage_words_are_consecutive_and_stay_inside_the_passage():
    assert qs.passage_words(4) == ["the", "quick", "brown", "fox"]
    assert qs.passage_words(3, 4) == ["jumps", "over", "the"]
    assert qs.passage_words(5, 10**6) == qs.PASSAGE[-5:]  # an offset past the end keeps all n words
    assert qs.passage_words(2, -3) == qs.PASSAGE[:2]
    for n in (0, len(qs.PASSAGE) + 1):
        with pytest.raises(ValueError, match=f"n={n} words"):
            qs.passage_words(n)


def test_question_rng_repeats_per_seed_and_differs_per_kind():
    def draw(kind, seed):
        return qs.question_rng(kind, seed).integers(0, 2**31, size=4).tolist()

    assert draw("steps", 3) == draw("steps", 3)
    assert draw("steps", 3) != draw("steps", 4) and draw("steps", 3) != draw("two_keys", 3)


@pytest.mark.parametrize("seed", SEEDS)
def test_repeated_word_sentence_repeats_its_word_at_the_first_two_copies(seed):
    words, a, b = qs.repeated_word_sentence(seed)  # positions from 0, as numpy and the labels the·0, the·4 count
    assert 0 <= a < b < len(words) and words[a] == words[b]
    assert words[a] not in words[:a] and words[a] not in words[a + 1:b]  # the first two copies
    if seed == 0:
        assert (words, a, b) == ("the cat sat on the mat".split(), 0, 4)


@pytest.mark.parametrize("seed", SEEDS)
def test_the_chinese_passage_gives_chinese_windows_one_han_character_a_token(seed):
    words, a, b = qs.repeated_word_sentence(seed, qs.PASSAGE_ZH, qs.REPEATED_ZH)
    assert 0 <= a < b < len(words) and words[a] == words[b] and words[a] not in words[a + 1:b]
    assert list(tokenize(" ".join(words)).tokens) == words and all(is_han(w) for w in words)
    if seed == 0:
        assert (words, a, b) == (list("小猫看着小狗"), 0, 4)
    # every window the questions ask of the English passage fits in the Chinese one, with as many tokens
    for n in (1, 10, len(qs.PASSAGE)):
        assert len(qs.passage_words(n, seed, qs.PASSAGE_ZH)) == n


def test_qkv_arrays_have_the_formulas_shapes_and_output():
    arrays = qs.qkv_arrays(7, 16, 4, 6, 0)
    shapes = {name: a.shape for name, a in arrays.items()}
    assert shapes == {"X": (7, 16), "W_Q": (16, 4), "W_K": (16, 4), "W_V": (16, 6), "Q": (7, 4), "K": (7, 4),
                      "V": (7, 6), "weights": (7, 7), "output": (7, 6)}
    np.testing.assert_allclose(arrays["Q"], arrays["X"] @ arrays["W_Q"])
    np.testing.assert_allclose(arrays["output"], arrays["weights"] @ arrays["V"])
    np.testing.assert_allclose(arrays["weights"].sum(axis=-1), 1)


@pytest.mark.parametrize("d_k", [1, 4, 64, 512])
def test_qk_variance_theory_is_d_k_and_matches_a_sample(d_k):
    assert qs.qk_variance_theory(d_k) == d_k
    assert qs.qk_variance_theory(d_k, var_q=2, var_k=3) == 6 * d_k
    assert sample_qk_dots(d_k, 20_000, 0).var() == pytest.approx(d_k, rel=0.05)


@pytest.mark.parametrize("d_k", [1, 4, 64, 512])
def test_the_curve_over_the_histogram_has_sd_root_d_k(d_k):
    assert qs.qk_sd_theory(d_k) == pytest.approx(math.sqrt(d_k), abs=1e-12)
    assert sample_qk_dots(d_k, 20_000, 0).std() == pytest.approx(qs.qk_sd_theory(d_k), rel=0.05)


def test_typical_two_keys_put_one_key_a_spread_above_the_other():
    dots = np.array([-2.0, 0.0, 2.0, 4.0])  # mean 1, deviations ±1, ±3: sd √5, written the slow way
    sd = math.sqrt(sum((x - 1.0) ** 2 for x in dots) / len(dots))
    two = qs.typical_two_keys(dots, 16)
    np.testing.assert_allclose(two.scores, [sd, 0.0])
    np.testing.assert_allclose(two.scaled, [sd / 4, 0.0])
    assert two.d_k == 16 and two.p_unscaled[0] > two.p_scaled[0] > 0.5  # dividing by √16 evens the two out


def test_cross_attention_projects_each_sentence_once_against_a_loop():
    rng = np.random.default_rng(3)
    X_q, X_kv = rng.standard_normal((3, 5)), rng.standard_normal((4, 5))
    W_Q, W_K, W_V = rng.standard_normal((3, 5, 2))
    res = qs.cross_attention(X_q, X_kv, W_Q, W_K, W_V)
    assert res.weights.shape == (3, 4) and res.output.shape == (3, 2)
    Q = [[sum(X_q[i, m] * W_Q[m, c] for m in range(5)) for c in range(2)] for i in range(3)]
    K = [[sum(X_kv[j, m] * W_K[m, c] for m in range(5)) for c in range(2)] for j in range(4)]
    V = [[sum(X_kv[j, m] * W_V[m, c] for m in range(5)) for c in range(2)] for j in range(4)]
    for i in range(3):
        s = [sum(Q[i][c] * K[j][c] for c in range(2)) / math.sqrt(2) for j in range(4)]
        e = [math.exp(x - max(s)) for x in s]
        w = [x / sum(e) for x in e]
        np.testing.assert_allclose(res.weights[i], w, atol=1e-12)
        np.testing.assert_allclose(res.output[i], [sum(w[j] * V[j][c] for j in range(4)) for c in range(2)],
                                   atol=1e-12)
    same = qs.cross_attention(X_q, X_q, W_Q, W_K, W_V)  # one sentence twice: self-attention, square weights
    assert same.weights.shape == (3, 3)
