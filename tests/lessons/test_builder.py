"""The Q/K/V builder's words (attn_lessons.builder): each note, sentence and verdict's facts checked against attn_core.

A words function that claims something about the numbers returns the facts it states (`Said`, or the `Note` and
`Verdict` that carry them); these tests recompute those numbers here, the slow obvious way, check that the numbers
and tokens quoted are in the text, and apply the never-true patterns. No wording is pinned, so rewording a sentence
breaks nothing, while a sentence about the wrong query's weights, or the wrong winner, fails.
"""

import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.hyp import examples
from tests.prose import claims, never_true

from attn_core import token_labels
from attn_core.lexicon import sizes as lexicon_sizes
from attn_core.builder import (
    ACTION,
    ANIMAL,
    FEATURES,
    LEXICON,
    NEARLY_EVEN,
    PLACE,
    POSITION_DIMS,
    QUERY_RULES,
    TIE,
    build,
    doubled_query,
    interpretable_start,
    lexicon_feature,
    trace_cell,
)
from attn_lessons.builder import (
    A_FEATURE,
    ALL_SAME_OPTION,
    DOUBLE_OPTIONS,
    Verdict,
    MOVED,
    WANTED,
    action_animal_lesson,
    apart,
    code_intro,
    double_wq_verdict,
    edit_caption,
    edit_error,
    interpretable_info,
    lexicon_markdown,
    no_rule_sentence,
    numbers_moved,
    one_head_caption,
    random_start_caption,
    repeat_notes,
    rules_said,
    rules_short,
    scaled_title,
    shapes_caption,
    start_help,
    sum_check,
    tie_words,
    trace_output_steps,
    trace_weight_steps,
    unanswered_sentence,
)
from attn_lessons.format import enough, enough_vec, listing, num
from attn_lessons.misconceptions import ALL_SAME_TEXT

SENTENCE = ("the", "cat", "sat", "on", "the", "mat")
LABELS = ["the·0", "cat", "sat", "on", "the·4", "mat"]
RULE_OF = dict(QUERY_RULES)  # feature -> the feature its query looks for


def built(tokens, positional, W_Q=None):
    start = interpretable_start(tokens, positional=positional)
    return start, build(start.X, start.W_Q if W_Q is None else W_Q, start.W_K, start.W_V)


def numbers_in(text: str) -> set[float]:
    """Every plain number the text prints (1,000,000 as 1e6; −4 as -4)."""
    found = claims(r"(?<![\w.])−?\d[\d,]*(?:\.\d+)?", text)
    return {float(m[0].replace(",", "").replace("−", "-")) for m in found}


def softmax_row(scores_row, d_k):
    """A row of weights the slow obvious way: exp of each scaled score over their sum, in Python floats."""
    scaled = [float(s) / math.sqrt(d_k) for s in scores_row]
    top = max(scaled)
    exps = [math.exp(s - top) for s in scaled]
    return np.array([e / sum(exps) for e in exps])


# ---- the action → animal lesson ------------------------------------------------------------------

def expected_rank(row, b):
    """Where weight row[b] stands, recomputed: 'even', 'largest', 'tied' or 'beaten', and the keys on top."""
    top = tuple(j for j, w in enumerate(row) if abs(w - max(row)) <= TIE)
    kind = ("even" if len(top) == len(row) > 1 else "largest" if top == (b,) else "tied" if b in top else "beaten")
    return kind, top


def assert_lesson_holds(labels, a, b, X, W_Q, W_K):
    start_V = np.eye(X.shape[1])
    res = build(X, W_Q, W_K, start_V)
    note = action_animal_lesson(labels, a, b, X, W_Q, W_K, res.Q, res.K, res.scores, res.weights, res.d_k)
    f = note.facts
    Q, K = X @ W_Q, X @ W_K  # the projections, again
    row = softmax_row(Q[a] @ K.T, X.shape[1])
    kind, top = expected_rank(row, b)
    assert (f["query"], f["key"], f["d_k"]) == (a, b, X.shape[1])
    assert (f["x_action"], f["x_animal"], f["w_q"], f["w_k"]) == (X[a, ACTION], X[b, ANIMAL], W_Q[ACTION, ANIMAL],
                                                                  W_K[ANIMAL, ANIMAL])
    assert f["q"] == pytest.approx(Q[a, ANIMAL]) and f["k"] == pytest.approx(K[b, ANIMAL])
    assert f["score"] == pytest.approx(Q[a] @ K[b]) and f["part"] == pytest.approx(Q[a, ANIMAL] * K[b, ANIMAL])
    assert f["weight"] == pytest.approx(row[b], abs=1e-12) and f["rank"] == kind and f["top"] == top
    assert f["top_weight"] == pytest.approx(row.max(), abs=1e-12)
    assert note.kind == ("success" if kind in ("largest", "tied") else "info")
    for quoted in (enough(f["q"], 2), enough(f["k"], 2), enough(f["score"], 2), enough(f["part"], 2),
                   enough(f["weight"], 3)):
        assert quoted in note.text, (quoted, note.text)
    assert f"“{labels[a]}”" in note.text and f"“{labels[b]}”" in note.text
    if kind == "beaten":
        assert f"“{labels[top[0]]}”" in note.text and enough(f["top_weight"], 3) in note.text
    if kind == "tied":
        assert all(f"“{labels[j]}”" in note.text for j in top)
    assert not never_true(note.text), never_true(note.text)
    assert "1.000" not in note.text or f["weight"] == 1
    return note


