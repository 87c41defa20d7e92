"""attn_lessons.questions: the readers of a learner's reply, the seeded questions and their computed answers,
their marking and hints, and every sentence the Check yourself page prints about its numbers."""

import math
import re
import unicodedata

import numpy as np
import pytest

from attn_core.tokens import is_han
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.hyp import examples

from attn_core import causal_mask, project, sample_qk_dots, scaled_dot_product_attention, softmax
from attn_core.model import build_inputs
from attn_core.questions import (
    attention_reads,
    one_hot_attention,
    passage_words,
    qkv_arrays,
    recurrent_reads,
    repeat_gaps,
    role_test,
    steps_matrix,
)
from attn_core.scaling import compare_two_keys
from attn_lessons import questions as qs
from attn_lessons.i18n import tr, tr_in, use
from attn_lessons.said import Said
from attn_lessons.format import readable
from attn_lessons.scaling import GRADIENT_AT, SAME, gradient_slopes, slopes_compared
from tests.prose import claims, never_true

SEEDS = range(0, 25)


# --------------------------------------------------------------------------------------------- shapes

@pytest.mark.parametrize("text", ["10x10", "10 × 10", "(10, 10)", "10 by 10", "10X10", "10 BY 10", "[10, 10]",
                                  "10*10", "10 ✕ 10", " ( 10 ,10 ) ", "10x10.", "10 10", "10,10", "10 x 10"])
def test_every_spelling_of_ten_by_ten(text):
    assert qs.parse_shape(text) == (10, 10)


@pytest.mark.parametrize("text,shape", [("(10,)", (10,)), ("3 × 4 × 5", (3, 4, 5)), ("7x3", (7, 3)),
                                        ("0 x 2", (0, 2))])
def test_other_shapes_read_as_written(text, shape):
    assert qs.parse_shape(text) == shape


@pytest.mark.parametrize("text", ["", "   ", "ten by ten", "10x", "x10", "10xx10", "10.5 x 10", "-3 x 4", "matrix",
                                  "10 x 10 matrix", "🙂", "<b>10</b>", "nan", "(10, 10", "10 × × 10", None, 10,
                                  "１０x", "1 2 3 4 5", "1" * 200])
def test_text_that_is_not_a_shape_reads_as_none(text):
    assert qs.parse_shape(text) is None


SPELLINGS = [" × ", "x", " x ", "X", " by ", "*", ", ", ",", " "]
BRACKETS = [("", ""), ("(", ")"), ("[", "]")]


@settings(max_examples=examples(100))
@given(shape=st.lists(st.integers(0, 10**6), min_size=2, max_size=4), sep=st.sampled_from(SPELLINGS),
       brackets=st.sampled_from(BRACKETS), pad=st.sampled_from(["", " ", "  "]))
def test_every_accepted_spelling_reads_back_the_shape(shape, sep, brackets, pad):
    text = pad + brackets[0] + sep.join(map(str, shape)) + brackets[1] + pad
    assert qs.parse_shape(text) == tuple(shape)


@settings(max_examples=examples(300))
@given(st.text(max_size=40))
def test_garbage_is_never_marked_wrong(text):
    q = qs.make_question("weights_shape", 0)
    verdict = qs.check(q, text)
    if qs.parse_shape(text) is None:
        assert verdict.status == qs.UNREADABLE and verdict.message.startswith("I could not read that as a shape")
    else:
        assert verdict.status in (qs.RIGHT, qs.WRONG)


@settings(max_examples=examples(100))
# no digit, as a keyboard's reply is read (NFKC: "²" and "①" are a 2 and a 1, as a full-width "２" is)
@given(st.text(alphabet=st.characters(blacklist_categories=("Nd",)), max_size=40).filter(
    lambda t: not any(c.isdecimal() for c in unicodedata.normalize("NFKC", t))))
def test_text_without_a_digit_is_unreadable_as_a_shape(text):
    assert qs.check(qs.make_question("qkv_shapes", 3), text).status == qs.UNREADABLE


# -------------------------------------------------------------------------------------- numbers, vectors

@pytest.mark.parametrize("text,value", [("8", 8), ("8.0", 8), (" 0.73 ", 0.73), ("0,73", 0.73), (".5", 0.5),
                                        ("73%", 0.73), ("√64", 8), ("√ 64", 8), ("sqrt(64)", 8), ("SQRT 64", 8),
                                        ("√(32)", math.sqrt(32)), ("1/8", 0.125), ("one", 1), ("Twelve", 12),
                                        ("−2", -2), ("≈ 5.66", 5.66), ("about 8", 8), ("1e3", 1000), ("64.", 64)])
def test_numbers_read_as_a_person_writes_them(text, value):
    assert qs.parse_number(text) == pytest.approx(value)


@pytest.mark.parametrize("text", ["", "eight-ish", "√-4", "1/0", "nan", "inf", "1e999", "8 8", "√", "%", "x",
                                  None, "８ ８", "1,2,3"])
def test_text_that_is_not_a_number_reads_as_none(text):
    assert qs.parse_number(text) is None


@settings(max_examples=examples(100))
@given(st.floats(allow_nan=False, allow_infinity=False))
def test_any_finite_float_reads_back(x):
    assert qs.parse_number(repr(x)) == x


@pytest.mark.parametrize("text,value", [("[1, -2, 3]", (1, -2, 3)), ("1 −2 3", (1, -2, 3)), ("(0.5; 2)", (0.5, 2)),
                                        ("1,2", (1, 2)), ("[ 4 ]", (4,))])
def test_vectors_read_in_order(text, value):
    assert qs.parse_vector(text) == value


@pytest.mark.parametrize("text", ["", "[]", "[a, b]", "1, two", "[1, 2", None, "1 " * 40])
def test_text_that_is_not_a_vector_reads_as_none(text):
    assert qs.parse_vector(text) is None


# ---------------------------------------------------------------------------------- every question kind

def right_text(q: qs.Question) -> str:
    """A reply a learner who knows the answer would type."""
    if q.answer_type == "choice":
        return q.answer
    if q.answer_type == "shape":
        return " x ".join(map(str, q.answer))
    if q.answer_type == "vector":
        return "[" + ", ".join(f"{v:g}" for v in q.answer) + "]"
    return f"{q.answer:.4f}"


def wrong_text(q: qs.Question) -> str:
    """A readable reply that is not the answer."""
    if q.answer_type == "choice":
        return next(key for key, _ in q.options if key != q.answer)
    if q.answer_type == "shape":
        return " x ".join(str(s + 1) for s in q.answer)
    if q.answer_type == "vector":
        return "[" + ", ".join(f"{v + 1:g}" for v in q.answer) + "]"
    return f"{q.answer + 1:.4f}"


def test_there_are_at_least_twelve_kinds_and_each_has_a_maker_and_a_hint():
    assert len(qs.KINDS) >= 12 and len(set(qs.KINDS)) == len(qs.KINDS)
    assert all(callable(k.make) and callable(k.hint) and k.wrong for k in qs.QUIZ_KINDS)  # one declaration each
    assert [k.name for k in qs.QUIZ_KINDS] == list(qs.KINDS) and set(qs.KIND) == set(qs.KINDS)
    assert qs.KINDS[:2] == ("weights_shape", "why_scale")  # the source text's two questions come first


@pytest.mark.parametrize("kind", qs.KINDS)
def test_right_wrong_and_unreadable_at_many_seeds(kind):
    for seed in SEEDS:
        q = qs.make_question(kind, seed)
        assert (q.kind, q.seed) == (kind, seed)
        right = qs.check(q, right_text(q))
        assert right.status == qs.RIGHT and right.message == q.why, (seed, right)
        wrong = qs.check(q, wrong_text(q))
        assert wrong.status == qs.WRONG, (seed, wrong)
        assert f"The answer is {q.answer_text}." in wrong.message and q.why in wrong.message
        for garbage in ("", "🙂 what?", None):
            unread = qs.check(q, garbage)
            assert unread.status == qs.UNREADABLE and unread.message == qs.unreadable_message(q.answer_type)
        shown = qs.show_answer(q)
        assert shown.status == qs.SHOWN and q.answer_text in shown.message


@pytest.mark.parametrize("kind", qs.KINDS)
def test_the_same_seed_gives_the_same_question_and_re_rolls_change_it(kind):
    assert qs.make_question(kind, 7) == qs.make_question(kind, 7)
    prompts = {qs.make_question(kind, s).prompt + repr(qs.make_question(kind, s).options) for s in SEEDS}
    assert len(prompts) > 1, "re-rolling never changes this question"


@pytest.mark.parametrize("kind", [k for k in qs.KINDS if qs.make_question(k, 0).answer_type == "choice"])
def test_choice_questions_have_one_right_option_and_a_reason_for_each(kind):
    for seed in range(8):
        q = qs.make_question(kind, seed)
        keys = [k for k, _ in q.options]
        assert q.answer in keys and len(set(keys)) == len(keys) >= 3
        assert [qs.check(q, k).status for k in keys].count(qs.RIGHT) == 1
        assert set(q.params["reasons"]) == set(keys)


@pytest.mark.parametrize("seed", [-1, 1.5, True, "3"])
def test_make_question_refuses_a_bad_seed(seed):
    with pytest.raises(ValueError, match="seed"):
        qs.make_question("steps", seed)


def test_make_question_refuses_an_unknown_kind():
    with pytest.raises(ValueError, match="unknown question kind 'nope'"):
        qs.make_question("nope", 0)


# ---------------------------------------------------------------- the answers match the maths done by hand

def test_seed_zero_asks_the_source_texts_own_numbers():
    assert qs.make_question("weights_shape", 0).answer == (10, 10)
    assert "sequence of 10 tokens" in qs.make_question("weights_shape", 0).prompt
    assert qs.make_question("two_keys", 0).answer == pytest.approx(0.731, abs=5e-4)  # softmax([1, 0])[0]
    assert qs.make_question("qk_variance", 0).answer == 64
    assert qs.make_question("scale_heads", 0).answer == 8  # d_model 512, 8 heads


