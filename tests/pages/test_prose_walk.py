"""Walk every page over states that reach each control's ends, read every sentence it shows, and fail on the
patterns of tests/prose.py that are never true to write: in English, and in Chinese (issue 40) with the Chinese
patterns too and no run of four or more English words outside code, formulas and the learner's own sentence.

The states: the shared settings at their ends (one token, 32 tokens, repeated words, d_model = heads, the widest
model) crossed with each page's own controls at their ends (every mask, every dtype and fill, fully blocked rows,
learning rates from the smallest to the largest, seeds). CI walks them all; the quick loop a fixed sample.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from urllib.parse import parse_qsl

import pytest

from attn_core.tokens import tokenize
from attn_lessons import i18n
from attn_ui.pages import HOME, ROUTE, named, page_of
from tests.apptest_utils import all_text, assert_ran, run_page, screen_text, title_of
from tests.hyp import PROFILE
from tests.prose import english_runs, never_true

SHARED = [
    {},
    {"text": "hello"},
    {"text": "dog dog dog dog", "d_model": "2", "heads": "1", "seed": "5"},
    {"text": " ".join(f"w{i}" for i in range(32)), "d_model": "64", "heads": "8"},
    {"text": "the cat sat on the mat", "d_model": "12", "heads": "12"},
    {"text": "the dog chased the ball across the park", "d_model": "2", "heads": "2"},
]
# Each page's own states, by its route entry's name; a page not listed here is walked at its defaults and examples.
OWN: dict[str, list[dict]] = {
    "home": [{}, {"home_random": "1"}, {"home_random": "1", "query": "0"}, {"text": "we sat on the mat"}],
    "builder": [{}, {"start": "interpretable"}, {"start": "interpretable", "pe": "0"}, {"pe": "0"},
                               {"pe": "0", "text": "the the the"},  # issue 30: ties, every key and one pair
                               {"start": "interpretable", "pe": "0", "text": "the cat sat with the dog"}],
    "scaling": [{}, {"n_keys": "1"}, {"za": "16", "zb": "0", "dk2": "1"}, {"dk1": "1024"},
                                    {"divisor": "none", "tau": "0.05"}]
                                   + [{"za": "2", "dk1": d, "dk2": d} for d in ("1", "2", "4", "7")]
                                   + [{"za": "2", "zb": "2", "dk1": "4"}, {"n_keys": "64"}],
    "training": [{"steps": "25", "dk": "4"}, {"steps": "25", "lr": "1000", "dk": "8", "seeds": "1"},
                                {"steps": "25", "lr": "0.001", "dk": "4", "seeds": "1"},
                                {}, {"dk": "256", "steps": "100", "lr": "0.1"},  # issue 30: erratic runs, said roughly
                                {"steps": "25", "dk": "4", "lr": "0.1", "loss": "ce"}],  # and what to try, not set
    "mistakes": [{}, {"masks": "1"}, {"quiz": "7"},
                                   {"d_model": "64", "heads": "64", "masks": "1"}, {"text": "a b", "heads": "2"},
                                   {"text": "I saw a saw", "d_model": "4", "heads": "1", "quiz": "2"},  # issue 36
                                   {"masks": "1", "quiz": "5", "seed": "3"}],
    "questions": [{"q": str(q)} for q in (0, 1, 7, 42, 65, 99)],  # 65: [16, 0] at d_k = 16
    "masks": [{"mask": m} for m in ("none", "causal", "padding")] + [{"mask": "padding",
                                                                                           "pad": "6"}]
    + [{"text": "a b", "mask": "none"}, {"text": "a b c", "mask": "padding", "pad": "2"}],  # issue 30: rules, "both"
    "induction": [{}, {"source": "random", "length": "2"}, {"source": "random", "length": "32"},
                                          {"koff": "1-2-3-4", "off": "2.1-2.2-2.3-2.4"},
                                          {"off": "1.1-1.2-1.3-1.4-2.1-2.2-2.3-2.4"},
                                          {"text": "a a b", "at": "6"}, {"text": "the cat", "ihead": "1", "koff": "3"},
                                          # issue 36, items 1 to 8: each state the issue names
                                          {"text": "a rose is a rose is a rose"},
                                          {"source": "random", "rseed": "171", "length": "32"},
                                          {"source": "random", "rseed": "99", "length": "32"},
                                          {"source": "random", "rseed": "0", "length": "5", "koff": "3-4",
                                           "ihead": "1", "at": "9"},
                                          {"source": "random", "rseed": "2", "length": "17", "koff": "3",
                                           "ihead": "1", "at": "34"},
                                          {"text": "ça va, ça va bien, très bien"}],
    "mask_mistakes": [{"mask": "none", "block": "0", "dtype": "float32", "fill": "min"},
                                 {"mask": "causal", "block": "3"}, {"mask": "padding", "pad": "0"},
                                 {"mask": "padding", "pad": "6"}, {"dtype": "float16", "fill": "-1e6"},
                                 {"mask": "none", "text": "a b"},
                                 {"mquiz": "3"}, {"mask": "padding", "pad": "2", "mquiz": "1"},  # issue 36: the quiz
                                 {"block": "3", "mquiz": "2"}],
}
SAMPLE = 16  # states the quick loop walks in English; CI walks every one
ZH_SAMPLE = 8  # and in Chinese (every page's own states are the same in both languages)
CHINESE = "zh-CN"  # the second language: each state is walked again with ?lang=zh-CN


def states() -> list[tuple[str, dict]]:
    every = [(page.path, {**shared, **own, "reveal": "1"}) for page in ROUTE
             for shared in SHARED for own in OWN.get(page.name, [{}])]
    every += [(page.path, {**dict(parse_qsl(link)), "reveal": "1"}) for page in ROUTE for link in page.examples]
    english = every if PROFILE == "ci" else random.Random(0).sample(every, SAMPLE)
    chinese = every if PROFILE == "ci" else random.Random(2).sample(every, ZH_SAMPLE)
    return english + [(path, {**query, "lang": CHINESE}) for path, query in chinese]


def page_text(at) -> str:
    """Every sentence the page shows: its text elements, the captions of its tables and its charts' titles."""
    parts = [all_text(at)]
    parts += [el.proto.body for el in at.get("html")]
    parts += [title_of(json.loads(el.proto.spec)) for el in at.get("plotly_chart")]
    return "\n".join(parts)


