"""The Masks and heads page's words (attn_lessons.masks): each claim checked against the numbers it was built
from.

`test_every_sentence_holds_in_every_state` walks the page's controls: every mask kind (custom grids with
fully blocked rows, with every pair blocked and with every pair allowed), heads 1 … 16 with d_model up to 64,
and sentences of one, six and 32 tokens; for each state it builds every sentence and checks what it claims.
"""

import re

import numpy as np
import pytest

import attn_core
from attn_core.masks import (
    MAX_PAD,
    PAD_LABEL,
    build_mask,
    checkpoint_token,
    TIE,
    key_set_options,
    value_columns,
    visible_keys,
    with_padding,
)
from attn_lessons import masks as say
from attn_lessons.format import md_text, plural, readable
from tests.prose import never_true

SENTENCE = "the cat sat on the mat"
TEXTS = {1: "hello", 6: SENTENCE, 32: " ".join(f"w{i % 20}" for i in range(40))}  # 40 words, kept: 32
HEADS = [(2, 1), (8, 2), (16, 4), (64, 8), (64, 16), (64, 1), (2, 2), (12, 12)]  # (d_model, heads); d_k = 1 last
BAD_GRAMMAR = re.compile(r"(?<![\d.])1 (tokens|heads|pairs|keys|key columns|columns)\b|\ban [1-79]|\ba 8\b|…\.|; …|nan"
                         r"|\ball 1 ")


def state(kind: str, n: int, d_model: int, heads: int, variant: int = 0):
    """(labels, mask, res) for one state of the page; `variant` picks the pad count or the custom grid."""
    inputs = attn_core.build_inputs(TEXTS[n], 0, d_model)
    n_pad, custom = 0, None
    if kind == "padding":
        n_pad = [0, 1, MAX_PAD][variant]
        inputs = with_padding(inputs, n_pad)
    n_all = len(inputs.labels)
    if kind == "custom":
        rng = np.random.default_rng(variant)
        custom = [rng.random((n_all, n_all)) < 0.5, np.zeros((n_all, n_all), bool), np.ones((n_all, n_all), bool)
                  ][variant % 3]
        custom[0] = False  # a fully blocked row in every random grid
    mask = build_mask(kind, n_all, n_padded=n_pad, custom=custom)
    w = inputs.weights
    res = attn_core.multi_head_attention(inputs.X, w.W_Q, w.W_K, w.W_V, heads, w.W_O, mask)
    return inputs, n_pad, mask, res


STATES = [(kind, n, d_model, heads, variant)
          for kind, variants in (("none", [0]), ("causal", [0]), ("padding", [0, 1, 2]), ("custom", [0, 1, 2]))
          for variant in variants for n in TEXTS for d_model, heads in HEADS]


def check_grammar(*sentences):
    """No sentence breaks the page's grammar, nor a rule of tests/prose.py (what the prose walk checks)."""
    for text in sentences:
        if text is not None:
            assert not BAD_GRAMMAR.search(text), text
            assert not never_true(text), never_true(text)


def said_text(said):
    """The text of a Said, or None."""
    return None if said is None else said.text


def check_where_query_looks(labels, i, mask, weights):
    """where_query_looks' facts against the weights: the keys query i may see, each head's top key(s) (the keys
    sharing the row's largest weight, a tie listing several), and whether the heads agree."""
    heads = weights.shape[0]
    said = say.where_query_looks(labels, i, mask, weights)
    facts = said.facts
    allowed = np.flatnonzero(mask[i])
    assert facts["allowed"] == allowed.tolist()
    if not allowed.size:
        assert facts["weight"] == 0 and not weights[:, i].any() and facts["top"] is None
        return said.text
    if allowed.size == 1:
        assert facts["weight"] == 1 and facts["top"] is None
        np.testing.assert_allclose(weights[:, i, allowed[0]], 1.0)
        return said.text
    assert sorted(facts["top"]) == list(range(heads)), said  # every head, none left out for a "…"
    for k, keys in facts["top"].items():
        row = weights[k, i]
        assert keys and all(mask[i, j] for j in keys), said  # a head looks most at a key it may see
        # each named key has the row's largest weight (to within a tie) and every key with it is named
        assert list(keys) == np.flatnonzero(row >= row.max() - TIE).tolist(), said
        for j in keys:
            assert f"“{labels[j]}”" in said.text, said  # the text names the key it claims
    tops = {tuple(keys) for keys in facts["top"].values()}
    assert facts["agree"] == (None if heads == 1 else len(tops) == 1), said
    return said.text


