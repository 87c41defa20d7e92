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
    fully_masked_rows,
    key_set_options,
    top_keys,
    value_columns,
    visible_keys,
    with_padding,
)
from attn_lessons import masks as say
from attn_lessons.format import md_text, plural
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


def quoted(text: str) -> list[str]:
    return re.findall(r"“(.*?)”", text)


def check_where_query_looks(labels, i, mask, weights):
    """Parse 'Where “x” looks most: heads 1 and 3 → “a”; head 2 → “b”. …' and check it against the weights."""
    heads = weights.shape[0]
    text = say.where_query_looks(labels, i, mask, weights)
    allowed = np.flatnonzero(mask[i])
    if not allowed.size:
        assert "may see no key" in text and np.all(weights[:, i] == 0)
        return text
    if allowed.size == 1:
        assert f"may see only “{labels[allowed[0]]}”" in text
        np.testing.assert_allclose(weights[:, i, allowed[0]], 1.0)
        return text
    listing = text.split(": ", 1)[1].split(". ", 1)[0]
    seen: dict[int, set[str]] = {}
    for part in listing.split("; "):
        who, where = part.split(" → ")
        for h in re.findall(r"\d+", who):
            assert int(h) not in seen, f"head {h} listed twice: {text}"
            seen[int(h)] = set(quoted(where))
    assert sorted(seen) == list(range(1, heads + 1)), text  # every head, none left out for a "…"
    tops = [top_keys(weights[k, i]) for k in range(heads)]
    for k, keys in enumerate(tops):
        assert seen[k + 1] == {labels[j] for j in keys}, text
        assert all(mask[i, j] for j in keys)  # a head looks most at a key it may see
    agree = len(set(tops)) == 1
    assert ("nothing to compare" in text) == (heads == 1), text
    assert ("agree on where to look" in text) == (agree and heads > 1), text
    assert ("pass different values along" in text) == (not agree), text
    return text


def check_padding_caption(inputs, n: int, n_pad: int, mask) -> str:
    """The filler is appended, so a real word is never called padding; the caption counts what it blocks."""
    labels, n_all = inputs.labels, len(inputs.labels)
    text = say.padding_caption(n, n_pad)
    assert n_all == n + n_pad and list(labels[:n]) == list(attn_core.build_inputs(TEXTS[n], 0, 8).labels)
    blocked_keys = np.flatnonzero(~mask.any(axis=0))
    assert [labels[j] for j in blocked_keys] == labels[n:] and all(lab.startswith(PAD_LABEL) for lab in labels[n:])
    assert f"your {plural(n, 'token')}" in text or f"your sentence of {plural(n, 'token')}" in text
    assert ("nothing is blocked" in text) == (n_pad == 0) == mask.all()
    if n_pad:
        last = "the last key column is" if n_pad == 1 else f"the last {n_pad} key columns are"
        assert f"{last} blocked" in text and f"had {n_all} tokens" in text
    return text


def check_pairs_and_scores(mask, res, heads: int, d_k: int) -> list:
    """Section 2's mask and masked-scores sentences, against the mask and the scaled scores."""
    error = say.nothing_can_attend(mask)
    assert (error is None) == bool(mask.any())
    if error:
        assert np.all(res.weights == 0) and np.all(res.output == 0) and not np.isnan(res.output).any()
    text = say.allowed_pairs(mask)
    numbers = [int(x) for x in re.findall(r"\d+", text)]
    if mask.size == 1:
        assert text == f"The one pair is {'allowed' if mask.all() else 'blocked'}."
    elif mask.all() or not mask.any():
        assert numbers == [mask.size] and ("allowed" in text) == mask.all()
    else:
        assert numbers == [int(mask.sum()), mask.size]
    assert ("No pair is blocked" in say.scores_caption(mask)) == mask.all() == (not np.isneginf(res.scaled).any())
    nothing = say.all_scores_blocked(mask)
    assert (nothing is None) == np.isfinite(res.scaled).any()
    return [text, nothing, say.scores_title(0, heads, d_k)]


def check_weights_caption(mask, W, heads: int) -> str:
    """The weights caption: a blocked pair's largest weight, and which rows sum to 1 and which to 0."""
    blocked_rows, n_all = fully_masked_rows(mask), mask.shape[0]
    text = say.weights_caption(mask, W)
    assert ("No pair is blocked" in text) == mask.all()
    if "exactly 0" in text:
        assert W[:, ~mask].max() == 0.0
    if "sums to 1" in text:
        open_rows = np.setdiff1d(np.arange(n_all), blocked_rows)
        np.testing.assert_allclose(W[:, open_rows].sum(axis=-1), 1.0, atol=1e-9)
    if "sum to 0" in text or "sums to 0" in text:
        assert np.all(W[:, blocked_rows] == 0)
    assert ("every row sums to 0" in text) == (blocked_rows.size == n_all)
    assert ("in every head" in text or "over all heads" in text) <= (heads > 1)
    return text


