"""The words of Home: sentences about its numbers and tokens, chosen from them. Their wording is in the catalogs
(attn_lessons/locales/<lang>/home.ftl), read in the session's language; what a sentence claims is decided here and
returned as its facts. Plain strings; no UI library."""

from __future__ import annotations

import numpy as np

from attn_core.builder import (
    ACTION,
    ANIMAL,
    FEATURES,
    FUNCTION,
    PLACE,
    POSITION_DIMS,
    QUERY_RULES,
    UNKNOWN,
    lexicon_feature,
    printed_top,
    repeated_words,
    runner_up,
    sum_gap,
)

from .asked import NEIGHBOUR, SELF, Asked, labels_of
from .builder import WEIGHT_DECIMALS, feature_name, rules_short, tie_words
from .format import a_an, enough, listing, md_text, num, sci
from .glossary import term
from .i18n import tr
from .said import Said


def number_word(k: int) -> str:
    """'two' for 2 … 'ten' for 10, digits beyond (两 for 2 in Chinese, digits otherwise)."""
    return tr("home-number-word", n=int(k))


def positions_note(tokens, positional: bool = True) -> Said:
    """What X is, and what the positions do for the repeated words of this sentence, if any. Facts: positional, and
    repeats (each word it names, case folded, with how many times it occurs; none without positions)."""
    repeats = repeated_words(tokens) if positional else {}
    facts = {"positional": positional, "repeats": repeats}
    if not positional:
        return Said(tr("home-positions-off"), facts)
    if not repeats:
        return Said(tr("home-positions-no-repeat"), facts)
    listed = listing(tr("home-positions-copies", count=c, number=number_word(c), word=w) for w, c in repeats.items())
    return Said(tr("home-positions-repeats", copies=listed), facts)


def apart(a: float, b: float, decimals: int = 2) -> tuple[str, str]:
    """a and b printed with the fewest decimals (at least `decimals`) that tell them apart when they differ, and
    that print neither as 0.00 unless it is 0; past 12 decimals, as × 10ⁿ."""
    a, b = float(a), float(b)

    def clear(d: int) -> bool:
        texts = num(a, d), num(b, d)
        rounded_away = any(x != 0 and float(t.replace("−", "-")) == 0 for x, t in zip((a, b), texts, strict=True))
        return (texts[0] != texts[1] or a == b) and not rounded_away

    while decimals < 12 and not clear(decimals):
        decimals += 1
    if clear(decimals):
        return num(a, decimals), num(b, decimals)
    # closer than 12 decimals show (0 and 2.6 × 10⁻²⁹⁵): as × 10ⁿ, with the digits that tell them apart
    digits = next((d for d in range(2, 18) if sci(a, d) != sci(b, d)), 17)
    return sci(a, digits), sci(b, digits)


# the verdict's openings, said once: top_key_gives_away lists them as what answers the question while it is open
LARGEST, EVEN, PRINTS_EVEN = "home-opening-largest", "home-opening-even", "home-opening-prints-even"


def opening(kind: str, label: str) -> str:
    """A verdict's opening for query `label` (LARGEST, EVEN or PRINTS_EVEN): '“sat” gives its largest weight'."""
    return tr(kind, query=label)