def check_padding_caption(inputs, n: int, n_pad: int, mask) -> str:
    """The filler is appended, so a real word is never called padding; the caption's blocked columns are the
    mask's."""
    labels, n_all = inputs.labels, len(inputs.labels)
    said = say.padding_caption(n, n_pad)
    assert n_all == n + n_pad and list(labels[:n]) == list(attn_core.build_inputs(TEXTS[n], 0, 8).labels)
    blocked_keys = np.flatnonzero(~mask.any(axis=0))
    assert said.facts["blocked_key_columns"] == blocked_keys.tolist()
    assert (said.facts["n_real"], said.facts["n_pad"]) == (n, n_all - n)
    assert all(labels[j].startswith(PAD_LABEL) for j in blocked_keys)
    assert all(not lab.startswith(PAD_LABEL) for lab in labels[:n])
    return said.text


def check_pairs_and_scores(mask, res, heads: int, d_k: int) -> list:
    """Section 2's mask and masked-scores sentences, against the mask and the scaled scores."""
    error = say.nothing_can_attend(mask)
    assert (error is None) == bool(mask.any())
    if error:
        assert error.facts["blocked_pairs"] == int((~mask).sum()) == mask.size
        assert error.facts["largest_weight"] == np.abs(res.weights).max()
        assert error.facts["largest_output"] == np.abs(res.output).max() and not np.isnan(res.output).any()
    said = say.allowed_pairs(mask)
    assert said.facts == {"allowed": int(mask.sum()), "total": mask.shape[0] * mask.shape[1]}
    minus_inf = int(np.isneginf(res.scaled[0]).sum())
    assert all(int(np.isneginf(res.scaled[h]).sum()) == minus_inf for h in range(heads))
    assert say.scores_caption(mask).facts["minus_inf_scores"] == minus_inf
    nothing = say.all_scores_blocked(mask)
    assert (nothing is None) == np.isfinite(res.scaled).any()
    if nothing:
        assert nothing.facts["minus_inf_scores"] == minus_inf and nothing.facts["largest_weight"] == res.weights.max()
    return [said.text, say.scores_caption(mask).text, said_text(error), said_text(nothing),
            say.scores_title(0, heads, d_k)]


def check_weights_caption(mask, W, heads: int) -> str:
    """The weights caption: a blocked pair's largest weight, and which rows sum to 1 and which to 0."""
    said = say.weights_caption(mask, W)
    facts, n_all = said.facts, mask.shape[0]
    if mask.all():
        assert facts["largest_blocked"] is None
    else:
        assert facts["largest_blocked"] == W[:, ~mask].max()
    ones, zeros = facts["rows_sum_to_1"], facts["rows_sum_to_0"]
    assert sorted(ones + zeros) == list(range(n_all))
    sums = W.sum(axis=-1)  # (heads, n)
    np.testing.assert_allclose(sums[:, ones], 1.0, atol=1e-9)
    assert np.all(sums[:, zeros] == 0)
    if ones:
        assert facts["largest_gap"] == np.abs(sums[:, ones] - 1).max()
    assert zeros == [i for i in range(n_all) if not mask[i].any()]
    return said.text