def test_the_action_animal_lesson_states_what_the_numbers_show():
    start, _ = built(SENTENCE, positional=False)
    note = assert_lesson_holds(LABELS, 2, 1, start.X, start.W_Q, start.W_K)
    assert note.facts["rank"] == "largest" and note.facts["top"] == (1,)  # "sat" attends to "cat"
    W_Q = start.W_Q.copy()
    W_Q[ACTION, ANIMAL] = 0.0  # sat's query is all zeros now: an even row
    assert assert_lesson_holds(LABELS, 2, 1, start.X, W_Q, start.W_K).facts["rank"] == "even"
    W_Q[ACTION, PLACE] = 2.0  # sat now wants a place: mat wins
    note = assert_lesson_holds(LABELS, 2, 1, start.X, W_Q, start.W_K)
    assert note.facts["rank"] == "beaten" and note.facts["top"] == (5,)


def test_the_lesson_box_stops_claiming_what_an_edit_undid():
    start, _ = built(SENTENCE, positional=True)
    X, W_K = start.X.copy(), start.W_K.copy()
    W_K[ANIMAL, ANIMAL] = 0.0  # keys no longer say "has animal"
    X[2, ACTION] = 0.0  # and "sat" is no longer an action in X
    note = assert_lesson_holds(LABELS, 2, 1, X, start.W_Q, W_K)
    assert note.facts["x_action"] == 0 and note.facts["w_k"] == 0 and note.kind == "info"
    assert "W_K keeps it as" not in note.text  # the starting point's claim, no longer true


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 10_000), positional=st.booleans(), which=st.sampled_from(["X", "W_Q", "W_K"]))
def test_the_lesson_holds_after_any_edit(seed, positional, which):
    start, _ = built(("the", "dog", "chased", "the", "cat", "in", "the", "park"), positional)
    mats = {"X": start.X.copy(), "W_Q": start.W_Q.copy(), "W_K": start.W_K.copy()}
    rng = np.random.default_rng(seed)
    M = mats[which]
    M[rng.integers(0, M.shape[0], 3), rng.integers(0, M.shape[1], 3)] = rng.normal(0, 2, 3)
    labels = token_labels(("the", "dog", "chased", "the", "cat", "in", "the", "park"))
    assert_lesson_holds(labels, 2, 1, mats["X"], mats["W_Q"], mats["W_K"])


def test_a_weight_next_to_one_is_printed_as_it_is_in_the_lesson_the_verdict_and_the_trace():
    start, _ = built(SENTENCE, positional=False)
    W_Q = start.W_Q.copy()
    W_Q[ACTION, ANIMAL] = 4.0  # "sat" wants an animal four times as much: its weight on "cat" is 0.99999
    res = build(start.X, W_Q, start.W_K, start.W_V)
    w = res.weights[2, 1]
    assert 0.99995 < w < 1
    lesson = assert_lesson_holds(LABELS, 2, 1, start.X, W_Q, start.W_K)
    verdict = double_wq_verdict(LABELS, doubled_query(start.X, W_Q, start.W_K, start.W_V, 2, 3), "same")
    t = trace_cell(res.Q, res.K, res.V, 2, 1)
    steps = trace_weight_steps(t, "sat", "cat", w).text + trace_output_steps(t, "sat", "cat").text
    for said in (lesson.text, verdict.why):
        assert not re.search(r"(?<![\d.])1\.0000?(?!\d)", said), said  # 1.000 only for an exact 1
    assert enough(w, 4) in steps and "1.0000" not in steps  # the trace's weight, at its 4 decimals
    assert enough(w, 3).startswith("1 − ") and enough(w, 3) in lesson.text


# ---- repeated tokens ------------------------------------------------------------------------------