def top_key_verdict(labels, i: int, scaled_row, weights_row, guess: int | None) -> Said:
    """Was `guess` a key that query i weighs most, and why, from the numbers. Keys whose weights print the same
    (attn_lessons.builder.WEIGHT_DECIMALS) are equally right, as on the Q/K/V builder. Facts: right; kind ("alone":
    one token, "even": equal scores, "prints even": every weight prints the same, "one": one key on top, "tie":
    several print the largest); top (the keys that print the largest weight); key and weight (the largest weight
    before rounding, and its key); runner (the best key outside top, None when there is none) and the scaled scores
    quoted, best (the lowest of the top keys') and second (runner's), or low and high when all print even; guess and
    guess_weight (quoted only for a wrong guess)."""
    top = list(printed_top(weights_row, WEIGHT_DECIMALS))
    runner = runner_up(scaled_row, top)
    w = [float(x) for x in weights_row]
    s = [float(x) for x in scaled_row]
    q = labels[i]
    k = max(top, key=lambda t: w[t])  # the largest weight before rounding
    right = guess in top
    facts = {"right": right, "top": tuple(top), "key": k, "weight": w[k], "runner": runner, "guess": guess,
             "guess_weight": None}
    if len(w) == 1:
        return Said(tr("home-verdict-alone", query=q, weight="1" if w[0] == 1 else enough(w[0])),
                    {**facts, "right": guess is not None, "kind": "alone"})
    if runner is None and max(s) == min(s):
        return Said(tr("home-verdict-even", opening=opening(EVEN, q), weight=enough(w[0])), {**facts, "kind": "even"})
    if runner is None:
        lo, hi = apart(min(s), max(s))
        return Said(tr("home-verdict-prints-even", opening=opening(PRINTS_EVEN, q),
                       weight=enough(max(w), WEIGHT_DECIMALS), low=lo, high=hi, decimals=WEIGHT_DECIMALS),
                    {**facts, "kind": "prints even", "low": min(s), "high": max(s)})
    tops = [s[t] for t in top]
    best, second = apart(min(tops), s[runner])
    facts.update(best=min(tops), second=s[runner])
    against = tr("home-verdict-against", second=second, runner=labels[runner])
    if len(top) == 1:
        facts["kind"] = "one"
        text = tr("home-verdict-one", opening=opening(LARGEST, q), weight=enough(w[k]), key=labels[k], best=best,
                  against=against)
    else:
        facts["kind"] = "tie"
        names = [tr("home-quoted", token=labels[j]) for j in top]
        if max(tops) == min(tops):
            scores = tr("home-verdict-tie-equal", best=best)
        else:
            lo, hi = apart(min(tops), max(tops))
            facts.update(low=min(tops), high=max(tops))
            scores = tr("home-verdict-tie-range", low=lo, high=hi, decimals=WEIGHT_DECIMALS)
        text = tr("home-verdict-tie", ties=tie_words(names, w[k]), scores=scores, against=against)
    if guess is not None and not right:
        facts["guess_weight"] = w[guess]
        text = tr("home-verdict-guess", verdict=text, guess=labels[guess], weight=enough(w[guess]))
    return Said(text, facts)


# ---------------------------------------------------------------------------------------------
# The weights: named features or seeded random
# ---------------------------------------------------------------------------------------------

def random_weights_caption(seed: int, d_model: int) -> str:
    """Where the random weights come from: the sidebar's seed and d_model."""
    return tr("home-random-caption", seed=str(seed), d_model=str(d_model))


_FEATURE_KEYS = {ANIMAL: "animal", ACTION: "action", PLACE: "place", FUNCTION: "function", UNKNOWN: "unknown"}
# The kinds of word the caption says the lexicon files under a feature (their message in home.ftl), each with words
# that stand for it; what each counts as is read from the lexicon, so the caption cannot say what it does not do
# ("we" is no animal)
KINDS_OF_WORD = (("people", ("sister", "teacher", "people")), ("things", ("ball", "box", "book")),
                 ("pronouns", ("we", "i", "you", "they", "he", "she", "it")))


def feature_of(words) -> int:
    """The feature the lexicon gives every one of `words` (an index of FEATURES); a ValueError when they differ, so
    no sentence files them together."""
    found = {lexicon_feature(w) for w in words}
    if len(found) != 1:
        raise ValueError(f"the lexicon gives {', '.join(words)} different features: name them apart")
    return found.pop()


def counts_as(words) -> str:
    """The feature the lexicon gives every one of `words`, in the plural ('function words'), in the session's
    language."""
    return tr(f"home-features-{_FEATURE_KEYS[feature_of(words)]}")


def named_features_caption() -> Said:
    """What the named features and the hand-set W_Q are (the Q/K/V builder's interpretable start), short; what each
    of KINDS_OF_WORD counts as is the lexicon's. Facts: kinds (each kind of word it names -> the feature it says the
    lexicon files it under, an index of FEATURES) and rules (the W_Q rules it says, as QUERY_RULES' pairs)."""
    kinds = listing([tr("home-kind-counts-as", first="yes" if k == 0 else "no", kind=tr(f"home-kind-{kind}"),
                        features=counts_as(words)) for k, (kind, words) in enumerate(KINDS_OF_WORD)])
    facts = {"kinds": {kind: feature_of(words) for kind, words in KINDS_OF_WORD}, "rules": tuple(QUERY_RULES)}
    return Said(tr("home-named-caption", kinds=kinds, rules=rules_short()), facts)


def named_features_help() -> str:
    """The rest of the named start, for the switch's help: X's columns, and where the seed and d_model apply."""
    names = tr("home-names-joiner").join(map(feature_name, FEATURES))
    return tr("home-named-help", features=len(FEATURES), names=names, positions=len(POSITION_DIMS))


# ---------------------------------------------------------------------------------------------
# Your own sentence: the words the lexicon does not know
# ---------------------------------------------------------------------------------------------

