"""The wrong answers each question expects: every question the pages ask is declared, every declared question is
asked, and every misconception names an answer that is wrong.

What the pages ask is read from the pages themselves: each page of the route is opened cold, with
attn_ui.checkpoint.predict and the quiz's attn_ui.data.worded_question recording what they are handed."""

from __future__ import annotations

import numpy as np
import pytest

from attn_core.masks import key_set_options, visible_keys
from attn_core.mask_mistakes import mask_after_softmax
from attn_core.mistakes import SUM_LINES, softmax_over_queries, sums_prediction_right
from attn_core.scaling import compare_two_keys
from attn_lessons import builder
from attn_lessons import misconceptions as mc
from attn_lessons.asked import labels_of
from attn_lessons import questions as qs
from attn_lessons.asked import Asked
from attn_lessons.mask_mistakes import ROW_SUM_KINDS, row_sum_label
from attn_lessons.masks import MASK_RULES
from attn_lessons.mistakes import SUM_LABELS
from attn_lessons.training import GUESSES

SENTENCE = {"text": "the cat sat on the mat", "query": 2}
SEEDS = range(40)


@pytest.fixture(scope="module")
def asked_on_the_route() -> dict[str, list]:
    """Every page of the route opened cold: {page slug: what it handed checkpoint.predict, then the quiz kinds it
    drew}, in the order it asked them."""
    from attn_ui import checkpoint, data
    from attn_ui.pages import route
    from tests.apptest_utils import assert_ran, run_page

    asked: dict[str, list] = {}
    real_predict, real_question = checkpoint.predict, data.worded_question
    with pytest.MonkeyPatch.context() as mp:
        for page in route():
            seen = asked.setdefault(page.slug, [])

            def predict(cp, *args, _seen=seen, **kwargs):
                _seen.append(("predict", cp))
                return real_predict(cp, *args, **kwargs)

            def worded_question(kind, seed, *args, _seen=seen, **kwargs):
                _seen.append(("quiz", kind))
                return real_question(kind, seed, *args, **kwargs)

            mp.setattr(checkpoint, "predict", predict)
            mp.setattr(data, "worded_question", worded_question)
            assert_ran(run_page(page.path))
    once: dict[str, list] = {slug: [] for slug in asked}  # a rerun asks again: each question once, as first asked
    for slug, seen in asked.items():
        once[slug] += [x for i, x in enumerate(seen) if x not in seen[:i]]
    return once


def test_every_checkpoint_a_page_asks_is_declared_and_every_declared_one_is_asked(asked_on_the_route):
    checkpoints = {slug: [x for what, x in seen if what == "predict"] for slug, seen in asked_on_the_route.items()}
    for slug, found in checkpoints.items():
        for a in found:
            assert isinstance(a, Asked), f"{slug} hands predict {a!r}, not the checkpoint its words module declares"
            assert mc.CHECKPOINTS.get(a.key) == a and mc.asked(a.id) == a, f"{a.id} is not in the registry"
            assert mc.PAGE_OF[a.id] == slug, f"{a.id} is declared on page {mc.PAGE_OF[a.id]!r} but asked on {slug!r}"
    asked = [a.id for found in checkpoints.values() for a in found]
    assert asked == [a.id for a in mc.PREDICTIONS], "the registry's checkpoints, in route order, are the ones asked"


def test_every_check_yourself_kind_is_declared_and_asked(asked_on_the_route):
    quiz = {slug: [x for what, x in seen if what == "quiz"] for slug, seen in asked_on_the_route.items()}
    assert {slug: kinds for slug, kinds in quiz.items() if kinds} == {"check_yourself": list(qs.KINDS)}
    assert [a.id for a in mc.QUIZ] == [f"quiz.{k}" for k in qs.KINDS]
    assert {mc.PAGE_OF[a.id] for a in mc.QUIZ} == {"check_yourself"}


def test_every_question_names_its_wrong_answers_once():
    for a in mc.QUESTIONS.values():
        assert a.wrong, a.id
        shows = [w.shows for w in a.wrong]
        answers = [w.answer for w in a.wrong]
        assert len(set(shows)) == len(shows) and len(set(answers)) == len(answers), a.id
        assert all(w.shows.strip() and w.answer.strip() and not w.shows.endswith(".") for w in a.wrong), a.id


def _raw(q: qs.Question, value) -> str:
    """A value as a learner would type it."""
    if q.answer_type == "shape":
        return qs.shape_text(value)
    if q.answer_type == "vector":
        return qs.vector_text(value)
    if q.answer_type == "number":
        return repr(float(value))
    return value