@pytest.mark.parametrize("tokens", [SENTENCE, ("The", "cat", "saw", "the", "cat", "."), ("a",) * 32, ("cat",)])
@pytest.mark.parametrize("positional", [True, False])
def test_repeat_notes_say_identical_exactly_when_the_rows_are(tokens, positional):
    start, res = built(tokens, positional)
    notes = repeat_notes(tokens, positional, start.X, res.Q, res.K, res.V, res.weights)
    groups: dict[str, list[int]] = {}
    for p, t in enumerate(tokens):
        groups.setdefault(t.casefold(), []).append(p)
    groups = {w: g for w, g in groups.items() if len(g) > 1}
    assert [n.facts["positions"] for n in notes] == list(groups.values())
    matrices = {"X": start.X, "Q": res.Q, "K": res.K, "V": res.V, "the weights": res.weights}
    for note in notes:
        group = note.facts["positions"]
        same = [name for name, M in matrices.items() if all(np.array_equal(M[group[0]], M[p]) for p in group)]
        assert note.facts["same"] == same and note.facts["differ"] == [m for m in matrices if m not in same]
        assert note.facts["positional"] == positional
        assert note.kind == ("warning" if len(same) == len(matrices) else "caption")
        assert set(group) <= numbers_in(note.text)
        assert not never_true(note.text)


def test_with_positions_on_the_copies_differ_in_x_k_v_but_not_in_q():
    start, res = built(SENTENCE, positional=True)  # W_Q ignores positions: Q and the weights stay the same
    (note,) = repeat_notes(SENTENCE, True, start.X, res.Q, res.K, res.V, res.weights)
    assert note.facts["differ"] == ["X", "K", "V"] and note.facts["same"] == ["Q", "the weights"]
    assert all(name in note.text for name in ("X", "K", "V", "Q", "the weights"))
    X = start.X.copy()
    X[4] = X[0]  # the learner types the·0's row into the·4's
    res = build(X, start.W_Q, start.W_K, start.W_V)
    (note,) = repeat_notes(SENTENCE, True, X, res.Q, res.K, res.V, res.weights)
    assert note.kind == "warning" and note.facts["differ"] == [] and note.facts["positional"]


# ---- what a query with no rule does, and a rule with no answer -----------------------------------

def expected_spread(row, i):
    """How a row of weights is spread, recomputed: its kind, smallest and largest weight, and the key on top."""
    row = [float(w) for w in row]
    lo, hi, n = min(row), max(row), len(row)
    kind = ("alone" if n == 1 else "even" if hi - lo <= TIE else "nearly even" if hi - lo < NEARLY_EVEN / n
            else "uneven")
    return {"query": i, "spread": kind, "lo": lo, "hi": hi, "top": row.index(hi)}


def assert_spread_said(f, text, labels):
    """The spread facts of one query are quoted in the text: its label, the largest weight and, when it is not even,
    the smallest, the two told apart, and the key on top when the row is uneven."""
    assert f"“{labels[f['query']]}”" in text
    if f["spread"] in ("alone", "even"):
        assert enough(f["hi"], 3) in text
    else:
        lo, hi = apart(f["lo"], f["hi"])
        assert lo != hi and lo in text and hi in text, text  # never "from 0.167 to 0.167"
    if f["spread"] == "uneven" and f["top"] != f["query"]:
        assert f"“{labels[f['top']]}”" in text


def assert_idle_sentences_hold(tokens, labels, Q, K, weights) -> None:
    """Every claim no_rule_sentence and unanswered_sentence make about Q, K and the weights is attn_core's."""
    n = len(tokens)
    said = no_rule_sentence(tokens, labels, Q, weights)
    f = said.facts
    idle = [i for i, t in enumerate(tokens) if lexicon_feature(t) not in RULE_OF]
    zero = [i for i in idle if not np.any(Q[i])]
    assert f["idle"] == idle and f["zero"] == zero
    assert f["named"] == zero[:3] and f["more"] == max(0, len(zero) - 3)
    if zero:
        assert f["weight"] == pytest.approx(1 / n) and np.allclose(weights[zero], 1 / n, rtol=0, atol=TIE)
        assert enough(1 / n, 3) in said.text and all(f"“{labels[i]}”" in said.text for i in f["named"])
    busy = [i for i in idle if i not in zero]
    assert f["busy"] == [expected_spread(weights[i], i) for i in busy[:3]] and f["busy_more"] == max(0, len(busy) - 3)
    for spread in f["busy"]:
        assert_spread_said(spread, said.text, labels)
    assert bool(said.text)  # something is said, even when every query has a rule
    assert not never_true(said.text), never_true(said.text)

    unanswered = unanswered_sentence(tokens, labels, K, weights)
    asking = {g: [i for i, t in enumerate(tokens) if RULE_OF.get(lexicon_feature(t)) == g] for g in RULE_OF.values()}
    asks = [{**expected_spread(weights[i], i), "wants": g} for g in dict.fromkeys(RULE_OF.values())
            if not np.any(K[:, g]) for i in asking[g][:3]]
    assert unanswered.facts["asks"] == asks
    for ask in unanswered.facts["asks"]:
        assert not K[:, ask["wants"]].any()  # no key has what the rule wants
        assert FEATURES[ask["wants"]] in unanswered.text and WANTED[ask["wants"]] in unanswered.text
        assert_spread_said(ask, unanswered.text, labels)
    assert (unanswered.text == "") == (not asks)
    assert not never_true(unanswered.text)


