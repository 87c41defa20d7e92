"""The words of the Q/K/V builder: every sentence, note, question and verdict about its numbers.

The numbers and the decisions about them (which keys top a row, how even a row is, whether a rule finds an
answer, whether a prediction was right) come from attn_core.builder; this module only words them, reading each
number with `.format`, the one number formatter. The wording is in the catalogs (locales/<lang>/builder.ftl), read in
the session's language.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import numpy as np

from attn_core.builder import (
    ACTION,
    ANIMAL,
    FEATURES,
    FUNCTION,
    PLACE,
    POSITION_DIMS,
    QUERY_RULES,
    CellTrace,
    Doubled,
    Rank,
    Spread,
    no_rule_tokens,
    rank_in_row,
    repeated_tokens,
    row_spread,
    rows_identical,
    sum_gap,
    unanswered_rules,
    zero_rows,
)
from attn_core.lexicon import sizes as lexicon_sizes
from attn_core.tokens import han_tokens

from .asked import Asked, Wrong, const
from .format import enough, enough_vec, grouped, listing, num, plural, readable
from .i18n import tr
from .said import Said


class Messages(Mapping):
    """A fixed set of keys, each read as its message in the session's language when looked up: a dict of labels
    that stays in one language per session (DOUBLE_OPTIONS' labels, MOVED's names)."""

    def __init__(self, ids: dict):
        self._ids = dict(ids)

    def __getitem__(self, key):
        return tr(self._ids[key])

    def __iter__(self):
        return iter(self._ids)

    def __len__(self):
        return len(self._ids)


# ---------------------------------------------------------------------------------------------
# The interpretable starting point, in words
# ---------------------------------------------------------------------------------------------

_KEYS = {ANIMAL: "animal", ACTION: "action", PLACE: "place", FUNCTION: "function"}
# what each feature of attn_core.builder.FEATURES says about a token, for the lexicon table
FEATURE_QUESTIONS = Messages({f: f"builder-feature-is-{name}" for f, name in enumerate(FEATURES)})
RULE_WORDS = Messages({rule: f"builder-rule-{_KEYS[rule[0]]}" for rule in QUERY_RULES})  # each rule, as read
A_FEATURE = Messages({f: f"builder-a-{name}" for f, name in _KEYS.items()})  # "an animal", with "a(n)"
WANTED = Messages({g: f"builder-a-{_KEYS[g]}" for _, g in QUERY_RULES})  # what a rule looks for


def feature_name(name: str) -> str:
    """A feature's short name (attn_core.builder.FEATURES: 'animal'), in the session's language."""
    return tr(f"builder-feature-{name}")


def dim_label(label: str) -> str:
    """A column's name as attn_core.builder's named start gives it ('animal', 'wants animal', 'has place'), in the
    session's language; any other ('d0', 'sin p') as it is."""
    head, _, tail = label.partition(" ")
    if label in FEATURES:
        return feature_name(label)
    if head in ("wants", "has") and tail in FEATURES:
        return tr(f"builder-{head}", feature=feature_name(tail))
    if head in ("wants", "has"):  # a position column: 'wants sin p'
        return tr(f"builder-{head}-symbol", symbol=tail)
    return label


def dim_labels(labels) -> tuple[str, ...]:
    """Column names for a table (dim_label of each)."""
    return tuple(dim_label(x) for x in labels)


def with_dims_said(start):
    """A starting point (attn_core.builder.Start) whose axes are named in the session's language: the named
    features' 'wants animal' is 想要动物 in Chinese; the numbers are the same arrays."""
    return replace(start, dims=dim_labels(start.dims), q_dims=dim_labels(start.q_dims),
                   k_dims=dim_labels(start.k_dims), v_dims=dim_labels(start.v_dims))


# ---------------------------------------------------------------------------------------------
# Numbers in a sentence: never 1.000 for a value that is not 1
# ---------------------------------------------------------------------------------------------

