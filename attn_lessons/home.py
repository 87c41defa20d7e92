"""The words of Home: sentences about its numbers and tokens, chosen from them. Plain strings; no UI library."""

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
from .builder import WEIGHT_DECIMALS, tie_words
from .format import a_an, enough, listing, md_text, num, sci
from .glossary import term
from .said import Said

_NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def number_word(k: int) -> str:
    """'two' for 2 … 'ten' for 10, digits beyond."""
    return _NUMBER_WORDS[k] if 0 <= k < len(_NUMBER_WORDS) else str(k)


def positions_note(tokens, positional: bool = True) -> Said:
    """What X is, and what the positions do for the repeated words of this sentence, if any. Facts: positional, and
    repeats (each word it names, case folded, with how many times it occurs; none without positions)."""
    repeats = repeated_words(tokens) if positional else {}
    facts = {"positional": positional, "repeats": repeats}
    if not positional:
        return Said("X is each token's embedding alone, with no position: the same word gets the same row.", facts)
    base = "X is each token's embedding plus its sinusoidal position"
    if not repeats:
        return Said(base + ", so the same word at two places would still get two different rows.", facts)
    listed = listing(f"the {number_word(c)} “{w}”s" for w, c in repeats.items())
    return Said(f"{base}, so {listed} get different rows.", facts)


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
LARGEST, EVEN, PRINTS_EVEN = "gives its largest weight", "weighs every key the same", "'s weights all print as"


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
    q = f"“{labels[i]}”"
    k = max(top, key=lambda t: w[t])  # the largest weight before rounding
    right = guess in top
    facts = {"right": right, "top": tuple(top), "key": k, "weight": w[k], "runner": runner, "guess": guess,
             "guess_weight": None}
    if len(w) == 1:
        return Said(f"{q} is the only token, so it is its own only key and gets the whole weight, "
                    f"{'1' if w[0] == 1 else enough(w[0])}: softmax of a single score is always 1.",
                    {**facts, "right": guess is not None, "kind": "alone"})
    if runner is None and max(s) == min(s):
        return Said(f"{q} {EVEN}, {enough(w[0])} each: its scaled scores are all equal, so no key is preferred and "
                    "any key is right.", {**facts, "kind": "even"})
    if runner is None:
        lo, hi = apart(min(s), max(s))
        return Said(f"{q}{PRINTS_EVEN} {enough(max(w), WEIGHT_DECIMALS)}: its scaled scores q·k/√d_k, from {lo} to "
                    f"{hi}, are too close for the weights to differ at {WEIGHT_DECIMALS} decimals, so any key is "
                    "right.", {**facts, "kind": "prints even", "low": min(s), "high": max(s)})
    tops = [s[t] for t in top]
    best, second = apart(min(tops), s[runner])
    facts.update(best=min(tops), second=s[runner])
    against = (f"against at most {second} (“{labels[runner]}”) for the other keys, and softmax turns the largest "
               "score into the largest weight.")
    if len(top) == 1:
        facts["kind"] = "one"
        text = (f"{q} {LARGEST}, {enough(w[k])}, to “{labels[k]}”: the scaled score q·k/√d_k is {best} there, "
                f"{against}")
    else:
        facts["kind"] = "tie"
        names = [f"“{labels[j]}”" for j in top]
        if max(tops) == min(tops):
            scores = f"Their scaled score q·k/√d_k is {best} for each,"
        else:
            lo, hi = apart(min(tops), max(tops))
            facts.update(low=min(tops), high=max(tops))
            scores = (f"Their scaled scores q·k/√d_k run from {lo} to {hi}, too close for their weights to differ "
                      f"at {WEIGHT_DECIMALS} decimals,")
        text = f"{tie_words(names, w[k])} {scores} {against}"
    if guess is not None and not right:
        facts["guess_weight"] = w[guess]
        text += f" “{labels[guess]}” gets {enough(w[guess])}."
    return Said(text, facts)


# ---------------------------------------------------------------------------------------------
# The weights: named features or seeded random
# ---------------------------------------------------------------------------------------------

