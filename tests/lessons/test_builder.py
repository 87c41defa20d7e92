"""The Q/K/V builder's words (attn_lessons.builder): every note, sentence and verdict checked against the numbers
it was built from."""

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tests.hyp import examples

from attn_core import token_labels
from attn_core.builder import (
    ACTION,
    ANIMAL,
    FEATURES,
    LEXICON,
    NEARLY_EVEN,
    PLACE,
    QUERY_RULES,
    TIE,
    build,
    doubled_query,
    interpretable_start,
    no_rule_tokens,
    repeated_tokens,
    trace_cell,
)
from attn_lessons.builder import (
    A_FEATURE,
    ALL_SAME_OPTION,
    action_animal_lesson,
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
from attn_lessons.format import enough, num, readable, readable_vec, sci
from attn_lessons.misconceptions import ALL_SAME_TEXT

SENTENCE = ("the", "cat", "sat", "on", "the", "mat")
LABELS = ["the·0", "cat", "sat", "on", "the·4", "mat"]


def built(tokens, positional):
    start = interpretable_start(tokens, positional=positional)
    return start, build(start.X, start.W_Q, start.W_K, start.W_V)

def test_the_action_animal_lesson_states_what_the_numbers_show():
    start, res = built(SENTENCE, positional=False)
    lesson = action_animal_lesson(LABELS, 2, 1, start.X, start.W_Q, start.W_K, res.Q, res.K, res.scores,
                                  res.weights, res.d_k)
    assert lesson.kind == "success" and lesson.text.startswith("**Why “sat” attends to “cat”.**")
    assert "q has 3.00 there" in lesson.text and "the largest in its row" in lesson.text
    assert f"a weight of {num(res.weights[2, 1], 3)}" in lesson.text
    W_Q = start.W_Q.copy()
    W_Q[ACTION, ANIMAL] = 0.0  # sat's query is all zeros now: an even row
    res = build(start.X, W_Q, start.W_K, start.W_V)
    lesson = action_animal_lesson(LABELS, 2, 1, start.X, W_Q, start.W_K, res.Q, res.K, res.scores,
                                  res.weights, res.d_k)
    assert lesson.kind == "info" and "the row is even" in lesson.text
    W_Q[ACTION, PLACE] = 2.0  # sat now wants a place: mat wins
    res = build(start.X, W_Q, start.W_K, start.W_V)
    lesson = action_animal_lesson(LABELS, 2, 1, start.X, W_Q, start.W_K, res.Q, res.K, res.scores,
                                  res.weights, res.d_k)
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


# ---- what a query with no rule does, in words ------------------------------------------------

SPREAD = [(re.compile(r"gives its one key, itself, all the weight \((?P<hi>[^)]+)\)"), "alone"),
          (re.compile(r"gives every key the same weight, (?P<hi>.+)"), "even"),
          (re.compile(r"spreads its weight nearly evenly, from (?P<lo>.+) to (?P<hi>.+)"), "nearly even"),
          (re.compile(r"spreads its weight unevenly, from (?P<lo>.+) to (?P<hi>.+), the most on "
                      r"(?P<top>itself|“[^”]+”)"), "uneven")]


def assert_reads_as(text: str, x: float) -> None:
    """`text` is x as a sentence prints it: readable's form at 3 or more decimals (within half of its last
    digit), × 10ⁿ for a tiny one, and never ±1.000… or 0.000… unless x is exactly that."""
    if text.startswith(("1 − ", "1 + ")):  # within 10⁻⁶ of 1: said as its gap to 1, never as 1.000
        assert x != 1 and text == f"1 {'−' if x < 1 else '+'} {sci(abs(x - 1))}", (text, x)
        return
    if "×" in text:
        assert text == readable(x, 3)
        return
    decimals = len(text.split(".")[1]) if "." in text else 0
    assert decimals >= 3 and abs(float(text.replace("−", "-")) - x) <= 0.5 * 10**-decimals * (1 + 1e-9), (text, x)
    assert float(text.replace("−", "-")) not in (0, 1, -1) or x in (0, 1, -1), (text, x)


def assert_spread_phrase(phrase: str, row, i: int, labels) -> None:
    """The words a sentence used for query i's row of weights hold for that row."""
    row = np.asarray(row)
    for pattern, kind in SPREAD:  # noqa: B007 - the kind that matched is used after the loop
        if m := pattern.fullmatch(phrase):
            break
    else:
        raise AssertionError(f"no known spread in {phrase!r}")
    assert_reads_as(m["hi"], row.max())
    if kind == "alone":
        assert len(row) == 1
    if kind == "even":
        assert np.ptp(row) <= TIE and len(row) > 1
    if kind in ("nearly even", "uneven"):
        assert_reads_as(m["lo"], row.min())
        assert m["lo"] != m["hi"]  # never "from 0.167 to 0.167"
    if kind == "nearly even":
        assert 0 < np.ptp(row) < NEARLY_EVEN / len(row)
    if kind == "uneven":
        assert np.ptp(row) >= NEARLY_EVEN / len(row)
        assert m["top"] == ("itself" if np.argmax(row) == i else f"“{labels[int(np.argmax(row))]}”")


def assert_idle_sentences_hold(tokens, labels, res) -> None:
    """Every claim no_rule_sentence and unanswered_sentence make about Q, K and the weights is true."""
    n, text = len(tokens), no_rule_sentence(tokens, labels, res.Q, res.weights)
    idle = no_rule_tokens(tokens)
    assert (text == "This sentence has no such token: every query here has a rule.") == (not idle)
    if m := re.search(r"Here (.+?) looks? for nothing: (?:its query is|their queries are) all zeros", text):
        named = re.findall(r"“([^”]+)”", m[1])
        for label in named:
            i = labels.index(label)
            assert i in idle and not res.Q[i].any() and np.allclose(res.weights[i], 1 / n, rtol=0, atol=TIE)
        assert (f"1/{n} = {readable(1 / n, 3)}" in text) == (n > 1)
    for label, phrase in re.findall(r"“([^”]+)” has a query that is not all zeros, and it (.+?)\.(?= |$)", text):
        i = labels.index(label)
        assert i in idle and res.Q[i].any()
        assert_spread_phrase(phrase, res.weights[i], i, labels)
    said = unanswered_sentence(tokens, labels, res.K, res.weights)
    for label, wanted, column, phrase in re.findall(
            r"“([^”]+)” looks for (an? \w+), but every key has 0 in \*has (\w+)\*, so that wish adds nothing to its "
            r"scores: it (.+?)\.(?= |$)", said):
        i, g = labels.index(label), FEATURES.index(column)
        assert not res.K[:, g].any() and wanted.endswith(column)
        assert_spread_phrase(phrase, res.weights[i], i, labels)


WORDS = ["the", "cat", "sat", "on", "mat", "dog", "ran", "park", "bob", "zyzzyva", "a", "in", "tree", "ate", "."]


@settings(max_examples=examples(60), deadline=None)
@given(tokens=st.lists(st.sampled_from(WORDS), min_size=1, max_size=32), positional=st.booleans(),
       seed=st.integers(0, 1000), edit=st.sampled_from([None, "W_Q", "X", "W_K"]))
def test_every_sentence_about_idle_queries_holds_for_any_sentence_and_edit(tokens, positional, seed, edit):
    tokens = tuple(tokens)
    labels = token_labels(tokens)
    start = interpretable_start(tokens, positional)
    mats = {"X": start.X.copy(), "W_Q": start.W_Q.copy(), "W_K": start.W_K.copy(), "W_V": start.W_V}
    if edit:  # a learner's edit: one matrix gets a few random numbers
        rng = np.random.default_rng(seed)
        M = mats[edit]
        M[rng.integers(0, M.shape[0], 3), rng.integers(0, M.shape[1], 3)] = rng.normal(0, 2, 3)
    res = build(mats["X"], mats["W_Q"], mats["W_K"], mats["W_V"])
    assert_idle_sentences_hold(tokens, labels, res)


@pytest.mark.parametrize("text", ["mat", "the cat sat on the mat", "bob ran to the park", "zyzzyva !",
                                  " ".join(["the mat"] * 16), "cat cat cat"])
@pytest.mark.parametrize("positional", [True, False])
def test_idle_sentences_at_the_controls_extremes(text, positional):
    tokens = tuple(text.split())
    _, res = built(tokens, positional)
    assert_idle_sentences_hold(tokens, token_labels(tokens), res)
    if "ran" in tokens and "cat" not in tokens:  # no animal: the action's rule finds nothing
        said = unanswered_sentence(tokens, token_labels(tokens), res.K, res.weights)
        assert said.startswith("“ran” looks for an animal, but every key has 0 in *has animal*")


def test_an_edited_query_with_no_rule_is_described_as_it_is():
    tokens = ("bob", "ran", "to", "the", "park")
    start, _ = built(tokens, positional=True)
    W_Q = start.W_Q.copy()
    W_Q[PLACE, PLACE] = 3.0  # a place now looks for a place: "park" attends to itself
    res = build(start.X, W_Q, start.W_K, start.W_V)
    text = no_rule_sentence(tokens, list(tokens), res.Q, res.weights)
    assert 0.9998 < res.weights[4].max() < 1  # 0.99985: it rounds to 1.000 at 3 decimals, but it is not 1
    assert "“park” has a query that is not all zeros, and it spreads its weight unevenly, from " in text
    assert "from 0.00004 to 0.99985, the most on itself" in text and "1.000" not in text
    assert "“bob” looks for nothing" in text


# ---- the sum check ------------------------------------------------------------------------------

def test_the_sum_check_says_equal_only_when_it_is():
    assert sum_check("cat", [1.0, 2.0], [1.0, 2.0]) == \
        "The sum equals row cat of the output above: the largest gap is below 10⁻⁹."
    said = sum_check("cat", [1.0, 2.0 + 4e-16], [1.0, 2.0])
    assert "equals" in said and "below 10⁻⁹, floating-point rounding" in said and "e−" not in said
    assert "equals" in sum_check("cat", [1e12 + 1e-4, 0.0], [1e12, 0.0])  # rounding at 10¹²: still equal
    assert sum_check("cat", [1.5, 2.0], [1.0, 2.0]).startswith("The sum differs from row cat")


# ---- the lesson box and the repeat notes after edits -------------------------------------------

def test_the_lesson_box_stops_claiming_what_an_edit_undid():
    start, _ = built(SENTENCE, positional=True)
    X, W_K = start.X.copy(), start.W_K.copy()
    W_K[ANIMAL, ANIMAL] = 0.0  # keys no longer say "has animal"
    X[2, ACTION] = 0.0  # and "sat" is no longer an action in X
    res = build(X, start.W_Q, W_K, start.W_V)
    lesson = action_animal_lesson(LABELS, 2, 1, X, start.W_Q, W_K, res.Q, res.K, res.scores, res.weights, res.d_k)
    assert "W_K keeps it as" not in lesson.text and "W_K's cell (animal, has animal) is now 0.00" in lesson.text
    assert "“sat” is an action in the lexicon, but its row of X now has 0.00 there" in lesson.text
    assert lesson.kind == "info"  # sat's query is zeros now: its row is even


def test_repeat_notes_with_positions_on_name_the_matrices_that_differ():
    start, res = built(SENTENCE, positional=True)  # W_Q ignores positions: Q and the weights stay the same
    (note,) = repeat_notes(SENTENCE, True, start.X, res.Q, res.K, res.V, res.weights)
    assert note.text.endswith("its rows differ in X, K and V, but they are the same in Q and the weights: "
                              "W_Q gives the copies the same query.")
    X = start.X.copy()
    X[4] = X[0]  # the learner types the·0's row into the·4's
    res = build(X, start.W_Q, start.W_K, start.W_V)
    (note,) = repeat_notes(SENTENCE, True, X, res.Q, res.K, res.V, res.weights)
    assert note.kind == "warning" and "although positions are on" in note.text and "Positions are off" not in note.text


# ---- the page's other sentences, each from its numbers ---------------------------------------------

def test_the_starting_point_sentences_follow_the_mode_and_positions():
    off = interpretable_info(False, 5, 8)
    assert off.startswith("**Named features, as on Home.**") and "**d_model = 5** here (5 features)" in off
    on = interpretable_info(True, 7, 16)
    assert "**d_model = 7** here (5 features, 2 of position), not your d_model = 16" in on
    assert f"W_Q's rules say {rules_short()}." in on and "the seed is unused" in on
    assert "restores d_model = 16" in start_help(16)
    assert random_start_caption(4).startswith("The starting weights are drawn from seed 4 with entries")
    assert one_head_caption(6, "random", False).endswith("Positions are off: X starts as each token's embedding "
                                                          "alone.")
    assert "named features alone" in one_head_caption(5, "interpretable", False)
    for start in ("interpretable", "random"):  # with positions on, X's own caption says what X is
        assert one_head_caption(7, start, True).endswith("(several heads are taught on Masks and heads).")
    assert one_head_caption(8, "random", True).startswith("One head here, so d_k = d_v = d_model = 8 ")


def test_the_rules_in_one_breath_follow_w_q():
    assert rules_short() == ("an action looks for an animal, an animal for an action and a function word for a "
                             "place")
    assert len(QUERY_RULES) == 3 and all(f in A_FEATURE and g in A_FEATURE for f, g in QUERY_RULES)


def test_the_prediction_says_which_numbers_moved_and_ties_name_every_tied_key():
    assert ALL_SAME_OPTION == ALL_SAME_TEXT  # class mode reads the same words as the wrong answer it expects
    assert numbers_moved(["seed", "edits"]).startswith("The numbers changed since you predicted (the seed and your "
                                                       "edits): your prediction is checked against")
    assert numbers_moved([]).startswith("The numbers changed since you predicted: ")
    # the one tie rule's words, which Home's and the trained model's verdicts say (WEIGHT_DECIMALS = 3)
    assert tie_words(["“the·0”", "“cat”"], 0.36602) == "“the·0” and “cat” tie at 0.366: either is right."
    assert tie_words(["“a”", "“b”", "“c”"], 0.288) == "“a”, “b” and “c” tie at 0.288: any of them is right."


def test_the_editor_says_which_settings_start_the_edits_again():
    assert "changing the sentence, seed, d_model, starting point or positions starts again" in edit_caption("X",
                                                                                                         "random")
    named = edit_caption("W_Q", "interpretable")  # the seed and d_model do not move the named features
    assert named.startswith("Type over any cell of W_Q; the W_Q table above") and "seed" not in named
    assert "**not in the link**" in named


def test_a_refused_cell_names_the_limits_and_the_value_kept():
    said = edit_error("X[cat, d0]: “abc” is not a number", 1e6, 0.123456)
    assert said == ("X[cat, d0]: “abc” is not a number. Type a number between −1,000,000 and 1,000,000; until then "
                    "the page keeps that cell's last good value, 0.1235.")


@pytest.mark.parametrize("positional", [True, False])
def test_the_lexicon_text_lists_the_rules_and_what_idle_queries_do(positional):
    tokens = ("bob", "ran", "to", "the", "park")
    start, res = built(tokens, positional)
    text = lexicon_markdown(tokens, list(tokens), res.Q, res.K, res.weights, positional)
    assert all(f"- {rule}" in text for rule in rules_said()) and len(rules_said()) == len(QUERY_RULES)
    assert ("*sin p* and *cos p*" in text) == positional
    assert text.endswith(" ".join([no_rule_sentence(tokens, list(tokens), res.Q, res.weights),
                                   unanswered_sentence(tokens, list(tokens), res.K, res.weights)]))
    assert f"the lexicon's {len(LEXICON):,} common words" in text and len(LEXICON) > 600  # not "small" any more
    # while the prediction is open, nothing about what the queries do with their weights
    waiting = lexicon_markdown(tokens, list(tokens), res.Q, res.K, res.weights, positional, asked=False)
    assert waiting.endswith("looks for nothing in particular. What this sentence's queries do with their weights "
                            "shows once you answer the prediction in section 4.")
    assert "1/5" not in waiting and "0.200" not in waiting and "“ran”" not in waiting


def test_the_shapes_and_the_scaled_title_carry_the_live_numbers():
    assert shapes_caption(1, 5, 5, 5).startswith("n = 1 token, d_model = 5, d_k = 5, d_v = 5. The weights")
    assert shapes_caption(6, 8, 8, 8).startswith("n = 6 tokens,")
    assert scaled_title(5) == "scaled = QKᵀ/√d_k, √5 = 2.236"


def test_the_trace_steps_print_the_traced_numbers():
    start, res = built(SENTENCE, positional=False)
    t = trace_cell(res.Q, res.K, res.V, 2, 1)
    steps = trace_weight_steps(t, "sat", "cat", res.weights[2, 1])
    assert "2. **Sum**: q · k = 9.000, the cell (sat, cat) of QKᵀ." in steps
    assert f"9.000 ÷ √5 = 9.000 ÷ 2.236 = {readable(9 / 5 ** 0.5)}." in steps
    assert f"4. **exp**: exp({readable(t.scaled)}) = {readable(t.exps[1])}." in steps
    assert f"(the page's softmax gives {readable(res.weights[2, 1], 4)})." in steps
    assert "the bottom row of the first table" in steps and "the outlined row and column cross" in steps
    output = trace_output_steps(t, "sat", "cat")
    assert output.startswith(f"7. **w · v**: {readable(t.weight, 4)} × v(cat) = ")
    assert output.endswith(f"output(sat) = {readable_vec(t.output)}.")
    assert "the outlined row cat of the second table" in output and "into the third" in output
    left_out = trace_output_steps(t, "sat", "cat", every_share=False)
    assert "the table of all 6 keys' shares (6 × 5) is left out" in left_out and "into the second table" in left_out
    assert "outlined row" not in left_out and "third" not in left_out
    assert "tracing query “sat” and key “cat”" in code_intro("sat", "cat")


@pytest.mark.parametrize("sign, said", [(1, "− "), (-1, "+ ")])
def test_a_huge_row_has_its_largest_score_taken_off_before_exp(sign, said):
    Q, K, V = np.array([[sign * 1e4]]) * np.ones((2, 1)), np.array([[1e4], [0.9e4]]), np.eye(2)
    t = trace_cell(Q, K, V, 0, 0)
    steps = trace_weight_steps(t, "a", "a", t.weight)
    assert f"exp({readable(t.scaled)} {said}" in steps and "taken off every entry first" in steps


# ---- issue 22: no 1.000 for a weight that is not 1, no range from a number to itself -----------------

# (The number rule itself, format.enough, is tested in tests/lessons/test_format.py.)


def test_a_nearly_even_row_is_never_said_to_run_from_a_number_to_itself():
    tokens = ("bob", "ran", "to", "the", "park")
    start, _ = built(tokens, positional=False)
    W_Q = start.W_Q.copy()
    W_Q[PLACE, PLACE] = 1e-4  # "park" now looks for a place, barely: its row is even to 3 decimals
    res = build(start.X, W_Q, start.W_K, start.W_V)
    text = no_rule_sentence(tokens, list(tokens), res.Q, res.weights)
    assert "“park” has a query that is not all zeros, and it spreads its weight nearly evenly" in text
    assert re.search(r"from 0\.2000\d* to 0\.200\d+", text) and "from 0.200 to 0.200" not in text, text


def test_a_weight_next_to_one_is_printed_as_it_is_in_the_lesson_the_verdict_and_the_trace():
    start, _ = built(SENTENCE, positional=False)
    W_Q = start.W_Q.copy()
    W_Q[ACTION, ANIMAL] = 4.0  # "sat" wants an animal four times as much: its weight on "cat" is 0.99999
    res = build(start.X, W_Q, start.W_K, start.W_V)
    w = res.weights[2, 1]
    assert 0.99995 < w < 1
    lesson = action_animal_lesson(LABELS, 2, 1, start.X, W_Q, start.W_K, res.Q, res.K, res.scores, res.weights,
                                  res.d_k)
    # the builder's verdict on this row (doubling W_Q): "1 − 5.1 × 10⁻⁷", never 1.000
    verdict = double_wq_verdict(LABELS, doubled_query(start.X, W_Q, start.W_K, start.W_V, 2, 3), "same")
    t = trace_cell(res.Q, res.K, res.V, 2, 1)
    steps = trace_weight_steps(t, "sat", "cat", w) + trace_output_steps(t, "sat", "cat")
    for said in (lesson.text, verdict.why):
        assert "1.000" not in said, said
    assert f"a weight of {enough(w, 3)}" in lesson.text and enough(w, 3).startswith("1 − ")  # 1 − 1.0 × 10⁻⁵
    assert "1.0000" not in steps and steps.count(enough(w, 4)) == 4  # steps 5, 6 (twice) and 7: 1 − 5.1 × 10⁻⁷


def test_one_key_has_one_exp_and_nothing_to_sum():
    t = trace_cell(np.array([[2.0, 1.0]]), np.array([[1.0, 1.0]]), np.eye(2)[:1], 0, 0)
    steps = trace_weight_steps(t, "cat", "cat", 1.0)
    assert "row cat has only this one exp, so" in steps and "which sum to" not in steps


def test_the_trace_titles_name_the_pair_and_the_positions_help_covers_every_start():
    from attn_core.builder import interpretable_start, random_start  # noqa: F401  (the two starts the help names)
    from attn_lessons.builder import POSITIONS_HELP, trace_titles

    products, shares = trace_titles("sat", "cat")
    assert products == "qᵢ ⊙ kⱼ for sat → cat" and shares == "wⱼ·vⱼ: each key's share of output for sat"
    assert trace_titles("*", "_")[0].endswith("for * → _")  # raw labels: the tables escape them
    assert set(POSITIONS_HELP) == {"random", "interpretable"} and len(set(POSITIONS_HELP.values())) == 2


# ------------------------------------------------------------------ issue 36, item 17: the builder's own question
@pytest.mark.parametrize("text, start", [("the cat sat on the mat", "interpretable"),
                                         ("the cat sat on the mat", "random"), ("bob ran to the park", "interpretable"),
                                         ("the cat sat with the dog", "interpretable")])
def test_the_doubling_verdict_states_attn_cores_facts(text, start):
    """The builder asks what doubling W_Q does to a query's weights (not Home's top-key question); its verdict is
    right exactly for attn_core's outcome, and the numbers it quotes are the two rows'."""
    from attn_core.builder import checkpoint_query, doubled_query, interpretable_start, random_start
    from attn_core.model import build_inputs
    from attn_lessons.builder import DOUBLE_OPTIONS, DOUBLE_WQ, double_wq_question, double_wq_verdict

    inputs = build_inputs(text, 0, 8)
    w = inputs.weights
    base = (interpretable_start(inputs.tokens) if start == "interpretable" else
            random_start(inputs.X, w.W_Q, w.W_K, w.W_V))
    i = checkpoint_query(inputs.tokens)
    d = doubled_query(base.X, base.W_Q, base.W_K, base.W_V, i, 3)
    labels = list(inputs.labels)
    assert "most weight?" not in double_wq_question(labels[i])  # not Home's question (issue 36, item 17)
    for choice in DOUBLE_OPTIONS:
        v = double_wq_verdict(labels, d, choice)
        assert v.right == (choice == d.outcome) and v.facts["outcome"] == d.outcome
        k = max(d.top_before, key=lambda t: d.weights_before[t])
        assert v.facts["weight_before"] == d.weights_before[k] and v.facts["weight_after"] == d.weights_after[k]
        assert v.facts["score_after"] == pytest.approx(2 * v.facts["score_before"])
        if d.outcome in ("sharper", "flatter"):
            assert f"from {d.weights_before[k]:.3f} to {d.weights_after[k]:.3f}" in v.why
    assert {w.values({})[0] for w in DOUBLE_WQ.wrong} == set(DOUBLE_OPTIONS) - {"sharper"}
    assert DOUBLE_WQ.key == "qkv_most" and DOUBLE_WQ.id == "builder.double_wq"  # old links' widgets keep their names