def apart(a: float, b: float) -> tuple[str, str]:
    """a and b for a sentence (`enough`), with the fewest decimals (3 to 10) at which they read differently, the
    same for both: "0.9999 against 1.0000", not "0.9999 against 1.000"."""
    for decimals in range(3, 11):
        if readable(a, decimals) != readable(b, decimals):
            break
    shown = [enough(x, decimals) for x in (a, b)]
    widest = max(len(t.split(".")[1]) if "." in t and "×" not in t else 0 for t in shown)
    return enough(a, max(decimals, widest)), enough(b, max(decimals, widest))


def rules_said() -> list[str]:
    """The hand-set W_Q's rules, in the order of QUERY_RULES."""
    return [RULE_WORDS[rule] for rule in QUERY_RULES]


def rules_short() -> str:
    """The hand-set W_Q's rules in one breath, in the order of QUERY_RULES: 'an action looks for an animal, an
    animal for an action and a function word for a place'."""
    return listing([tr("builder-rule-short", first="yes" if k == 0 else "no", asker=A_FEATURE[f], wanted=A_FEATURE[g])
                    for k, (f, g) in enumerate(QUERY_RULES)])


def interpretable_info(positional: bool, d_model: int, your_d_model: int) -> str:
    """The named-features start in Home's words: X's columns are features, W_Q holds the rules; what that does to
    d_model (the features' count, plus the position columns) and to the seed."""
    return tr("builder-interpretable-info", rules=rules_short(), d_model=str(d_model), features=len(FEATURES),
              positions=len(POSITION_DIMS) if positional else 0, yours=str(your_d_model))


def start_help(your_d_model: int) -> str:
    """The starting point's help: what each start is, and that the learner's own d_model comes back."""
    return tr("builder-start-help", yours=str(your_d_model))


def random_start_caption(seed: int) -> str:
    """Where the random starting weights come from, and why their scale."""
    return tr("builder-random-caption", seed=str(seed))


def one_head_caption(d_model: int, start: str, positional: bool) -> str:
    """The page's one head (and where several are taught); with positions off, what X starts as: for `start`
    "random" or "interpretable"."""
    return tr("builder-one-head", d_model=str(d_model), start=start, positions="on" if positional else "off")


def edit_caption(name: str, start: str) -> str:
    """Under the editor of matrix `name`: where its numbers show, their precision, and where edits live; for `start`
    "random" the seed and d_model draw the starting point too, so they start the edits again."""
    return tr("builder-edit-caption", name=name, start=start)


def edit_error(message: str, max_abs: float, last: float) -> str:
    """A refused cell: what is wrong, what to type instead, and the value the page keeps meanwhile."""
    return tr("builder-edit-error", message=message, most=grouped(max_abs), last=enough(last, 4))


def lexicon_markdown(tokens, labels, Q, K, weights, positional: bool, asked: bool = True) -> Said:
    """The lexicon's rules and what this sentence's queries with no rule, or with no answer, do. `asked`: False
    while the page's prediction is open, when those weights wait for the answer. Facts: lexicon (the size quoted: its
    English words, or its Chinese characters when most tokens are Han), lexicon_kind ("words" or "characters"),
    positional, and while asked, no_rule and unanswered (no_rule_sentence's and unanswered_sentence's)."""
    positions = "\n\n" + tr("builder-lexicon-positions") if positional else ""
    # the lexicon holds English words and Chinese characters: quote the count of the sentence's own language
    kind = "characters" if han_tokens(tokens) * 2 > len(tokens) else "words"
    facts = {"lexicon": lexicon_sizes()[kind], "lexicon_kind": kind, "positional": positional, "no_rule": None,
             "unanswered": None}
    if asked:
        idle, unanswered = no_rule_sentence(tokens, labels, Q, weights), unanswered_sentence(tokens, labels, K, weights)
        facts.update(no_rule=idle.facts, unanswered=unanswered.facts)
        here = tr("builder-sentence-joiner").join(filter(None, [idle.text, unanswered.text]))
    else:
        here = tr("builder-lexicon-waits")
    return Said(tr("builder-lexicon-start", words=grouped(facts["lexicon"]), kind=kind) + "\n\n"
                + "\n".join(f"- {why}" for why in rules_said()) + positions + "\n\n"
                + tr("builder-lexicon-no-rule", here=here), facts)