@pytest.mark.parametrize("seed", SEEDS)
def test_answers_agree_with_the_formula(seed):
    q = qs.make_question("weights_shape", seed)
    assert q.answer == (q.params["n_q"], q.params["n_k"])
    q = qs.make_question("qkv_shapes", seed)
    p = q.params
    expected = {"Q": (p["n"], p["d_k"]), "K": (p["n"], p["d_k"]), "V": (p["n"], p["d_v"]),
                "output": (p["n"], p["d_v"])}
    assert q.answer == expected[p["which"]] and str(p["d_model"]) in q.prompt
    q = qs.make_question("scale_heads", seed)
    assert q.answer == pytest.approx(math.sqrt(q.params["d_model"] / q.params["h"]))
    q = qs.make_question("causal_row", seed)
    assert q.answer == q.params["i"] + 1  # row i, counted from 0, reads keys 0 … i
    q = qs.make_question("one_hot", seed)
    assert q.answer == tuple(q.params["V"][q.params["j"]])  # row j of V, counted from 0
    q = qs.make_question("qk_variance", seed)
    assert q.answer == q.params["d_k"]
    assert qs.make_question("steps", seed).answer == 1
    q = qs.make_question("weights_total", seed)
    assert q.answer == pytest.approx(q.params["n"]) and q.answer_text == str(q.params["n"])
    q = qs.make_question("two_keys", seed)
    assert q.answer == pytest.approx(1 / (1 + math.exp(-q.params["s"] / math.sqrt(q.params["d_k"]))))
    assert qs.make_question("softmax_axis", seed).answer == "keys"
    assert qs.make_question("roles", seed).answer == "qk"
    assert qs.make_question("identical_tokens", seed).answer == "same"
    assert qs.make_question("why_scale", seed).answer == "argmax"


def test_re_rolls_reach_both_variants_of_the_shape_question():
    qs_ = [qs.make_question("weights_shape", s) for s in SEEDS]
    assert any(q.params["n_q"] != q.params["n_k"] for q in qs_)
    assert any(q.params["n_q"] == q.params["n_k"] != 10 for q in qs_)
    assert {q.params["which"] for q in (qs.make_question("qkv_shapes", s) for s in SEEDS)} == set(qs.QKV_NAMES)


def test_identical_tokens_sentence_really_repeats_the_word():
    for seed in SEEDS:
        p = qs.make_question("identical_tokens", seed).params
        words, a, b = p["words"], p["a"], p["b"]
        assert a < b and words[a] == words[b]  # positions from 0, as the labels the·0 and the·4
        assert f"positions {a} and {b} (counting from 0)" in qs.make_question("identical_tokens", seed).prompt


# ---------------------------------------------------------------------------------------- hints

@pytest.mark.parametrize("kind,reply,hint", [
    ("scale_heads", "√512", "That is √d_model = √512"),
    ("scale_heads", "64", "That is d_k itself"),
    ("scale_heads", "1/8", "That is what you multiply by"),
    ("qk_variance", "8", "That is the standard deviation"),
    ("qk_variance", "1", "after dividing q·k by √d_k"),
    ("qk_variance", "4096", "not d_k²"),
    ("steps", "9", "a recurrent network"),
    ("two_keys", "0.9997", "without dividing by √d_k"),
    ("two_keys", "0.27", "the second key's weight"),
    ("two_keys", "3", "never above 1"),
    ("causal_row", "4", "the tokens after it"),
    ("causal_row", "2", "also attends to itself"),
    ("causal_row", "6", "as without a mask"),
    ("weights_shape", "10", "two axes"),
])
def test_wrong_replies_get_a_hint_about_that_reply(kind, reply, hint):
    verdict = qs.check(qs.make_question(kind, 0), reply)
    assert verdict.status == qs.WRONG and hint in verdict.message


def test_the_transposed_cross_attention_shape_is_named_a_transpose():
    q = next(q for q in (qs.make_question("weights_shape", s) for s in SEEDS)
             if q.params["n_q"] != q.params["n_k"])
    n_q, n_k = q.params["n_q"], q.params["n_k"]
    assert "the transpose" in qs.check(q, f"{n_k} x {n_q}").message


def test_one_hot_hints_name_the_row_that_was_typed():
    q = qs.make_question("one_hot", 0)
    V, j = q.params["V"], q.params["j"]
    k = next(k for k in range(len(V)) if k != j)
    reply = "[" + ", ".join(f"{v:g}" for v in V[k]) + "]"
    assert f"That is v{qs._sub(k)}, token {k}'s value; the weight 1 sits on token {j}, row {j} of V." in (
        qs.check(q, reply).message)
    assert f"has {q.params['d_v']} entries" in qs.check(q, "[1]").message


def test_a_shape_of_another_matrix_is_named():
    for seed in SEEDS:
        q = qs.make_question("qkv_shapes", seed)
        shapes, which = q.params["shapes"], q.params["which"]
        other = next((m for m in qs.QKV_NAMES if shapes[m] != shapes[which]), None)
        if other:
            assert f"That is the shape of {other}" in qs.check(q, qs.shape_text(shapes[other])).message
            return
    pytest.fail("no seed asks about a matrix whose shape differs from another's")


# ------------------------------------------------------------------------------------------ steps


# -------------------------------------------------------------------------------------- the sentences

def numbers_in(text: str, at_least: int = 1) -> list[float]:
    """Every number in `text`; fewer than `at_least` fails (a verdict may cite none: at_least=0 says so)."""
    return [float(m[0].replace("−", "-")) for m in claims(r"−?\d+(?:\.\d+)?", text.replace(",", ""), at_least)]


@settings(max_examples=examples(100))
@given(st.integers(1, 32))
def test_one_step_text_states_the_counted_steps(n):
    tokens = [f"w{k}" for k in range(n)]
    text = qs.one_step_text(tokens)
    if n == 1:
        assert "single token" in text
        return
    assert f"{n} tokens" in text and "needs 1 step:" in text
    assert f"needs {n - 1} step{'s' if n > 2 else ''}, n − 1 = {n} − 1" in text
    assert "“w0” (token 0)" in text and f"“w{n - 1}” (token {n - 1})" in text  # counted from 0, as w0 is
    assert f"token {n}" not in text


def test_every_position_in_one_step_is_said_only_with_no_mask():
    """Issue 36, item 13: "every position can see every other one in one step" holds with no mask only (a causal
    mask leaves later tokens unreachable), so the takeaway, the section's header and intro, and the notebook say so."""
    n = 6
    assert (steps_matrix(attention_reads(n)) == 1).sum() == n * (n - 1)  # no mask: every ordered pair one step apart
    assert np.isinf(steps_matrix(attention_reads(n, causal_mask(n)))).sum() == n * (n - 1) // 2  # causal: half never
    with open("notebooks/questions.py", encoding="utf-8") as f:
        assert "{{t:questions-nb-one-step}}" in f.read()  # the notebook's heading and paragraph, from the catalog
    notebook = [tr("questions-nb-one-step")]
    claims = [text for text, *_ in qs.takeaways() if "one step" in text]
    claims += [qs.one_step_header(), qs.one_step_intro(), *notebook]
    assert len(claims) >= 4  # the takeaway, the header, the intro and the notebook's heading
    for text in claims:
        assert "no mask" in text, text


@settings(max_examples=examples(100))
@given(st.integers(1, 32))
def test_causal_step_text_counts_half_the_pairs_each_way(n):
    text = qs.causal_step_text(n)
    if n == 1:
        assert "no pairs" in text
        return
    half = n * (n - 1) // 2
    assert f"{half} of the {n * (n - 1)} ordered pairs" in text
    assert (f"the other {half} pairs" if half > 1 else "In the other pair the information") in text  # n = 2: one pair
    assert f"ordered pairs of different tokens {'are' if half > 1 else 'is'} one step apart" in text


def test_the_weights_shape_typed_for_the_output_is_named():
    q = next(q for q in (qs.make_question("qkv_shapes", s) for s in SEEDS)
             if q.params["which"] == "output" and q.params["n"] != q.params["d_v"])
    n = q.params["n"]
    assert "That is the shape of the weights." in qs.check(q, f"{n} x {n}").message


def test_shape_flow_reads_the_arrays():
    lines = qs.shape_flow(qkv_arrays(7, 16, 4, 6, 0))
    assert lines[0] == "Q = X W_Q: (7 × 16) · (16 × 4) → 7 × 4"
    assert lines[2] == "V = X W_V: (7 × 16) · (16 × 6) → 7 × 6"
    assert lines[-1] == "output = weights · V: (7 × 7) · (7 × 6) → 7 × 6"


@pytest.mark.parametrize("firsts,expected", [
    ([], "You have not answered any of the 13 questions yet."),
    ([qs.RIGHT, qs.WRONG, qs.RIGHT], "This session: 2 of 3 answers right at the first try."),
    ([qs.RIGHT], "This session: 1 of 1 answer right at the first try."),
    ([qs.SHOWN, qs.WRONG], "This session: 0 of 1 answer right at the first try and 1 answer shown without a try."),
    ([qs.SHOWN, qs.SHOWN], "This session: 2 answers shown without a try."),
])
def test_score_text(firsts, expected):
    assert qs.score_text(firsts, 13) == expected