def check_heads_and_blocked_rows(labels, kind: str, mask, res, heads: int, d_k: int) -> list:
    """The head outputs' columns of V, and what a query that may see no key gets."""
    W, sentences = res.weights, []
    for h in {0, heads - 1}:  # the head output is labelled with the columns of V that head really uses
        said = say.head_output_caption(h, heads, d_k)
        cols = said.facts["columns"]
        assert len(cols) == d_k and said.facts["v_columns"] == res.V.shape[-1]
        np.testing.assert_allclose(res.head_outputs[h], W[h] @ res.V[:, cols], atol=1e-12)
        sentences += [said.text, say.head_output_title(h, heads)]
    info = say.blocked_rows_info(labels, mask, W, res.output)
    blocked_rows = [i for i in range(mask.shape[0]) if not mask[i].any()]
    assert (info is None) == (not blocked_rows)
    if info:
        assert info.facts["rows"] == blocked_rows
        assert info.facts["row_sum"] == W[:, blocked_rows].sum(axis=-1).max() == 0
        assert info.facts["largest_output"] == np.abs(res.output[blocked_rows]).max() == 0
        fallback = say.uniform_fallback(len(labels))
        check_uniform_fallback(fallback, len(labels))
        sentences += [info.text, fallback.text]
    else:
        sentences.append(say.no_blocked_rows(kind))
    return sentences


def check_uniform_fallback(said, n: int):
    """What −10⁶ would have given a fully blocked row of n keys: softmax of n equal scores."""
    uniform = attn_core.softmax(np.full(n, -1e6))
    assert said.facts["keys"] == n
    np.testing.assert_allclose(uniform, said.facts["each"], rtol=1e-12)


def check_several_heads(labels, n: int, mask, res, d_model: int, heads: int) -> list:
    """Section 3: the split of d_model, every head's title, one query across the heads, the average."""
    n_all, W = len(labels), res.weights
    d_k = res.Q_heads.shape[-1]  # the width multi_head_attention gave each head
    intro, caption = say.several_heads_intro(d_model, heads), say.heads_caption(d_model, heads)
    assert intro.facts == caption.facts == {"heads": res.weights.shape[0], "d_k": d_k}
    sentences = [intro.text, caption.text, say.ribbon_caption(n_all, d_model, heads)]
    for k in {0, heads - 1}:
        sentences.append(say.head_weights_title(k, heads, d_k))
    sentences.append(say.grid_caption(range(min(heads, 8)), heads))
    for i in sorted({0, n - 1, n_all - 1}):
        sentences.append(check_where_query_looks(labels, i, mask, W))
        sentences.append(say.query_title(labels[i], heads, d_k))
    return [*sentences, say.average_title(heads), say.average_caption(heads)]


@pytest.mark.parametrize(("kind", "n", "d_model", "heads", "variant"), STATES)
def test_every_sentence_holds_in_every_state(kind, n, d_model, heads, variant):
    inputs, n_pad, mask, res = state(kind, n, d_model, heads, variant)
    labels, d_k = inputs.labels, d_model // heads
    sentences = [check_padding_caption(inputs, n, n_pad, mask)] if kind == "padding" else []
    sentences += check_pairs_and_scores(mask, res, heads, d_k)
    sentences.append(check_weights_caption(mask, res.weights, heads))
    sentences += check_heads_and_blocked_rows(labels, kind, mask, res, heads, d_k)
    check_grammar(*sentences, *check_several_heads(labels, n, mask, res, d_model, heads))


def test_the_grammar_check_can_fail():
    with pytest.raises(AssertionError):
        check_grammar("n = 1 tokens")
    with pytest.raises(AssertionError):
        check_grammar("heads 1 → “a”; …. ")
    with pytest.raises(AssertionError):
        check_grammar("so all 1 share the whole weight")
    check_grammar("n = 11 tokens, 21 heads")


def test_where_query_looks_lists_every_head_and_never_trails_off():
    """Item 18: 16 heads are all named (grouped by key), with no trailing '; ….'."""
    inputs, _, mask, res = state("causal", 32, 64, 16)
    text = check_where_query_looks(inputs.labels, 31, mask, res.weights)  # every one of the 16 heads has its keys
    assert "…" not in text