@dataclass(frozen=True)
class Note:
    """A sentence and how to show it: "warning", "caption", "success" or "info"; and the facts it states, for a test
    to compare with attn_core."""

    kind: str
    text: str
    facts: dict = field(default_factory=dict)


# ---------------------------------------------------------------------------------------------
# Repeated tokens, and the action → animal lesson
# ---------------------------------------------------------------------------------------------

def repeat_notes(tokens, positional: bool, X, Q, K, V, weights) -> list[Note]:
    """One note per repeated token: in which of X, Q, K, V and the weights its rows are the same, and why. Facts:
    positions (the token's), same and differ (the names of the matrices where its rows are equal, and the rest),
    positional."""
    matrices = {"X": X, "Q": Q, "K": K, "V": V, "the weights": weights}
    notes = []
    for group in repeated_tokens(tokens):
        where = listing(str(p) for p in group)
        word = "”/“".join(dict.fromkeys(tokens[p] for p in group))  # The/the: the embedding folds case
        same = [name for name, M in matrices.items() if rows_identical(group, M)]
        differ = [name for name in matrices if name not in same]
        facts = {"positions": list(group), "same": same, "differ": differ, "positional": positional}
        if not differ and not positional:
            case = "identical-off"
        elif not differ:
            case = "identical-on"
        elif not positional:
            case = "edited"
        elif not same:
            case = "positions"
        else:
            case = "some"
        text = tr(f"builder-repeat-{case}", word=word, where=where, differ=listing(map(matrix_name, differ)),
                  same=listing(map(matrix_name, same)), query="yes" if "Q" in same else "no")
        notes.append(Note("warning" if case.startswith("identical") else "caption", text, facts))
    return notes


def matrix_name(name: str) -> str:
    """X, Q, K, V as they are; "the weights" in the session's language."""
    return tr("builder-the-weights") if name == "the weights" else name


def _rank_words(labels, row, b: int) -> tuple[str, str, Rank]:
    """(kind of note, where key b's weight stands in its row, the rank it words), from attn_core.builder.rank_in_row."""
    rank = rank_in_row(row, b)
    if rank.kind == "tied":
        others = listing(tr("builder-quoted", token=labels[k]) for k in rank.top if k != b)
        verdict = tr("builder-rank-tied", others=others)
    elif rank.kind in ("even", "largest"):
        verdict = tr(f"builder-rank-{rank.kind}")
    else:
        k = rank.top[0]
        verdict = tr("builder-rank-beaten", top=labels[k], weight=enough(row[k], 3))
    return ("success" if rank.kind in ("largest", "tied") else "info"), verdict, rank