def check_heads_and_blocked_rows(labels, kind: str, mask, res, heads: int, d_k: int) -> list:
    """The head outputs' columns of V, and what a query that may see no key gets."""
    W, blocked_rows, sentences = res.weights, fully_masked_rows(mask), []
    for h in {0, heads - 1}:  # the head output is labelled with the columns of V that head really uses
        cols = list(value_columns(h, d_k))
        np.testing.assert_allclose(res.head_outputs[h], W[h] @ res.V[:, cols], atol=1e-12)
        text = say.head_output_caption(h, heads, d_k)
        assert f"d{cols[0]}" in text and f"d{cols[-1]}" in text
        sentences += [text, say.head_output_title(h, heads)]
    info = say.blocked_rows_info(labels, mask, W, res.output)
    assert (info is None) == (blocked_rows.size == 0)
    if info:
        assert set(quoted(info)) == {labels[i] for i in blocked_rows}
        assert np.all(W[:, blocked_rows] == 0) and np.all(res.output[blocked_rows] == 0)
        sentences.append(say.uniform_fallback(len(labels)))
    else:
        sentences.append(say.no_blocked_rows(kind))
    return sentences


def check_several_heads(labels, n: int, mask, W, d_model: int, heads: int) -> list:
    """Section 3: the split of d_model, every head's title, one query across the heads, the average."""
    n_all, d_k = len(labels), d_model // heads
    text = say.several_heads_intro(d_model, heads)
    assert f"d_v = {d_model} / {heads} = {d_k}" in text if heads > 1 else f"d_k = d_v = {d_model}" in text
    sentences = [text, say.ribbon_caption(n_all, d_model, heads)]
    for k in {0, heads - 1}:
        title = say.head_weights_title(k, heads, d_k)
        assert title.startswith(f"head {k + 1} weights = softmax(") and f"/√{d_k} + M)" in title
    sentences.append(say.grid_caption(range(min(heads, 8)), heads))
    for i in sorted({0, n - 1, n_all - 1}):
        sentences.append(check_where_query_looks(labels, i, mask, W))
        title = say.query_title(labels[i], heads, d_k)
        assert ("in every head" in title) == (heads > 1) and f"/√{d_k} + M)" in title
        sentences.append(title)
    assert ("not a head" in say.average_title(heads)) == (heads > 1)
    assert ("that head's weights" in say.average_caption(heads)) == (heads == 1)
    return [*sentences, say.average_title(heads), say.average_caption(heads)]


@pytest.mark.parametrize(("kind", "n", "d_model", "heads", "variant"), STATES)
def test_every_sentence_holds_in_every_state(kind, n, d_model, heads, variant):
    inputs, n_pad, mask, res = state(kind, n, d_model, heads, variant)
    labels, d_k = inputs.labels, d_model // heads
    sentences = [check_padding_caption(inputs, n, n_pad, mask)] if kind == "padding" else []
    sentences += check_pairs_and_scores(mask, res, heads, d_k)
    sentences.append(check_weights_caption(mask, res.weights, heads))
    sentences += check_heads_and_blocked_rows(labels, kind, mask, res, heads, d_k)
    check_grammar(*sentences, *check_several_heads(labels, n, mask, res.weights, d_model, heads))


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
    text = check_where_query_looks(inputs.labels, 31, mask, res.weights)  # names each of the 16 heads once
    assert "…" not in text


def test_where_query_looks_does_not_claim_different_keys_for_one_head_or_when_heads_agree():
    """Item 13: the 'different keys' sentence only when the heads' top keys really differ."""
    inputs, _, mask, res = state("none", 6, 8, 1)
    text = say.where_query_looks(inputs.labels, 5, mask, res.weights)
    assert "different" not in text and "nothing to compare" in text
    weights = np.zeros((3, 2, 2))
    weights[:, 1] = [0.3, 0.7]  # three heads, all looking most at key 1
    text = say.where_query_looks(["a", "b"], 1, np.ones((2, 2), bool), weights)
    assert text == "Where “b” looks most: heads 1, 2 and 3 → “b”. Here all 3 heads agree on where to look; " \
                   "each still passes along its own columns of V."
    weights[1, 1] = [0.5, 0.5]  # head 2 ties
    text = say.where_query_looks(["a", "b"], 1, np.ones((2, 2), bool), weights)
    assert "heads 1 and 3 → “b”; head 2 → “a” and “b” (tied)" in text and "different values" in text


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


def test_padding_caption_counts_the_filler_not_the_words():
    assert "Here 2 ⟨pad⟩ tokens follow your 6 tokens" in say.padding_caption(6, 2)
    one = say.padding_caption(1, 1)
    assert "Here 1 ⟨pad⟩ token follows your 1 token," in one and "the last key column is blocked" in one
    assert "your sentence of 6 tokens is already the longest" in say.padding_caption(6, 0)