@pytest.mark.parametrize("kind", qs.KINDS)
def test_every_number_in_a_prompt_comes_from_the_params(kind):
    """A prompt states the question's drawn numbers, not stale ones: each param number appears in it."""
    for seed in range(5):
        q = qs.make_question(kind, seed)
        # roles measures on random tokens it does not state; one_hot's n is V's row count; scale_heads' d_k
        # is what the learner works out
        stated = [key for key in ("n", "n_q", "n_k", "d_k", "d_model", "h", "i", "j", "s") if key in q.params
                  and not (kind == "roles" or (kind, key) in (("one_hot", "n"), ("scale_heads", "d_k")))]
        nums = set(numbers_in(q.prompt, at_least=len(stated) > 0))  # a prompt with numbers to state has some
        for key in stated:
            assert q.params[key] in nums, (kind, seed, key, q.prompt)


@pytest.mark.parametrize("kind", [k for k in qs.KINDS if qs.make_question(k, 0).answer_type == "choice"])
def test_a_quoted_answer_ends_its_sentence_with_one_full_stop(kind):
    for seed in range(5):
        q = qs.make_question(kind, seed)
        message = qs.show_answer(q).message
        assert ".”." not in message and f"The answer is {q.answer_text}." in message
        assert q.answer_text.strip("“”") + "." == dict(q.options)[q.answer]


# ---------------------------------------------------------------- the page's other words about its numbers

def test_reveal_softmax_axis_names_both_sentences_then_says_what_sums_to_one():
    W = softmax(np.random.default_rng(2).standard_normal((2, 3)))
    said = qs.reveal_softmax_axis(["a", "b"], ["c", "d", "e"], W)
    assert said.text == "Queries from “a b”, keys from “c d e”. " + qs.reveal_sums(W).text
    assert said.facts == qs.reveal_sums(W).facts


def test_reveal_qkv_shapes_lists_how_each_shape_came_about():
    arrays = qkv_arrays(7, 16, 4, 6, 0)
    lines = qs.reveal_qkv_shapes(arrays).split("\n")
    assert lines[:2] == ["Random X and W of these sizes, multiplied just now:", ""]
    assert lines[2:] == [f"- {line}" for line in qs.shape_flow(arrays)]
    assert "- Q = X W_Q: (7 × 16) · (16 × 4) → 7 × 4" in lines


def test_qk_variance_title_states_the_width_and_the_count():
    assert qs.qk_variance_title(64, 10_000) == "q·k, d_k = 64  (10,000 pairs)"
    assert qs.qk_variance_title(4, 500) == "q·k, d_k = 4  (500 pairs)"


@settings(max_examples=examples(100))
@given(st.integers(2, 32))
def test_steps_metric_reads_the_step_matrix(n):
    assert qs.steps_metric("attention", steps_matrix(attention_reads(n))) == (
        f"Attention, token 0 → token {n - 1}", "1 step")
    assert qs.steps_metric("recurrent network", steps_matrix(recurrent_reads(n))) == (
        f"Recurrent network, token 0 → token {n - 1}", f"{n - 1} step{'s' if n > 2 else ''}")


def test_take_home_intro_names_the_question_and_the_step_counts_only_when_drawn():
    text = qs.take_home_intro(1, True)
    assert text.startswith("This page's numbers in plain numpy: question 1's attention at these numbers")
    assert ("and the step counts between your sentence's tokens (it prints the answers to questions 1 and 11, so "
            "try them first). It is the code of the notebook") in text
    assert qs.one_step_header() not in text  # the section's header answers question 11 (issue 30, item 1)
    text = qs.take_home_intro(3, False)
    assert "question 3's attention" in text and "step counts" not in text
    assert "(it prints the answer, so try the question first). It is the code" in text


# ------------------------------------------------------------------ issue 22: every sentence true in every state

def cited_and_shown(q: qs.Question, reply: str, proof: str) -> tuple[list[float], set[float]]:
    """The numbers a verdict cites, and the numbers the learner can see: the prompt's and the proof's."""
    return numbers_in(qs.check(q, reply).message, at_least=0), set(numbers_in(q.prompt + " " + proof))


@pytest.mark.parametrize("reply", ["queries", "all"])
def test_the_softmax_axis_verdict_cites_only_numbers_the_proof_shows(reply):
    """Item 9: the hint's column sums were another matrix's, never shown, under the same name as the proof's."""
    for seed in SEEDS:
        q = qs.make_question("softmax_axis", seed)
        n_q, n_k = q.params["n_q"], q.params["n_k"]
        for scale in (0.1, 1, 5):  # the proof's weights depend on the learner's settings: any of this shape
            W = softmax(np.random.default_rng(seed).standard_normal((n_q, n_k)) * scale)
            proof = qs.reveal_softmax_axis(passage_words(n_q), passage_words(n_k, n_q), W).text
            cited, shown = cited_and_shown(q, reply, proof)
            assert set(cited) <= shown, (seed, qs.check(q, reply).message, proof)


SUPERSCRIPT = str.maketrans("⁻⁰¹²³⁴⁵⁶⁷⁸⁹", "-0123456789")
PRINTED = re.compile(r"(1 [−+] )?(−?\d+(?:\.\d+)?)(?: × 10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+))?")


def read_printed(token: str) -> tuple[float, float]:
    """A number as a sentence prints it ('0.9997', '1.1 × 10⁻⁷', '1 − 1.1 × 10⁻⁷') -> (value, half a unit of its
    last digit), so a test can hold it to the value it stands for."""
    m = PRINTED.fullmatch(token.strip())
    assert m, f"not a printed number: {token!r}"
    near_one, mantissa, power = m.groups()
    digits = len(mantissa.split(".")[1]) if "." in mantissa else 0
    scale = 10.0 ** int(power.translate(SUPERSCRIPT)) if power else 1.0
    value, half = float(mantissa.replace("−", "-")) * scale, 0.5 * 10.0**-digits * scale
    if near_one:
        value = 1 - value if "−" in near_one else 1 + value
    return value, half


def printed_vector(text: str, after: str) -> list[str]:
    """The entries of the [a, b] that follows `after` in `text`."""
    start = text.index(after) + len(after)
    return text[start:text.index("]", start)].lstrip("[").split(", ")


def assert_stands_for(token: str, value: float) -> None:
    """A printed number is a faithful rounding of its value, and reads 0 or 1 only when it is exactly that."""
    printed, half = read_printed(token)
    assert abs(printed - value) <= half * (1 + 1e-9), (token, value)
    if printed in (0.0, 1.0):
        assert value == printed, f"{token!r} stands for {value!r}"


def test_two_keys_at_q42_prints_what_scaling_changes():
    """Item 10: at ?q=42 (scores [16, 0], d_k = 4) the page said 1.000, [1.000, 0.000] and 'slope 0.000 scaled
    against 0.0000 unscaled'; the weights are the source text's 0.9997 and 0.0003, the slopes 3,000× apart."""
    q = qs._two_keys_at(42, 16, 4)  # no seed asks it now (issue 30, item 6: both weights read 1.00); its words stand
    assert q.answer_text == "0.9997" and "softmax of that is [0.9997, 0.0003]" in q.why
    assert "without the division it would be 1 − 1.1 × 10⁻⁷ for the first key" in q.why
    two = compare_two_keys([16, 0], 4)
    said = qs.reveal_two_keys(two)
    assert said.facts["said"] == {"unscaled": "[1 − 1.1 × 10⁻⁷, 1.1 × 10⁻⁷]", "scaled": "[0.9997, 0.0003]"}
    check_gradients_facts(said.facts["gradients"], two)
    assert [said.facts["gradients"][at]["said"] for at in GRADIENT_AT] == [
        {"scaled": "3.4 × 10⁻⁴", "unscaled": "1.1 × 10⁻⁷", "ratio": "2,979×"},
        {"scaled": "1.7 × 10⁻⁴", "unscaled": "1.1 × 10⁻⁷", "ratio": "1,489×"}]


@settings(max_examples=examples(300))
@given(s=st.one_of(st.integers(-40, 40), st.floats(-60, 60), st.floats(-0.05, 0.05)),
       d_k=st.sampled_from([1, 2, 4, 16, 64, 256, 512]))
def test_two_keys_sentences_print_each_weight_as_what_it_is(s, d_k):
    """With the values beside the sentence: every printed weight and slope rounds its own value, and none reads
    0 or 1 unless it is; the comparison of the slopes says larger, smaller or the same from the two values."""
    two = compare_two_keys([s, 0], d_k)
    said = qs.reveal_two_keys(two)
    quotes_its_facts(said)
    for name, values in (("unscaled", two.p_unscaled), ("scaled", two.p_scaled)):
        for token, value in zip(said.facts["said"][name].strip("[]").split(", "), values, strict=True):
            assert_stands_for(token, value)
    check_gradients_facts(said.facts["gradients"], two)  # each gradient named by where it is (issue 30, item 7)


@pytest.mark.parametrize("seed", [1, 7])  # √32 = 5.657, and the question states no precision
@pytest.mark.parametrize("reply,status", [("5.7", qs.RIGHT), ("5.66", qs.RIGHT), ("5.657", qs.RIGHT),
                                          ("≈ 5.7", qs.RIGHT), ("5,7", qs.RIGHT), ("√32", qs.RIGHT),
                                          ("5.6", qs.WRONG), ("6", qs.WRONG), ("5.8", qs.WRONG), ("5.62", qs.WRONG)])
def test_scale_heads_accepts_the_answer_rounded_to_the_digits_typed(seed, reply, status):
    """Item 11: '5.7' was marked wrong though nothing asked for more digits. A reply is right when it is the answer
    rounded to the digits it gives (within half a unit of its last one), to at least two significant digits."""
    q = qs.make_question("scale_heads", seed)
    assert q.answer == pytest.approx(math.sqrt(32))
    assert qs.check(q, reply).status == status, qs.check(q, reply)