def action_animal_lesson(labels, a: int, b: int, X, W_Q, W_K, Q, K, scores, weights, d_k: int) -> Note:
    """Why action a attends to animal b (a "success"), or whether it still does after edits (an "info"). Facts, each
    as quoted: query and key (a and b), x_action (X[a]'s action cell), x_animal (X[b]'s animal cell), w_q (W_Q's
    action → wants animal cell), w_k (W_K's animal → has animal cell), q and k (Q[a]'s and K[b]'s animal column),
    score (q·k), part (q times k, that column's share of it), d_k, weight (a's weight on b), rank (attn_core's
    rank_in_row kind: "largest", "tied", "even" or "beaten") with top, and top_weight (the largest in a's row)."""
    row = np.asarray(weights[a], dtype=float)
    kind, verdict, rank = _rank_words(labels, row, b)
    head = tr("builder-lesson-head", kind=kind, query=labels[a], key=labels[b])
    q, k = float(Q[a][ANIMAL]), float(K[b][ANIMAL])
    x_a, x_b = float(X[a][ACTION]), float(X[b][ANIMAL])
    w_q, w_k = float(W_Q[ACTION][ANIMAL]), float(W_K[ANIMAL][ANIMAL])
    # each clause says what the starting point does only while the number behind it still does it
    action = tr("builder-lesson-action", token=labels[a], kept="yes" if x_a > 0 else "no", value=enough(x_a, 2))
    animal = tr("builder-lesson-animal", token=labels[b], kept="yes" if x_b > 0 else "no", value=enough(x_b, 2))
    turns = tr("builder-lesson-turns", kept="yes" if w_q > 0 else "no", value=enough(w_q, 2))
    keeps = tr("builder-lesson-keeps", kept="yes" if w_k > 0 else "no", value=enough(w_k, 2))
    facts = {"query": a, "key": b, "x_action": x_a, "x_animal": x_b, "w_q": w_q, "w_k": w_k, "q": q, "k": k,
             "score": float(scores[a][b]), "part": q * k, "d_k": d_k, "weight": float(row[b]), "rank": rank.kind,
             "top": rank.top, "top_weight": float(row[rank.top[0]])}
    return Note(kind, tr("builder-lesson", head=head, action=action, turns=turns, q=enough(q, 2), animal=animal,
                         keeps=keeps, k=enough(k, 2), score=enough(facts["score"], 2), part=enough(q * k, 2),
                         d_k=str(d_k), query=labels[a], key=labels[b], weight=enough(row[b], 3), verdict=verdict),
                facts)


# ---------------------------------------------------------------------------------------------
# A query that looks for nothing, and the sum check
# ---------------------------------------------------------------------------------------------

def _spread_facts(s: Spread, i: int) -> dict:
    """What _spread_words says of query i's row: its kind, its smallest and largest weight, and the key on top."""
    return {"query": i, "spread": s.kind, "lo": s.lo, "hi": s.hi, "top": s.top}


def _spread_words(s: Spread, i: int, labels) -> str:
    """What query i does with its row of weights, as a verb phrase: 'spreads its weight nearly evenly, …'."""
    lo, hi = apart(s.lo, s.hi)  # a nearly even row can be even to 3 decimals: never "from 0.167 to 0.167"
    return tr("builder-spread", kind=s.kind.replace(" ", "-"), weight=enough(s.hi, 3), low=lo, high=hi,
              itself="yes" if s.top == i else "no", top=labels[s.top])


def _zero_queries_said(labels, zero, weights, n: int, most: int) -> Said:
    """What the queries of zeros among the tokens with no rule do: one weight each, or all of it alone. Facts: named
    (the queries it names), more (how many it counts without naming) and weight (what each key gets, as quoted)."""
    named = zero[:most]
    shown = [tr("builder-quoted", token=labels[i]) for i in named] + (
        [tr("builder-more", more=len(zero) - most)] if len(zero) > most else [])
    who = listing(shown)
    if n == 1:
        weight = float(weights[zero[0]][0])
        return Said(tr("builder-zero-alone", who=who, weight=enough(weight, 3)),
                    {"named": named, "more": len(zero) - len(named), "weight": weight})
    return Said(tr("builder-zero-queries", who=who, count=len(zero), n=n, weight=enough(1 / n, 3)),
                {"named": named, "more": len(zero) - len(named), "weight": 1 / n})