@pytest.mark.parametrize("kind", qs.KINDS)
def test_every_quiz_misconception_names_an_answer_the_quiz_marks_wrong(kind):
    a = mc.asked(f"quiz.{kind}")
    found = {w.shows: 0 for w in a.wrong}
    for seed in SEEDS:
        q, state = mc.quiz_question(kind, seed), {"seed": seed}
        for w in a.wrong:
            for value in w.values(q):  # a quiz kind's wrong answers come from the question asked
                raw = _raw(q, value)
                if qs.check(q, raw).status != qs.WRONG:
                    continue  # at this seed the wrong answer is the right one (or unreadable): not counted
                named = mc.wrong_answer(a.id, raw, state)
                assert named is not None, (kind, seed, w.answer, raw)
                found[w.shows] += named is w
        right = _raw(q, q.answer)
        assert mc.misconception(a.id, right, state) is None, (kind, seed)  # a right answer signals nothing
    assert all(found.values()), f"never the named wrong answer in seeds 0-39: {found}"


@pytest.mark.parametrize("kind", [k for k in qs.KINDS if mc.quiz_question(k, 0).answer_type == "choice"])
def test_every_choice_misconception_is_an_option_of_the_question(kind):
    for seed in range(5):
        q = mc.quiz_question(kind, seed)
        picks = {value for w in qs.KIND[kind].wrong for value in w.values(q)}
        assert picks < set(dict(q.options)) and q.answer not in picks, (kind, seed, picks)


def test_the_axis_question_lists_the_wrong_options_only():
    W = softmax_over_queries(*np.random.default_rng(0).standard_normal((3, 5, 4))).weights
    for w in mc.asked("mistakes.axis").wrong:
        (key,) = w.values({})
        assert key in SUM_LINES and not sums_prediction_right(key, W)
        assert mc.misconception("mistakes.axis", key) == w.shows
    assert mc.answer_text("mistakes.axis", "rows") == "rows"  # stored as its key, the same in every language
    assert mc.answer_words("mistakes.axis", "rows") == SUM_LABELS["rows"]  # read as the option's own words


def test_the_race_and_row_sum_questions_name_their_own_options():
    assert {w.values({})[0] for w in mc.asked("training.race").wrong} == set(GUESSES)
    keys = {w.values({})[0] for w in mc.asked("mask_mistakes.row_sum").wrong}
    assert keys < set(mc.OPTION_WORDS["mask_mistakes.row_sum"]) == set(ROW_SUM_KINDS)  # the radio's values
    assert all(mc.answer_words("mask_mistakes.row_sum", k) == row_sum_label(k) for k in keys)  # and its labels
    (one,) = [w for w in mc.asked("mask_mistakes.row_sum").wrong if "one" in w.values({})]
    assert mc.misconception("mask_mistakes.row_sum", "one") == one.shows
    assert mc.misconception("mask_mistakes.row_sum", "exactly 1") == one.shows  # as an old class recorded it
    Q, K, V = np.random.default_rng(0).standard_normal((3, 5, 4))
    causal = np.tril(np.ones((5, 5), dtype=bool))
    sums = mask_after_softmax(Q, K, V, causal).weights.sum(axis=1)  # attn_core: the rows with a key zeroed
    assert np.all(sums[:-1] < 1 - 1e-6), sums  # "exactly 1" is wrong wherever a key was zeroed


def test_the_scaling_question_names_wrong_weights_away_from_the_right_one():
    state = {"scores": [2.0, 1.0], "d_k": 16}
    right = float(compare_two_keys([2, 1], 16).p_unscaled[0])
    for w in mc.asked("scaling.softmax").wrong:
        (value,) = w.values(state)
        assert abs(value - right) > mc.NEAR, w.answer
        assert mc.misconception("scaling.softmax", value, state) == w.shows
    assert mc.answer_text("scaling.softmax", 0.731, state) == "0.73"


def test_the_token_questions_name_the_query_itself_and_its_neighbours():
    assert mc.misconception("home.top_key", "sat", SENTENCE) == mc.SELF.shows
    assert mc.misconception("home.top_key", 2, SENTENCE) == mc.SELF.shows  # a position reads as its token
    assert mc.misconception("home.top_key", "on", SENTENCE) == mc.NEIGHBOUR.shows
    assert mc.misconception("home.top_key", 1, SENTENCE) == mc.NEIGHBOUR.shows
    assert mc.misconception("home.top_key", "mat", SENTENCE) is None
    assert mc.answer_text("home.top_key", 0, SENTENCE) == "the·0"
    assert mc.misconception("builder.double_wq", "same", SENTENCE) == mc.asked("builder.double_wq").wrong[0].shows
    assert mc.misconception("builder.double_wq", "sharper", SENTENCE) is None  # the right answer shows nothing