def test_where_query_looks_does_not_claim_different_keys_for_one_head_or_when_heads_agree():
    """Item 13: the 'different keys' sentence only when the heads' top keys really differ."""
    inputs, _, mask, res = state("none", 6, 8, 1)
    assert say.where_query_looks(inputs.labels, 5, mask, res.weights).facts["agree"] is None  # one head: no compare
    weights = np.zeros((3, 2, 2))
    weights[:, 1] = [0.3, 0.7]  # three heads, all looking most at key 1
    said = say.where_query_looks(["a", "b"], 1, np.ones((2, 2), bool), weights)
    assert said.facts["top"] == {0: (1,), 1: (1,), 2: (1,)} and said.facts["agree"] is True
    check_grammar(said.text)
    weights[1, 1] = [0.5, 0.5]  # head 2 ties
    said = say.where_query_looks(["a", "b"], 1, np.ones((2, 2), bool), weights)
    assert said.facts["top"] == {0: (1,), 1: (0, 1), 2: (1,)} and said.facts["agree"] is False
    assert check_where_query_looks(["a", "b"], 1, np.ones((2, 2), bool), weights) == said.text


@pytest.mark.parametrize(("n", "d_model", "heads", "split", "concat"),
                         [(6, 8, 2, "2 × 6 × 4", "6 × 8"), (10, 64, 8, "8 × 10 × 8", "10 × 64"),
                          (3, 12, 3, "3 × 3 × 4", "3 × 12")])
def test_shape_ribbon_has_the_live_numbers(n, d_model, heads, split, concat):
    ribbon = dict(say.shape_ribbon(n, d_model, heads))
    assert ribbon["X"] == f"{n} × {d_model}"
    assert ribbon["split into heads"] == split
    assert ribbon["per-head attention weights"] == f"{heads} × {n} × {n}"
    assert ribbon["concatenate"] == concat
    assert ribbon["output = concat·W_O"] == f"{n} × {d_model}"
    # and the shapes really are those of multi_head_attention
    X = np.ones((n, d_model))
    W = np.eye(d_model)
    res = attn_core.multi_head_attention(X, W, W, W, heads, W)
    assert " × ".join(map(str, res.Q_heads.shape)) == split
    assert " × ".join(map(str, res.concat.shape)) == concat


def test_shape_ribbon_refuses_a_non_divisor():
    with pytest.raises(ValueError, match="not divisible"):
        say.shape_ribbon(6, 8, 3)


def test_the_ribbon_wraps_only_at_its_arrows():
    text = say.ribbon_markdown(6, 8, 2)
    assert text.count("  →  ") == 6 and "split\u00a0into\u00a0heads:\u00a0**2\u00a0×\u00a06\u00a0×\u00a04**" in text
    assert "per\u2011head" in text and " " not in text.replace("  →  ", "")


def test_the_link_caption_and_the_code_intro_name_what_is_on_screen():
    assert say.grid_link_caption("10-01").endswith("one string of 0s and 1s per row: `10-01`.")
    assert "for the query “mat” shown above" in say.code_intro("mat", 0, 1)
    assert "for head 3 and the query “\\*” shown above" in say.code_intro("*", 2, 4)


@pytest.mark.parametrize(("n", "n_pad"), [(6, 2), (1, 1), (6, 0), (32, MAX_PAD)])
def test_padding_caption_counts_the_filler_not_the_words(n, n_pad):
    said = say.padding_caption(n, n_pad)
    mask = build_mask("padding", n + n_pad, n_padded=n_pad)
    assert said.facts == {"n_real": n, "n_pad": n_pad,
                          "blocked_key_columns": np.flatnonzero(~mask.any(axis=0)).tolist()}
    check_grammar(said.text)


def test_columns_text_names_a_heads_block_of_V():
    assert say.columns_text(value_columns(1, 4)) == "d4 … d7"
    assert say.columns_text(value_columns(3, 1)) == "d3" and say.columns_text(value_columns(1, 2)) == "d2 and d3"