def no_rule_sentence(tokens, labels, Q, weights, most: int = 3) -> Said:
    """What this sentence's queries with no rule do with their weights, read off Q and the weights. Facts: idle (the
    tokens with no rule), zero (those whose query is all zeros), named and more and weight (what it says of them:
    _zero_queries_said's; none when zero is empty), busy (each other one it describes: query, spread, lo, hi and
    top, as _spread_words says them) and busy_more (how many it leaves undescribed)."""
    idle = no_rule_tokens(tokens)
    facts = {"idle": idle, "zero": [], "named": [], "more": 0, "weight": None, "busy": [], "busy_more": 0}
    if not idle:
        return Said(tr("builder-no-idle"), facts)
    zero = zero_rows(Q, idle)
    facts["zero"] = zero
    parts = []
    if zero:
        said = _zero_queries_said(labels, zero, weights, len(tokens), most)
        parts.append(said.text)
        facts.update(said.facts)
    busy = [i for i in idle if i not in zero]
    for i in busy[:most]:
        s = row_spread(weights[i])
        facts["busy"].append(_spread_facts(s, i))
        parts.append(tr("builder-busy", token=labels[i], spread=_spread_words(s, i, labels)))
    if len(busy) > most:
        rest = facts["busy_more"] = len(busy) - most
        parts.append(tr("builder-busy-more", rest=rest))
    return Said(tr("builder-sentence-joiner").join(parts), facts)


def unanswered_sentence(tokens, labels, K, weights, most: int = 3) -> Said:
    """The queries whose rule finds nothing: every key has 0 in the column they want. '' when there are none. Facts:
    asks (each query it describes: query, wants (the feature its rule wants, which it says no key has), spread, lo,
    hi and top, as _spread_words says them) and more (each wanted feature -> how many more such queries it counts)."""
    parts, facts = [], {"asks": [], "more": {}}
    for g, askers in unanswered_rules(tokens, K):
        for i in askers[:most]:
            s = row_spread(weights[i])
            facts["asks"].append({**_spread_facts(s, i), "wants": g})
            parts.append(tr("builder-unanswered", token=labels[i], wanted=WANTED[g],
                            has=dim_label(f"has {FEATURES[g]}"), spread=_spread_words(s, i, labels)))
        if len(askers) > most:
            facts["more"][g] = len(askers) - most
            parts.append(tr("builder-unanswered-more", rest=len(askers) - most, wanted=WANTED[g]))
    return Said(tr("builder-sentence-joiner").join(parts), facts)


def sum_check(label: str, traced, output_row) -> Said:
    """Does Σⱼ wⱼ·vⱼ, added up by the trace, match row `label` of the output matrix? In words. Facts: kind
    (attn_core.builder.sum_gap's: "exact", "rounding" or "differs") and gap (the largest, as quoted)."""
    check = sum_gap(traced, output_row)
    largest = enough(check.largest, below=1e-9)  # "below 10⁻⁹" when it is only floating-point rounding
    facts = {"kind": check.kind, "gap": check.largest}
    return Said(tr("builder-sum-check", kind=check.kind, row=label, gap=largest), facts)


# ---------------------------------------------------------------------------------------------
# The shapes, the scaled scores and the trace
# ---------------------------------------------------------------------------------------------

def shapes_caption(n: int, d_model: int, d_k: int, d_v: int) -> str:
    """The live symbols of the shape diagram."""
    return tr("builder-shapes-caption", tokens=plural(n, "token"), d_model=str(d_model), d_k=str(d_k), d_v=str(d_v))


def scaled_title(d_k: int) -> str:
    """The scaled scores' title, with √d_k worked out."""
    return tr("builder-scaled-title", d_k=str(d_k), root=num(np.sqrt(d_k), 3))


def _exp_step(t: CellTrace) -> str:
    """Step 4 of the trace: exp of the scaled score, with the row's largest taken off first when it is huge."""
    scaled, shift = enough(t.scaled), enough(t.shift)
    if t.shift == 0:
        return f"exp({scaled}) = {enough(t.exps[t.j])}"
    minus = f"− {shift}" if t.shift > 0 else f"+ {enough(-t.shift)}"  # a negative max is taken off by adding
    return tr("builder-exp-shifted", scaled=scaled, minus=minus, exp=enough(t.exps[t.j]), shift=shift)