# sentences whose every word is in the lexicon, with an action at position 2 (the query the page starts on); each
# language has its own, in home.ftl (home-working-1 …)
WORKING = ("home-working-1", "home-working-2", "home-working-3")


def working_sentences() -> tuple[str, ...]:
    """Sentences in the session's language whose every token the lexicon knows, offered when the learner's is not."""
    return tuple(tr(m) for m in WORKING)


def __getattr__(name: str):
    if name == "WORKING_SENTENCES":  # the English names kept for their readers, read in the session's language
        return working_sentences()
    raise AttributeError(name)
_LISTED = 4  # name at most this many unknown tokens, then count the rest


def unknown_words(labels, positions) -> Said | None:
    """That the tokens at `positions` are not in the lexicon, so their rows carry no meaning; None when every
    token is in it. Facts: unknown (the positions), every (True when it says none of the tokens is in it), named
    (the positions it names) and more (how many it counts without naming)."""
    positions = list(positions)
    if not positions:
        return None
    facts = {"unknown": positions, "every": len(positions) == len(labels) > 1, "named": [], "more": 0}
    names = ""
    if not facts["every"]:
        shown = positions if len(positions) <= _LISTED + 1 else positions[:_LISTED]
        facts.update(named=shown, more=len(positions) - len(shown))
        names = listing([tr("home-quoted", token=md_text(labels[i])) for i in shown]
                        + ([tr("home-unknown-more", more=facts["more"])] if facts["more"] else []))
    return Said(tr("home-unknown", every="yes" if facts["every"] else "no", names=names, count=len(positions)), facts)


# ---------------------------------------------------------------------------------------------
# One query, every key
# ---------------------------------------------------------------------------------------------

def one_head_caption(d_model: int, tokens, named: bool) -> Said:
    """The widths of the page's one head, and what X is for this sentence. `d_model`: X's width on this page, which
    for the named features is their columns, not the sidebar's d_model. Facts: d_k (= d_v), named, and with the
    random weights, positions_note's facts (the repeated words it names)."""
    facts = {"d_k": d_model, "named": named}
    if named:
        return Said(tr("home-one-head-named", d_k=str(d_model), columns=x_columns(d_model)), facts)
    note = positions_note(tokens)
    return Said(tr("home-one-head-random", d_k=str(d_model), note=note.text), {**facts, **note.facts})


def x_columns(width: int) -> str:
    """What the named start's `width` columns of X are: 'X is each token's 5 named features plus its 2 position
    columns'."""
    if width != len(FEATURES) + len(POSITION_DIMS):
        return tr("home-x-columns", width=width)
    return tr("home-x-named-columns", features=len(FEATURES), positions=len(POSITION_DIMS))


def d_k_source(d_k: int, named: bool) -> str:
    """Where this page's d_k comes from, said beside its √d_k: X's columns for the named features (the sidebar's
    d_model sizes only the random weights), else the sidebar's d_model."""
    if named:
        return tr("home-d-k-named", d_k=str(d_k), columns=x_columns(d_k))
    return tr("home-d-k-sidebar", d_k=str(d_k))


def top_key_question(label: str) -> str:
    """The prediction asked before query `label`'s weights appear."""
    return tr("home-top-key-question", query=label)


def top_key_gives_away(state) -> list[str]:
    """What states query `state["query"]`'s favourite key: the verdict's words, the titles of the tables that print
    its weights (its scores, weights and output shares) and the whole weight matrix's heading."""
    labels, i = labels_of(state), int(state.get("query", 0) or 0)
    if not 0 <= i < len(labels):
        return []
    q = labels[i]
    return [opening(LARGEST, q), opening(EVEN, q), opening(PRINTS_EVEN, q),
            query_titles(q, 1)[0], output_header(q), shares_title(), every_query_header()]


# The prediction, declared once: its key for checkpoint.predict, its class-mode name and the wrong answers expected
TOP_KEY = Asked("home.top_key", "asked-home-top-key", "token", (SELF, NEIGHBOUR),
                from_sentence=True, key="home_top", gives_away=top_key_gives_away,
                reason_id="asked-home-top-key.reason")


def query_titles(label: str, d_k: int) -> tuple[str, list[str]]:
    """The title of the query's table, and the headers of its three columns: scores, scaled scores, weights."""
    return (tr("home-query-title", query=label),
            [tr("home-column-score"), tr("home-column-scaled", d_k=str(d_k)), tr("home-column-weight")])