def random_weights_caption(seed: int, d_model: int) -> str:
    """Where the random weights come from: the sidebar's seed and d_model."""
    return (f"W_Q, W_K and W_V are drawn from seed {seed} (sidebar), d_model = {d_model}. "
            "Nothing has been learned, so which key a query favours follows no meaning: it is down to the seed.")


_FEATURE_NAMES = {ANIMAL: "an animal", ACTION: "an action", PLACE: "a place", FUNCTION: "a function word"}
_FEATURE_PLURALS = {ANIMAL: "animals", ACTION: "actions", PLACE: "places", FUNCTION: "function words",
                    UNKNOWN: "unknown words"}
_PLURAL_FEATURES = {plural: f for f, plural in _FEATURE_PLURALS.items()}
# The kinds of word the caption says the lexicon files under a feature, each with words that stand for it; what each
# counts as is read from the lexicon, so the caption cannot say what it does not do ("we" is no animal)
KINDS_OF_WORD = (("nouns for people", ("sister", "teacher", "people")), ("things", ("ball", "box", "book")),
                 ("pronouns", ("we", "i", "you", "they", "he", "she", "it")))


def counts_as(words) -> str:
    """The feature the lexicon gives every one of `words`, in the plural ('function words'); a ValueError when they
    differ, so no sentence files them together."""
    found = {lexicon_feature(w) for w in words}
    if len(found) != 1:
        raise ValueError(f"the lexicon gives {', '.join(words)} different features: name them apart")
    return _FEATURE_PLURALS[found.pop()]


def rules_short() -> str:
    """The hand-set W_Q's rules in one breath, from attn_core.builder.QUERY_RULES: 'an action looks for an animal,
    an animal for an action, a function word for a place'."""
    said = [f"{_FEATURE_NAMES[f]} for {_FEATURE_NAMES[g]}" for f, g in QUERY_RULES]
    return listing([said[0].replace(" for ", " looks for ", 1), *said[1:]])


def named_features_caption() -> Said:
    """What the named features and the hand-set W_Q are (the Q/K/V builder's interpretable start), short; what each
    of KINDS_OF_WORD counts as is the lexicon's. Facts: kinds (each kind of word it names -> the feature it says the
    lexicon files it under, an index of FEATURES) and rules (the W_Q rules it says, as QUERY_RULES' pairs)."""
    kinds = listing([f"{kind} {'count ' if k == 0 else ''}as {counts_as(words)}"
                     for k, (kind, words) in enumerate(KINDS_OF_WORD)])
    facts = {"kinds": {kind: _PLURAL_FEATURES[counts_as(words)] for kind, words in KINDS_OF_WORD},
             "rules": tuple(QUERY_RULES)}
    return Said(f"Named features: a lexicon gives each word one feature ({kinds}); the hand-set W_Q says "
                f"{rules_short()}.", facts)


def named_features_help() -> str:
    """The rest of the named start, for the switch's help: X's columns, and where the seed and d_model apply."""
    return (f"Off: X's columns are {len(FEATURES)} named features ({', '.join(FEATURES)}) and {len(POSITION_DIMS)} "
            "position columns; the Q/K/V builder shows the lexicon and every number. On: the sidebar's seed and "
            "d_model draw the weights.")


# ---------------------------------------------------------------------------------------------
# Your own sentence: the words the lexicon does not know
# ---------------------------------------------------------------------------------------------

# sentences whose every word is in the lexicon, with an action at position 2 (the query the page starts on)
WORKING_SENTENCES = ("the dog chased the ball across the park", "my sister fed the cat in the kitchen",
                     "a bird sang in the tree near our house")
_LISTED = 4  # name at most this many unknown tokens, then count the rest


def unknown_words(labels, positions) -> Said | None:
    """That the tokens at `positions` are not in the lexicon, so their rows carry no meaning; None when every
    token is in it. Facts: unknown (the positions), every (True when it says none of the tokens is in it), named
    (the positions it names) and more (how many it counts without naming)."""
    positions = list(positions)
    if not positions:
        return None
    one = len(positions) == 1
    facts = {"unknown": positions, "every": len(positions) == len(labels) > 1, "named": [], "more": 0}
    if facts["every"]:
        subject = "None of your tokens is"
    else:
        shown = positions if len(positions) <= _LISTED + 1 else positions[:_LISTED]
        facts.update(named=shown, more=len(positions) - len(shown))
        names = [f"“{md_text(labels[i])}”" for i in shown] + ([f"{facts['more']} more tokens"] if facts["more"] else [])
        subject = f"{listing(names)} {'is' if one else 'are'} not"
    them = "it" if one else "them"
    return Said(f"{subject} in the lexicon, so {'its row carries' if one else 'their rows carry'} no meaning: no rule "
                f"of W_Q asks with {them} or looks for {them}. Try a sentence whose words it knows:", facts)