@pytest.mark.parametrize(("m", "n"), [(2, 6), (6, 2), (2, 1), (3, 3)])
def test_refit_notice_says_new_pairs_are_allowed_only_when_the_grid_grew(m, n):
    grid = attn_core.masks.fit_mask(np.zeros((m, m), bool), n)  # every old pair blocked: what is left is new
    said = say.refit_notice(m, n)
    assert said.facts == {"was": m, "now": n, "new_pairs_allowed": bool(grid.any())}
    assert grid.shape == (n, n)
    check_grammar(said.text)


@pytest.mark.parametrize("n", [1, 2, 6, 32])
def test_uniform_fallback_for_one_key_says_all_of_its_weight(n):
    said = say.uniform_fallback(n)
    check_uniform_fallback(said, n)
    check_grammar(said.text)


# ---------------------------------------------------------------- predict, then see: which keys can token 3 see?


RULE_KEYS = {  # what each rule claims a query i of n tokens (n_real of them words) may see, written out again
    "itself": lambda i, n, n_real: [i],
    "upto": lambda i, n, n_real: list(range(i + 1)),
    "before": lambda i, n, n_real: list(range(i)),
    "after": lambda i, n, n_real: list(range(i, n)),
    "all": lambda i, n, n_real: list(range(n)),
    "real": lambda i, n, n_real: list(range(n_real)),
}


def check_see_why(labels, mask, i, n_real, W, guess=None):
    """see_why's facts against the mask's row i and the weights (heads, n, n): the keys it may see, the rule it
    names, the blocked keys and their largest weight, the whole weight on the allowed keys, and what a guess got
    wrong."""
    said = say.see_why(labels, mask, i, n_real, W, guess)
    facts, n = said.facts, mask.shape[0]
    truth = np.flatnonzero(mask[i]).tolist()
    blocked = np.flatnonzero(~mask[i]).tolist()
    assert facts["visible"] == truth and facts["blocked"] == blocked, said
    if facts["rule"] is not None:
        assert RULE_KEYS[facts["rule"]](i, n, n_real) == truth, said
    if blocked:
        assert facts["largest_blocked"] == W[:, i, blocked].max(), said
    else:
        assert facts["largest_blocked"] is None
    if facts["whole_weight"]:
        np.testing.assert_allclose(W[:, i, truth].sum(axis=-1), 1.0, atol=1e-9)
    else:  # said only when it does not hold
        assert not truth or np.abs(W[:, i, truth].sum(axis=-1) - 1).max() >= 1e-9, said
    if guess is None:
        assert facts["missing"] == facts["extra"] == []
    else:
        assert facts["missing"] == sorted(set(truth) - set(guess)) and facts["extra"] == sorted(set(guess) - set(truth))
    for j in facts["missing"] + facts["extra"]:
        assert f"“{labels[j]}”" in said.text or "” … “" in said.text, said  # named, one by one or as a run
    return said


@pytest.mark.parametrize(("kind", "n", "d_model", "heads", "variant"), STATES)
def test_the_prediction_and_its_answer_hold_in_every_state(kind, n, d_model, heads, variant):
    inputs, n_pad, mask, res = state(kind, n, d_model, heads, variant)
    labels, W = inputs.labels, res.weights
    i = checkpoint_token(n)
    assert i == min(2, n - 1) and i < n  # the third word, or the last word: never a ⟨pad⟩
    question = say.see_question(kind, labels, i, n_pad)
    assert f"“{labels[i]}”" in question
    truth = visible_keys(mask, i)
    assert truth == tuple(np.flatnonzero(mask[i]))
    options = key_set_options(mask, i, n)
    assert truth in options
    for guess in [None, *options]:
        said = check_see_why(labels, mask, i, n, W, guess)
        check_grammar(said.text, question, say.keys_text(labels, guess or ()))