WORDS = ["the", "cat", "sat", "on", "mat", "dog", "ran", "park", "bob", "zyzzyva", "a", "in", "tree", "ate", "."]


@settings(max_examples=examples(60), deadline=None)
@given(tokens=st.lists(st.sampled_from(WORDS), min_size=1, max_size=32), positional=st.booleans(),
       seed=st.integers(0, 1000), edit=st.sampled_from([None, "W_Q", "X", "W_K"]))
def test_every_sentence_about_idle_queries_holds_for_any_sentence_and_edit(tokens, positional, seed, edit):
    tokens = tuple(tokens)
    start = interpretable_start(tokens, positional)
    mats = {"X": start.X.copy(), "W_Q": start.W_Q.copy(), "W_K": start.W_K.copy(), "W_V": start.W_V}
    if edit:  # a learner's edit: one matrix gets a few random numbers
        rng = np.random.default_rng(seed)
        M = mats[edit]
        M[rng.integers(0, M.shape[0], 3), rng.integers(0, M.shape[1], 3)] = rng.normal(0, 2, 3)
    res = build(mats["X"], mats["W_Q"], mats["W_K"], mats["W_V"])
    assert_idle_sentences_hold(tokens, token_labels(tokens), res.Q, res.K, res.weights)


@pytest.mark.parametrize("text", ["mat", "the cat sat on the mat", "bob ran to the park", "zyzzyva !",
                                  " ".join(["the mat"] * 16), "cat cat cat"])
@pytest.mark.parametrize("positional", [True, False])
def test_idle_sentences_at_the_controls_extremes(text, positional):
    tokens = tuple(text.split())
    _, res = built(tokens, positional)
    assert_idle_sentences_hold(tokens, token_labels(tokens), res.Q, res.K, res.weights)


def test_with_no_animal_the_actions_rule_finds_nothing():
    tokens = ("bob", "ran", "to", "the", "park")
    _, res = built(tokens, True)
    said = unanswered_sentence(tokens, list(tokens), res.K, res.weights)
    (ask,) = said.facts["asks"]
    assert ask["query"] == 1 and ask["wants"] == ANIMAL and ask["spread"] == "even"


def test_an_edited_query_with_no_rule_is_described_as_it_is():
    tokens = ("bob", "ran", "to", "the", "park")
    start, _ = built(tokens, positional=True)
    W_Q = start.W_Q.copy()
    W_Q[PLACE, PLACE] = 3.0  # a place now looks for a place: "park" attends to itself
    _, res = built(tokens, True, W_Q)
    said = no_rule_sentence(tokens, list(tokens), res.Q, res.weights)
    assert 0.9998 < res.weights[4].max() < 1  # 0.99985: it rounds to 1.000 at 3 decimals, but it is not 1
    (park,) = said.facts["busy"]
    assert park["query"] == 4 and park["spread"] == "uneven" and park["top"] == 4
    assert "1.000" not in said.text and 0 in said.facts["zero"]  # "bob" still looks for nothing


def test_a_nearly_even_row_is_never_said_to_run_from_a_number_to_itself():
    tokens = ("bob", "ran", "to", "the", "park")
    start, _ = built(tokens, positional=False)
    W_Q = start.W_Q.copy()
    W_Q[PLACE, PLACE] = 1e-4  # "park" now looks for a place, barely: its row is even to 3 decimals
    _, res = built(tokens, False, W_Q)
    said = no_rule_sentence(tokens, list(tokens), res.Q, res.weights)
    (park,) = said.facts["busy"]
    assert park["spread"] == "nearly even" and num(park["lo"], 3) == num(park["hi"], 3)
    assert_spread_said(park, said.text, list(tokens))
    assert not never_true(said.text)


# ---- the lexicon's text --------------------------------------------------------------------------