def test_the_masks_question_names_every_offered_wrong_key_set():
    n, i = 6, 2
    causal = np.tril(np.ones((n, n), dtype=bool))
    state = {**SENTENCE, "mask": "causal", "query": i, "n_tokens": n, "n_real": n}
    offered = key_set_options(causal, i, n)
    for keys in offered:
        if set(keys) != set(visible_keys(causal, i)):
            assert mc.misconception("masks.see", keys, state) is not None, keys
    assert mc.misconception("masks.see", tuple(range(n)), state) == MASK_RULES["all"][1]
    labels = ("the·0", "cat", "sat", "on", "the·4", "mat")  # as the page offers them: the keys' labels
    assert mc.misconception("masks.see", labels, state) == MASK_RULES["all"][1]
    assert mc.misconception("masks.see", ("sat", "on", "the·4", "mat"), state) == MASK_RULES["after"][1]
    assert mc.answer_text("masks.see", (0, 1, 2), state) == "the·0, cat, sat"
    assert mc.answer_text("masks.see", ("cat", "the·0"), state) == "the·0, cat"
    padded = {**state, "text": "a cat sat", "n_tokens": 5, "n_real": 3}
    assert mc.misconception("masks.see", ("a", "cat", "sat", "⟨pad⟩·3", "⟨pad⟩·4"), padded) == (
        MASK_RULES["all"][1])


def test_a_state_without_what_the_question_needs_is_no_misconception_and_no_error():
    assert mc.misconception("scaling.softmax", 0.5, {}) is None
    assert mc.misconception("masks.see", (0,), {"query": 0}) is None
    assert mc.misconception("quiz.scale_heads", "not a number", {"seed": 0}) is None
    with pytest.raises(KeyError, match="no question"):
        mc.misconception("nope", 1)


# ------------------------------------------------------------------------------------------ grouping answers
SELF_SHOWS = "a token gives its own key the most weight"


def test_numbers_within_the_questions_tolerance_are_one_answer():
    q = mc.quiz_question("scale_heads", 0)
    tol = mc.tolerance("quiz.scale_heads", {"seed": 0})
    assert tol >= q.tolerance > 0 and abs(22.6 - 22.63) <= tol  # the quiz's own tolerance reads them as one
    groups = mc.same_answers("quiz.scale_heads", {"seed": 0}, {"22.6": 1, "22.63": 1, "64": 1})
    assert groups == [("22.6", ("22.6", "22.63"), 2), ("64", ("64",), 1)]
    assert mc.tolerance("scaling.softmax", {}) == mc.NEAR  # the slider's own
    slid = mc.same_answers("scaling.softmax", {}, {"0.62": 2, "0.64": 1, "0.70": 1})
    assert [(label, n) for label, _, n in slid] == [("0.62", 3), ("0.70", 1)]
    assert mc.tolerance("home.top_key", {}) == 0  # tokens: the same text is the same answer
    assert len(mc.same_answers("home.top_key", {}, {"1.0": 1, "1.01": 1})) == 2


def test_wrong_answers_are_grouped_by_what_the_store_tagged_them_with():
    wrong = {("22.6", "√d_model"): 1, ("22.63", "√d_model"): 1, ("7", None): 1}
    groups = mc.group_wrong("quiz.scale_heads", {"seed": 0}, wrong)
    assert groups == [mc.WrongGroup("√d_model", ("22.6", "22.63"), 2), mc.WrongGroup(None, ("7",), 1)]
    # a tag the question would not compute today still counts under the tag: the CSV and the dashboard agree
    tagged = mc.group_wrong("home.top_key", {}, {("mat", SELF_SHOWS): 1, ("cat", None): 1})
    assert {g.shows for g in tagged} == {SELF_SHOWS, None}
    assert mc.most_shown(tagged) == tagged and len(tagged) == 2  # a tie: both
    assert mc.most_shown([]) == []


def test_every_option_is_offered_with_the_answers_texts():
    state = {"text": "the cat sat on the mat", "query": 2}
    assert mc.options("home.top_key", state) == labels_of(state)
    offered = mc.options("builder.double_wq", state)  # the radio's options by key, worded as its labels
    assert [mc.answer_words("builder.double_wq", k) for k in offered] == list(builder.DOUBLE_OPTIONS.values())
    for a in mc.QUIZ:
        q = mc.quiz_question(a.id.removeprefix("quiz."), 3)
        offered = mc.options(a.id, {"seed": 3})
        if q.answer_type == "choice":  # every option's key, worded as its label, and the right one among them
            assert [mc.answer_words(a.id, k, {"seed": 3}) for k in offered] == [label for _, label in q.options]
            assert q.answer in offered
        else:
            assert offered == []  # typed: nothing to list, and no wrong answer listed to give it away
    assert mc.options("scaling.softmax", {"scores": [1, 0], "d_k": 4}) == []