def test_the_answer_to_the_issues_example_reads_from_the_mask():
    """The issue's example: under a causal mask, which keys can token 3 see? On the default sentence."""
    inputs, _, mask, res = state("causal", 6, 8, 2)
    labels = inputs.labels
    said = check_see_why(labels, mask, 2, 6, res.weights)
    assert said.facts["visible"] == [0, 1, 2] and said.facts["rule"] == "upto" and said.facts["blocked"] == [3, 4, 5]
    assert said.facts["largest_blocked"] == 0 and said.facts["whole_weight"]
    assert check_see_why(labels, mask, 2, 6, res.weights, guess=(0, 1)).facts["missing"] == [2]
    assert check_see_why(labels, mask, 2, 6, res.weights, guess=tuple(range(6))).facts["extra"] == [3, 4, 5]


def test_keys_text_names_a_long_run_by_its_ends():
    labels = [f"w{j}" for j in range(32)]
    assert say.keys_text(labels, range(32)) == "the 32 keys “w0” … “w31”"
    assert say.keys_text(labels, (0, 1)) == "“w0” and “w1”" and say.keys_text(labels, ()) == "no key at all"
    assert say.keys_text(labels, (0, 2, 4, 6, 8)) == "“w0”, “w2”, “w4”, “w6” and “w8”"


@pytest.mark.parametrize(("shown", "heads", "title"), [
    (range(1), 1, "The one head's weights"),
    (range(2), 2, "Both heads' weights, side by side"),
    (range(8), 8, "All 8 heads' weights, side by side"),
    (range(8, 16), 16, "Heads 9 … 16 of 16: their weights, side by side"),
])
def test_the_grid_title_names_the_heads_on_show(shown, heads, title):
    assert say.grid_title(shown, heads) == title


def test_the_step_title_and_the_average_switch_read_right_for_one_head_and_several():
    assert say.steps_title(0, 1) == "Step by step in the one head"
    assert say.steps_title(1, 4) == "Step by step in head 2 of 4"
    assert "never computes" in say.average_toggle(2) and "with one head, its own weights" in say.average_toggle(1)
    check_grammar(say.average_toggle(1), say.average_toggle(16))


def test_the_weights_panel_names_its_head_only_when_there_are_several():
    assert say.weights_title(0, 1) == "weights = softmax(masked scores)"
    assert say.weights_title(2, 4) == "head 3: weights = softmax(masked scores)"


# ---------------------------------------------------------------- issue 22: counts of one, and no rounded 0.000


@pytest.mark.parametrize(("d_model", "heads"), [(12, 12), (8, 2), (2, 2), (64, 16)])
def test_one_column_a_head_is_one_column(d_model, heads):
    """Issue 22, ?d_model=12&heads=12: "12 / 12 = 1 columns"; and "Head 1 uses", which reads as a count."""
    d_k = d_model // heads
    res = attn_core.multi_head_attention(np.ones((3, d_model)), *[np.eye(d_model)] * 3, heads, np.eye(d_model))
    assert say.heads_caption(d_model, heads).facts["d_k"] == res.Q_heads.shape[-1] == d_k
    assert say.several_heads_intro(d_model, heads).facts["d_k"] == d_k
    for h in {0, heads - 1}:
        said = say.head_output_caption(h, heads, d_k)
        assert said.facts["columns"] == list(range(h * d_k, (h + 1) * d_k)) and said.facts["v_columns"] == d_model
        np.testing.assert_allclose(res.head_outputs[h], res.weights[h] @ res.V[:, said.facts["columns"]])
        check_grammar(said.text)
    check_grammar(say.heads_caption(d_model, heads).text, say.several_heads_intro(d_model, heads).text)


def quotes(said, key: str) -> bool:
    """Whether a Said's text prints its fact `key` as format.readable does (3 significant digits), never as a rounded
    0.000 for a number that is not 0."""
    value = said.facts[key]
    return readable(value, 3) in said.text and (value == 0 or "0.000" not in said.text)