@pytest.mark.parametrize("positional", [True, False])
def test_the_lexicon_text_lists_the_rules_and_what_idle_queries_do(positional):
    tokens = ("bob", "ran", "to", "the", "park")
    start, res = built(tokens, positional)
    said = lexicon_markdown(tokens, list(tokens), res.Q, res.K, res.weights, positional)
    assert all(rule in said.text for rule in rules_said()) and len(rules_said()) == len(QUERY_RULES)
    # the count quoted is the lexicon's English words, not its Chinese characters too (issue 40)
    english = lexicon_sizes()["words"]
    assert said.facts["lexicon"] == english > 600 and said.facts["lexicon_kind"] == "words"
    assert english in numbers_in(said.text) and len(LEXICON) not in numbers_in(said.text)
    idle, unanswered = (no_rule_sentence(tokens, list(tokens), res.Q, res.weights),
                        unanswered_sentence(tokens, list(tokens), res.K, res.weights))
    assert said.facts["no_rule"] == idle.facts and said.facts["unanswered"] == unanswered.facts
    assert idle.text in said.text and unanswered.text in said.text
    assert all(p in said.text for p in POSITION_DIMS) == positional
    # while the prediction is open, nothing about what the queries do with their weights
    waiting = lexicon_markdown(tokens, list(tokens), res.Q, res.K, res.weights, positional, asked=False)
    assert waiting.facts["no_rule"] is None and waiting.facts["unanswered"] is None
    assert "1/5" not in waiting.text and "0.200" not in waiting.text and "“ran”" not in waiting.text


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_the_lexicon_text_of_a_chinese_sentence_counts_the_lexicons_chinese_characters(lang):
    """The lexicon holds English words and Chinese characters: a Chinese sentence is told how many characters it
    knows, in either language of the page, never the two kinds added up."""
    from attn_lessons import i18n

    tokens = ("猫", "坐", "在", "垫", "子", "上")
    start, res = built(tokens, False)
    before = i18n.current()
    try:
        i18n.use(lang)
        said = lexicon_markdown(tokens, list(tokens), res.Q, res.K, res.weights, False)
    finally:
        i18n.use(before)
    chinese = lexicon_sizes()["characters"]
    assert said.facts["lexicon"] == chinese > 500 and said.facts["lexicon_kind"] == "characters"
    assert chinese in numbers_in(said.text) and len(LEXICON) not in numbers_in(said.text)
    assert lexicon_sizes()["words"] not in numbers_in(said.text)


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_the_trace_titles_name_the_query_and_the_key_they_are_given(lang):
    """In Chinese every token a title names is quoted (“在”), or a token like 在 reads as part of the sentence."""
    from attn_lessons import i18n
    from attn_lessons.builder import trace_titles

    before = i18n.current()
    try:
        i18n.use(lang)
        products, shares = trace_titles("在", "垫")
    finally:
        i18n.use(before)
    assert "在" in products and "垫" in products and "在" in shares and "垫" not in shares
    if lang == "zh-CN":
        assert "“在”" in products and "“垫”" in products and "“在”" in shares


# ---- the sum check and the trace -----------------------------------------------------------------

@pytest.mark.parametrize("traced, output, kind", [([1.0, 2.0], [1.0, 2.0], "exact"),
                                                  ([1.0, 2.0 + 4e-16], [1.0, 2.0], "rounding"),
                                                  ([1e12 + 1e-4, 0.0], [1e12, 0.0], "rounding"),
                                                  ([1.5, 2.0], [1.0, 2.0], "differs")])
def test_the_sum_check_says_equal_only_when_it_is(traced, output, kind):
    said = sum_check("cat", traced, output)
    gap = max(abs(a - b) for a, b in zip(traced, output, strict=True))
    assert said.facts == {"kind": kind, "gap": gap}
    assert enough(gap, below=1e-9) in said.text and "e−" not in said.text and "cat" in said.text


def trace_of(Q, K, V, i, j):
    """What the trace must say, the slow obvious way: the score, the scaled score, the row's weights and the
    output row, in Python floats."""
    d_k = len(Q[i])
    score = sum(float(a) * float(b) for a, b in zip(Q[i], K[j], strict=True))
    row = softmax_row([sum(float(a) * float(b) for a, b in zip(Q[i], k, strict=True)) for k in K], d_k)
    return score, score / math.sqrt(d_k), row, row @ np.asarray(V, float)