def _sum_step(t: CellTrace, qi: str) -> str:
    """Step 5 of the trace: exp ÷ the row's sum of exps (with one key, the row has only this one exp)."""
    exp_j, weight = enough(t.exps[t.j]), enough(t.weight, 4)
    if len(t.exps) == 1:
        return tr("builder-sum-one", row=qi, exp=exp_j, weight=weight)
    total = enough(t.exp_sum)
    return tr("builder-sum-many", row=qi, exps=enough_vec(t.exps), total=total, exp=exp_j, weight=weight)


def trace_weight_steps(t: CellTrace, qi: str, kj: str, page_weight: float) -> Said:
    """Steps 1 to 6 of the trace, as a markdown list: from q ⊙ k to weight w_ij, which the page's softmax gave
    as `page_weight`. `qi`, `kj`: the query's and key's labels, as they read in markdown. Facts, as quoted: score,
    d_k, sqrt_d_k, scaled, shift (taken off before exp), exp (key j's), exps (the row's, when it has more than one
    key), exp_sum, weight (the trace's) and page_weight."""
    score = enough(t.score)
    facts = {"score": t.score, "d_k": t.d_k, "sqrt_d_k": float(np.sqrt(t.d_k)), "scaled": t.scaled, "shift": t.shift,
             "exp": float(t.exps[t.j]), "exps": t.exps, "exp_sum": t.exp_sum, "weight": t.weight,
             "page_weight": float(page_weight)}
    return Said("\n".join([
        tr("builder-step-1"),
        tr("builder-step-2", score=score, query=qi, key=kj),
        tr("builder-step-3", score=score, d_k=str(t.d_k), root=num(np.sqrt(t.d_k), 3), scaled=enough(t.scaled)),
        tr("builder-step-4", exp=_exp_step(t)),
        tr("builder-step-5", sum=_sum_step(t, qi)),
        tr("builder-step-6", weight=enough(t.weight, 4), page=enough(page_weight, 4))]), facts)


def trace_output_steps(t: CellTrace, qi: str, kj: str, every_share: bool = True) -> Said:
    """Steps 7 and 8 of the trace, as a markdown list: key j's share of output_i, and every key's added up.
    `every_share`: the page shows the table of every key's share (it leaves it out at the largest sizes). Facts, as
    quoted: weight, share (key j's w·v), output (the shares added up), and with every_share False, n and d_v (the
    size of the table left out)."""
    n, d_v = t.shares.shape
    shown = "yes" if every_share else "no"
    facts = {"weight": t.weight, "share": t.shares[t.j], "output": t.output, "every_share": every_share, "n": n,
             "d_v": d_v}
    return Said(tr("builder-step-7", weight=enough(t.weight, 4), key=kj, share=enough_vec(t.shares[t.j]), query=qi,
                   shown=shown, n=str(n), d_v=str(d_v)) + "\n"
                + tr("builder-step-8", shown=shown, query=qi, output=enough_vec(t.output)), facts)


def code_intro(qi: str, kj: str) -> str:
    """What "Show the code" holds: the page's own X and W's, tracing query `qi` and key `kj` (as in markdown)."""
    return tr("builder-code-intro", query=qi, key=kj)


# ---------------------------------------------------------------------------------------------
# Predict, then see: the words every prediction shares (the tie rule, moved numbers, the verdict)
# ---------------------------------------------------------------------------------------------

ALL_SAME_OPTION = "They all get the same weight"  # how class mode reads the answer ALL_SAME (misconceptions.py)
# A verdict prints a weight to this many decimals, and keys whose weights print the same are equally right: the one
# tie rule of the predict-first questions about a top key (Home's too), decided by attn_core.builder.printed_top.
WEIGHT_DECIMALS = 3
MOVED = Messages({"seed": "builder-moved-seed", "d_model": "builder-moved-d-model",
                  "positions": "builder-moved-positions", "edits": "builder-moved-edits"})