def test_columns_text_names_a_heads_block_of_V():
    assert say.columns_text(value_columns(1, 4)) == "d4 … d7"
    assert say.columns_text(value_columns(3, 1)) == "d3" and say.columns_text(value_columns(1, 2)) == "d2 and d3"


def test_refit_notice_says_new_pairs_are_allowed_only_when_the_grid_grew():
    assert "new pairs are allowed" in say.refit_notice(2, 6)
    assert "new pairs" not in say.refit_notice(6, 2) and "was 6 × 6" in say.refit_notice(6, 2)
    assert "has 1 token," in say.refit_notice(2, 1)


def test_uniform_fallback_for_one_key_says_all_of_its_weight():
    assert "1/6 = 0.167 on each of its 6 keys" in say.uniform_fallback(6)
    assert "all of its weight, 1, on its only key" in say.uniform_fallback(1)


# ---------------------------------------------------------------- predict, then see: which keys can token 3 see?


def named_keys(text: str, labels) -> list[int]:
    """The keys a phrase names: “a”, “b” and “c” one by one, “a” … “e” as the whole run between them."""
    index = {lab: j for j, lab in enumerate(labels)}
    run = re.fullmatch(r".*?“([^”]*)” … “([^”]*)”.*", text)
    if run:
        return list(range(index[run.group(1)], index[run.group(2)] + 1))
    return [index[q] for q in quoted(text)]


RULE_SETS = {  # what each rule's words claim, checked against the row itself
    "only itself": lambda i, n, n_real: [i],
    "itself and every token before it": lambda i, n, n_real: list(range(i + 1)),
    "only the tokens before it": lambda i, n, n_real: list(range(i)),
    "itself and every token after it": lambda i, n, n_real: list(range(i, n)),
    "every key, itself included": lambda i, n, n_real: list(range(n)),
    "every word of your sentence": lambda i, n, n_real: list(range(n_real)),
}


@pytest.mark.parametrize(("kind", "n", "d_model", "heads", "variant"), STATES)
def test_the_prediction_and_its_answer_hold_in_every_state(kind, n, d_model, heads, variant):
    inputs, n_pad, mask, res = state(kind, n, d_model, heads, variant)
    labels, n_all, W = inputs.labels, len(inputs.labels), res.weights
    i = checkpoint_token(n)
    assert i == min(2, n - 1) and i < n  # the third word, or the last word: never a ⟨pad⟩
    question = say.see_question(kind, labels, i, n_pad)
    assert f"“{labels[i]}”, the {['first', 'second', 'third'][i]} token" in question
    assert ("causal" in question) == (kind == "causal") and (PAD_LABEL in question) == (kind == "padding")
    truth = visible_keys(mask, i)
    assert truth == tuple(np.flatnonzero(mask[i]))
    options = key_set_options(mask, i, n)
    assert truth in options
    for guess in [None, *options]:
        text = say.see_why(labels, mask, i, n, W, guess)
        check_grammar(text, say.keys_text(labels, guess or ()))
        answer = text[text.index(f"Row “{labels[i]}”"):]
        if truth:
            claimed = answer.split(" has a 1 for ", 1)[1].split(":", 1)[0].split(". ", 1)[0]
            assert named_keys(claimed, labels) == list(truth), answer
        else:
            assert "may see no key" in answer and "are all 0" in answer and not W[:, i].any()
        for words, keys in RULE_SETS.items():
            if f": {words}" in answer:
                assert list(truth) == keys(i, n_all, n), answer
        blocked = np.flatnonzero(~mask[i])
        if "blocked:" in answer:
            listed = answer.split("(", 1)[1].split(")", 1)[0]
            assert named_keys(listed, labels) == list(blocked), answer
            assert ("exactly 0" in answer) == (W[:, i, blocked].max() == 0.0)
        assert ("blocked:" in answer) == bool(blocked.size and truth), answer
        if "share the whole weight, 1" in answer or "gets the whole weight, 1" in answer:
            np.testing.assert_allclose(W[:, i, list(truth)].sum(axis=-1), 1.0, atol=1e-9)
        assert text.startswith("Row") == (guess is None or set(guess) == set(truth))
        if guess is not None and set(guess) != set(truth):
            missing, extra = sorted(set(truth) - set(guess)), sorted(set(guess) - set(truth))
            said_missing = re.search(r"You left out (.*?)(?:, which it may see| itself:)", text)
            said_extra = re.search(r"You counted (.*?), which (?:is|are) blocked", text)
            assert (said_missing is not None) == bool(missing) and (said_extra is not None) == bool(extra), text
            if missing:
                assert named_keys(said_missing.group(1), labels) == missing, text
            if extra:
                assert named_keys(said_extra.group(1), labels) == extra, text