@pytest.mark.parametrize("reply", ["1/√32", "1 / √32", "1/sqrt(32)", "1/sqrt 32"])
def test_one_over_root_d_k_is_read_and_gets_the_multiply_hint(reply):
    """Item 11: '1/√32' was refused as unreadable; it is the factor you multiply by, and the hint says so."""
    verdict = qs.check(qs.make_question("scale_heads", 7), reply)
    assert verdict.status == qs.WRONG and "That is what you multiply by" in verdict.message


@pytest.mark.parametrize("text,value", [("1/√64", 0.125), ("√2/2", math.sqrt(2) / 2), ("√(32)/√(2)", 4),
                                        ("1/sqrt(4)", 0.5)])
def test_a_fraction_may_hold_square_roots(text, value):
    assert qs.parse_number(text) == pytest.approx(value)


@pytest.mark.parametrize("text,unit", [("5.7", 0.1), ("5.66", 0.01), ("6", 1), ("73%", 0.01), ("7.5%", 0.001),
                                       ("5,7", 0.1), ("≈ 5.7", 0.1), ("5.7e1", 1), ("2.5e-3", 1e-4), ("√32", 0),
                                       ("1/8", 0), ("one", 0)])
def test_a_reply_knows_the_unit_of_its_last_digit(text, unit):
    assert qs.typed_unit(text) == pytest.approx(unit)


def test_a_whole_answer_is_not_rounded_to_tens():
    q = next(q for q in (qs.make_question("qk_variance", s) for s in range(200)) if q.answer == 512)
    assert qs.check(q, "512").status == qs.RIGHT and qs.check(q, "5.1e2").status == qs.WRONG


KEYS_AFTER = re.compile(r"\b[01] keys\b|\bthe 1 key\b|\bkey after it get\b|\bkeys after it gets\b|keys 1 … 1\b|"
                        r"keys 0 … [01]\b")


def test_causal_row_at_q42_says_the_key_after_it_gets_0():
    """Q7 at ?q=42 (row 8 of 9) said 'the 1 key after it get exactly 0'."""
    q = qs.make_question("causal_row", 42)
    assert (q.params["n"], q.params["i"]) == (9, 7)  # row 7 counted from 0: the eighth of nine
    assert q.why.endswith("8 keys with nonzero weight; the key after it gets exactly 0.")


@settings(max_examples=examples(200))
@given(st.integers(0, 10**6))
def test_causal_row_counts_and_verbs_agree_at_every_row(seed):
    """The first row has no tokens before it, the last none after it, and one key 'gets', several 'get'."""
    q = qs.make_question("causal_row", seed)
    n, i = q.params["n"], q.params["i"]
    W = scaled_dot_product_attention(*np.ones((3, n, 2)), mask=causal_mask(n)).weights
    for text in (q.why, qs.reveal_causal_row([f"t{k}" for k in range(n)], W, i).text):  # i counts from 0
        assert not KEYS_AFTER.search(text), text
        assert ("no key after it" in text) == (i == n - 1), text
    assert ("the tokens before it" in q.why) == (i > 1) and ("the token before it" in q.why) == (i == 1), q.why
    for reply in range(n + 2):
        hint = qs.check(q, str(reply)).message
        assert "the tokens after it" not in hint or i < n - 2, hint
        assert "has 1 tokens" not in hint and "has 0 tokens" not in hint, hint


@settings(max_examples=examples(100))
@given(st.integers(0, 10**6))
def test_identical_tokens_hint_states_a_bound_that_is_a_bound(seed):
    """Q8 said 'their outputs differ by at most below 10⁻⁹'."""
    q = qs.make_question("identical_tokens", seed)
    gap_plain = repeat_gaps(q.params["words"], q.params["a"], q.params["b"], seed, 8)[0]
    hint = q.reason("differ")
    assert "at most below" not in hint
    assert ("differ by less than 10⁻⁹" in hint) == (gap_plain < 1e-9), hint


# ------------------------------------------------------- the walk: every question kind over seeds and page states

# This module prints an exact 0 or 1 as 0 or 1 (sig), so a 0.000 or a 1.00 always stands for a value that is not
# exactly that: rounding has made it look like one.
ZERO_ONE = re.compile(r"(?<![\d.])[01]\.0+(?![\d]| ×)")
# Counts whose verb or noun was typed for more than one: 'the 1 key after it get', '1 of the 2 pairs are'.
ONE_WITH_MANY = re.compile(r"\bthe 1 \w+|\b1 of the \d+ [^.:;]*? are\b|\bkey after it get\b|\bkeys after it gets\b|"
                           r"keys 1 … 1\b|\b0 keys\b")
D_MODELS = (2, 4, 6, 8, 12, 16, 24, 32, 48, 64)  # attn_ui.params.D_MODEL_CHOICES: the sidebar's widths
TEXTS = ("the cat sat on the mat", "hello", "dog dog dog dog", " ".join(f"w{k}" for k in range(32)),
         "the the", "a b")


@st.composite
def page_states(draw) -> dict:
    """A state of the shared sidebar: the sentence, the seed, d_model and a head count that divides it."""
    d_model = draw(st.sampled_from(D_MODELS))
    heads = draw(st.sampled_from([h for h in range(1, d_model + 1) if d_model % h == 0]))
    return {"text": draw(st.sampled_from(TEXTS)), "seed": draw(st.integers(0, 999_999)), "d_model": d_model,
            "heads": heads}


def attention_on(words_q, words_k, state: dict, mask=None):
    """Attention of one sentence's queries over another's keys and values, as the page runs it: X and W from the
    learner's seed and d_model, one head over the whole width."""
    a = build_inputs(" ".join(words_q), state["seed"], state["d_model"])
    b = build_inputs(" ".join(words_k), state["seed"], state["d_model"])
    w = a.weights
    return a, scaled_dot_product_attention(a.X @ w.W_Q, b.X @ w.W_K, b.X @ w.W_V, mask=mask)


def reveal_said(q: qs.Question, state: dict) -> Said:
    """The proof the page prints under question q at this sidebar state (pages/Check_yourself.py's reveals), with
    the facts it states (reveal_qkv_shapes lists shapes and states no fact: none)."""
    p, seed, d_model = q.params, state["seed"], state["d_model"]
    if q.kind == "weights_shape":
        words_q = passage_words(p["n_q"], p["offset_q"])
        words_k = words_q if p["n_q"] == p["n_k"] else passage_words(p["n_k"], p["offset_k"])
        return qs.reveal_weights_shape(words_q, words_k, attention_on(words_q, words_k, state)[1].weights.shape)
    if q.kind == "why_scale":
        d_k = d_model // state["heads"]
        dots = sample_qk_dots(d_k, 4000, seed)
        return qs.reveal_why_scale(d_k, dots, compare_two_keys([float(np.std(dots)), 0.0], d_k))
    if q.kind == "softmax_axis":
        words_q, words_k = passage_words(p["n_q"], 0), passage_words(p["n_k"], p["n_q"])
        return qs.reveal_softmax_axis(words_q, words_k, attention_on(words_q, words_k, state)[1].weights)
    if q.kind == "qkv_shapes":
        return Said(qs.reveal_qkv_shapes(qkv_arrays(p["n"], p["d_model"], p["d_k"], p["d_v"], seed)), {"said": {}})
    if q.kind == "roles":
        inputs = build_inputs(state["text"], seed, d_model)
        return qs.reveal_roles(role_test(*project(inputs), seed), len(inputs.tokens))
    if q.kind == "scale_heads":
        return qs.reveal_scale_heads(p["d_model"], p["h"], sample_qk_dots(p["d_k"], 4000, seed))
    if q.kind == "causal_row":
        a, res = attention_on(passage_words(p["n"]), passage_words(p["n"]), state, mask=causal_mask(p["n"]))
        return qs.reveal_causal_row(a.labels, res.weights, p["i"])
    if q.kind == "identical_tokens":
        plain, positional, _ = repeat_gaps(p["words"], p["a"], p["b"], seed, d_model)
        return qs.reveal_identical(p["words"][p["a"]], p["a"], p["b"], plain, positional)
    if q.kind == "one_hot":
        res = one_hot_attention(p["V"], p["i"], p["j"], seed)
        return qs.reveal_one_hot(res.weights[p["i"]], p["j"], res.output[p["i"]])
    if q.kind == "qk_variance":
        return qs.reveal_qk_variance(p["d_k"], sample_qk_dots(p["d_k"], 10_000, seed))
    if q.kind == "steps":
        return qs.reveal_steps(p["n"])
    if q.kind == "weights_total":
        return qs.reveal_total(attention_on(passage_words(p["n"]), passage_words(p["n"]), state)[1].weights)
    return qs.reveal_two_keys(compare_two_keys([p["s"], 0], p["d_k"]))


def reveal_text(q: qs.Question, state: dict) -> str:
    """The proof's text (reveal_said)."""
    return reveal_said(q, state).text


def said_by(text: str) -> float:
    """'by up to 0.277' -> 0.277; 'by less than 10⁻⁹' -> 0: a move as _by prints it."""
    return 0.0 if text == "by less than 10⁻⁹" else read_printed(text.removeprefix("by up to "))[0]


def quotes_its_facts(said: Said) -> None:
    """Every number a reveal quotes (its facts' "said", as printed) is in its text, and no never-true pattern is."""
    for name, printed in said.facts["said"].items():
        assert printed in said.text, (name, printed, said.text)
    assert never_true(said.text) == [], never_true(said.text)