def test_a_tiny_weight_on_a_blocked_pair_is_not_printed_as_0_000():
    """A weight that is not exactly 0 reads in significant digits."""
    mask = np.array([[True, False], [True, True]])
    weights = np.array([[[1 - 2e-5, 2e-5], [0.5, 0.5]]])  # one head: a blocked pair that leaked 2 × 10⁻⁵
    caption = check_weights_caption(mask, weights, 1)
    assert say.weights_caption(mask, weights).facts["largest_blocked"] == 2e-5
    assert quotes(say.weights_caption(mask, weights), "largest_blocked"), caption
    said = check_see_why(["a", "b"], mask, 0, 2, weights)
    assert said.facts["largest_blocked"] == 2e-5 and quotes(said, "largest_blocked")
    weights[0, 0] = [1.0, 0.0]
    assert say.weights_caption(mask, weights).facts["largest_blocked"] == 0
    nothing = np.zeros((1, 2, 2))
    nothing[0, 0, 1] = 3e-7  # a row that may see no key, and still got a weight: said, not rounded away
    said = check_see_why(["a", "b"], np.array([[False, False], [True, True]]), 0, 2, nothing)
    assert said.facts["largest_blocked"] == 3e-7 and quotes(said, "largest_blocked")
    output = np.zeros((2, 4))
    output[0, 1] = -4e-6
    info = say.blocked_rows_info(["a", "b"], np.array([[False, False], [True, True]]), np.zeros((1, 2, 2)), output)
    assert info.facts["largest_output"] == 4e-6 and quotes(info, "largest_output")


# ---------------------------------------------------------------- issue 23: what waits, and the grid on a phone


@pytest.mark.parametrize(("heads", "said"), [
    (1, "The one head's weights appear here once you answer the question in section 2, which they would give away."),
    (2, "Both heads' weights appear here once you answer"),
    (16, "All 16 heads' weights appear here once you answer"),
])
def test_the_heads_wait_for_the_answer_and_say_why(heads, said):
    assert say.heads_wait(heads).startswith(said)
    assert not BAD_GRAMMAR.search(say.heads_wait(heads))


@pytest.mark.parametrize("n", [1, 2, 3, 8, 32])
def test_the_grid_says_it_scrolls_only_when_it_is_wider_than_a_phone(n):
    said = say.tick_caption(n)
    assert said.startswith("Tick a box to let that query (row) attend to that key (column); untick it to block")
    assert ("scrolls sideways inside its own box" in said) == (n > say.PHONE_GRID_KEYS)
    assert n <= say.PHONE_GRID_KEYS or said.endswith(f"swipe it to reach all {n} keys.")


def test_the_notebook_notes_count_the_head_from_1_and_quote_the_query():
    assert say.head_note(0) == "the head the page shows step by step (head 1)"
    assert say.head_note(3).endswith("(head 4)")
    assert say.query_note("cat") == "the query the page shows: 'cat'"
    assert set(say.MASK_LABELS) == set(attn_core.masks.MASK_KINDS)  # every kind on the radio has its label


# ------------------------------------------------------------------------------------------------------------------
# The rule a row is explained by is its mask's, not the first rule that happens to fit (issue 30, item 9)

def rule_said(mask, n_real, labels=("a", "b", "c", "d", "e")):
    """see_why's rule for the checkpoint token of a sentence of n_real words (then pads), uniform weights: a list of
    the one rule named, or [] for none, and the Said."""
    n = mask.shape[0]
    i = checkpoint_token(n_real)
    weights = attn_core.softmax(np.where(mask, 0.0, -np.inf))[None]  # (1, n, n), one head
    said = check_see_why(list(labels[:n_real]) + [PAD_LABEL] * (n - n_real), mask, i, n_real, weights)
    return [said.facts["rule"]] if said.facts["rule"] else [], said


@pytest.mark.parametrize("n_real,n_pad", [(3, 0), (2, 0), (1, 0), (3, 2), (2, 3)])
def test_a_row_is_explained_by_the_rule_of_its_mask(n_real, n_pad):
    """The checkpoint token is the last word of a short sentence, where the causal row, the row with no mask and the
    padding row hold the same keys: each is still read by its own mask's rule."""
    n = n_real + n_pad
    none, causal, padding = (build_mask(k, n, n_pad) for k in ("none", "causal", "padding"))
    if n_pad == 0:
        assert rule_said(none, n_real)[0] == ["all"], rule_said(none, n_real)[1]
        assert rule_said(padding, n_real)[0] == ["all"]  # no pad: the padding mask is no mask at all
    else:
        assert rule_said(padding, n_real)[0] == ["real"], rule_said(padding, n_real)[1]
    if n_real > 1 or n_pad:
        assert rule_said(causal, n_real)[0] == ["upto"], rule_said(causal, n_real)[1]


