"""The words of the Q/K/V builder: every sentence, note, question and verdict about its numbers.

The numbers and the decisions about them (which keys top a row, how even a row is, whether a rule finds an
answer, whether a prediction was right) come from attn_core.builder; this module only words them, reading each
number with `.format`, the one number formatter.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from attn_core.builder import (
    ACTION,
    ANIMAL,
    FEATURES,
    FUNCTION,
    LEXICON,
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

from .asked import Asked, Wrong, const
from .format import enough, enough_vec, grouped, listing, num, plural, readable
from .said import Said

# ---------------------------------------------------------------------------------------------
# The interpretable starting point, in words
# ---------------------------------------------------------------------------------------------

FEATURE_QUESTIONS = (  # what each feature of attn_core.builder.FEATURES says about a token, for the lexicon table
    "is an animal",
    "is an action",
    "is a place",
    "is a function word",
    "is not in the lexicon (fallback)",
)
RULE_WORDS = {  # each of attn_core.builder.QUERY_RULES, as the learner reads it
    (ACTION, ANIMAL): "an action looks for an animal (who did it?)",
    (ANIMAL, ACTION): "an animal looks for an action (what did it do?)",
    (FUNCTION, PLACE): "a function word looks for a place (on … where?)",
}
A_FEATURE = {ANIMAL: "an animal", ACTION: "an action", PLACE: "a place", FUNCTION: "a function word"}  # with "a(n)"
WANTED = {g: A_FEATURE[g] for _, g in QUERY_RULES}  # what a rule looks for


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
    said = [f"{A_FEATURE[f]} for {A_FEATURE[g]}" for f, g in QUERY_RULES]
    return listing([said[0].replace(" for ", " looks for ", 1), *said[1:]])


def interpretable_info(positional: bool, d_model: int, your_d_model: int) -> str:
    """The named-features start in Home's words: X's columns are features, W_Q holds the rules; what that does to
    d_model (the features' count, plus the position columns) and to the seed."""
    columns = (f"{len(FEATURES)} features" if not positional else
               f"{len(FEATURES)} features, {len(POSITION_DIMS)} of position")
    return (f"**Named features, as on Home.** Each column of X is a feature; W_Q's rules say {rules_short()}. "
            f"**d_model = {d_model}** here ({columns}), not your d_model = {your_d_model}; the seed is unused.")


def start_help(your_d_model: int) -> str:
    """The starting point's help: what each start is, and that the learner's own d_model comes back."""
    return ("Random: the sidebar's seed draws W_Q, W_K and W_V, X is each word's embedding, and d0, d1, … name "
            "the columns. Named features: the lexicon and W_Q's rules, set by hand. Going back to Random restores "
            f"d_model = {your_d_model}, which stays in the link.")


def random_start_caption(seed: int) -> str:
    """Where the random starting weights come from, and why their scale."""
    return (f"The starting weights are drawn from seed {seed} with entries of variance 1/d_model, so "
            "that Q, K and V entries stay near unit variance, like X's.")


def one_head_caption(d_model: int, start: str, positional: bool) -> str:
    """The page's one head (and where several are taught); with positions off, what X starts as: for `start`
    "random" or "interpretable"."""
    what_x = "named features" if start == "interpretable" else "embedding"
    return (f"One head here, so d_k = d_v = d_model = {d_model} (several heads are taught on Masks and heads)."
            + (f" Positions are off: X starts as each token's {what_x} alone." if not positional else ""))


def edit_caption(name: str, start: str) -> str:
    """Under the editor of matrix `name`: where its numbers show, their precision, and where edits live; for `start`
    "random" the seed and d_model draw the starting point too, so they start the edits again."""
    settings = "sentence, seed, d_model, starting point or positions" if start == "random" else \
        "sentence, starting point or positions"
    return (f"Type over any cell of {name}; the {name} table above shows the numbers the page computes with. The "
            "tables print rounded values and the editor 4 significant digits; the page keeps full precision until "
            f"you type over a cell. Your edits live in this browser tab only: they are **not in the link**, and "
            f"changing the {settings} starts again from the new starting point.")


def edit_error(message: str, max_abs: float, last: float) -> str:
    """A refused cell: what is wrong, what to type instead, and the value the page keeps meanwhile."""
    return (f"{message}. Type a number between −{grouped(max_abs)} and {grouped(max_abs)}; until then the page "
            f"keeps that cell's last good value, {enough(last, 4)}.")


def lexicon_markdown(tokens, labels, Q, K, weights, positional: bool, asked: bool = True) -> Said:
    """The lexicon's rules and what this sentence's queries with no rule, or with no answer, do. `asked`: False
    while the page's prediction is open, when those weights wait for the answer. Facts: lexicon (its size, as
    quoted), positional, and while asked, no_rule and unanswered (no_rule_sentence's and unanswered_sentence's)."""
    positions = ("\n\nThe last two columns of X, *sin p* and *cos p*, hold the sine and cosine of the token's "
                 "position p (the paper's sinusoid, two columns wide). The starting "
                 "W_Q is 0 in their rows, so a query does not look at where a token is until you type a number "
                 "there." if positional else "")
    facts = {"lexicon": len(LEXICON), "positional": positional, "no_rule": None, "unanswered": None}
    if asked:
        idle, unanswered = no_rule_sentence(tokens, labels, Q, weights), unanswered_sentence(tokens, labels, K, weights)
        facts.update(no_rule=idle.facts, unanswered=unanswered.facts)
        here = " ".join(filter(None, [idle.text, unanswered.text]))
    else:
        here = "What this sentence's queries do with their weights shows once you answer the prediction in section 4."
    return Said(f"A token gets 3 on its feature and 0 on the others; a word outside the lexicon's {len(LEXICON):,} "
            "common words gets 3 on **unknown** (the fallback). The starting W_Q has a 1 for each rule below and 0 "
            "everywhere else, so a query column reads *wants …*. W_K and W_V start as the identity: a key column "
            "reads *has …*, and a value passes the features along.\n\n" + "\n".join(f"- {why}" for why in rules_said())
            + positions + "\n\nA token with no rule (a place, an unknown word) gets a query of zeros from the "
            "starting W_Q: it looks for nothing in particular. " + here, facts)


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
        said = f"“{word}” appears at positions {where}"
        facts = {"positions": list(group), "same": same, "differ": differ, "positional": positional}
        if not differ and not positional:
            notes.append(Note("warning", f"{said}, and its rows are **identical** in X, Q, K, V and the weights. "
                              "Positions are off, so X says only *what* each token is, not *where* it is: "
                              "attention alone does not see order. Turn the positions on to tell them apart.", facts))
        elif not differ:
            notes.append(Note("warning", f"{said}, and its rows are **identical** in X, Q, K, V and the weights, "
                              "although positions are on: your edits to X gave the copies the same row, so "
                              "attention cannot tell them apart.", facts))
        elif not positional:
            notes.append(Note("caption", f"{said}; positions are off, but its rows differ because you edited X.",
                              facts))
        elif not same:
            notes.append(Note("caption", f"{said}; its rows differ because each copy got its own position in X.",
                              facts))
        else:
            why = ": W_Q gives the copies the same query" if "Q" in same else ""
            notes.append(Note("caption", f"{said}; each copy got its own position in X, so its rows differ in "
                              f"{listing(differ)}, but they are the same in {listing(same)}{why}.", facts))
    return notes


def _rank_words(labels, row, b: int) -> tuple[str, str, Rank]:
    """(kind of note, where key b's weight stands in its row, the rank it words), from attn_core.builder.rank_in_row."""
    rank = rank_in_row(row, b)
    if rank.kind == "even":
        verdict = "the same as every other key: the row is even, so the query prefers nothing"
    elif rank.kind == "largest":
        verdict = "the largest in its row"
    elif rank.kind == "tied":
        others = listing(f"“{labels[k]}”" for k in rank.top if k != b)
        verdict = f"tied for the largest in its row with {others}"
    else:
        k = rank.top[0]
        verdict = f"but the largest weight in its row now goes to “{labels[k]}” ({enough(row[k], 3)})"
    return ("success" if rank.kind in ("largest", "tied") else "info"), verdict, rank


def action_animal_lesson(labels, a: int, b: int, X, W_Q, W_K, Q, K, scores, weights, d_k: int) -> Note:
    """Why action a attends to animal b (a "success"), or whether it still does after edits (an "info"). Facts, each
    as quoted: query and key (a and b), x_action (X[a]'s action cell), x_animal (X[b]'s animal cell), w_q (W_Q's
    action → wants animal cell), w_k (W_K's animal → has animal cell), q and k (Q[a]'s and K[b]'s animal column),
    score (q·k), part (q times k, that column's share of it), d_k, weight (a's weight on b), rank (attn_core's
    rank_in_row kind: "largest", "tied", "even" or "beaten") with top, and top_weight (the largest in a's row)."""
    row = np.asarray(weights[a], dtype=float)
    kind, verdict, rank = _rank_words(labels, row, b)
    head = (f"Why “{labels[a]}” attends to “{labels[b]}”." if kind == "success"
            else f"Does “{labels[a]}” still attend to “{labels[b]}”?")
    q, k = float(Q[a][ANIMAL]), float(K[b][ANIMAL])
    x_a, x_b = float(X[a][ACTION]), float(X[b][ANIMAL])
    w_q, w_k = float(W_Q[ACTION][ANIMAL]), float(W_K[ANIMAL][ANIMAL])
    # each clause says what the starting point does only while the number behind it still does it
    action = (f"“{labels[a]}” is an action" if x_a > 0 else
              f"“{labels[a]}” is an action in the lexicon, but its row of X now has {enough(x_a, 2)} there")
    animal = (f"“{labels[b]}” is an animal" if x_b > 0 else
              f"“{labels[b]}” is an animal in the lexicon, but its row of X now has {enough(x_b, 2)} there")
    turns = ("W_Q turns *action* into *wants animal*" if w_q > 0 else
             f"W_Q's cell (action, wants animal) is now {enough(w_q, 2)}")
    keeps = ("W_K keeps it as *has animal*" if w_k > 0 else
             f"W_K's cell (animal, has animal) is now {enough(w_k, 2)}")
    facts = {"query": a, "key": b, "x_action": x_a, "x_animal": x_b, "w_q": w_q, "w_k": w_k, "q": q, "k": k,
             "score": float(scores[a][b]), "part": q * k, "d_k": d_k, "weight": float(row[b]), "rank": rank.kind,
             "top": rank.top, "top_weight": float(row[rank.top[0]])}
    return Note(kind, f"**{head}** {action}, and {turns}: q has {enough(q, 2)} there. {animal}, and {keeps}: "
                f"k has {enough(k, 2)} there. Of their dot product q·k = {enough(facts['score'], 2)}, that column "
                f"gives {enough(q * k, 2)}. After ÷ √{d_k} and softmax, “{labels[a]}” gives “{labels[b]}” a "
                f"weight of {enough(row[b], 3)}, {verdict}.", facts)


# ---------------------------------------------------------------------------------------------
# A query that looks for nothing, and the sum check
# ---------------------------------------------------------------------------------------------

def _spread_facts(s: Spread, i: int) -> dict:
    """What _spread_words says of query i's row: its kind, its smallest and largest weight, and the key on top."""
    return {"query": i, "spread": s.kind, "lo": s.lo, "hi": s.hi, "top": s.top}


def _spread_words(s: Spread, i: int, labels) -> str:
    """What query i does with its row of weights, as a verb phrase: 'spreads its weight nearly evenly, …'."""
    where = "itself" if s.top == i else f"“{labels[s.top]}”"
    lo, hi = apart(s.lo, s.hi)  # a nearly even row can be even to 3 decimals: never "from 0.167 to 0.167"
    return {"alone": f"gives its one key, itself, all the weight ({enough(s.hi, 3)})",
            "even": f"gives every key the same weight, {enough(s.hi, 3)}",
            "nearly even": f"spreads its weight nearly evenly, from {lo} to {hi}",
            "uneven": f"spreads its weight unevenly, from {lo} to {hi}, the most on {where}"}[s.kind]


def _zero_queries_said(labels, zero, weights, n: int, most: int) -> Said:
    """What the queries of zeros among the tokens with no rule do: one weight each, or all of it alone. Facts: named
    (the queries it names), more (how many it counts without naming) and weight (what each key gets, as quoted)."""
    named = zero[:most]
    shown = [f"“{labels[i]}”" for i in named] + ([f"{len(zero) - most} more"] if len(zero) > most else [])
    who = listing(shown)
    their = "its query is" if len(zero) == 1 else "their queries are"
    if n == 1:
        weight = float(weights[zero[0]][0])
        return Said(f"Here {who} looks for nothing: {their} all zeros, and as the only token it gives its one "
                    f"key, itself, all the weight ({enough(weight, 3)}).",
                    {"named": named, "more": len(zero) - len(named), "weight": weight})
    return Said(f"Here {who} {'looks' if len(zero) == 1 else 'look'} for nothing: {their} all zeros, so "
                f"every score in {'its row' if len(zero) == 1 else 'their rows'} is 0 and each of the {n} "
                f"keys gets the same weight, 1/{n} = {enough(1 / n, 3)}.",
                {"named": named, "more": len(zero) - len(named), "weight": 1 / n})


def no_rule_sentence(tokens, labels, Q, weights, most: int = 3) -> Said:
    """What this sentence's queries with no rule do with their weights, read off Q and the weights. Facts: idle (the
    tokens with no rule), zero (those whose query is all zeros), named and more and weight (what it says of them:
    _zero_queries_said's; none when zero is empty), busy (each other one it describes: query, spread, lo, hi and
    top, as _spread_words says them) and busy_more (how many it leaves undescribed)."""
    idle = no_rule_tokens(tokens)
    facts = {"idle": idle, "zero": [], "named": [], "more": 0, "weight": None, "busy": [], "busy_more": 0}
    if not idle:
        return Said("This sentence has no such token: every query here has a rule.", facts)
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
        parts.append(f"“{labels[i]}” has a query that is not all zeros, and it {_spread_words(s, i, labels)}.")
    if len(busy) > most:
        rest = facts["busy_more"] = len(busy) - most
        parts.append(f"({rest} more such {'query is' if rest == 1 else 'queries are'} not described here.)")
    return Said(" ".join(parts), facts)


def unanswered_sentence(tokens, labels, K, weights, most: int = 3) -> Said:
    """The queries whose rule finds nothing: every key has 0 in the column they want. '' when there are none. Facts:
    asks (each query it describes: query, wants (the feature its rule wants, which it says no key has), spread, lo,
    hi and top, as _spread_words says them) and more (each wanted feature -> how many more such queries it counts)."""
    parts, facts = [], {"asks": [], "more": {}}
    for g, askers in unanswered_rules(tokens, K):
        for i in askers[:most]:
            s = row_spread(weights[i])
            facts["asks"].append({**_spread_facts(s, i), "wants": g})
            parts.append(f"“{labels[i]}” looks for {WANTED[g]}, but every key has 0 in *has {FEATURES[g]}*, "
                         f"so that wish adds nothing to its scores: it {_spread_words(s, i, labels)}.")
        if len(askers) > most:
            facts["more"][g] = len(askers) - most
            parts.append(f"({len(askers) - most} more looking for {WANTED[g]} are not described here.)")
    return Said(" ".join(parts), facts)


def sum_check(label: str, traced, output_row) -> Said:
    """Does Σⱼ wⱼ·vⱼ, added up by the trace, match row `label` of the output matrix? In words. Facts: kind
    (attn_core.builder.sum_gap's: "exact", "rounding" or "differs") and gap (the largest, as quoted)."""
    check = sum_gap(traced, output_row)
    largest = enough(check.largest, below=1e-9)  # "below 10⁻⁹" when it is only floating-point rounding
    facts = {"kind": check.kind, "gap": check.largest}
    if check.kind == "exact":
        return Said(f"The sum equals row {label} of the output above: the largest gap is {largest}.", facts)
    if check.kind == "rounding":
        return Said(f"The sum equals row {label} of the output above: the largest gap is {largest}, "
                    "floating-point rounding.", facts)
    return Said(f"The sum differs from row {label} of the output above: the largest gap is {largest}.", facts)


# ---------------------------------------------------------------------------------------------
# The shapes, the scaled scores and the trace
# ---------------------------------------------------------------------------------------------

def shapes_caption(n: int, d_model: int, d_k: int, d_v: int) -> str:
    """The live symbols of the shape diagram."""
    return (f"n = {plural(n, 'token')}, d_model = {d_model}, d_k = {d_k}, d_v = {d_v}. The weights are n × n "
            "whatever the widths: a row per query, a column per key.")


def scaled_title(d_k: int) -> str:
    """The scaled scores' title, with √d_k worked out."""
    return f"scaled = QKᵀ/√d_k, √{d_k} = {num(np.sqrt(d_k), 3)}"


def _exp_step(t: CellTrace) -> str:
    """Step 4 of the trace: exp of the scaled score, with the row's largest taken off first when it is huge."""
    scaled, shift = enough(t.scaled), enough(t.shift)
    if t.shift == 0:
        return f"exp({scaled}) = {enough(t.exps[t.j])}"
    minus = f"− {shift}" if t.shift > 0 else f"+ {enough(-t.shift)}"  # a negative max is taken off by adding
    return (f"exp({scaled} {minus}) = {enough(t.exps[t.j])} (the row's largest scaled score, {shift}, is "
            "taken off every entry first so exp() stays in range; it cancels in the ratio)")


def _sum_step(t: CellTrace, qi: str) -> str:
    """Step 5 of the trace: exp ÷ the row's sum of exps (with one key, the row has only this one exp)."""
    exp_j, weight = enough(t.exps[t.j]), enough(t.weight, 4)
    if len(t.exps) == 1:
        return f"row {qi} has only this one exp, so {exp_j} ÷ {exp_j} = {weight}"
    total = enough(t.exp_sum)
    return f"row {qi} has exps {enough_vec(t.exps)}, which sum to {total}; {exp_j} ÷ {total} = {weight}"


def trace_weight_steps(t: CellTrace, qi: str, kj: str, page_weight: float) -> Said:
    """Steps 1 to 6 of the trace, as a markdown list: from q ⊙ k to weight w_ij, which the page's softmax gave
    as `page_weight`. `qi`, `kj`: the query's and key's labels, as they read in markdown. Facts, as quoted: score,
    d_k, sqrt_d_k, scaled, shift (taken off before exp), exp (key j's), exps (the row's, when it has more than one
    key), exp_sum, weight (the trace's) and page_weight."""
    score = enough(t.score)
    facts = {"score": t.score, "d_k": t.d_k, "sqrt_d_k": float(np.sqrt(t.d_k)), "scaled": t.scaled, "shift": t.shift,
             "exp": float(t.exps[t.j]), "exps": t.exps, "exp_sum": t.exp_sum, "weight": t.weight,
             "page_weight": float(page_weight)}
    return Said(f"1. **q ⊙ k**, element by element: the bottom row of the first table.\n"
            f"2. **Sum**: q · k = {score}, the cell ({qi}, {kj}) of QKᵀ.\n"
            f"3. **÷ √d_k**: {score} ÷ √{t.d_k} = {score} ÷ {num(np.sqrt(t.d_k), 3)} = {enough(t.scaled)}.\n"
            f"4. **exp**: {_exp_step(t)}.\n"
            f"5. **÷ the row's sum of exps**: {_sum_step(t, qi)}.\n"
            f"6. **The weight** w = {enough(t.weight, 4)}: in the weights above, the cell where the outlined row "
            f"and column cross (the page's softmax gives {enough(page_weight, 4)}).", facts)


def trace_output_steps(t: CellTrace, qi: str, kj: str, every_share: bool = True) -> Said:
    """Steps 7 and 8 of the trace, as a markdown list: key j's share of output_i, and every key's added up.
    `every_share`: the page shows the table of every key's share (it leaves it out at the largest sizes). Facts, as
    quoted: weight, share (key j's w·v), output (the shares added up), and with every_share False, n and d_v (the
    size of the table left out)."""
    n, d_v = t.shares.shape
    if every_share:
        where, into = (f"the outlined row {kj} of the second table", "each column of the second table, into the third")
    else:
        where, into = (f"the table of all {n} keys' shares ({n} × {d_v}) is left out at this size to keep the page "
                       "light", "into the second table")
    facts = {"weight": t.weight, "share": t.shares[t.j], "output": t.output, "every_share": every_share, "n": n,
             "d_v": d_v}
    return Said(f"7. **w · v**: {enough(t.weight, 4)} × v({kj}) = {enough_vec(t.shares[t.j])}. That is key {kj}'s "
                f"share of the output for {qi}: {where}.\n"
                f"8. **Add up every key's share**, {into}: output({qi}) = {enough_vec(t.output)}.", facts)


def code_intro(qi: str, kj: str) -> str:
    """What "Show the code" holds: the page's own X and W's, tracing query `qi` and key `kj` (as in markdown)."""
    return ("This page's numbers in plain numpy, from the X and W's it is using (your edits included), in the "
            f"order the page shows them, tracing query “{qi}” and key “{kj}”: the code of the "
            "notebook below, which also checks its results against the page.")


# ---------------------------------------------------------------------------------------------
# Predict, then see: the words every prediction shares (the tie rule, moved numbers, the verdict)
# ---------------------------------------------------------------------------------------------

ALL_SAME_OPTION = "They all get the same weight"  # how class mode reads the answer ALL_SAME (misconceptions.py)
# A verdict prints a weight to this many decimals, and keys whose weights print the same are equally right: the one
# tie rule of the predict-first questions about a top key (Home's too), decided by attn_core.builder.printed_top.
WEIGHT_DECIMALS = 3
MOVED = {"seed": "the seed", "d_model": "d_model", "positions": "the positions", "edits": "your edits"}


def numbers_moved(changed) -> str:
    """Above a verdict whose numbers moved since the guess: which of MOVED's settings changed (none named when the
    page does not know)."""
    what = f" ({listing([MOVED[c] for c in changed])})" if changed else ""
    return (f"The numbers changed since you predicted{what}: your prediction is checked against the numbers on the "
            "page now.")


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
    who = "either" if len(names) == 2 else "any of them"
    return f"{listing(list(names))} tie at {enough(weight, WEIGHT_DECIMALS)}: {who} is right."


# ---------------------------------------------------------------------------------------------
# Predict, then see: the builder's own question. Home asked which key a query gives the most weight; the builder
# teaches where Q comes from (Q = X·W_Q) and how a weight follows from it, so it asks what doubling W_Q does.
# ---------------------------------------------------------------------------------------------

DOUBLE_OPTIONS = {  # attn_core.builder.DOUBLED's outcomes, as the radio offers them
    "sharper": "Same top key, more weight",
    "flatter": "Same top key, less weight",
    "other": "Another key on top",
    "same": "No weight changes",
}


def double_wq_question(label: str) -> str:
    """The builder's question, for query `label` (as it reads in markdown), asked before any scores or weights."""
    return (f"Suppose every entry of W_Q were doubled. What would happen to the weights of “{label}” over the keys? "
            "Its query is its row of Q above, and Q = X·W_Q.")


def double_wq_gives_away(state) -> list[str]:
    """What states the answer while the question is open: the reveal's own reasoning."""
    return ["doubles every query", "scaled scores double", "stays on top, and the larger gaps"]


# The prediction, declared once: its key for checkpoint.predict (the widgets qkv_most_value, _check, _skip keep their
# names, so old links still work), its class-mode name, and the wrong answers expected with what each shows
DOUBLE_WQ = Asked(
    "builder.double_wq", "What does doubling W_Q do to a query's weights?", "option",
    (Wrong(DOUBLE_OPTIONS["same"], "softmax reads only the order of the scores, not their size", const("same")),
     Wrong(DOUBLE_OPTIONS["other"], "a larger query matches other keys best", const("other")),
     Wrong(DOUBLE_OPTIONS["flatter"], "larger scores spread the weight more evenly", const("flatter"))),
    key="qkv_most", gives_away=double_wq_gives_away,
    reason="Doubling W_Q doubles every query and so every score in its row: softmax keeps their order, and the "
           "larger gaps give the top key more weight.")

_HINTS = {  # why a wrong pick is wrong, in general; the reveal's numbers show it for this row
    "same": " Softmax reads the gaps between the scores through exp, so doubling them moves every weight.",
    "other": " Doubling every score in the row keeps their order, so the key on top stays on top.",
    "flatter": " Larger gaps between the scores make softmax peakier, not flatter.",
    "sharper": "",
}


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
    lead = f"Doubling W_Q doubles every query (Q = X·W_Q), so row “{q}”'s scaled scores double"
    if n == 1:
        why = f"“{q}” has only one key, itself, and gives it all the weight whatever W_Q is."
    elif np.ptp(d.scaled_before) == 0:
        why = (f"{lead}, and they are all equal, {enough(d.scaled_before[0], 3)}, before and after: every key keeps "
               f"1/{n} = {enough(d.weights_before[0], 3)}.")
    else:
        why = f"{lead}: “{labels[k]}”'s goes from {enough(d.scaled_before[k], 3)} to {enough(d.scaled_after[k], 3)}."
        if d.outcome == "other":
            names = listing([f"“{labels[t]}”" for t in d.top_after])
            why += (f" The weights that printed as a tie at {WEIGHT_DECIMALS} decimals come apart: now {names} "
                    f"{'has' if len(d.top_after) == 1 else 'have'} the most weight.")
        elif d.outcome == "same":
            why += (f" “{labels[k]}” stays on top, and its weight, {enough(d.weights_before[k], 3)}, is already as "
                    f"close to 1 as {WEIGHT_DECIMALS} decimals show: every weight prints the same.")
        else:
            how = "raise" if d.outcome == "sharper" else "lower"
            why += (f" Softmax keeps their order, so “{labels[k]}” stays on top, and the larger gaps {how} its weight "
                    f"from {enough(d.weights_before[k], 3)} to {enough(d.weights_after[k], 3)}.")
    right = choice == d.outcome
    if choice is not None and not right:
        why += _HINTS.get(choice, "")
    return Verdict(right, why, True, facts)


# ---------------------------------------------------------------------------------------------
# The page's fixed text: intro, headings, help and captions, in the order the page shows them
# ---------------------------------------------------------------------------------------------

INTRO = ("A token's **query**, **key** and **value** are its row of X times three learned matrices. Build them "
         "from your sentence, change any number, and follow one weight to the output.")
POSITIONS_HELP = {  # the positions switch's help, by starting point
    "random": "Adds the paper's sin/cos position vector to each token's row of X.",
    "interpretable": ("Gives X two more columns, the sine and cosine of each token's position, after the named "
                      "features."),
}
START_HEADER = "1. Start from X and three weight matrices"
START_INTRO = "Rows of X are tokens; rows of each W are X's columns, so **X · W** is defined."
EDIT_HELP = "Type over any cell: the whole page recomputes from your numbers."
LEXICON_TITLE = "The lexicon and the hand-set W_Q"  # an expander's title
SHAPES_HEADER = "2. The shapes flow like this"
PROJECT_HEADER = "3. Project: one query, key and value per token"
PROJECT_INTRO = ("Row i of **Q**, **K** and **V** is token i's query, key and value. Queries and keys decide the "
                 "weights; values decide what gets copied.")
COMPARE_HEADER = "4. Compare every query with every key"
WEIGHTS_CAPTION = ("Each row is one query's weights over every key; it sums to 1. Outlined: the pair traced in "
                   "section 5.")
TRACE_HEADER = "5. Trace one weight to the output"
SUM_TITLE = "Σⱼ wⱼ·vⱼ, the shares added up"  # the trace's last table
DIMS_NOTE = "X's columns, and the rows of every W"  # the notebook's note on `dims`
LONG_HELP = "Every number of X and the W's, so it is long."  # why the code is folded


def trace_titles(query: str, key: str) -> tuple[str, str]:
    """The trace's first two tables' titles, for query and key labels as typed (the tables escape them): q ⊙ k, and
    every key's share."""
    return f"qᵢ ⊙ kⱼ for {query} → {key}", f"wⱼ·vⱼ: each key's share of output for {query}"


# Labels of the page's controls (the layer test counts a label of six words or more as a sentence)
QUERY_PICKER = "Query i (the token that asks)"
KEY_PICKER = "Key j (the token that answers)"
DOWNLOAD_ZIP = "Download every matrix (a zip of CSVs with token labels)"


# The shape diagram (attn_ui.exports.shape_flow_html): what a screen reader reads, and its steps in words
SHAPES_LABEL = "How the shapes flow, top to bottom"
TRANSPOSE_STEP = "Q · Kᵀ (K transposed)"
SOFTMAX_STEP = "softmax per row"