def check_reveal_facts(q: qs.Question, state: dict) -> Said:
    """The facts the proof under q states, against attn_core's numbers at this sidebar state."""
    said = reveal_said(q, state)
    quotes_its_facts(said)
    f, quoted, p, seed, d_model = said.facts, said.facts["said"], q.params, state["seed"], state["d_model"]
    if q.kind == "weights_shape":
        assert (f["n_q"], f["n_k"]) == (p["n_q"], p["n_k"]) and quoted["shape"] == qs.shape_text(q.answer)
    elif q.kind == "why_scale":
        d_k = d_model // state["heads"]
        dots = sample_qk_dots(d_k, 4000, seed)
        two = compare_two_keys([float(np.std(dots)), 0.0], d_k)
        assert_stands_for(quoted["std"], float(np.std(dots)))
        assert_stands_for(quoted["unscaled"], softmax(np.array([np.std(dots), 0.0]))[1])
        assert_stands_for(quoted["scaled"], softmax(np.array([np.std(dots), 0.0]) / math.sqrt(d_k))[1])
        check_gradients_facts(f["gradients"], two)
    elif q.kind in ("softmax_axis", "weights_total"):
        n_q, n_k = (p["n_q"], p["n_k"]) if q.kind == "softmax_axis" else (p["n"], p["n"])
        words_q = passage_words(n_q, 0) if q.kind == "softmax_axis" else passage_words(n_q)
        words_k = passage_words(n_k, n_q) if q.kind == "softmax_axis" else passage_words(n_k)
        W = attention_on(words_q, words_k, state)[1].weights
        gap = float(np.abs(W.sum(axis=-1) - 1).max())
        assert quoted["row_gap"] == "below 10⁻⁹" if gap < 1e-9 else read_printed(quoted["row_gap"])[0] >= 1e-9
        if "total" in quoted:
            assert_stands_for(quoted["total"], float(W.sum()))
        if "low" in quoted:
            assert_stands_for(quoted["low"], float(W.sum(axis=0).min()))
            assert_stands_for(quoted["high"], float(W.sum(axis=0).max()))
    elif q.kind == "roles":
        inputs = build_inputs(state["text"], seed, d_model)
        if len(inputs.tokens) < 2:
            assert f["decide"] is None
        else:  # the values never move the weights; the keys always do, and V changes only what is copied
            assert "V" not in f["decide"] and "K" in f["decide"] and f["copied"] == ("V",)
            assert all(said_by(quoted[f"weights {m}"]) > 0 for m in f["decide"])
            assert said_by(quoted["weights V"]) == 0 and said_by(quoted["output V"]) > 0
    elif q.kind == "scale_heads":
        dots, d_k = sample_qk_dots(p["d_k"], 4000, seed), p["d_model"] // p["h"]
        std = float(np.std(dots))
        assert f["near"] == (abs(std / math.sqrt(d_k) - 1) < 0.1) and f["flattens"] == (True if p["h"] > 1 else None)
        assert_stands_for(quoted["std"], std) and assert_stands_for(quoted["by_d_k"], std / math.sqrt(d_k))
        if p["h"] > 1:
            assert_stands_for(quoted["by_d_model"], std / math.sqrt(p["d_model"]))
    elif q.kind == "causal_row":
        assert f["reached"] == list(range(p["i"] + 1)) and f["after"] == p["n"] - 1 - p["i"]
        assert quoted["total"] == "1"  # a softmax row, up to rounding
    elif q.kind == "identical_tokens":
        plain, positional, _ = repeat_gaps(p["words"], p["a"], p["b"], seed, d_model)
        assert f["identical"] == (plain < 1e-9) and said_by(quoted["plain"]) == pytest.approx(
            plain if plain >= 1e-9 else 0, rel=0.01, abs=1e-3)
    elif q.kind == "one_hot":
        V = np.array(p["V"], dtype=float)
        assert quoted["output"] == qs.vector_text(V[p["j"]])  # the one row the mask lets through
    elif q.kind == "qk_variance":
        dots = sample_qk_dots(p["d_k"], 10_000, seed)
        assert_stands_for(quoted["variance"], float(np.var(dots)))
        assert_stands_for(quoted["std"], float(np.std(dots)))
    elif q.kind == "steps":
        assert (f["attention"], f["recurrent"]) == (1, p["n"] - 1)
        assert int(steps_matrix(recurrent_reads(p["n"]))[p["n"] - 1, 0]) == p["n"] - 1
    elif q.kind == "two_keys":
        two = compare_two_keys([p["s"], 0], p["d_k"])
        for name, scores in (("unscaled", [p["s"], 0.0]), ("scaled", [p["s"] / math.sqrt(p["d_k"]), 0.0])):
            for token, value in zip(quoted[name].strip("[]").split(", "), softmax(np.array(scores)), strict=True):
                assert_stands_for(token, value)
        check_gradients_facts(f["gradients"], two)
    return said


def check_gradients_facts(facts: dict, two) -> None:
    """gradients_compared's facts at each place: the comparison word from the two slopes, each slope as printed."""
    for at in GRADIENT_AT:
        scaled, unscaled, ratio = gradient_slopes(two, at)
        f = facts[at]
        assert f["at"] == at
        if scaled == unscaled:
            assert f["compared"] == "equal"
        elif f["compared"] == "alike":  # two slopes that differ past the digits printed: one number, said once
            assert_stands_for(f["said"]["scaled"], scaled) and assert_stands_for(f["said"]["scaled"], unscaled)
        else:
            assert f["compared"] == ("same" if 1 / SAME < ratio < SAME else "larger" if scaled > unscaled else
                                     "smaller")  # never "larger" for a gradient that scaling made smaller
            assert_stands_for(f["said"]["scaled"], scaled) and assert_stands_for(f["said"]["unscaled"], unscaled)
            assert f["said"]["scaled"] != f["said"]["unscaled"]


@pytest.mark.parametrize("kind", qs.KINDS)
@settings(max_examples=examples(60))
@given(seed=st.integers(0, 999_999), state=page_states())
def test_every_reveal_states_attn_cores_numbers_at_every_seed_and_state(kind, seed, state):
    check_reveal_facts(qs.make_question(kind, seed), state)


def test_reveal_weights_shape_counts_the_sentences_tokens():
    said = qs.reveal_weights_shape(passage_words(10), passage_words(10), (10, 10))
    assert (said.facts["n_q"], said.facts["n_k"], said.facts["said"]["shape"]) == (10, 10, "10 × 10")  # the source's
    said = qs.reveal_weights_shape(["a", "b"], ["c", "d", "e"], (2, 3))
    assert (said.facts["n_q"], said.facts["n_k"], said.facts["said"]["shape"]) == (2, 3, "2 × 3")
    quotes_its_facts(said)


@pytest.mark.parametrize("d_k", [1, 4, 64, 512])
def test_reveal_why_scale_states_the_measured_numbers(d_k):
    dots = sample_qk_dots(d_k, 4000, 0)
    two = compare_two_keys([float(dots.std()), 0], d_k)
    said = qs.reveal_why_scale(d_k, dots, two)
    quotes_its_facts(said)
    # each printed number rounds its own value, and none reads 0 or 1 unless it is (at d_k = 64 the unscaled
    # weight 3.4 × 10⁻⁴ printed as 0.000)
    assert_stands_for(said.facts["said"]["std"], dots.std())
    assert_stands_for(said.facts["said"]["unscaled"], two.p_unscaled[1])
    assert_stands_for(said.facts["said"]["scaled"], two.p_scaled[1])
    assert two.p_scaled[1] >= two.p_unscaled[1]  # the sentence's point: the second key keeps more
    check_gradients_facts(said.facts["gradients"], two)


def test_why_scale_at_d_k_1_says_the_slope_is_the_same():
    """Q2 at ?d_model=2&heads=2 (d_k = 1): 'a gradient slope p₂(1 − p₂) of 0.197 instead of 0.197'."""
    dots = sample_qk_dots(1, 4000, 0)
    two = compare_two_keys([float(dots.std()), 0], 1)
    said = qs.reveal_why_scale(1, dots, two)
    assert "instead of" not in said.text and never_true(said.text) == [], said.text
    assert said.facts["gradients"]["softmax"]["compared"] == said.facts["gradients"]["weights"]["compared"] == "equal"
    assert said.facts["gradients"]["softmax"]["said"]["scaled"] == readable(two.slope_scaled)
    assert said.facts["saturation"]["yours"]["ratio"] == 1  # why not the 73×: √1 = 1 changes nothing


@settings(max_examples=examples(100))
@given(st.integers(1, 8), st.integers(1, 8), st.integers(0, 100))
def test_reveal_sums_says_what_sums_to_one(n_q, n_k, seed):
    rng = np.random.default_rng(seed)
    W = softmax(rng.standard_normal((n_q, n_k)) * 3)
    said = qs.reveal_sums(W)
    quotes_its_facts(said)
    cols, quoted = W.sum(axis=0), said.facts["said"]
    assert_stands_for(quoted["low"], cols.min()) and assert_stands_for(quoted["high"], cols.max())
    assert said.facts["columns_alike"] == (quoted["low"] == quoted["high"])
    assert quoted.get("share") == (qs.share(n_q, n_k) if n_k > 1 else None)
    assert quoted.get("total") == (f"{n_q:.3f}" if n_q > 1 else None)  # n_q rows of 1
    assert quoted["row_gap"] == "below 10⁻⁹"  # each row is a softmax: it sums to 1 up to rounding


@settings(max_examples=examples(100))
@given(st.integers(1, 12), st.data())
def test_reveal_causal_row_lists_the_keys_up_to_the_query(n, data):
    i = data.draw(st.integers(0, n - 1))  # the row, counted from 0 as its label t{i} is
    rng = np.random.default_rng(n)
    labels = [f"t{k}" for k in range(n)]
    W = scaled_dot_product_attention(rng.standard_normal((n, 3)), rng.standard_normal((n, 3)),
                                     rng.standard_normal((n, 2)), mask=causal_mask(n)).weights
    said = qs.reveal_causal_row(labels, W, i)
    quotes_its_facts(said)
    assert said.facts["reached"] == list(range(i + 1)) and said.facts["after"] == n - 1 - i
    assert said.facts["said"]["total"] == "1"