def numbers_moved(changed) -> str:
    """Above a verdict whose numbers moved since the guess: which of MOVED's settings changed (none named when the
    page does not know)."""
    return tr("builder-numbers-moved", what=listing([MOVED[c] for c in changed]) if changed else "",
              named="yes" if changed else "no")


@dataclass(frozen=True)
class Verdict:
    """Whether a prediction was right, and why, from the numbers on screen."""

    right: bool
    why: str
    graded: bool = True  # False when the numbers changed after the prediction: show the answer, no verdict
    facts: dict = field(default_factory=dict)  # what the words claim, for a test to compare with attn_core


def tie_words(names, weight: float) -> str:
    """That the keys `names` (quoted labels, two or more) tie at `weight` as a verdict prints it, and that each is
    right: '“the·0” and “cat” tie at 0.199: either is right.' Home's verdict says it too."""
    return tr("builder-tie", names=listing(list(names)), weight=enough(weight, WEIGHT_DECIMALS), count=len(names))


# ---------------------------------------------------------------------------------------------
# Predict, then see: the builder's own question. Home asked which key a query gives the most weight; the builder
# teaches where Q comes from (Q = X·W_Q) and how a weight follows from it, so it asks what doubling W_Q does.
# ---------------------------------------------------------------------------------------------

DOUBLE_OPTIONS = Messages({  # attn_core.builder.DOUBLED's outcomes, as the radio offers them (read when shown)
    "sharper": "builder-double-sharper",
    "flatter": "builder-double-flatter",
    "other": "builder-double-other",
    "same": "builder-double-same",
})


def double_option(outcome: str) -> str:
    """The radio's label for `outcome` (a key of DOUBLE_OPTIONS), in the session's language."""
    return DOUBLE_OPTIONS[outcome]


def double_wq_question(label: str) -> str:
    """The builder's question, for query `label` (as it reads in markdown), asked before any scores or weights."""
    return tr("builder-double-question", query=label)


def double_wq_gives_away(state) -> list[str]:
    """What states the answer while the question is open: the reveal's own reasoning."""
    return [tr("builder-gives-away-1"), tr("builder-gives-away-2"), tr("builder-gives-away-3")]


# The prediction, declared once: its key for checkpoint.predict (the widgets qkv_most_value, _check, _skip keep their
# names, so old links still work), its class-mode name, and the wrong answers expected with what each shows
DOUBLE_WQ = Asked(
    "builder.double_wq", "asked-builder-double-wq", "option",
    tuple(Wrong(f"builder-double-{k}", f"asked-builder-double-wq-{k}.shows", const(k)) for k in ("same", "other",
                                                                                                "flatter")),
    key="qkv_most", gives_away=double_wq_gives_away, reason_id="asked-builder-double-wq.reason")

_HINTS = ("same", "other", "flatter")  # why a wrong pick is wrong, in general (builder-hint-…); the reveal's
# numbers show it for this row


