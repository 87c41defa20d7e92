"""Home's words (attn_lessons.home): each sentence's facts checked against attn_core, recomputed here.

A words function that claims something about the numbers returns `Said(text, facts)`; these tests compare the facts
with the numbers computed the slow obvious way, check that the numbers and tokens it quotes are in its text, and
apply the never-true patterns (tests/prose.py). They pin no wording, except the source text's own numbers
(softmax([8, 0]) = [0.9997, 0.0003], 10 × 10 weights for 10 tokens), so a sentence can be reworded freely and a false
one still fails.
"""

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import attn_core
from attn_core import softmax
from attn_core.builder import (
    FEATURES,
    POSITION_DIMS,
    action_animal_pair,
    build,
    interpretable_start,
    lexicon_feature,
    random_start,
)
from attn_core.lexicon import not_in_lexicon
from attn_core.tokens import tokenize
from attn_lessons.format import a_an, enough, md_text, num
from attn_lessons.home import (
    KINDS_OF_WORD,
    WORKING_SENTENCES,
    apart,
    code_intro,
    counts_as,
    named_features_caption,
    named_features_help,
    number_word,
    one_head_caption,
    output_header,
    positions_note,
    query_steps_caption,
    query_titles,
    random_weights_caption,
    shares_sum_caption,
    top_key_gives_away,
    top_key_question,
    top_key_verdict,
    unknown_words,
    weight_matrix_sentence,
)
from tests.hyp import examples
from tests.prose import claims, never_true

CLASSIC = ("the", "cat", "sat", "on", "the", "mat")


def numbers_in(text: str) -> set[float]:
    """Every plain number the text prints (1,000 as 1000; −2 as -2), for a check that a quoted count is there."""
    found = claims(r"(?<![\w.])−?\d[\d,]*(?:\.\d+)?", text)
    return {float(m[0].replace(",", "").replace("−", "-")) for m in found}


# ---- X's rows: the positions and the repeated words ------------------------------------------------

@given(st.lists(st.sampled_from(["a", "b", "cat", "The", "the", "x", "THE"]), min_size=1, max_size=32))
def test_the_repeated_words_named_are_the_sentences_with_their_counts(tokens):
    """Each word the note names occurs as often as it says (case folded, as the embedding folds it), and no other
    word is named."""
    note = positions_note(tuple(tokens))
    counted: dict[str, int] = {}
    for t in tokens:
        counted[t.casefold()] = counted.get(t.casefold(), 0) + 1
    expected = {w: c for w, c in counted.items() if c > 1}
    assert note.facts == {"positional": True, "repeats": expected}
    assert set(re.findall(r"“([^”]+)”", note.text)) == set(expected)  # every word named is quoted, and only they
    assert all(re.search(rf"\b{number_word(c)}\b", note.text) for c in expected.values()), note.text
    assert not never_true(note.text)


def test_without_positions_no_word_is_named_and_the_same_word_does_get_the_same_row():
    note = positions_note(("a", "cat", "a"), positional=False)
    assert note.facts == {"positional": False, "repeats": {}} and "“" not in note.text
    X = attn_core.build_inputs("a cat a", 0, 8, positional=False).X
    assert np.array_equal(X[0], X[2])  # what the note says: the same word gets the same row
    X = attn_core.build_inputs("a cat a", 0, 8).X
    assert not np.array_equal(X[0], X[2])  # and with positions, two rows (what the note says then)


def test_number_words_and_digits_beyond_ten():
    assert [number_word(k) for k in (2, 4, 10, 11)] == ["two", "four", "ten", "11"]


# ---- the verdict: which key the query weighs most ---------------------------------------------------

def expected_verdict(scaled, guess):
    """What the verdict must claim, recomputed here from the scores: the keys whose weights print the largest at
    3 decimals, the largest weight's key, the best score outside them, and whether the guess is right."""
    weights = softmax(np.array(scaled, dtype=float))
    shown = [float(num(w, 3)) for w in weights]
    top = tuple(j for j in range(len(weights)) if shown[j] == max(shown))
    rest = [j for j in range(len(weights)) if j not in top]
    runner = max(rest, key=lambda j: scaled[j]) if rest else None  # the first of equal ones, as max() picks
    key = max(top, key=lambda j: weights[j])
    return weights, top, key, runner