def query_steps_caption(d_k: int, weights_row, named: bool = False) -> Said:
    """What each of the three columns is, with √d_k, where that d_k comes from, and the row's sum of weights. Facts:
    d_k, sqrt_d_k and sum (the row's weights added up), as quoted."""
    root, total = float(np.sqrt(d_k)), float(np.sum(weights_row))
    return Said(tr("home-steps-caption", d_k=str(d_k), root=num(root, 3), source=d_k_source(d_k, named),
                   sum=num(total, 4)), {"d_k": d_k, "sqrt_d_k": root, "sum": total})


def output_header(label: str) -> str:
    """Section 4's header, for query `label` (escaped for markdown)."""
    return tr("home-output-header", query=md_text(label))


def shares_sum_caption(shares, output_row) -> Said:
    """That the keys' shares wⱼ·vⱼ (n, d_v) add up to the output row (d_v,), and how closely. Facts: gap (the largest
    gap quoted) and kind (attn_core.builder.sum_gap's)."""
    added = np.asarray(shares, dtype=float).sum(axis=0)  # Σⱼ wⱼ·vⱼ: (n, d_v) -> (d_v,)
    gap = sum_gap(added, output_row)
    return Said(tr("home-shares-sum", gap=enough(gap.largest, below=1e-9)), {"gap": gap.largest, "kind": gap.kind})


def weight_matrix_sentence(n_tokens: int, rows: int, cols: int) -> Said:
    """What the weight matrix is, with its live size (a 6 × 6, an 8 × 8). Facts: tokens, rows and cols, as quoted."""
    return Said(tr("home-weight-matrix", tokens=n_tokens, a=a_an(rows), rows=str(rows), cols=str(cols)),
                {"tokens": n_tokens, "rows": rows, "cols": cols})


def notebook_rows_of_x(named: bool) -> str:
    """The notebook's opening words on what a row of X holds, for the named features or the seeded weights."""
    return tr("home-nb-rows-named" if named else "home-nb-rows-random")


def code_intro(label: str) -> str:
    """What "Show the code" holds: the page's numbers for query `label`."""
    return tr("home-code-intro", query=md_text(label))


def notebook_query_note(label: str) -> str:
    """The notebook's note on `i`: which token the page shows as the query (its label as typed, quoted)."""
    return tr("home-nb-query-note", query=repr(label))


# The page's fixed text, in the order Home shows it: each a function, read in the session's language

def intro() -> str:
    """What self-attention does, and where to change the sentence."""
    return tr("home-intro")


def roles() -> tuple[str, str, str]:
    """The three roles, one column each: query, key and value, with their formulas and the glossary's definitions."""
    return tuple(tr("home-role", name=term(name).said, symbol=symbol, definition=term(name).definition)
                 for name, symbol in (("query", "q_i = x_i W_Q"), ("key", "k_j = x_j W_K"), ("value", "v_j = x_j W_V")))


def query_picker() -> str:
    """The query box's label."""
    return tr("home-query-picker")


def one_head_title() -> str:
    """The expander on X, d_k and the three columns."""
    return tr("home-one-head-title")


def shares_title() -> str:
    """The table of one query's output taken apart."""
    return tr("home-shares-title")


def every_query_header() -> str:
    """The whole weight matrix's heading."""
    return tr("home-every-query")


def qkv_heading() -> str:
    return tr("home-qkv-heading")


def route_note(core_minutes: int) -> Said:
    """The route's note, with the core's reading time it states: the sum of the core pages' `minutes` (each counted
    from the words on the page by tests/lesson_length.py). Facts: minutes."""
    return Said(tr("home-route-note", minutes=core_minutes), {"minutes": core_minutes})


def route_link(k: int, page) -> str:
    """Home's link to the route's page `page`, number `k`: its label, kind, reading time and question."""
    return tr("home-route-link", number=str(k), label=page.label, kind="core" if page.core else "deep",
              minutes=page.minutes, question=page.question)


def random_toggle() -> str:
    """The switch between the named features and the random weights."""
    return tr("home-random-toggle")


def qkv_toggle() -> str:
    """The switch that shows Q, K and V."""
    return tr("home-qkv-toggle")


def weights_kind(named: bool) -> str:
    """How "Take it home" names the weights."""
    return tr("home-weights-named" if named else "home-weights-random")


def title() -> str:
    """The app's name, Home's title."""
    return tr("app-name")


def section(name: str) -> str:
    """A heading or an axis title of Home ("one-query", "value-dimension", "key", "query", "token", "key-j")."""
    return tr(f"home-{name}")