def double_wq_verdict(labels, d: Doubled, choice) -> Verdict:
    """Was `choice` (a key of DOUBLE_OPTIONS, None when skipped) what doubling W_Q does to row d.i, as attn_core's
    doubled_query decided it from the two rows? Why, from the numbers. Facts: outcome, top keys before and after,
    key (the top key it names) and n (the row's keys), the top weight before and after, and the top key's scaled score
    before and after."""
    q, n = labels[d.i], len(d.weights_before)
    k = max(d.top_before, key=lambda t: d.weights_before[t])
    facts = {"outcome": d.outcome, "top_before": d.top_before, "top_after": d.top_after, "key": k, "n": n,
             "weight_before": float(d.weights_before[k]), "weight_after": float(d.weights_after[k]),
             "score_before": float(d.scaled_before[k]), "score_after": float(d.scaled_after[k])}
    if n == 1:
        why = tr("builder-double-alone", query=q)
    elif np.ptp(d.scaled_before) == 0:
        why = tr("builder-double-even", query=q, score=enough(d.scaled_before[0], 3), n=str(n),
                 weight=enough(d.weights_before[0], 3))
    else:
        why = tr("builder-double-lead", query=q, key=labels[k], before=enough(d.scaled_before[k], 3),
                 after=enough(d.scaled_after[k], 3))
        gap = tr("builder-sentence-joiner")  # between two sentences: a space in English
        if d.outcome == "other":
            names = listing([tr("builder-quoted", token=labels[t]) for t in d.top_after])
            why += gap + tr("builder-double-apart", decimals=WEIGHT_DECIMALS, names=names, count=len(d.top_after))
        elif d.outcome == "same":
            why += gap + tr("builder-double-same-why", key=labels[k], weight=enough(d.weights_before[k], 3),
                            decimals=WEIGHT_DECIMALS)
        else:
            why += gap + tr("builder-double-gaps", key=labels[k], outcome=d.outcome,
                            before=enough(d.weights_before[k], 3), after=enough(d.weights_after[k], 3))
    right = choice == d.outcome
    if choice is not None and not right and choice in _HINTS:
        why += tr("builder-sentence-joiner") + tr(f"builder-hint-{choice}")
    return Verdict(right, why, True, facts)


# ---------------------------------------------------------------------------------------------
# The page's fixed text: intro, headings, help and captions, in the order the page shows them
# ---------------------------------------------------------------------------------------------

_FIXED = {  # the page's fixed text, in the order the page shows it: name -> message, read when looked up
    "INTRO": "builder-intro", "START_HEADER": "builder-start-header", "START_INTRO": "builder-start-intro",
    "EDIT_HELP": "builder-edit-help", "LEXICON_TITLE": "builder-lexicon-title",
    "SHAPES_HEADER": "builder-shapes-header",
    "PROJECT_HEADER": "builder-project-header", "PROJECT_INTRO": "builder-project-intro",
    "COMPARE_HEADER": "builder-compare-header", "WEIGHTS_CAPTION": "builder-weights-caption",
    "TRACE_HEADER": "builder-trace-header", "SUM_TITLE": "builder-sum-title", "DIMS_NOTE": "builder-dims-note",
    "LONG_HELP": "builder-long-help",
    # labels of the page's controls (the layer test counts a label of six words or more as a sentence)
    "QUERY_PICKER": "builder-query-picker", "KEY_PICKER": "builder-key-picker", "DOWNLOAD_ZIP": "builder-download-zip",
    # the shape diagram (attn_ui.exports.shape_flow_html): what a screen reader reads, and its steps in words
    "SHAPES_LABEL": "builder-shapes-label", "TRANSPOSE_STEP": "builder-transpose-step",
    "SOFTMAX_STEP": "builder-softmax-step",
}
POSITIONS_HELP = Messages({"random": "builder-positions-help-random",  # the positions switch's help, by start
                           "interpretable": "builder-positions-help-interpretable"})


def __getattr__(name: str) -> str:
    """The page's fixed texts by their old constant names (INTRO, START_HEADER …), read in the session's language
    at each use: say.INTRO is looked up when the page runs, never at import."""
    if name in _FIXED:
        return tr(_FIXED[name])
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def text(name: str, **args) -> str:
    """A short text of the page by its message's name without the module's prefix ('start-name-random',
    'axis-token'), in the session's language, with its variables."""
    return tr(f"builder-{name}", **args)


def trace_titles(query: str, key: str) -> tuple[str, str]:
    """The trace's first two tables' titles, for query and key labels as typed (the tables escape them): q ⊙ k, and
    every key's share."""
    return tr("builder-trace-products", query=query, key=key), tr("builder-trace-shares", query=query)