def test_reveal_identical_says_identical_only_below_rounding():
    said = qs.reveal_identical("the", 0, 4, 0.0, 0.7)  # the·0 and the·4
    assert said.facts["identical"] and said.facts["said"] == {"plain": "by less than 10⁻⁹",
                                                              "positional": "by up to 0.700"}
    assert not qs.reveal_identical("the", 0, 4, 0.2, 0.7).facts["identical"]


def test_reveal_one_hot_writes_the_sum_out():
    said = qs.reveal_one_hot([0, 1, 0], 1, [3, -4])  # the weight 1 on token 1, the second row: v₁, counted from 0
    assert said.facts["said"] == {"weights": "[0, 1, 0]", "output": "[3, −4]"} and "1 · v₁" in said.text


def test_reveal_qk_variance_and_scale_heads_state_the_measurement():
    dots = sample_qk_dots(64, 10_000, 0)
    said = qs.reveal_qk_variance(64, dots)
    assert_stands_for(said.facts["said"]["variance"], dots.var()) and assert_stands_for(said.facts["said"]["std"],
                                                                                         dots.std())
    assert "variance of" in said.text and "(theory: 64)" in said.text  # the source text: variance d_k
    said = qs.reveal_scale_heads(512, 8, dots)
    assert_stands_for(said.facts["said"]["by_d_k"], dots.std() / 8)
    assert_stands_for(said.facts["said"]["by_d_model"], dots.std() / math.sqrt(512))
    assert said.facts["near"] and said.facts["flattens"]  # sd ≈ 8 at d_k = 64; ÷ √512 flattens


@settings(max_examples=examples(100))
@given(st.integers(2, 32))
def test_reveal_steps_counts_both(n):
    said = qs.reveal_steps(n)
    quotes_its_facts(said)
    assert (said.facts["attention"], said.facts["recurrent"]) == (1, n - 1)
    assert (int(steps_matrix(attention_reads(n))[n - 1, 0]), int(steps_matrix(recurrent_reads(n))[n - 1, 0])) == (
        1, n - 1)


def test_reveal_total_and_two_keys():
    W = softmax(np.random.default_rng(0).standard_normal((7, 7)))
    assert qs.reveal_total(W).facts["said"] == {"row_gap": "below 10⁻⁹", "total": "7.000"}
    said = qs.reveal_two_keys(compare_two_keys([8, 0], 64))
    assert said.facts["said"] == {"unscaled": "[0.9997, 0.0003]", "scaled": "[0.731, 0.269]"}  # the source text's
    assert "softmax([8, 0]) = [0.9997, 0.0003]" in said.text and "softmax([1, 0]) = [0.731, 0.269]" in said.text


def test_reveal_roles_names_what_moved():
    rng = np.random.default_rng(3)
    said = qs.reveal_roles(role_test(*(rng.standard_normal((4, 2)) for _ in range(3)), seed=0), 4)
    quotes_its_facts(said)
    assert said.facts["decide"] == ("K", "Q") and said.facts["copied"] == ("V",)
    assert said.facts["said"]["weights V"] == "by less than 10⁻⁹"


def test_reveal_roles_on_one_token_says_there_is_nothing_to_move():
    t = role_test(np.ones((1, 2)), np.ones((1, 2)), np.ones((1, 2)), seed=0)  # tests/core: nothing decides
    assert qs.reveal_roles(t, 1).facts["decide"] is None


def replies(q: qs.Question) -> list:
    """The replies a learner might give: the answer, every option, and numbers and shapes near the question's own
    (each triggers a hint where one applies)."""
    if q.answer_type == "choice":
        return [key for key, _ in q.options]
    if q.answer_type == "vector":
        V = np.array(q.params["V"])
        rows = [*V, V.mean(0), V[:, q.params["j"]] if len(V) == q.params["d_v"] else V[0], [1.0]]
        return [right_text(q), wrong_text(q)] + ["[" + ", ".join(f"{x:g}" for x in r) + "]" for r in rows]
    if q.answer_type == "shape":
        return [right_text(q), wrong_text(q), " x ".join(map(str, q.answer[::-1])), str(q.answer[0])] + [
            qs.shape_text(s) for s in q.params.get("shapes", {}).values()]
    ints = {v for v in q.params.values() if isinstance(v, int)}
    near = {f(v) for v in ints for f in (lambda v: v, lambda v: v - 1, lambda v: v + 1, lambda v: v * v,
                                         lambda v: v - q.params.get("i", 0) + 1, lambda v: v - q.params.get("i", 0))}
    roots = {f"√{v}" for v in ints if v > 0} | {f"1/√{v}" for v in ints if v > 0}
    return [right_text(q), wrong_text(q), "0", "1", "3", "0.27", "0.9997", *map(str, near), *roots]


def sentences(q: qs.Question, state: dict) -> list[str]:
    """Every sentence the page can show for q at this state: prompt, options, each verdict, the shown answer and
    the proof."""
    return [q.prompt, *(label for _, label in q.options), *(qs.check(q, r).message for r in replies(q)),
            qs.show_answer(q).message, reveal_text(q, state)]


def assert_true_to_write(text: str) -> None:
    assert never_true(text) == [], never_true(text)
    assert not ZERO_ONE.search(text), f"a 0 or 1 that rounding made: {ZERO_ONE.search(text).group()!r} in {text}"
    assert not ONE_WITH_MANY.search(text), text


@pytest.mark.parametrize("kind", qs.KINDS)
@settings(max_examples=examples(200))
@given(seed=st.integers(0, 999_999), state=page_states())
def test_every_sentence_is_true_to_write_at_every_seed_and_state(kind, seed, state):
    """Issue 22: no 'from X to X', 'X instead of X', 'at most below', a count of 1 with a plural noun or verb, and
    no 0.000 or 1.000 that stands for a value that is not exactly 0 or 1, in anything the question shows."""
    for text in sentences(qs.make_question(kind, seed), state):
        assert_true_to_write(text)


@pytest.mark.parametrize("n", range(1, 33))
def test_the_pages_other_sentences_are_true_to_write_for_every_sentence_length(n):
    """One token, two (one ordered pair each way), up to 32: the one-step demo, the score and the metrics."""
    texts = [qs.one_step_text([f"w{k}" for k in range(n)]), qs.causal_step_text(n)]
    texts += [qs.score_text([qs.RIGHT] * r + [qs.WRONG] * (n % 3) + [qs.SHOWN] * (r % 2), 13) for r in range(3)]
    if n > 1:
        texts += qs.steps_metric("recurrent network", steps_matrix(recurrent_reads(n)))
    for text in texts:
        assert_true_to_write(text)


# ------------------------------------------- one position convention (issue 23, item 8): from 0, as the·0 and numpy

POSITION = re.compile(r"\b(?:[Tt]okens?|[Rr]ows?|[Qq]uery|[Kk]eys?|[Cc]olumns?|[Pp]ositions?)\s+(\d+)"
                      r"(?:\s*(?:…|and)\s*(\d+))?")
SUBSCRIPT = re.compile(r"v([₀₁₂₃₄₅₆₇₈₉]+)")
POSITIONAL_KINDS = ("causal_row", "identical_tokens", "one_hot", "steps")


def positions_named(text: str) -> list[int]:
    """Every token position a sentence names: 'token 5', 'row 2', 'keys 0 … 2', 'positions 0 and 4', 'v₃'."""
    named = [int(g) for m in POSITION.finditer(text) for g in m.groups() if g is not None]
    return named + [int(s.translate(str.maketrans("₀₁₂₃₄₅₆₇₈₉", "0123456789"))) for s in SUBSCRIPT.findall(text)]


def tokens_in(q: qs.Question) -> int | None:
    """How many tokens the question's positions range over; None for a question that names no position."""
    if q.kind == "identical_tokens":
        return len(q.params["words"])
    return q.params["n"] if q.kind in ("causal_row", "one_hot", "steps") else None


@pytest.mark.parametrize("text,named", [("row 2 (the query of token 2, counting from 0)", [2, 2]),
                                        ("keys 0 … 5", [0, 5]), ("positions 0 and 4", [0, 4]),
                                        ("Query 3's output = 0 · v₀ + 1 · v₁₂", [3, 0, 12]),
                                        ("a sentence of 10 tokens, the 3 keys after it", [])])
def test_positions_named_reads_each_way_a_position_is_written(text, named):
    assert positions_named(text) == named


@pytest.mark.parametrize("kind", qs.KINDS)
@settings(max_examples=examples(100))
@given(seed=st.integers(0, 999_999), state=page_states())
def test_every_position_a_question_names_counts_from_0(kind, seed, state):
    """Item 8: prompt, options, every hint, the shown answer and the proof name positions 0 … n − 1 (a sentence
    counting from 1 would name n), and a prompt that names one says it counts from 0."""
    q = qs.make_question(kind, seed)
    n = tokens_in(q)
    named = [p for text in sentences(q, state) for p in positions_named(text)]
    if n is None:
        assert named == [], (kind, named)
        return
    assert named and all(0 <= p < n for p in named), (n, named, sentences(q, state))
    if positions_named(q.prompt):
        assert "from 0" in q.prompt, q.prompt


@pytest.mark.parametrize("kind", POSITIONAL_KINDS)
def test_each_positional_question_names_position_0_somewhere(kind):
    """A question counting from 1 never names position 0: each kind that names positions names 0 at some seed."""
    state = {"text": "the cat sat on the mat", "seed": 0, "d_model": 8, "heads": 2}
    assert any(0 in positions_named(text) for seed in SEEDS
               for text in sentences(qs.make_question(kind, seed), state)), kind