def test_the_answer_to_the_issues_example_reads_from_the_mask():
    """The issue's example: under a causal mask, which keys can token 3 see? On the default sentence."""
    inputs, _, mask, res = state("causal", 6, 8, 2)
    labels = inputs.labels
    assert say.see_question("causal", labels, 2, 0) == ("Under the causal mask, which keys can “sat”, "
                                                             "the third token, see?")
    assert say.see_why(labels, mask, 2, 6, res.weights) == (
        "Row “sat” of the mask has a 1 for “the·0”, “cat” and “sat”: itself and every token before it. The other "
        "3 keys (“on”, “the·4” and “mat”) are blocked: score −∞, so weight exactly 0 in both heads, and the 3 "
        "allowed keys share the whole weight, 1.")
    wrong = say.see_why(labels, mask, 2, 6, res.weights, guess=(0, 1))
    assert wrong.startswith("You left out “sat” itself: the 1 on the diagonal lets a token see its own key. Row")
    wrong = say.see_why(labels, mask, 2, 6, res.weights, guess=tuple(range(6)))
    assert wrong.startswith("You counted “on”, “the·4” and “mat”, which are blocked. Row")


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


def test_one_column_a_head_is_one_column():
    """Issue 22, ?d_model=12&heads=12: "12 / 12 = 1 columns"; and "Head 1 uses", which reads as a count."""
    assert "d_k = 12 / 12 = 1 column of Q and K." in say.heads_caption(12, 12)
    assert "d_k = d_v = 12 / 12 = 1 column and its own weights" in say.several_heads_intro(12, 12)
    assert "d_k = 8 / 2 = 4 columns of Q" in say.heads_caption(8, 2)
    one = say.head_output_caption(0, 12, 1)
    assert "Here head 1 uses 1 of V's 12 columns, d0, so its output has that column;" in one
    assert "Here head 2 uses 4 of V's 8 columns, d4 … d7, so its output has those columns;" in \
        say.head_output_caption(1, 2, 4)
    check_grammar(say.heads_caption(2, 2), say.several_heads_intro(2, 2), say.head_output_caption(1, 2, 1))


def test_a_tiny_weight_on_a_blocked_pair_is_not_printed_as_0_000():
    """A weight that is not exactly 0 reads in significant digits; exactly 0 says so."""
    mask = np.array([[True, False], [True, True]])
    weights = np.array([[[1 - 2e-5, 2e-5], [0.5, 0.5]]])  # one head: a blocked pair that leaked 2 × 10⁻⁵
    assert "Largest weight on a blocked pair: 2.0 × 10⁻⁵." in say.weights_caption(mask, weights)
    assert "so weight 2.0 × 10⁻⁵ in its one head" in say.see_why(["a", "b"], mask, 0, 2, weights)
    weights[0, 0] = [1.0, 0.0]
    assert "Largest weight on a blocked pair: 0.000 (exactly 0)." in say.weights_caption(mask, weights)
    nothing = np.zeros((1, 2, 2))
    nothing[0, 0, 1] = 3e-7  # a row that may see no key, and still got a weight: said, not rounded away
    assert "its weights reach 3.0 × 10⁻⁷" in say.see_why(["a", "b"], np.array([[False, False], [True, True]]),
                                                          0, 2, nothing)
    output = np.zeros((2, 4))
    output[0, 1] = -4e-6
    info = say.blocked_rows_info(["a", "b"], np.array([[False, False], [True, True]]), np.zeros((1, 2, 2)), output)
    assert info.endswith("largest output entry 4.0 × 10⁻⁶.")


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

RULE_PHRASES = {"all": "every key, itself included", "upto": "itself and every token before it",
                "real": f"every word of your sentence and none of the {PAD_LABEL} tokens"}


def rule_said(mask, n_real, labels=("a", "b", "c", "d", "e")):
    """see_why's rule for the checkpoint token of a sentence of n_real words (then pads), uniform weights."""
    n = mask.shape[0]
    i = checkpoint_token(n_real)
    weights = attn_core.softmax(np.where(mask, 0.0, -np.inf))[None]  # (1, n, n), one head
    text = say.see_why(list(labels[:n_real]) + [PAD_LABEL] * (n - n_real), mask, i, n_real, weights)
    return [name for name, phrase in RULE_PHRASES.items() if f": {phrase}." in text], text


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
    said = say.padded_columns(n_pad)
    assert said in say.padding_caption(n_all - n_pad, n_pad)
    assert (f"last {len(blocked)} key columns are" if len(blocked) > 1 else "last key column is") in said
    asking = say.padding_caption_asking(n_all - n_pad, n_pad)
    assert f"{plural(n_pad, PAD_LABEL + ' token')} follow" in asking and "blocked" not in asking