@pytest.mark.parametrize("path, query", states(), ids=lambda v: Path(v).stem if isinstance(v, str) else
                         "&".join(f"{k}={v[k][:12]}" for k in v))
def test_no_page_says_what_is_never_true(path, query):
    at = run_page(path, timeout=120, **query)
    assert_ran(at)
    lang = query.get("lang", i18n.DEFAULT)
    hits = never_true(page_text(at), lang)
    if lang != i18n.DEFAULT:
        hits += [f"English on a page read in {lang}: {run}" for run in english_leaks(at)]
    assert not hits, "\n".join(hits)


def english_leaks(at) -> list[str]:
    """The runs of four or more English words a page read in another language shows (tests.prose.english_runs over
    everything on screen), leaving out its code, its formulas and the learner's own sentence."""
    sentence = str(at.session_state["text"]) if "text" in at.session_state else ""
    code = [str(e.value) for kind in ("code", "latex") for e in at.get(kind)]
    return leaks_in(screen_text(at), sentence, code)


def leaks_in(text: str, sentence: str, code=()) -> list[str]:
    """english_runs(text) less the learner's `sentence` (whole, and any run made only of its tokens: a row of its
    tokens in a table, the part of it a page quotes) and the `code` shown."""
    own = {t.casefold() for t in tokenize(sentence).tokens}
    runs = english_runs(text, allowed=(sentence, *code))
    return [run for run in runs if not set(re.findall(r"[a-z][a-z'’]*", run.casefold())) <= own]