# ---------------------------------------------------------------------------------------------
# One query, every key
# ---------------------------------------------------------------------------------------------

def one_head_caption(d_model: int, tokens, named: bool) -> Said:
    """The widths of the page's one head, and what X is for this sentence. `d_model`: X's width on this page, which
    for the named features is their columns, not the sidebar's d_model. Facts: d_k (= d_v), named, and with the
    random weights, positions_note's facts (the repeated words it names)."""
    facts = {"d_k": d_model, "named": named}
    if named:
        return Said(f"d_k = d_v = {d_model} here, not the sidebar's d_model: {x_columns(d_model)}, and this page "
                    "runs one head over that whole width (several heads are taught on Masks and heads).", facts)
    note = positions_note(tokens)
    return Said(f"d_k = d_v = d_model = {d_model}: this page runs one head over the whole width (several heads are "
                f"taught on Masks and heads). {note.text}", {**facts, **note.facts})


def x_columns(width: int) -> str:
    """What the named start's `width` columns of X are: 'X is each token's 5 named features plus its 2 position
    columns'."""
    if width != len(FEATURES) + len(POSITION_DIMS):
        return f"X has {width} columns"
    return (f"X is each token's {len(FEATURES)} named features plus its {len(POSITION_DIMS)} position columns")


def d_k_source(d_k: int, named: bool) -> str:
    """Where this page's d_k comes from, said beside its √d_k: X's columns for the named features (the sidebar's
    d_model sizes only the random weights), else the sidebar's d_model."""
    if named:
        return f"d_k = {d_k} here, not the sidebar's d_model: {x_columns(d_k)}"
    return f"d_k = d_model = {d_k}, the sidebar's"


def top_key_question(label: str) -> str:
    """The prediction asked before query `label`'s weights appear."""
    return f"Which key will “{label}” give the most weight?"


def top_key_gives_away(state) -> list[str]:
    """What states query `state["query"]`'s favourite key: the verdict's words, the titles of the tables that print
    its weights (its scores, weights and output shares) and the whole weight matrix's heading."""
    labels, i = labels_of(state), int(state.get("query", 0) or 0)
    if not 0 <= i < len(labels):
        return []
    q = labels[i]
    return [f"“{q}” {LARGEST}", f"“{q}” {EVEN}", f"“{q}”{PRINTS_EVEN}",
            query_titles(q, 1)[0], output_header(q), SHARES_TITLE, EVERY_QUERY_HEADER]


# The prediction, declared once: its key for checkpoint.predict, its class-mode name and the wrong answers expected
TOP_KEY = Asked("home.top_key", "Which key will the query give the most weight?", "token", (SELF, NEIGHBOUR),
                from_sentence=True, key="home_top", gives_away=top_key_gives_away,
                reason="Softmax keeps the order of the scores: the key whose q·k is largest gets the most weight.")


def query_titles(label: str, d_k: int) -> tuple[str, list[str]]:
    """The title of the query's table, and the headers of its three columns: scores, scaled scores, weights."""
    return (f"What “{label}” asks of every key", ["1. score q·kⱼ", f"2. scaled: ÷ √{d_k}", "3. weight"])


def query_steps_caption(d_k: int, weights_row, named: bool = False) -> Said:
    """What each of the three columns is, with √d_k, where that d_k comes from, and the row's sum of weights. Facts:
    d_k, sqrt_d_k and sum (the row's weights added up), as quoted."""
    root, total = float(np.sqrt(d_k)), float(np.sum(weights_row))
    return Said(f"1: how well the query matches each key, a dot product. 2: divided by √d_k = √{d_k} = "
                f"{num(root, 3)} ({d_k_source(d_k, named)}), so the scores do not grow with width. 3: each weight is "
                f"exp(scaled) over the row's sum of exps; they sum to {num(total, 4)}.",
                {"d_k": d_k, "sqrt_d_k": root, "sum": total})