def assert_verdict_holds(labels, scaled, guess):
    weights, top, key, runner = expected_verdict(scaled, guess)
    said = top_key_verdict(labels, 0, scaled, weights, guess)
    f, text = said.facts, said.text
    assert f["top"] == top and f["key"] == key and f["weight"] == weights[key] and f["runner"] == runner
    n = len(scaled)
    assert f["right"] == (guess is not None if n == 1 else guess in top)
    kind = ("alone" if n == 1 else "even" if max(scaled) == min(scaled) else "prints even" if len(top) == n else
            "one" if len(top) == 1 else "tie")
    assert f["kind"] == kind
    for j in (top if kind in ("one", "tie") else ()):
        assert f"“{labels[j]}”" in text  # every key on top is named
    if kind in ("one", "tie"):
        assert f["best"] == min(scaled[j] for j in top) and f["second"] == scaled[runner]
        best, second = apart(f["best"], f["second"])
        assert best != second and second in text, text  # two scores never read alike
        if "low" in f:  # the top keys' scores differ: their range is quoted
            assert (f["low"], f["high"]) == (min(scaled[j] for j in top), max(scaled[j] for j in top))
            low, high = apart(f["low"], f["high"])
            assert low != high and low in text and high in text, text
        else:
            assert best in text, text
        assert f"“{labels[runner]}”" in text
        assert enough(weights[key], 3) in text
    if kind == "prints even":
        assert (f["low"], f["high"]) == (min(scaled), max(scaled))
        low, high = apart(min(scaled), max(scaled))
        assert low != high and low in text and high in text
    wrong = guess is not None and not f["right"]
    assert f["guess_weight"] == (weights[guess] if wrong else None)
    if wrong:
        assert enough(weights[guess]) in text and f"“{labels[guess]}”" in text
    # a weight that is not exactly 0 or 1 never reads as one
    quoted = [f["weight"]] + ([f["guess_weight"]] if wrong else [])
    assert all(enough(w) not in ("0.000", "1.000") or w in (0, 1) for w in quoted)
    assert not never_true(text), never_true(text)
    return said


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.one_of(st.floats(-40, 40), st.sampled_from([0.0, 1.0, 2.0])), min_size=1, max_size=12),
       st.one_of(st.none(), st.integers(0, 11)))
def test_the_verdict_states_attn_cores_top_keys_and_the_numbers_behind_them(scaled, guess):
    guess = None if guess is None else guess % len(scaled)
    assert_verdict_holds([f"t{k}" for k in range(len(scaled))], scaled, guess)


@pytest.mark.parametrize("scaled, guess", [([0.1, 3.4, 0.0], 1), ([0.1, 3.4, 0.0], 2), ([1.0, 1.0], 1),
                                           ([1e-4, 0.0, 0.0], 2), ([1.2341, 1.2302, -3.0], 0), ([0.7], 0),
                                           ([2.0, 2.0, -1.0], 2), ([2.0, 1.9999, -1.0], 2)])
def test_the_verdict_at_each_kind_of_row(scaled, guess):
    said = assert_verdict_holds(["sat", "cat", "mat"][:len(scaled)], scaled, guess)
    assert said.facts["kind"] in ("one", "tie", "even", "prints even", "alone")


def test_keys_whose_weights_print_the_same_tie_and_either_is_right():
    """Issue 30 item 3: Home, random weights, seed 0, query “the·0”, guess “cat”: both print 0.199; it said
    "Not quite"."""
    inputs = attn_core.build_inputs("the cat sat on the mat", 0, 8)
    w = inputs.weights
    res = build(inputs.X, w.W_Q, w.W_K, w.W_V)
    labels = list(inputs.labels)
    for guess in (0, 1):
        said = top_key_verdict(labels, 0, res.scaled[0], res.weights[0], guess)
        assert said.facts["right"] and said.facts["kind"] == "tie" and said.facts["top"] == (0, 1)
        assert enough(said.facts["weight"], 3) == "0.199" and not never_true(said.text)
    said = top_key_verdict(labels, 0, res.scaled[0], res.weights[0], 2)
    assert not said.facts["right"] and said.facts["guess_weight"] == res.weights[0, 2]
    assert enough(res.weights[0, 2]) in said.text


def test_one_token_gets_the_whole_weight_and_is_not_said_to_weigh_every_key_the_same():
    """Issue 22, Home ?text=hello: "weighs every key the same, 1.000 each" of its one key."""
    said = top_key_verdict(["hello"], 0, [0.7], [1.0], 0)
    assert said.facts["kind"] == "alone" and said.facts["right"] and said.facts["weight"] == 1
    assert "every key the same" not in said.text and "1.000" not in said.text  # the old false claim, and its 1.000