@pytest.mark.parametrize("positional, i, j", [(False, 2, 1), (True, 2, 1), (True, 0, 5), (False, 5, 5)])
def test_the_trace_steps_state_the_traced_numbers(positional, i, j):
    start, res = built(SENTENCE, positional)
    t = trace_cell(res.Q, res.K, res.V, i, j)
    score, scaled, row, output = trace_of(res.Q, res.K, res.V, i, j)
    steps = trace_weight_steps(t, LABELS[i], LABELS[j], res.weights[i, j])
    f = steps.facts
    assert f["score"] == pytest.approx(score) and f["scaled"] == pytest.approx(scaled) and f["d_k"] == res.d_k
    assert f["sqrt_d_k"] == pytest.approx(math.sqrt(res.d_k)) and f["shift"] == 0  # a row max within ±50
    assert f["exp"] == pytest.approx(math.exp(scaled)) and f["exp_sum"] == pytest.approx(sum(map(math.exp,
                                                                                              res.scaled[i])))
    assert f["weight"] == pytest.approx(row[j]) and f["page_weight"] == res.weights[i, j]
    for quoted in (enough(f["score"]), enough(f["scaled"]), num(f["sqrt_d_k"], 3), enough(f["exp"]),
                   enough(f["exp_sum"]), enough(f["weight"], 4), enough(f["page_weight"], 4)):
        assert quoted in steps.text, (quoted, steps.text)
    assert LABELS[i] in steps.text and LABELS[j] in steps.text
    out = trace_output_steps(t, LABELS[i], LABELS[j])
    assert np.allclose(out.facts["share"], row[j] * res.V[j]) and np.allclose(out.facts["output"], output)
    assert enough_vec(out.facts["share"]) in out.text and enough_vec(out.facts["output"]) in out.text
    assert enough(out.facts["weight"], 4) in out.text and out.facts["every_share"]
    left_out = trace_output_steps(t, LABELS[i], LABELS[j], every_share=False)
    assert (left_out.facts["n"], left_out.facts["d_v"]) == res.V.shape and not left_out.facts["every_share"]
    assert set(res.V.shape) <= numbers_in(left_out.text)
    assert not never_true(steps.text + "\n" + out.text + "\n" + left_out.text)


@pytest.mark.parametrize("sign", [1, -1])
def test_a_huge_row_has_its_largest_score_taken_off_before_exp(sign):
    Q, K, V = np.array([[sign * 1e4]]) * np.ones((2, 1)), np.array([[1e4], [0.9e4]]), np.eye(2)
    t = trace_cell(Q, K, V, 0, 0)
    steps = trace_weight_steps(t, "a", "a", t.weight)
    scaled_row = [float(Q[0, 0] * k[0]) for k in K]  # d_k = 1
    assert steps.facts["shift"] == max(scaled_row) and steps.facts["exp"] == pytest.approx(
        math.exp(scaled_row[0] - max(scaled_row)))
    assert enough(abs(steps.facts["shift"])) in steps.text and "− −" not in steps.text and "+ −" not in steps.text


def test_one_key_has_one_exp_and_nothing_to_sum():
    t = trace_cell(np.array([[2.0, 1.0]]), np.array([[1.0, 1.0]]), np.eye(2)[:1], 0, 0)
    steps = trace_weight_steps(t, "cat", "cat", 1.0)
    assert len(steps.facts["exps"]) == 1 and steps.facts["weight"] == 1 and steps.facts["exp_sum"] == steps.facts[
        "exp"]


# ---- the page's other sentences: the numbers they quote are the settings' --------------------------

def test_the_starting_point_sentences_quote_the_widths():
    off, on = interpretable_info(False, 5, 8), interpretable_info(True, 7, 16)
    assert {5, len(FEATURES), 8} <= numbers_in(off) and {7, len(FEATURES), len(POSITION_DIMS), 16} <= numbers_in(on)
    assert rules_short() in on
    assert 16 in numbers_in(start_help(16)) and 4 in numbers_in(random_start_caption(4))
    assert 6 in numbers_in(one_head_caption(6, "random", False))
    assert one_head_caption(8, "random", True) != one_head_caption(8, "random", False)  # positions off: it says so


def test_the_rules_in_one_breath_follow_w_q():
    short = rules_short()
    assert all(A_FEATURE[f] in short and A_FEATURE[g] in short for f, g in QUERY_RULES)
    assert len(QUERY_RULES) == 3 and not never_true(short)


def test_the_prediction_says_which_numbers_moved_and_ties_name_every_tied_key():
    assert ALL_SAME_OPTION == ALL_SAME_TEXT  # class mode reads the same words as the wrong answer it expects
    said = numbers_moved(["seed", "edits"])
    assert MOVED["seed"] in said and MOVED["edits"] in said and MOVED["d_model"] not in said
    assert not [name for name in MOVED.values() if name in numbers_moved([])]
    # the one tie rule's words, which Home's and the trained model's verdicts say (WEIGHT_DECIMALS = 3)
    for names, weight in ((["“the·0”", "“cat”"], 0.36602), (["“a”", "“b”", "“c”"], 0.288)):
        said = tie_words(names, weight)
        assert listing(names) in said and num(weight, 3) in said and not never_true(said)


def test_the_editor_says_which_settings_start_the_edits_again():
    assert "seed" in edit_caption("X", "random") and "d_model" in edit_caption("X", "random")
    named = edit_caption("W_Q", "interpretable")  # the seed and d_model do not move the named features
    assert "W_Q" in named and "seed" not in named and "d_model" not in named