def test_the_english_check_finds_english_and_leaves_the_learners_sentence_and_code_alone():
    sentence = "the dog chased the ball across the park"
    text = ("注意力 the weights of every key 加起来\n“the dog chased the ball across the park”\n"
            "<table><tr><td>the·0</td><td>dog</td><td>chased</td><td>the·3</td><td>ball</td><td>across</td></tr>"
            "</table>\n句子的前几个词：the dog chased the\nweights = softmax(scores / sqrt(d_k))")
    assert leaks_in(text, sentence, code=["weights = softmax(scores / sqrt(d_k))"]) == ["the weights of every key"]
    assert leaks_in(text, "猫坐在垫子上", code=["weights = softmax(scores / sqrt(d_k))"]) == [
        "the weights of every key", "the dog chased the ball across the park", "the dog chased the"]


# ---------------------------------------------------------------- every question open: no answer on the page
# (issue 36, items 14 to 17). Each question declares the strings that would give its answer away
# (attn_lessons.asked.Asked.gives_away); the page is opened cold without ?reveal=1, so every question it draws is
# open, and none of those strings may be anywhere a learner can read: text, tables, chart titles, option labels.

ASKING: dict[str, list[dict]] = {  # states with every question open, beyond each page's defaults and examples (by name)
    "home": [{"query": "0"}, {"home_random": "1"}],
    "builder": [{"start": "interpretable"}, {"text": "the the the", "pe": "0"}],
    "scaling": [{"za": "16", "zb": "0"}, {"za": "1e-17", "zb": "0"}],
    "training": [{"steps": "25", "dk": "4"}],
    "masks": [{"mask": "padding", "pad": "3"}, {"mask": "none"}, {"mask": "padding", "pad": "0"},
                                   {"mask": "causal", "text": "hi there"}],
    "induction": [{"text": "a rose is a rose is a rose"}],
    "mistakes": [{"text": "I saw a saw", "d_model": "4", "heads": "1"}],  # also a route example
    "mask_mistakes": [{"mask": "padding", "pad": "2"}, {"mask": "causal", "block": "3"}],
    "questions": [{"q": "7"}, {"q": "65"}],
}
# the states issue 36 found answers in: walked on every run
ISSUE_STATES = [(named("masks").path, {"mask": "padding", "pad": "3"}),
                (named("mistakes").path, {"text": "I saw a saw", "d_model": "4", "heads": "1"})]
ASKING_SAMPLE = 6  # states the quick loop walks with every question open, those two included; CI walks every one
ZH_ASKING_SAMPLE = 3  # and in Chinese, where the strings that give an answer away are the Chinese ones


def asking_states() -> list[tuple[str, dict]]:
    every = [(page.path, own) for page in ROUTE for own in [{}, *ASKING.get(page.name, [])]]
    every += [(page.path, dict(parse_qsl(link))) for page in ROUTE for link in page.examples]
    every = list({(path, tuple(sorted(q.items()))): (path, q) for path, q in every}.values())  # each state once
    if PROFILE == "ci":
        english = chinese = every
    else:
        rest = [s for s in every if s not in ISSUE_STATES]
        english = ISSUE_STATES + random.Random(1).sample(rest, ASKING_SAMPLE - len(ISSUE_STATES))
        chinese = random.Random(3).sample(every, ZH_ASKING_SAMPLE)
    return english + [(path, {**query, "lang": CHINESE}) for path, query in chinese]


def widget_keys(at) -> set[str]:
    return {w.key for kind in ("radio", "slider", "text_input", "selectbox", "select_slider", "number_input")
            for w in at.get(kind) if getattr(w, "key", None)}


def open_questions(at, path: str) -> list:
    """The page's declared questions (its route entry's checkpoint and quiz kinds) that are on screen and open: a
    predict-first checkpoint whose radio or slider is drawn (attn_ui.checkpoint.predict draws it only while the
    question is open), and a Check yourself kind whose answer box is drawn before any answer is checked or shown (a
    cold page has none)."""
    keys = widget_keys(at)
    return [a for a in page_of(path).asks
            if (f"{a.key}_value" in keys if a.key else f"answer_{a.id.removeprefix('quiz.')}" in keys)]