def test_the_source_texts_two_keys_read_0_9997_and_0_0003():
    """softmax([8, 0]) = [0.9997, 0.0003], as the source text writes it: never 1.000 and 0.000."""
    weights = softmax(np.array([8.0, 0.0]))
    said = top_key_verdict(["a", "b"], 0, [8.0, 0.0], weights, 1)
    assert not said.facts["right"] and said.facts["key"] == 0
    assert "0.9997" in said.text and "0.0003" in said.text
    assert not re.search(r"(?<![\d.])[01]\.000(?!\d)", said.text), said.text


def test_apart_tells_two_numbers_apart_and_never_prints_a_nonzero_as_zero():
    assert apart(1.2341, 1.2302) == ("1.234", "1.230")
    assert apart(2.0, 2.0) == ("2.00", "2.00")
    a, b = apart(1e-4, 0.0)
    assert float(a) != 0 and a != b


def test_what_gives_the_answer_away_covers_every_kind_of_verdict():
    """While the question is open, the page must not show the verdict: every kind of verdict starts with one of
    top_key_gives_away's strings, so the leak check sees it."""
    state = {"sentence": "own", "text": "sat cat mat", "query": 0}
    given_away = top_key_gives_away(state)
    for scaled in ([3.4, 0.1, 0.0], [1.0, 1.0, 1.0], [1e-4, 0.0, 0.0], [2.0, 2.0, -1.0]):
        said = top_key_verdict(["sat", "cat", "mat"], 0, scaled, softmax(np.array(scaled)), None)
        if said.facts["kind"] != "tie":  # a tie is said in tie_words, which names the keys, not the query
            assert [s for s in given_away if s in said.text], (said.text, given_away)
    assert top_key_gives_away({"text": "a b", "query": 9}) == []


# ---- the weights: named features or seeded random -------------------------------------------------

def test_the_random_weights_caption_quotes_the_seed_and_d_model():
    assert {3, 16} <= numbers_in(random_weights_caption(3, 16))
    assert "even" not in random_weights_caption(0, 8)  # seeded weights are not even: one key gets 0.85 at times


def test_every_kind_of_word_the_caption_names_is_filed_where_it_says():
    """Issue 30 item 11: the caption said "a person counts as an animal" while “we”, “i”, “you” and “they” are
    function words, so in “we sat on the mat” “sat” finds no animal."""
    said = named_features_caption()
    assert set(said.facts["kinds"]) == {kind for kind, _ in KINDS_OF_WORD}
    for kind, words in KINDS_OF_WORD:
        assert {lexicon_feature(w) for w in words} == {said.facts["kinds"][kind]}, kind
        assert kind in said.text
    assert "a person counts as an animal" not in said.text
    with pytest.raises(ValueError, match="different features"):
        counts_as(("we", "sister"))  # a pronoun and a person noun: the lexicon files them apart


def test_the_rules_said_are_the_rules_w_q_holds():
    """Each rule the caption states is a 1 in the hand-set W_Q, and W_Q has no other nonzero entry."""
    rules = named_features_caption().facts["rules"]
    W_Q = interpretable_start(("cat",)).W_Q
    assert set(rules) == {tuple(int(k) for k in ij) for ij in zip(*np.nonzero(W_Q), strict=True)}
    assert np.all(W_Q[np.nonzero(W_Q)] == 1)


def test_the_switchs_help_counts_the_named_columns():
    help_text = named_features_help()
    assert {len(FEATURES), len(POSITION_DIMS)} <= numbers_in(help_text)
    assert all(f in help_text for f in FEATURES)


# ---- your own sentence: the words the lexicon does not know -----------------------------------------

@pytest.mark.parametrize("text", ["the quick fox", "the glorp zxq", "hello big world", "hello",
                                  " ".join(f"w{k}" for k in range(8)) + " cat", "a * b",
                                  "the quick brown fox jumps over the lazy dog"])
def test_the_words_outside_the_lexicon_are_named_and_counted(text):
    tokens = tokenize(text).tokens
    labels = list(attn_core.token_labels(tokens))
    unknown = [i for i, t in enumerate(tokens) if t.casefold() not in {w.casefold() for w in _lexicon_words()}]
    said = unknown_words(labels, not_in_lexicon(tokens))
    assert said.facts["unknown"] == unknown
    f = said.facts
    assert f["every"] == (len(unknown) == len(tokens) > 1)
    if not f["every"]:
        assert f["named"] == unknown[:len(f["named"])] and len(f["named"]) + f["more"] == len(unknown)
        assert len(f["named"]) == (len(unknown) if len(unknown) <= 5 else 4)  # five named, or four and a count
        assert all(f"“{md_text(labels[i])}”" in said.text for i in f["named"])
        assert all(f"“{md_text(labels[i])}”" not in said.text for i in range(len(labels)) if i not in f["named"])
        if f["more"]:
            assert f["more"] in numbers_in(said.text)
    assert not never_true(said.text)