def test_a_refused_cell_names_the_limits_and_the_value_kept():
    said = edit_error("X[cat, d0]: “abc” is not a number", 1e6, 0.123456)
    assert said.startswith("X[cat, d0]: “abc” is not a number")
    assert {1e6, -1e6, 0.1235} <= numbers_in(said)


def test_the_shapes_and_the_scaled_title_carry_the_live_numbers():
    assert {1, 5} <= numbers_in(shapes_caption(1, 5, 5, 5)) and not never_true(shapes_caption(1, 5, 5, 5))
    assert {6, 8, 4} <= numbers_in(shapes_caption(6, 8, 4, 4))
    assert {5, 2.236} <= numbers_in(scaled_title(5))


def test_the_code_intro_and_titles_name_the_pair():
    from attn_lessons.builder import POSITIONS_HELP, trace_titles

    assert "“sat”" in code_intro("sat", "cat") and "“cat”" in code_intro("sat", "cat")
    products, shares = trace_titles("sat", "cat")
    assert "sat" in products and "cat" in products and "sat" in shares
    assert trace_titles("*", "_")[0].endswith("_")  # raw labels: the tables escape them
    assert set(POSITIONS_HELP) == {"random", "interpretable"} and len(set(POSITIONS_HELP.values())) == 2


# ------------------------------------------------------------------ issue 36, item 17: the builder's own question
@pytest.mark.parametrize("text, start", [("the cat sat on the mat", "interpretable"),
                                         ("the cat sat on the mat", "random"), ("bob ran to the park", "interpretable"),
                                         ("the cat sat with the dog", "interpretable"), ("cat", "interpretable")])
def test_the_doubling_verdict_states_attn_cores_facts(text, start):
    """The builder asks what doubling W_Q does to a query's weights (not Home's top-key question); its verdict is
    right exactly for attn_core's outcome, and the numbers it quotes are the two rows'."""
    from attn_core.builder import checkpoint_query, random_start
    from attn_core.model import build_inputs
    from attn_lessons.builder import DOUBLE_OPTIONS, DOUBLE_WQ, double_wq_question

    inputs = build_inputs(text, 0, 8)
    w = inputs.weights
    base = (interpretable_start(inputs.tokens) if start == "interpretable" else
            random_start(inputs.X, w.W_Q, w.W_K, w.W_V))
    i = checkpoint_query(inputs.tokens)
    d = doubled_query(base.X, base.W_Q, base.W_K, base.W_V, i, 3)
    labels = list(inputs.labels)
    # the two rows, the slow obvious way
    before = softmax_row((base.X @ base.W_Q)[i] @ (base.X @ base.W_K).T, base.W_Q.shape[1])
    after = softmax_row((base.X @ (2 * base.W_Q))[i] @ (base.X @ base.W_K).T, base.W_Q.shape[1])
    shown_before, shown_after = [num(x, 3) for x in before], [num(x, 3) for x in after]
    top_before = tuple(j for j, s in enumerate(shown_before) if float(s) == max(map(float, shown_before)))
    top_after = tuple(j for j, s in enumerate(shown_after) if float(s) == max(map(float, shown_after)))
    outcome = ("other" if top_before != top_after else "same" if shown_before == shown_after else
               "sharper" if after.max() > before.max() else "flatter")
    k = max(top_before, key=lambda t: before[t])
    assert double_wq_question(labels[i]) != "" and "most weight?" not in double_wq_question(labels[i])
    for choice in DOUBLE_OPTIONS:
        v = double_wq_verdict(labels, d, choice)
        f = v.facts
        assert v.right == (choice == outcome) and f["outcome"] == outcome
        assert (f["top_before"], f["top_after"], f["key"], f["n"]) == (top_before, top_after, k, len(labels))
        assert f["weight_before"] == pytest.approx(before[k]) and f["weight_after"] == pytest.approx(after[k])
        assert f["score_after"] == pytest.approx(2 * f["score_before"])
        if outcome in ("sharper", "flatter"):
            assert f"“{labels[k]}”" in v.why
            assert enough(f["weight_before"], 3) in v.why and enough(f["weight_after"], 3) in v.why
            assert enough(f["score_before"], 3) in v.why and enough(f["score_after"], 3) in v.why
        assert not never_true(v.why)
    assert {w.values({})[0] for w in DOUBLE_WQ.wrong} == set(DOUBLE_OPTIONS) - {"sharper"}
    assert DOUBLE_WQ.key == "qkv_most" and DOUBLE_WQ.id == "builder.double_wq"  # old links' widgets keep their names


# ---- issue 40: the same facts in Simplified Chinese -------------------------------------------------