def test_every_question_declares_what_gives_its_answer_away_or_why_nothing_can():
    from attn_lessons.misconceptions import QUESTIONS

    silent = [a.id for a in QUESTIONS.values() if a.gives_away is None and not a.nothing_gives_away.strip()]
    assert not silent, f"these questions declare neither gives_away nor nothing_gives_away: {silent}"
    assert [p.label for p in ROUTE if not p.asks] == [], "every page declares a question it asks first"


def test_each_pages_own_states_are_named_by_a_page_on_the_route():
    names = {p.name for p in ROUTE}
    assert set(OWN) <= names and set(ASKING) <= names, (set(OWN) | set(ASKING)) - names


def test_the_answer_check_fails_on_a_declared_string_and_on_a_question_that_declares_nothing():
    from attn_lessons.asked import Asked
    from attn_lessons.masks import SEE
    from tests.prose import answers_given

    state = {"mask": "padding", "pad": 3, "text": "the cat sat on the mat"}
    declared = {SEE.id: SEE.answer_strings(state)}
    page = "1. Choose a mask\nHere 3 ⟨pad⟩ tokens follow your 6 tokens, so the last 3 key columns are blocked."
    hits = answers_given(page, declared)
    assert len(hits) == 1 and "the last 3 key columns are blocked" in hits[0]
    assert not answers_given(page.replace("so the last 3 key columns are blocked", "and more waits"), declared)
    with pytest.raises(ValueError, match="declares neither"):
        Asked("x.y", "?", "option", ()).answer_strings(state)
    assert Asked("x.y", "?", "option", (), nothing_gives_away="its answer is only typed").answer_strings(
        state) == []


@pytest.mark.parametrize("path, query", asking_states(), ids=lambda v: Path(v).stem if isinstance(v, str) else
                         "&".join(f"{k}={v[k][:12]}" for k in v) or "defaults")
def test_no_open_question_shows_its_answer(path, query):
    from tests.apptest_utils import screen_text
    from tests.prose import answers_given

    at = run_page(path, timeout=120, **query)
    assert_ran(at)
    asked = open_questions(at, path)
    assert asked, f"{path} at {query or 'its defaults'} asks no declared question: nothing was checked"
    state = dict(at.session_state.items())
    i18n.use(query.get("lang", i18n.DEFAULT))  # the strings as the page words them, in its language
    try:
        declared = {a.id: a.answer_strings(state) for a in asked}
    finally:
        i18n.use(i18n.DEFAULT)
    assert any(declared.values()), f"the open questions {list(declared)} declare no string here: nothing to check"
    hits = answers_given(screen_text(at), declared)
    assert not hits, "\n".join(hits)


def test_a_question_answered_on_home_is_not_asked_open_again_on_the_next_page():
    """Issue 36, item 17: the builder asked Home's question about the same sentence and weights right after Home
    revealed it. Answer Home's (Show me), follow Next with Home's own link, and read every question still open."""
    from attn_lessons import home
    from attn_lessons.asked import labels_of
    from tests.apptest_utils import navigate

    at = run_page(HOME.path)
    assert_ran(at)
    label = labels_of(dict(at.session_state.items()))[at.selectbox(key="query").value]  # the query Home asks about
    question = home.top_key_question(label)
    assert f"**Predict first.** {question}" in all_text(at)  # Home asks it, open
    at.button(key=f"{home.TOP_KEY.key}_skip").click().run()
    assert_ran(at)
    assert [s for s in home.TOP_KEY.answer_strings(dict(at.session_state.items())) if s in page_text(at)]  # told
    nxt = ROUTE[1]
    navigate(at, nxt.path, text=at.session_state["text"], start="interpretable")  # Home's Next link carries these
    still_open = [m.value for m in at.markdown if m.value.startswith("**Predict first.**")]
    assert not [q for q in still_open if question in q], (
        f"{nxt.path} asks Home's question again, open, about the same sentence: {still_open}")