def _lexicon_words():
    from attn_core.builder import LEXICON

    return LEXICON


def test_a_sentence_the_lexicon_knows_gets_no_note():
    assert unknown_words(["the", "cat"], []) is None


@pytest.mark.parametrize("sentence", WORKING_SENTENCES)
def test_the_sentences_offered_work(sentence):
    """Every word known, and its first action at position 2, the query the page starts on."""
    tokens = tokenize(sentence).tokens
    assert not not_in_lexicon(tokens)
    assert action_animal_pair(tokens) is not None and action_animal_pair(tokens)[0] == 2


# ---- one query, every key --------------------------------------------------------------------------

def test_the_one_head_caption_gives_d_k_and_what_x_is():
    named = one_head_caption(7, CLASSIC, named=True)
    assert named.facts == {"d_k": 7, "named": True}
    assert {7, len(FEATURES), len(POSITION_DIMS)} <= numbers_in(named.text)
    assert len(FEATURES) + len(POSITION_DIMS) == 7  # the width the caption explains is X's
    seeded = one_head_caption(8, CLASSIC, named=False)
    note = positions_note(CLASSIC)
    assert seeded.facts == {"d_k": 8, "named": False, **note.facts} and note.text in seeded.text
    assert 8 in numbers_in(seeded.text)


def test_the_square_root_of_7_says_where_the_7_comes_from():
    """Issue 30 item 15: Home divided by √7 beside a sidebar that says d_model 8 and 'here d_k = d_model'."""
    start = interpretable_start(("the", "cat", "sat"))
    res = build(start.X, start.W_Q, start.W_K, start.W_V)
    said = query_steps_caption(res.d_k, res.weights[2], named=True)
    assert said.facts["d_k"] == res.d_k == start.X.shape[1] == 7
    assert said.facts["sqrt_d_k"] == pytest.approx(7 ** 0.5) and said.facts["sum"] == pytest.approx(1)
    assert num(7 ** 0.5, 3) in said.text and num(res.weights[2].sum(), 4) in said.text
    assert {len(FEATURES), len(POSITION_DIMS)} <= numbers_in(said.text)  # X's 5 named and 2 position columns
    seeded = query_steps_caption(8, [0.5, 0.5], named=False)
    assert seeded.facts["d_k"] == 8 and num(8 ** 0.5, 3) in seeded.text


def test_the_query_titles_carry_the_label_and_the_live_width():
    title, panels = query_titles("sat", 7)
    assert "“sat”" in title and len(panels) == 3 and "√7" in panels[1]
    assert "√64" in query_titles("sat", 64)[1][1]
    assert "“sat”" in top_key_question("sat") and top_key_question("sat").endswith("?")


def test_the_output_header_and_code_intro_escape_the_token():
    assert md_text("*") in output_header("*") and "mat" in output_header("mat")
    assert "“mat”" in code_intro("mat") and "“\\*”" in code_intro("*")


@pytest.mark.parametrize("output, gap, kind", [([0.75, 3.0], 0.0, "exact"), ([0.75, 3.5], 0.5, "differs"),
                                               ([0.75, 3.0 + 4e-16], 4.440892098500626e-16, "rounding")])
def test_the_shares_caption_reports_the_real_gap(output, gap, kind):
    shares = np.array([[0.5, 1.0], [0.25, 2.0]])
    said = shares_sum_caption(shares, output)
    assert said.facts["gap"] == pytest.approx(np.abs(shares.sum(axis=0) - np.array(output)).max(), abs=0)
    assert said.facts["gap"] == pytest.approx(gap) and said.facts["kind"] == kind
    assert enough(said.facts["gap"], below=1e-9) in said.text


@pytest.mark.parametrize("n", [1, 6, 8, 11, 32])
def test_the_weight_matrix_sentence_gives_its_live_size(n):
    """Issue 22: one token read "Your 1 tokens give a 1 × 1 weight matrix"."""
    said = weight_matrix_sentence(n, n, n)
    assert said.facts == {"tokens": n, "rows": n, "cols": n}
    assert f"{a_an(n)} {n} × {n}" in said.text and not never_true(said.text)