def test_seed_0_names_the_positions_as_the_labels_count_them():
    assert "has “the” at positions 0 and 4 (counting from 0)." in qs.make_question("identical_tokens", 0).prompt
    causal = qs.make_question("causal_row", 0)
    assert "in row 2 (the query of token 2, counting from 0)?" in causal.prompt and causal.answer == 3
    assert causal.why.startswith("A causal mask lets token 2 attend to itself and the tokens before it, keys 0 … 2:")
    one_hot = qs.make_question("one_hot", 0)  # V's rows named beside it as the proof names them, from v₀
    n = one_hot.params["n"]
    assert one_hot.latex.endswith(r"\begin{matrix} " + r" \\ ".join(rf"\leftarrow v_{{{k}}}" for k in range(n))
                                  + r" \end{matrix}"), one_hot.latex
    steps = qs.make_question("steps", 0).prompt
    assert "10 tokens, counted from 0, how many attention layers does information from token 0 need to reach token " \
           "9, the last?" in steps


@settings(max_examples=examples(200))
@given(st.integers(0, 10**6))
def test_causal_row_marks_the_count_of_row_i_from_0_and_explains_the_other_reading(seed):
    """Row i counted from 0 has i + 1 keys; the count i (row i read from 1, or the query itself forgotten) is wrong,
    and its hint counts the tokens before it from 0."""
    q = qs.make_question("causal_row", seed)
    i = q.params["i"]
    assert qs.check(q, str(i + 1)).status == qs.RIGHT
    verdict = qs.check(q, str(i))
    before = "no token" if i == 0 else f"{i} token{'s' if i > 1 else ''}"
    assert verdict.status == qs.WRONG
    assert (f"Token {i} also attends to itself: counting from 0, it has {before} before it, and itself. The answer "
            f"is {i + 1}.") in verdict.message, verdict.message
    n = q.params["n"]
    if n == 2 * i:  # counting the query and the keys after it gives i as well: both readings are named
        assert verdict.message.startswith(f"That counts token {i} and the token"), verdict.message


@settings(max_examples=examples(200))
@given(st.integers(0, 10**6))
def test_one_hot_marks_row_j_from_0_and_names_row_j_minus_1_as_another_token(seed):
    """The output is V's row j counted from 0; the row before it (row j read from 1) is another token's value."""
    q = qs.make_question("one_hot", seed)
    V, j = q.params["V"], q.params["j"]
    assert 0 <= j < len(V) and 0 <= q.params["i"] < len(V)
    assert qs.check(q, "[" + ", ".join(f"{v:g}" for v in V[j]) + "]").status == qs.RIGHT
    if j > 0:
        verdict = qs.check(q, "[" + ", ".join(f"{v:g}" for v in V[j - 1]) + "]")
        assert verdict.status == qs.WRONG
        assert verdict.message.startswith(f"That is v{qs._sub(j - 1)}, token {j - 1}'s value; the weight 1 sits on "
                                          f"token {j}, row {j} of V."), verdict.message


def reasonable_roundings(q: qs.Question) -> list[str]:
    """The answer as a careful learner may type it: rounded to any count of decimals that keeps two significant
    digits (or the decimals the prompt asks for), whole when it is whole, as a percentage, and after '≈'."""
    a = float(q.answer)
    stated = 2 if "Two decimals are enough" in q.prompt else None
    least = stated if stated is not None else max(0, 1 - math.floor(math.log10(abs(a))))
    whole = abs(a - round(a)) < 1e-6
    texts = [f"{a:.{d}f}" for d in range(0 if whole else least, 7)]
    texts += [f"≈ {t}" for t in texts] + [t.replace(".", ",") for t in texts if "." in t]
    if 0 < a < 1:
        texts += [f"{100 * a:.{d}f}%" for d in range(max(0, least - 2), 5)]
    return texts


@pytest.mark.parametrize("kind", [k for k in qs.KINDS if qs.make_question(k, 0).answer_type == "number"])
@settings(max_examples=examples(300))
@given(seed=st.integers(0, 999_999))
def test_the_marking_accepts_every_reasonable_rounding_of_the_answer(kind, seed):
    """Item 11 over every number question: any rounding of the right answer to two significant digits or more (the
    prompt's precision where it states one) is right; the same digits one unit off are not."""
    q = qs.make_question(kind, seed)
    for text in reasonable_roundings(q):
        assert qs.check(q, text).status == qs.RIGHT, (text, q.answer, q.prompt)
    unit = 10.0 ** -(2 if "Two decimals are enough" in q.prompt else 1 - math.floor(math.log10(abs(q.answer))))
    digits = max(0, -math.floor(math.log10(unit) + 1e-9))
    for off in (-1.5 * unit, 1.5 * unit):
        text = f"{q.answer + off:.{digits}f}"
        if abs(float(text) - q.answer) > q.tolerance:  # outside the question's own tolerance, one unit off
            assert qs.check(q, text).status == qs.WRONG, (text, q.answer, q.prompt)


@pytest.mark.parametrize("kind", [k for k in qs.KINDS if qs.make_question(k, 0).answer_type != "number"])
@settings(max_examples=examples(100))
@given(seed=st.integers(0, 999_999))
def test_the_marking_accepts_the_answer_at_every_seed(kind, seed):
    q = qs.make_question(kind, seed)
    assert qs.check(q, right_text(q)).status == qs.RIGHT
    if q.answer_type == "vector":
        assert qs.check(q, "[" + ", ".join(f"{v:.1f}" for v in q.answer) + "]").status == qs.RIGHT
    if q.answer_type == "shape":
        assert qs.check(q, qs.shape_text(q.answer)).status == qs.RIGHT


@pytest.mark.parametrize("scaled,unscaled,ratio,words", [
    (0.2, 0.2, 1.0, "the same, 0.200, scaled or not"),
    (0.19601, 0.19599, 1.0001, "0.196 scaled or not, alike to the digits shown"),
    (3.35e-4, 1.125e-7, 2979.0, "3.4 × 10⁻⁴ scaled against 1.1 × 10⁻⁷ unscaled, 2,979× larger"),
    (0.1, 0.2, 0.5, "0.100 scaled against 0.200 unscaled, smaller: the unscaled one is 2.0× as large"),
    (0.0984, 0.1, 0.984, "0.098 scaled against 0.100 unscaled, about the same"),
    (0.2, 0.0, math.inf, "0.200 scaled against 0 unscaled, infinitely many times larger"),
])
def test_slopes_are_compared_in_words_chosen_from_the_two(scaled, unscaled, ratio, words):
    said = slopes_compared(scaled, unscaled, ratio)  # the one wording, attn_lessons.scaling's
    assert said.text == words and all(printed in said.text for printed in said.facts["said"].values())
    assert said.facts["compared"] == ("equal" if scaled == unscaled else "alike" if ratio == 1.0001 else "same" if
                                      1 / SAME < ratio < SAME else "larger" if scaled > unscaled else "smaller")


# ------------------------------------------------------------------------------------------- issue 30


def typed_forms(value) -> list[str]:
    """How a learner may type a number: in full, and rounded to 0 … 6 decimals."""
    return [repr(float(value))] + [f"{value:.{d}f}" for d in range(7)]


@pytest.mark.parametrize("kind", [k.name for k in qs.QUIZ_KINDS if k.skips])
def test_a_reply_that_skips_the_tested_step_is_not_quite(kind):
    """Item 6: at ?q=42 question 13 asked [16, 0] at d_k = 4, where the unscaled weight, typed to the two decimals
    asked ("1.00"), earned "Right". Every question that tests a step (dividing by √d_k, the softmax axis, d_k
    against d_model) declares the replies that skip it, and at every seed each of them, typed to any precision, is
    "Not quite"."""
    k = qs.KIND[kind]
    for seed in range(301):
        q = qs.make_question(kind, seed)
        skipped = k.skipped(q)
        assert skipped, (kind, seed, "no reply skips the step here: the question cannot catch it")
        for value in skipped:
            if q.answer_type == "number":
                replies = typed_forms(value)
            elif q.answer_type == "shape":
                replies = [qs.shape_text(value)]
            else:
                replies = [value]
            for reply in replies:
                assert qs.check(q, reply).status == qs.WRONG, (kind, seed, reply, q.answer_text)
            assert qs.catches(q, value)


def test_the_steps_tested_are_the_ones_the_issue_names():
    """Dividing by √d_k (question 13), the softmax axis (3, and 12's whole-matrix sum), d_k against d_model (4, 6)."""
    skipped = {k.name: tuple(w.answer for w in k.wrong if w.answer_id in k.skips) for k in qs.QUIZ_KINDS if k.skips}
    assert skipped == {
        "softmax_axis": ("over the queries", "over every entry"), "qkv_shapes": ("n × d_model",),
        "scale_heads": ("√d_model",), "weights_total": ("1",), "two_keys": ("the unscaled weight",)}
    for k in qs.QUIZ_KINDS:
        assert set(k.skips) <= {w.answer_id for w in k.wrong}, k.name


def test_catches_sees_the_two_decimals_that_let_a_skipped_step_through():
    """[16, 0] and [12, 0] at d_k = 4 weigh 0.9997 and 0.9975 scaled, 1.0000 unscaled: "1.00" is right at two
    decimals, so such a question cannot catch the omission; [8, 0] at d_k = 64 can."""
    for s in (16, 12):
        q = qs._two_keys_at(0, s, 4)
        assert not qs.catches(q, float(compare_two_keys([s, 0], 4).p_unscaled[0]))
        assert qs.check(q, "1.00").status == qs.RIGHT
    assert qs.catches(qs._two_keys_at(0, 8, 64), float(compare_two_keys([8, 0], 64).p_unscaled[0]))