def test_a_custom_grid_is_read_from_its_row():
    """A grid of the learner's own: a row of every key reads as every key, a causal row as causal, another as keys."""
    grid = np.array([[1, 0, 0], [1, 1, 0], [1, 1, 1]], dtype=bool)
    grid[0, 2] = True  # no longer the causal mask: a custom grid
    assert attn_core.masks.mask_kind(grid, 3) == "custom"
    assert rule_said(grid, 3)[0] == ["all"]  # row 2 holds every key
    bigger = build_mask("causal", 5).copy()
    bigger[0, 4] = True
    assert attn_core.masks.mask_kind(bigger, 5) == "custom" and rule_said(bigger, 5)[0] == ["upto"]
    odd = bigger.copy()
    odd[2] = [True, False, True, False, False]
    assert rule_said(odd, 5)[0] == []  # no usual rule gives these keys: none is named


def test_mask_kind_reads_the_grid():
    assert [attn_core.masks.mask_kind(build_mask(k, 5, 2), 3) for k in ("none", "causal", "padding")] == [
        "none", "causal", "padding"]
    assert attn_core.masks.mask_kind(build_mask("padding", 4, 0), 4) == "none"  # no pad: the same grid


# ---------------------------------------------------------------- issue 36: no answer under the controls


@pytest.mark.parametrize("kind", ["none", "causal", "padding", "custom"])
@pytest.mark.parametrize("n_pad", [0, 1, 3, MAX_PAD])
def test_while_section_2_asks_the_captions_say_nothing_it_declares_as_the_answer(kind, n_pad):
    inputs = attn_core.build_inputs(SENTENCE, 0, 8)
    n = len(inputs.labels)
    n_pad = n_pad if kind == "padding" else 0
    declared = say.SEE.answer_strings({"mask": kind, "pad": n_pad, "text": SENTENCE})
    if kind != "custom":  # the custom grid is the control the learner reads the answer from: it declares the verdict
        assert len(declared) >= 2, declared
    assert f"Row “{md_text(inputs.labels[checkpoint_token(n)])}” of the mask" in declared
    shown = [say.mask_caption(kind, n, n_pad, asking=True), *say.MASK_LABELS.values()]
    for text in filter(None, shown):
        assert not [s for s in declared if s in text], (text, declared)
    after = say.mask_caption(kind, n, n_pad, asking=False)
    if kind in ("none", "causal", "padding"):  # once answered, the caption says it, in the words declared
        assert any(s in after for s in declared), (after, declared)


@pytest.mark.parametrize("n_pad", [1, 3, MAX_PAD])
def test_the_padding_caption_names_the_columns_the_mask_blocks(n_pad):
    inputs = with_padding(attn_core.build_inputs(SENTENCE, 0, 8), n_pad)
    n_all = len(inputs.labels)
    mask = build_mask("padding", n_all, n_padded=n_pad)
    blocked = np.flatnonzero(~mask.any(axis=0))  # the key columns no query may see
    assert list(blocked) == list(range(n_all - n_pad, n_all))  # the last n_pad, from attn_core
    said = say.padded_columns(n_pad)  # one of SEE's declared strings: the caption's own words
    caption = say.padding_caption(n_all - n_pad, n_pad)
    assert said in caption.text and caption.facts["blocked_key_columns"] == blocked.tolist()
    asking = say.padding_caption_asking(n_all - n_pad, n_pad)
    assert f"{plural(n_pad, PAD_LABEL + ' token')} follow" in asking and "blocked" not in asking