def test_ten_tokens_give_ten_by_ten_weights_as_the_source_text_says():
    assert "10 × 10" in weight_matrix_sentence(10, 10, 10).text


def test_the_notebooks_note_names_the_query_as_typed():
    from attn_lessons.home import notebook_query_note

    assert notebook_query_note("cat").endswith("'cat'")
    assert notebook_query_note("it's").endswith("\"it's\"")  # quoted as Python writes it
    assert notebook_query_note("*") != notebook_query_note("the·0")


def test_the_route_note_states_the_core_pages_reading_time_from_the_route():
    from attn_lessons import home
    from attn_ui.pages import route

    minutes = sum(p.minutes for p in route() if p.core)
    said = home.route_note(minutes)
    assert said.facts["minutes"] == minutes > 0 and minutes in numbers_in(said.text)


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


def _numbers(text: str) -> list[str]:
    """The numbers a text prints, as printed, sorted: the same in every language."""
    return sorted(re.findall(r"(?<![\w.])−?\d+(?:,\d{3})*(?:\.\d+)?(?: × 10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?", text))


def _home_said(text: str, random: bool):
    """Every sentence Home says about `text`'s numbers (each query's verdict on each guess, the captions), as
    (name, Said) pairs, in the session's language."""
    inputs = attn_core.build_inputs(text, 0, 8)
    labels, tokens = list(inputs.labels), inputs.tokens
    w = inputs.weights
    start = random_start(inputs.X, w.W_Q, w.W_K, w.W_V) if random else interpretable_start(tokens)
    res = build(start.X, start.W_Q, start.W_K, start.W_V)
    said = [("positions", positions_note(tokens)), ("one head", one_head_caption(start.X.shape[1], tokens, not random)),
            ("named", named_features_caption()), ("matrix", weight_matrix_sentence(len(labels), *res.weights.shape))]
    unknown = unknown_words(labels, not_in_lexicon(tokens))
    said += [("unknown", unknown)] if unknown else []
    for i in range(len(labels)):
        said.append((f"steps {i}", query_steps_caption(res.d_k, res.weights[i], not random)))
        said.append((f"shares {i}", shares_sum_caption(res.weights[i][:, None] * res.V, res.output[i])))
        said += [(f"verdict {i} {g}", top_key_verdict(labels, i, res.scaled[i], res.weights[i], g))
                 for g in (None, *range(len(labels)))]
    return labels, said


@pytest.mark.parametrize("text, random", [("the cat sat on the mat", False), ("the cat sat on the mat", True),
                                          ("猫坐在垫子上", False), ("a b a b", False), ("hello", False),
                                          ("the quick brown fox jumps over the lazy dog", False)])
def test_in_chinese_every_sentence_states_the_same_facts_and_numbers_with_no_english(text, random):
    from tests.prose import english_runs

    labels, english = _home_said(text, random)
    _, chinese = _in("zh-CN", lambda: _home_said(text, random))
    assert [name for name, _ in chinese] == [name for name, _ in english]
    for (name, en), (_, zh) in zip(english, chinese, strict=True):
        assert zh.facts == en.facts, name
        assert zh.text != en.text, name
        # a number English quotes, Chinese quotes too (English alone spells a count as a word: "the two “the”s")
        assert set(_numbers(en.text)) <= set(_numbers(zh.text)), (name, en.text, zh.text)
        assert not english_runs(zh.text, allowed=(*labels, *NOTATION)), (name, zh.text)
        assert not re.search(r"[。：；）] ", zh.text), (name, zh.text)  # no space after Chinese punctuation


NOTATION = ("sin p", "cos p", "q·k/√d_k")


def test_chinese_counts_copies_in_words_and_quotes_the_tokens():
    note = _in("zh-CN", lambda: positions_note(("the", "cat", "the")))
    assert note.facts["repeats"] == {"the": 2} and "两个“the”" in note.text


def test_the_sentences_offered_in_chinese_work():
    """Every character known to the lexicon, and an action that finds an animal: the page starts on that action."""
    from attn_lessons.home import working_sentences

    sentences = _in("zh-CN", working_sentences)
    assert len(set(sentences)) == 3 and sentences != _in("en", working_sentences)
    for sentence in sentences:
        tokens = tokenize(sentence).tokens
        assert not not_in_lexicon(tokens) and action_animal_pair(tokens) is not None, sentence