def test_every_closing_element_names_questions_that_exist():
    """Item 1: what each closing element of the page answers is declared by quiz kind, and every kind exists."""
    assert qs.CLOSING_KINDS <= set(qs.KINDS)
    assert qs.open_numbers(qs.ONE_STEP_ANSWERS, set(qs.KINDS)) == [qs.KINDS.index("steps") + 1]
    assert qs.open_numbers(qs.ONE_STEP_ANSWERS, set()) == []
    assert qs.held_back_note([11], qs.one_step_held()) == (
        "A section on the steps between tokens appears once you have checked or shown question 11: it gives its "
        "answer away.")
    assert qs.takeaways_held(4, 4) == "The 4 takeaways appear" and qs.takeaways_held(1, 1) == "The takeaway appears"
    assert qs.takeaways_held(3, 4) == "3 more takeaways appear" and qs.takeaways_held(1, 4) == "1 more takeaway appears"
    assert qs.held_back_note([2, 5], qs.takeaways_held(2), many=True).endswith(
        "once you have checked or shown questions 2 and 5: they give their answers away.")


# ----------------------------------------------------- issue 36, item 12: why question 2's gradient is not the 73×
@pytest.mark.parametrize("d_k", [1, 4, 8, 16, 64, 256])
def test_the_why_scale_reveal_says_why_its_gradient_differs_from_the_explorers(d_k):
    """Question 2's reveal compares the gradient at W_Q and W_K on two keys one standard deviation apart; the Scaling
    explorer's [8, 0] at d_k = 64 makes it 73× larger. The reveal says why, from whether each pair of scores
    saturates softmax (the losing key's slope p₁p₂ below 0.01), with the top weights before and after ÷ √d_k."""
    from attn_core.scaling import SMALL_SLOPE
    from attn_lessons.scaling import saturation_compared

    dots = sample_qk_dots(d_k, 4000, 0)
    two = compare_two_keys([float(np.std(dots)), 0.0], d_k)
    said = saturation_compared(two, "These scores")
    assert said.text in qs.reveal_why_scale(d_k, dots, two).text
    source = compare_two_keys([8, 0], 64)
    for who, case in (("source", source), ("yours", two)):
        f = said.facts[who]
        assert f["top_unscaled"] == max(case.p_unscaled) and f["top_scaled"] == max(case.p_scaled)
        assert f["saturated"] == (case.slope_unscaled < SMALL_SLOPE) and f["raw_ratio"] == case.raw_ratio
    assert said.facts["source"]["saturated"] and round(said.facts["source"]["raw_ratio"]) == 73
    assert "73×" in said.text and "0.9997" in said.text
    if said.facts["yours"]["saturated"]:
        assert "saturate it too" in said.text
    else:  # one standard deviation apart the scores never saturate: softmax([√d_k, 0]) keeps p₂ ≥ 0.05 up to d_k 8
        assert "do not" in said.text and said.facts["yours"]["raw_ratio"] < said.facts["source"]["raw_ratio"]
        assert f"{max(two.p_unscaled):.3f}" in said.text


# ------------------------------------------------------------------------------------------- in Chinese (issue 40)


def passage_quotes(text: str) -> tuple[str, ...]:
    """The questions' example sentences quoted in `text` (“the quick brown fox”): words from attn_core's English
    passage, which a Chinese page quotes as they are, like the learner's own sentence."""
    from attn_core.questions import PASSAGE

    words = set(PASSAGE) | set("the cat sat on the mat".split())  # seed 0's sentence, the source text's
    quoted = re.findall(r"“[^”]+”", text)  # none in a question that quotes no sentence: nothing to allow
    return tuple(q for q in quoted if set(q.strip("“”").split()) <= words)


@pytest.fixture
def in_chinese():
    use("zh-CN")
    yield
    use("en")


def question_texts(q: qs.Question) -> list[str]:
    return [q.prompt, q.why, *(label for _, label in q.options), *(q.reason(k) for k, _ in q.options),
            *(qs.check(q, r).message for r in replies(q)), qs.show_answer(q).message]


@pytest.mark.parametrize("kind", qs.KINDS)
def test_every_question_reads_in_chinese_and_marks_as_in_english(kind, in_chinese):
    """Prompt, options, reasons, hints and verdicts: no English run of four words (but the example sentences), none
    of the Chinese never-true patterns, the same numbers as the English, and every reply marked the same."""
    from tests.prose import english_runs

    for seed in range(25):
        q = qs.make_question(kind, seed)
        for text in question_texts(q):
            assert not english_runs(text, passage_quotes(text)), (kind, seed, text)
            assert not never_true(text, "zh-CN"), (kind, seed, never_true(text, "zh-CN"))
        zh_prompt, zh_status = q.prompt, [qs.check(q, r).status for r in replies(q)]
        use("en")
        expected = sorted(numbers_in(q.prompt, at_least=0))
        if kind == "identical_tokens":  # Chinese asks about a Chinese sentence: its own two positions of the repeat
            words, a, b = qs.identical_sentence(q, "zh-CN")
            assert words[a] == words[b] and a < b and qs.quoted(words) in zh_prompt, (words, a, b, zh_prompt)
            assert all(is_han(w) for w in words), words
            assert expected == sorted([0, q.params["a"], q.params["b"]]), q.prompt  # "counting from 0"
            expected = sorted([0, a, b])
        assert sorted(numbers_in(zh_prompt, at_least=0)) == expected, (zh_prompt, q.prompt)
        assert zh_status == [qs.check(q, r).status for r in replies(q)]
        use("zh-CN")


def test_a_cached_question_reads_in_the_language_it_is_read_in():
    """The page caches one Question per (kind, seed) for every session: its words follow the reader's language."""
    q = qs.make_question("weights_shape", 0)
    english = q.prompt
    use("zh-CN")
    try:
        assert q.prompt != english and "10" in q.prompt and "权重矩阵" in q.prompt
        assert q.answer_text == "10 × 10"  # a shape reads the same in both
    finally:
        use("en")
    assert q.prompt == english


def full_width(text: str) -> str:
    """`text` as a Chinese keyboard types it: full-width digits and punctuation (０.５, ３，４, ［１，２］)."""
    return text.translate(str.maketrans("0123456789.,[]()%-", "０１２３４５６７８９．，［］（）％－"))


@pytest.mark.parametrize("kind", [k for k in qs.KINDS if qs.make_question(k, 0).answer_type != "choice"])
def test_a_reply_typed_on_a_chinese_keyboard_is_marked_as_the_plain_one(kind):
    for seed in range(25):
        q = qs.make_question(kind, seed)
        for reply in replies(q):
            wide = full_width(reply)
            assert wide != reply or not any(ch.isdigit() for ch in reply)
            assert qs.check(q, wide).status == qs.check(q, reply).status, (kind, seed, reply, wide)
    assert qs.parse_number("０.５") == qs.parse_number("０．５") == 0.5 and qs.parse_number("０，７３") == 0.73
    assert qs.parse_shape("３，４") == qs.parse_shape("3 乘 4") == qs.parse_shape("（3，4）") == (3, 4)
    assert qs.parse_vector("［1、−2、3］") == qs.parse_vector("1；2；3。")[:1] + (-2.0, 3.0)
    assert qs.typed_unit("０.７３") == qs.typed_unit("0.73")


def test_the_four_takeaways_read_in_both_languages():
    """The source text's four takeaways, word for word in English, and in Chinese with the course's terms."""
    from tests.prose import english_runs

    english = [text for text, *_ in qs.takeaways()]
    assert english == ["Each token asks with a query, offers a key, and provides a value.",
                       "Weights come from query-key dot products, normalized with softmax.",
                       "The output is a weighted sum of values, so with no mask every position can see every other "
                       "one in one step.",
                       "Dividing by √d_k keeps softmax in a useful range as dimension grows."]
    chinese = [(text, label) for text, _, label, _ in (
        (tr_in("zh-CN", f"questions-takeaway-{key}"), page, tr_in("zh-CN", f"questions-takeaway-{key}.link"), ks)
        for key, page, ks in qs.TAKEAWAY_KINDS)]
    for (text, label), terms in zip(chinese, (("查询", "键", "值"), ("查询", "键", "点积", "softmax"),
                                              ("加权和", "掩码"), ("√d_k", "softmax")), strict=True):
        assert all(t in text for t in terms) and not english_runs(text + " " + label), (text, label)


@pytest.mark.parametrize("lang", ["en", "zh-CN"])
def test_the_reveals_state_the_same_facts_in_both_languages(lang):
    """The facts are the numbers' own, whatever the language (but "said", each claim as the language prints it: "below
    10⁻⁹", "低于 10⁻⁹"); the text quotes every one it claims."""
    rng = np.random.default_rng(3)
    W, W3 = softmax(rng.standard_normal((4, 6)), axis=-1), softmax(rng.standard_normal((3, 3)), axis=-1)
    causal = scaled_dot_product_attention(*(rng.standard_normal((5, 4)) for _ in range(3)), mask=causal_mask(5)).weights
    dots = sample_qk_dots(16, 4000, 0)
    made = {
        "sums": lambda: qs.reveal_sums(W),
        "total": lambda: qs.reveal_total(W3),
        "causal": lambda: qs.reveal_causal_row([f"t{k}" for k in range(5)], causal, 2),
        "variance": lambda: qs.reveal_qk_variance(16, dots),
        "steps": lambda: qs.reveal_steps(7),
        "two_keys": lambda: qs.reveal_two_keys(compare_two_keys([8, 0], 64)),
        "heads": lambda: qs.reveal_scale_heads(64, 4, dots),
        "identical": lambda: qs.reveal_identical("the", 0, 4, 0.0, 0.31),
    }
    use("en")
    english = {name: make() for name, make in made.items()}
    use(lang)
    try:
        for name, make in made.items():
            said = make()
            assert {k: v for k, v in said.facts.items() if k != "said"} == {
                k: v for k, v in english[name].facts.items() if k != "said"}, name
            assert said.facts.get("said", {}).keys() == english[name].facts.get("said", {}).keys()
            for value in said.facts.get("said", {}).values():
                assert str(value) in said.text, (lang, name, value, said.text)
    finally:
        use("en")