def _in(lang: str, make):
    """`make()` with the words read in `lang`, the session's language put back after."""
    from attn_lessons.i18n import current, use

    before = current()
    use(lang)
    try:
        return make()
    finally:
        use(before)


def _numbers(text: str) -> set[str]:
    """The numbers a text prints, as printed: the same in every language."""
    return set(re.findall(r"(?<![\w.])−?\d+(?:,\d{3})*(?:\.\d+)?(?: × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?", text))


def _builder_said(tokens, positional: bool, W_Q=None):
    """Every sentence the builder says about these numbers, as (name, text, facts), in the session's language."""
    from attn_core.builder import action_animal_pair, checkpoint_query

    labels = list(token_labels(tokens))
    start, res = built(tokens, positional, W_Q)
    W = start.W_Q if W_Q is None else W_Q
    said = [("lexicon", lexicon_markdown(tokens, labels, res.Q, res.K, res.weights, positional)),
            ("no rule", no_rule_sentence(tokens, labels, res.Q, res.weights)),
            ("unanswered", unanswered_sentence(tokens, labels, res.K, res.weights))]
    said += [(f"repeat {k}", note) for k, note in enumerate(repeat_notes(tokens, positional, start.X, res.Q, res.K,
                                                                         res.V, res.weights))]
    pair = action_animal_pair(tokens)
    if pair:
        said.append(("lesson", action_animal_lesson(labels, *pair, start.X, W, start.W_K, res.Q, res.K, res.scores,
                                                    res.weights, res.d_k)))
    for i in range(len(tokens)):
        t = trace_cell(res.Q, res.K, res.V, i, (i + 1) % len(tokens))
        said += [(f"trace {i}", trace_weight_steps(t, labels[i], labels[t.j], res.weights[i, t.j])),
                 (f"output {i}", trace_output_steps(t, labels[i], labels[t.j], i % 2 == 0)),
                 (f"sum {i}", sum_check(labels[i], t.output, res.output[i]))]
    if len(tokens) > 1:
        d = doubled_query(start.X, W, start.W_K, start.W_V, checkpoint_query(tokens), 3)
        said += [(f"verdict {c}", double_wq_verdict(labels, d, c)) for c in (None, "sharper", "flatter", "other",
                                                                              "same")]
    return labels, [(name, s.why if isinstance(s, Verdict) else s.text, s.facts) for name, s in said]


@pytest.mark.parametrize("tokens, positional", [(SENTENCE, True), (SENTENCE, False), (tuple("猫坐在垫子上"), True),
                                                (("the", "dog", "the", "dog"), False), (("hello",), True),
                                                (("a", "cat", "ran", "to", "the", "park"), True)])
def test_in_chinese_every_sentence_states_the_same_facts_and_numbers_with_no_english(tokens, positional):
    from tests.prose import english_runs

    labels, english = _builder_said(tokens, positional)
    _, chinese = _in("zh-CN", lambda: _builder_said(tokens, positional))
    assert [name for name, *_ in chinese] == [name for name, *_ in english]
    for (name, en, en_facts), (_, zh, zh_facts) in zip(english, chinese, strict=True):
        assert repr(zh_facts) == repr(en_facts) and (zh != en or not en), name  # the facts hold arrays
        assert _numbers(en) <= _numbers(zh), (name, en, zh)  # every number English quotes
        assert not english_runs(zh, allowed=(*labels, *tokens, "sin p", "cos p")), (name, zh)
        assert not re.search(r"[。：；）] ", zh), (name, zh)  # no space after Chinese punctuation


def test_in_chinese_an_edited_lesson_says_which_number_moved():
    start, _ = built(SENTENCE, True)
    W_Q = start.W_Q.copy()
    W_Q[ACTION, ANIMAL] = -2.0  # the rule's cell, typed over
    labels, english = _builder_said(SENTENCE, True, W_Q)
    _, chinese = _in("zh-CN", lambda: _builder_said(SENTENCE, True, W_Q))
    (en,) = [t for n, t, _ in english if n == "lesson"]
    (zh,) = [t for n, t, _ in chinese if n == "lesson"]
    assert "−2.00" in en and "−2.00" in zh and "想要动物" in zh


def test_the_short_labels_read_in_chinese_and_keep_their_keys():
    options = _in("zh-CN", lambda: [DOUBLE_OPTIONS[k] for k in DOUBLE_OPTIONS])
    assert list(DOUBLE_OPTIONS) == ["sharper", "flatter", "other", "same"]
    assert options != list(DOUBLE_OPTIONS.values()) and all(not re.search("[A-Za-z]", o) for o in options)
    moved = _in("zh-CN", lambda: numbers_moved(["seed", "edits"]))
    assert _in("zh-CN", lambda: MOVED["seed"]) in moved and _in("zh-CN", lambda: MOVED["edits"]) in moved