def output_header(label: str) -> str:
    """Section 4's header, for query `label` (escaped for markdown)."""
    return f"4. The output for {md_text(label)} is a weighted sum of the value rows"


def shares_sum_caption(shares, output_row) -> Said:
    """That the keys' shares wⱼ·vⱼ (n, d_v) add up to the output row (d_v,), and how closely. Facts: gap (the largest
    gap quoted) and kind (attn_core.builder.sum_gap's)."""
    added = np.asarray(shares, dtype=float).sum(axis=0)  # Σⱼ wⱼ·vⱼ: (n, d_v) -> (d_v,)
    gap = sum_gap(added, output_row)
    return Said("Summing each column of the table of shares gives the output row under it: "
                f"largest gap {enough(gap.largest, below=1e-9)}.", {"gap": gap.largest, "kind": gap.kind})


def weight_matrix_sentence(n_tokens: int, rows: int, cols: int) -> Said:
    """What the weight matrix is, with its live size (a 6 × 6, an 8 × 8). Facts: tokens, rows and cols, as quoted."""
    yours = "Your one token gives" if n_tokens == 1 else f"Your {n_tokens} tokens give"
    return Said(f"Each row is one query's weights over every key; it sums to 1. {yours} "
                f"{a_an(rows)} {rows} × {cols} weight matrix, one row per query.",
                {"tokens": n_tokens, "rows": rows, "cols": cols})


def notebook_rows_of_x(named: bool) -> str:
    """The notebook's opening words on what a row of X holds, for the named features or the seeded weights."""
    return ("each token's named features, then its two position columns; W_Q is set by hand and W_K, W_V are the "
            "identity" if named else "each token's embedding plus its position; W_Q, W_K and W_V are seeded random "
            "matrices")


def code_intro(label: str) -> str:
    """What "Show the code" holds: the page's numbers for query `label`."""
    return (f"This page's numbers in plain numpy, for the query “{md_text(label)}”, in the order the page "
            "shows them: the same code as the notebook below, which also checks its results against the page.")


def notebook_query_note(label: str) -> str:
    """The notebook's note on `i`: which token the page shows as the query (its label as typed, quoted)."""
    return f"the query the page shows: {label!r}"


# The page's fixed text, in the order Home shows it
INTRO = ("Self-attention lets each token ask which other tokens carry what it needs, and how much of each: the "
         "content decides, not a fixed pattern. Change the sentence in the sidebar (on a phone, open it with the "
         "**»** at the top left) and watch the numbers move.")
ROLES = tuple(f"**{name.capitalize()}** ${symbol}$: *{term(name).definition}*"  # the three roles, one column each
              for name, symbol in (("query", "q_i = x_i W_Q"), ("key", "k_j = x_j W_K"), ("value", "v_j = x_j W_V")))
QUERY_PICKER = "Pick the token that asks (the query)"  # the query box's label
ONE_HEAD_TITLE = "What X, d_k and the three columns hold here"  # an expander's title
SHARES_TITLE = "wⱼ · vⱼ, each key's share"  # the table of one query's output taken apart
EVERY_QUERY_HEADER = "Every query at once"  # the whole weight matrix's heading
QKV_HEADING = "**Q, K and V: one row per token**"


def route_note(core_minutes: int) -> Said:
    """The route's note, with the core's reading time it states: the sum of the core pages' `minutes` (each counted
    from the words on the page by tests/lesson_length.py). Facts: minutes."""
    return Said(f"**The route.** Take the pages in this order; each link keeps your sentence and settings. The core "
                f"pages take about {core_minutes} minutes to read, more as you try the controls; the deep dives go "
                "further.", {"minutes": core_minutes})


# Labels of the page's controls (the layer test counts a label of six words or more as a sentence)
RANDOM_TOGGLE = "Random weights: what a fresh, untrained model looks like"
QKV_TOGGLE = "Show where Q, K and V come from"
