"""The words of Masks and heads: every sentence, title and question of the page, built from the numbers it
talks about.

Pure Python: a function returns a plain string (or None when there is nothing true to say), and one that claims
something about the numbers returns a `Said`, its text and the facts it states, so the tests can walk the controls to
their extremes and check each claim against attn_core. The numbers come from `attn_core.masks`; how
they read (decimals, plurals) from `.format`, the one number formatter.
"""

from __future__ import annotations

import numpy as np

from attn_core.attention import CLOSE
from attn_core.masks import (
    PAD_LABEL,
    checkpoint_token,
    fully_masked_rows,
    head_shapes,
    heads_by_top_keys,
    hidden_keys,
    keeps_whole_weight,
    key_set_rules,
    largest_blocked_weight,
    mask_kind,
    row_sum_gap,
    rule_of,
    value_columns,
    visible_keys,
)

from .asked import Asked, Wrong, labels_of
from .format import all_of, enough, listing, md_text, num, plural, readable
from .said import Said


def _quoted(labels, indices) -> str:
    """“cat”, “cat” and “on”, …"""
    return listing([f"“{labels[j]}”" for j in indices])


def _heads_symbol(heads: int) -> str:
    """QKᵀ for one head, QₕKₕᵀ (head h's slices) for several."""
    return "QKᵀ" if heads == 1 else "QₕKₕᵀ"


# ---------------------------------------------------------------- 1. choose a mask


PAD_WHY = (f"In a batch, shorter sentences are filled up at the end with a filler token, {PAD_LABEL}, so that all have "
           "the same length.")
PAD_BLOCKS = "No query should take anything from the filler, so its key columns are blocked."


def padded_columns(n_pad: int) -> str:
    """Which key columns `n_pad` trailing filler tokens block: 'the last 3 key columns are blocked'."""
    return f"the last {'key column is' if n_pad == 1 else f'{n_pad} key columns are'} blocked"


def padding_caption(n_real: int, n_pad: int) -> Said:
    """What the padding demo appended to the sentence, and which key columns that blocks (facts: the real tokens, the
    filler tokens and the key columns blocked, counted from 0)."""
    why = f"{PAD_WHY} {PAD_BLOCKS}"
    facts = {"n_real": n_real, "n_pad": n_pad, "blocked_key_columns": list(range(n_real, n_real + n_pad))}
    if n_pad == 0:
        return Said(f"{why} With no {PAD_LABEL} token, your sentence of {plural(n_real, 'token')} is already the "
                    "longest in the batch, and nothing is blocked.", facts)
    one = n_pad == 1
    return Said(f"{why} Here {plural(n_pad, PAD_LABEL + ' token')} follow{'s' if one else ''} your "
            f"{plural(n_real, 'token')}, as if the longest sentence in the batch had {n_real + n_pad} tokens, "
            f"so {padded_columns(n_pad)}. The {PAD_LABEL} "
            f"{'row is a query' if one else 'rows are queries'} too; the model computes "
            f"{'its output' if one else 'their outputs'} and then ignores {'it' if one else 'them'}.", facts)


def padding_caption_asking(n_real: int, n_pad: int) -> str:
    """The padding demo while section 2 asks which keys a token sees: what was appended, not what it blocks."""
    if n_pad == 0:
        return (f"{PAD_WHY} With no {PAD_LABEL} token, your sentence of {plural(n_real, 'token')} is already the "
                f"longest in the batch. {MASK_HELD}")
    one = n_pad == 1
    return (f"{PAD_WHY} Here {plural(n_pad, PAD_LABEL + ' token')} follow{'s' if one else ''} your "
            f"{plural(n_real, 'token')}, as if the longest sentence in the batch had {n_real + n_pad} tokens. "
            f"{MASK_HELD}")


def mask_caption(kind: str, n_real: int, n_pad: int, asking: bool) -> str | None:
    """The caption under the mask's controls: what the mask lets a query see, or, while section 2 asks exactly
    that, only what the learner needs to answer it. None for the custom grid, which says it itself."""
    if kind == "padding":
        return padding_caption_asking(n_real, n_pad) if asking else padding_caption(n_real, n_pad).text
    if kind not in KIND_CAPTIONS:
        return None
    return MASK_HELD if asking else KIND_CAPTIONS[kind]


def refit_notice(m: int, n: int) -> Said:
    """What happened to an m × m custom grid on a sentence of n tokens (facts: the sizes, whether pairs were added)."""
    grew = " (the new pairs are allowed)" if n > m else ""
    return Said(f"Your custom mask was {m} × {m} but your sentence has {plural(n, 'token')}, "
                f"so it is now {n} × {n}{grew}.", {"was": m, "now": n, "new_pairs_allowed": n > m})


PHONE_GRID_KEYS = 2  # key columns a custom grid shows on a 390 px phone beside its row labels; more scroll sideways


def tick_caption(n: int) -> str:
    """How to use the custom grid of n × n ticks, and, when it is wider than a phone, that it scrolls in its box."""
    how = "Tick a box to let that query (row) attend to that key (column); untick it to block the pair."
    if n <= PHONE_GRID_KEYS:
        return how
    return (f"{how} On a narrow screen the grid scrolls sideways inside its own box: swipe it to reach "
            f"{all_of(n, 'key')}.")


def grid_link_caption(encoded: str) -> str:
    """Where the link keeps the learner's grid, with the grid's own string ("110-111-001")."""
    return f"The link to this page keeps your grid as one string of 0s and 1s per row: `{encoded}`."


def nothing_can_attend(mask) -> Said | None:
    """The error when the mask blocks every pair, or None when some query may attend to some key (facts: the pairs
    blocked, and the largest weight and output entry it says there are, 0)."""
    mask = np.asarray(mask, dtype=bool)
    if mask.any():
        return None
    return Said("Nothing can attend: your mask blocks every pair, so no query may look at any key. Every weight "
            "below is 0 and every output is 0, rather than not-a-number. Tick at least one box in each row "
            "(the diagonal lets each token see itself), or press “Allow every pair”.",
                {"blocked_pairs": mask.size, "largest_weight": 0.0, "largest_output": 0.0})


# ---------------------------------------------------------------- 2. step by step


def heads_caption(d_model: int, heads: int) -> Said:
    """How many columns of Q and K the head on show works with (facts: heads, d_k)."""
    facts = {"heads": heads, "d_k": d_model // heads}
    if heads > 1:
        return Said(f"You have {heads} heads (set in the sidebar); each works on d_k = {d_model} / {heads} = "
                    f"{plural(d_model // heads, 'column')} of Q and K. The same mask applies to every head.", facts)
    return Said(f"One head: d_k = d_model = {d_model}. Pick more heads in the sidebar; the mask stays the same.", facts)


def allowed_pairs(mask) -> Said:
    """How many of the n × n query→key pairs the mask allows (facts: allowed, total)."""
    mask = np.asarray(mask, dtype=bool)
    allowed, total = int(mask.sum()), mask.size
    facts = {"allowed": allowed, "total": total}
    if total == 1:
        return Said(f"The one pair is {'allowed' if allowed else 'blocked'}.", facts)
    if allowed == total:
        return Said(f"All {total} pairs are allowed.", facts)
    if allowed == 0:
        return Said(f"All {total} pairs are blocked.", facts)
    return Said(f"{allowed} of {total} pairs {'is' if allowed == 1 else 'are'} allowed.", facts)


def scores_title(head: int, heads: int, d_k: int) -> str:
    """The masked-scores table's title: the formula, for the head on show."""
    who = f"head {head + 1}: " if heads > 1 else ""
    return f"{who}masked scores = {_heads_symbol(heads)}/√{d_k} + M"


def scores_caption(mask) -> Said:
    """What the hatched cells of the masked scores are, or that there are none (facts: how many scores are −∞)."""
    mask = np.asarray(mask, dtype=bool)
    facts = {"minus_inf_scores": int((~mask).sum())}
    if mask.all():
        return Said("No pair is blocked, so no score is −∞: these are the plain scaled scores, and M adds 0 "
                    "everywhere.", facts)
    return Said("A blocked pair's score is −∞ (hatched cell): exp(−∞) = 0, so softmax gives it no weight at all.",
                facts)


def all_scores_blocked(mask) -> Said | None:
    """Said in words when every masked score is −∞ (a table of nothing but −∞ needs the why); facts: how many scores
    are −∞, and the largest weight below, 0."""
    mask = np.asarray(mask, dtype=bool)
    if mask.any():
        return None
    every = "The one masked score is" if mask.size == 1 else f"All {mask.size} masked scores are"
    return Said(f"{every} −∞: every pair is blocked, so there is no finite score left to colour. "
                "exp(−∞) = 0 everywhere, and the weights below are all 0.",
                {"minus_inf_scores": mask.size, "largest_weight": 0.0})


def weights_caption(mask, weights) -> Said:
    """The largest weight on a blocked pair and how close each row sums to 1, over every head (heads, n, n). Facts:
    largest_blocked (None when nothing is blocked), the rows said to sum to 1 and to 0, and the largest gap."""
    mask = np.asarray(mask, dtype=bool)
    weights = np.asarray(weights, dtype=float)
    several = weights.shape[0] > 1
    blocked = fully_masked_rows(mask)
    open_rows = np.setdiff1d(np.arange(mask.shape[0]), blocked)
    top = None if mask.all() else largest_blocked_weight(mask, weights)
    facts = {"largest_blocked": top, "rows_sum_to_1": open_rows.tolist(), "rows_sum_to_0": blocked.tolist(),
             "largest_gap": None}
    if top is None:
        first = "No pair is blocked, so no weight is forced to 0."
    else:
        first = (f"Largest weight on a blocked pair{', over all heads' if several else ''}: {readable(top, 3)}"
                 f"{' (exactly 0)' if top == 0 else ''}.")
    if not open_rows.size:
        return Said(f"{first} No row has a key to share its weight among, so every row sums to 0.", facts)
    rows = "Every row" if not blocked.size else "Every row with an allowed key"
    rest = f"; the fully blocked {'row sums' if blocked.size == 1 else 'rows sum'} to 0." if blocked.size else "."
    facts["largest_gap"] = gap = row_sum_gap(weights, open_rows)
    return Said(f"{first} {rows} sums to 1{' in every head' if several else ''} "
                f"(largest gap {enough(gap, below=CLOSE)}){rest}", facts)


def head_output_title(head: int, heads: int) -> str:
    """The title of one head's output table."""
    return f"head {head + 1}: head output = weights·Vₕ" if heads > 1 else "head output = weights·V"


def columns_text(columns) -> str:
    """d4, d4 and d5, d4 … d7: the value columns a head uses, for a sentence."""
    columns = list(columns)
    if len(columns) <= 2:
        return listing(f"d{c}" for c in columns)
    return f"d{columns[0]} … d{columns[-1]}"


def head_output_caption(head: int, heads: int, d_v: int) -> Said:
    """Which columns of V the head on show mixes: its own block, d_v wide (facts: those columns, V's width)."""
    facts = {"columns": list(value_columns(head, d_v)), "v_columns": d_v * heads}
    cols = columns_text(facts["columns"])
    if heads == 1:
        return Said(f"Each row mixes only the value rows its query may see. With one head, V is used whole: "
                f"{all_of(d_v, 'column')}, {cols}.", facts)
    # "Here head 1 uses", not "Head 1 uses": tests/prose.py reads a count in "Head 1 uses" (its label words are
    # lower case), and a head's number is a label
    return Said(f"Each row mixes only the value rows its query may see. Here head {head + 1} uses {d_v} of V's "
            f"{d_v * heads} columns, {cols}, so its output has {'that column' if d_v == 1 else 'those columns'}; "
            "the other heads use the rest.", facts)


# ---------------------------------------------------------------- a query that may see no key


def blocked_rows_info(labels, mask, weights, output) -> Said | None:
    """What the queries that may see no key get, or None when every query may see some key (facts: those rows, the
    largest sum of their weights, and their largest output entry)."""
    rows = fully_masked_rows(mask)
    if not rows.size:
        return None
    weights, output = np.asarray(weights, dtype=float), np.asarray(output, dtype=float)
    facts = {"rows": rows.tolist(), "row_sum": float(weights[:, rows].sum(axis=-1).max()),
             "largest_output": float(np.abs(output[rows]).max())}
    return Said(f"{_quoted(labels, rows)} may attend to no key: {'its' if rows.size == 1 else 'their'} row of "
            "masked scores is all −∞. There is nothing to share the weight among, so this explorer gives the row "
            f"weights of 0 (they sum to {num(facts['row_sum'], 0)}, not 1) and an output "
            f"of 0: largest output entry {readable(facts['largest_output'], 3)}.", facts)


def uniform_fallback(n: int) -> Said:
    """Why −∞ and not −10⁶: what a huge finite number would have done to a fully blocked row of n keys (facts: the
    weight each key would get, over how many keys)."""
    if n == 1:
        spread = "all of its weight, 1, on its only key"
    else:
        spread = f"1/{n} = {num(1 / n, 3)} on each of its {n} keys"
    return Said("Why say so? A plain softmax computes exp(−∞) / Σ exp(−∞) = 0 / 0 here, which is *not a number* "
            "(NaN), and one NaN spreads to every later layer. The d2l book's `masked_softmax` once replaced "
            f"blocked scores by −10⁶ instead of −∞, so a fully blocked row became uniform: {spread}, "
            "though it was meant to see none.", {"each": 1 / n, "keys": n})


def no_blocked_rows(kind: str) -> str:
    """How to make a query that may see nothing, from the mask kind on show."""
    how = ("Untick a whole row of your grid" if kind == "custom" else "Choose **Custom** and untick a whole row")
    return (f"No query is fully blocked right now. {how} (or press “Block every pair”) to see what a query "
            "that may see nothing gets.")


# ---------------------------------------------------------------- 3. several heads


def several_heads_intro(d_model: int, heads: int) -> Said:
    """How d_model is split among the heads (facts: heads, d_k)."""
    said = f"**heads = {heads}**, set in the sidebar, which offers only the counts that divide d_model = {d_model}."
    facts = {"heads": heads, "d_k": d_model // heads}
    if heads == 1:
        return Said(f"{said} With one head, that head gets {all_of(d_model, 'column')} (d_k = d_v = {d_model}), "
                    "and its output is multiplied by W_O. Pick more heads to split the columns among them.", facts)
    return Said(f"{said} Each head gets d_k = d_v = {d_model} / {heads} = {plural(d_model // heads, 'column')} and "
                "its own weights. The heads' outputs are set side by side and mixed by W_O.", facts)


RIBBON_STEPS = ("X", "Q, K, V = X·W", "split into heads", "per-head attention weights", "per-head outputs",
                "concatenate", "output = concat·W_O")


def shape_ribbon(n: int, d_model: int, n_heads: int) -> list[tuple[str, str]]:
    """The live shapes of multi-head attention, as (step, shape) pairs from X to the output."""
    return [(step, " × ".join(map(str, shape)))
            for step, shape in zip(RIBBON_STEPS, head_shapes(n, d_model, n_heads), strict=True)]


def ribbon_markdown(n: int, d_model: int, heads: int) -> str:
    """The shape ribbon as one line of markdown, X: **6 × 8**  →  …, which wraps only at an arrow."""
    # no-break spaces and hyphens inside each step, so a line only wraps at an arrow
    return "  →  ".join(f"{step}: **{shape}**".replace(" ", "\u00a0").replace("-", "\u2011")
                        for step, shape in shape_ribbon(n, d_model, heads))


def ribbon_caption(n: int, d_model: int, heads: int) -> str:
    """The symbols of the shape ribbon, with their live values."""
    return (f"n = {plural(n, 'token')}, d_model = {d_model}, h = {plural(heads, 'head')}, "
            f"d_k = d_v = {d_model // heads}.")


def heads_wait(heads: int) -> str:
    """What stands in for the heads' tables while section 2's question is open: they would answer it."""
    which = "The one head's weights appear" if heads == 1 else \
        f"{'Both' if heads == 2 else f'All {heads}'} heads' weights appear"
    return f"{which} here once you answer the question in section 2, which they would give away."


def head_weights_title(head: int, heads: int, d_k: int) -> str:
    """One head's weights table, titled as weights: softmax of its own masked, scaled scores."""
    return f"head {head + 1} weights = softmax({_heads_symbol(heads)}/√{d_k} + M)"


def grid_caption(shown, heads: int) -> str:
    """What the head tables show, and which heads when only a group fits."""
    shown = list(shown)
    which = "" if len(shown) == heads else f" Shown: heads {shown[0] + 1} … {shown[-1] + 1} of {heads}."
    each = "The table is the one head's" if heads == 1 else "Each table is one head's"
    return f"{each} softmax({_heads_symbol(heads)}/√d_k + M): every row is one query's weights over the keys.{which}"


def query_title(label: str, heads: int, d_k: int) -> str:
    """The one-query-in-every-head table's title."""
    if heads == 1:
        return f"“{label}” in its one head: softmax(qKᵀ/√{d_k} + M)"
    return f"“{label}” in every head: softmax(qₕKₕᵀ/√{d_k} + M)"


def where_query_looks(labels, i: int, mask, weights) -> Said:
    """Where query i puts its largest weight in each head, and whether the heads agree; weights (heads, n, n). Facts:
    the keys it may see; per head (from 0) the keys said to get its largest weight (several when tied), and whether
    the heads agree (None when there is nothing to compare); with one key, the weight said to go there (1); with
    none, the weight said to go anywhere (0)."""
    weights = np.asarray(weights, dtype=float)
    heads, name = weights.shape[0], f"“{labels[i]}”"
    allowed = np.flatnonzero(np.asarray(mask, dtype=bool)[i])  # the keys query i may see
    every = all_of(heads, "head", one="its one")
    facts = {"allowed": allowed.tolist(), "top": None, "agree": None, "weight": None}
    if not allowed.size:
        return Said(f"{name} may see no key, so {every} give{'s' if heads == 1 else ''} it zero weights.",
                    {**facts, "weight": 0.0})
    if allowed.size == 1:
        return Said(f"{name} may see only {_quoted(labels, allowed)}, so {every} put{'s' if heads == 1 else ''} "
                    "all the weight, 1, there.", {**facts, "weight": 1.0})
    groups = heads_by_top_keys(weights, i)
    facts["top"] = {h: tuple(keys) for keys, hs in groups.items() for h in hs}
    facts["agree"] = None if heads == 1 else len(groups) == 1
    where = "; ".join(
        f"{'head' if len(hs) == 1 else 'heads'} {listing([str(h + 1) for h in hs])} → "
        f"{_quoted(labels, keys)}{' (tied)' if len(keys) > 1 else ''}"
        for keys, hs in groups.items())
    if heads == 1:
        verdict = "With one head there is nothing to compare: pick more heads in the sidebar to see several."
    elif len(groups) == 1:
        verdict = f"Here {every} agree on where to look; each still passes along its own columns of V."
    else:
        verdict = ("The heads look most at different keys, and heads that look at different keys pass different "
                   "values along.")
    return Said(f"Where {name} looks most: {where}. {verdict}", facts)


def average_title(heads: int) -> str:
    """The title of the head-average table: a summary, not a head, unless there is only one head."""
    if heads == 1:
        return "average over the 1 head = head 1's weights"
    return f"average over the {heads} heads, not a head"


def average_caption(heads: int) -> str:
    """Why the head average is only a summary."""
    if heads == 1:
        return ("With one head, the average (1/h)·Σₕ weightsₕ is simply that head's weights. With several, it "
                "would be a summary for your eyes only: the layer never computes it, it concatenates the heads' "
                "outputs and multiplies by W_O.")
    return ("This average, (1/h)·Σₕ weightsₕ, is a summary for your eyes only: the layer never computes it. It "
            "concatenates the heads' outputs and multiplies by W_O, so a head that looks somewhere else is not "
            "blurred away.")


# ---------------------------------------------------------------- predict, then see: which keys may a query see?

ORDINALS = ("first", "second", "third")
RULE_WORDS = {
    "nothing": "no key at all",
    "itself": "only itself",
    "upto": "itself and every token before it",
    "before": "only the tokens before it",
    "after": "itself and every token after it",
    "all": "every key, itself included",
    "real": f"every word of your sentence and none of the {PAD_LABEL} tokens",
}
MASK_PHRASES = {"none": "With no mask", "causal": "Under the causal mask", "custom": "Under your custom grid"}


def _span(labels, keys) -> str:
    """“a”, “b” and “c”; a run of more than four keys as “a” … “e”, so a 32-token sentence stays one line."""
    keys = list(keys)
    if len(keys) > 4 and keys == list(range(keys[0], keys[-1] + 1)):
        return f"“{labels[keys[0]]}” … “{labels[keys[-1]]}”"
    return _quoted(labels, keys)


def keys_text(labels, keys) -> str:
    """One answer to "which keys can it see?": no key at all, “the·0” and “cat”, the 6 keys “the·0” … “mat”."""
    keys = list(keys)
    if not keys:
        return "no key at all"
    if len(keys) > 4 and keys == list(range(keys[0], keys[-1] + 1)):
        return f"the {len(keys)} keys {_span(labels, keys)}"
    return _quoted(labels, keys)


def see_question(kind: str, labels, i: int, n_pad: int) -> str:
    """The prediction asked before the mask is shown: which keys can query i see under the chosen mask?"""
    who = f"“{labels[i]}”, the {ORDINALS[i]} token," if i < len(ORDINALS) else f"“{labels[i]}”"
    if kind == "padding":
        pads = f"no {PAD_LABEL} token" if n_pad == 0 else plural(n_pad, PAD_LABEL + " token")
        where = f"Under the padding mask, with {pads} after your sentence"
    else:
        where = MASK_PHRASES[kind]
    return f"{where}, which keys can {who} see?"


MASK_RULES = {  # rule of attn_core.masks.key_set_rules -> (the wrong answer, what it shows)
    "all": ("every key", "every token sees every key, whatever the mask"),
    "before": ("the keys before it, not itself", "a token never sees its own key"),
    "after": ("itself and the keys after it", "the causal mask read backwards: a token sees the later tokens"),
    "itself": ("only itself", "a mask lets a token see only itself"),
    "upto": ("itself and the keys before it", "every mask is the causal mask"),
    "nothing": ("no key at all", "a masked row has no key to attend to"),
    "real": ("every word but no padding", "only the padding is masked, whatever the mask"),
}


def _rule(name: str):
    """A wrong key set, from the state the question is asked in: n_tokens, the query, n_real."""
    def values(state):
        n, i = int(state["n_tokens"]), int(state.get("query", 0))
        return [key_set_rules(n, i, int(state.get("n_real", n)))[name]]

    return values


def see_gives_away(state) -> list[str]:
    """The words that would say which keys the asked token sees, in this state (the page's "mask", "pad", "text"):
    the mask's description, the old option labels that named it, and the verdict's reading of the mask's row."""
    kind, n_pad = str(state.get("mask", "")), int(state.get("pad", 0) or 0)
    labels = labels_of(state)
    said = list(SAYS_WHO_SEES.get(kind, ()))
    if kind == "padding":
        said += [PAD_BLOCKS, padded_columns(n_pad)] if n_pad else [PAD_BLOCKS, "nothing is blocked"]
    if labels:
        said.append(f"Row “{md_text(labels[checkpoint_token(len(labels))])}” of the mask")
    return said


# The prediction, declared once: its key for checkpoint.predict, its class-mode name and the wrong answers expected
SEE = Asked("masks.see", "Which keys can the token see under the mask?", "keys",
            tuple(Wrong(answer, shows, _rule(name)) for name, (answer, shows) in MASK_RULES.items()),
            from_sentence=True, key="masks_see", gives_away=see_gives_away,
            reason="A masked key's score is set to −∞ before the softmax, so its weight is exactly 0.")


def see_why(labels, mask, i: int, n_real: int, weights, guess=None) -> Said:
    """The answer from the mask's row i and the weights (heads, n, n); with a wrong `guess`, what it got wrong.
    Facts: the keys it may see, the rule named (None for none), the blocked keys and their largest weight, whether
    the allowed keys are said to share the whole weight, 1, and the keys the guess left out and counted wrongly."""
    mask, weights = np.asarray(mask, dtype=bool), np.asarray(weights, dtype=float)
    n, name, heads = mask.shape[0], f"“{labels[i]}”", weights.shape[0]
    truth = visible_keys(mask, i)
    every = all_of(heads, "head", one="its one")
    blocked = np.array(hidden_keys(mask, i), dtype=int)
    whole = keeps_whole_weight(mask, weights, i)  # the allowed keys' weights sum to 1 in every head
    facts = {"visible": list(truth), "rule": None, "blocked": blocked.tolist(), "largest_blocked": None,
             "whole_weight": False, "missing": [], "extra": []}
    if not truth:
        facts["largest_blocked"] = float(weights[:, i].max())
        zero = "are all 0" if not weights[:, i].any() else f"reach {readable(weights[:, i].max(), 3)}"
        text = f"Row {name} of the mask has no 1 in it: {name} may see no key, so its weights {zero} in {every}."
    else:
        rule = rule_of(truth, n, i, n_real, mask_kind(mask, n_real))  # the rule of the mask this row belongs to
        text = f"Row {name} of the mask has a 1 for {keys_text(labels, truth)}"
        text += f": {RULE_WORDS[rule]}." if rule not in (None, "nothing") else "."
        facts["rule"] = rule if rule not in (None, "nothing") else None
        facts["whole_weight"] = bool(whole)
        if not blocked.size:
            text += " No key in its row is blocked"
            if whole:
                text += (", so its one key gets the whole weight, 1." if n == 1
                         else f", so {all_of(n, 'key')} share the whole weight, 1.")
            else:
                text += "."
        else:
            top = facts["largest_blocked"] = float(weights[:, i, blocked].max())
            which = "other key" if blocked.size == 1 else f"other {blocked.size} keys"
            text += (f" The {which} ({_span(labels, blocked)}) {'is' if blocked.size == 1 else 'are'} blocked: "
                     f"score −∞, so weight {'exactly 0' if top == 0 else readable(top, 3)} in {every}")
            if whole:
                text += (", and the one allowed key gets the whole weight, 1." if len(truth) == 1
                         else f", and the {len(truth)} allowed keys share the whole weight, 1.")
            else:
                text += "."
    if guess is None or set(guess) == set(truth):
        return Said(text, facts)
    missing = facts["missing"] = [j for j in truth if j not in set(guess)]
    extra = facts["extra"] = sorted(set(guess) - set(truth))
    wrong = []
    if missing == [i]:
        wrong.append(f"You left out {name} itself: the 1 on the diagonal lets a token see its own key.")
    elif missing:
        wrong.append(f"You left out {_span(labels, missing)}, which it may see.")
    if extra:
        wrong.append(f"You counted {_span(labels, extra)}, which {'is' if len(extra) == 1 else 'are'} blocked.")
    return Said(" ".join([*wrong, text]), facts)


# ---------------------------------------------------------------- the titles above the groups of tables


def steps_title(head: int, heads: int) -> str:
    """The title over section 2's tables: the steps of the head on show."""
    return f"Step by step in head {head + 1} of {heads}" if heads > 1 else "Step by step in the one head"


def grid_title(shown, heads: int) -> str:
    """The title over every head's weights (or over the group of heads on show)."""
    shown = list(shown)
    if heads == 1:
        return "The one head's weights"
    if len(shown) == heads:
        return f"{'Both' if heads == 2 else f'All {heads}'} heads' weights, side by side"
    return f"Heads {shown[0] + 1} … {shown[-1] + 1} of {heads}: their weights, side by side"


def average_toggle(heads: int) -> str:
    """The label of the switch that shows the head average."""
    if heads == 1:
        return "Show the average over the heads (with one head, its own weights)"
    return f"Show the average over the {heads} heads (a summary the layer never computes)"


def weights_title(head: int, heads: int) -> str:
    """The title of the step-by-step weights table, for the head on show."""
    return f"head {head + 1}: weights = softmax(masked scores)" if heads > 1 else "weights = softmax(masked scores)"


# ---------------------------------------------------------------- the code and the notebook


def code_intro(label: str, head: int, heads: int) -> str:
    """What "Show the code" holds: the page's numbers for the head (from 0) and the query `label` shown above."""
    who = md_text(label)
    which = f"head {head + 1} and the query “{who}”" if heads > 1 else f"the query “{who}”"
    return (f"This page's numbers in plain numpy, for {which} shown above: the code "
            "of the notebook below, which also checks its results against the page.")


# ---------------------------------------------------------------- the page's fixed words, in the order it shows them


INTRO = (
    "A mask decides which query→key pairs may attend at all: before the softmax a blocked pair's score becomes −∞, "
    "so its weight is exactly 0. Several heads run this attention side by side, each on its own slice of Q, K and "
    "V, under the same mask."
)
# two equations, the first over two lines: a phone's width cut one long line off at "+ M)V"
FORMULA = (r"\begin{aligned} &\mathrm{Attention}(Q, K, V) \\"
           r" &\quad = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}} + M\right) V \end{aligned}")
MASK_CASES = (r"M_{ij} = \begin{cases} 0 & \text{query } i \text{ may see key } j \\"
              r" -\infty & \text{blocked} \end{cases}")
# the grids write the mask as 1/0, the formula as 0/−∞: said once, beside the formula (issue 23, item 9)
CONVENTION = "In the grids below, 1 = may attend: the formula's M adds 0 there and −∞ elsewhere (0 = blocked)."
# The radio's labels name each mask and nothing more: a label that said what a mask lets a token see ("Causal: itself
# and what came before") would answer section 2's question for the mask the learner is about to pick (issue 36). The
# Mask mistakes page's radio uses them too (one definition: its remedies say "pick Causal or Padding above").
MASK_LABELS = {"none": "None", "causal": "Causal", "padding": "Padding", "custom": "Custom grid"}
# What the masks let a query see, in the words that once stood on the radio and in the captions: none of them is on
# screen while section 2 asks it (SEE.gives_away)
SAYS_WHO_SEES = {"none": ("Every query may attend to every key", "every pair"),
                 "causal": ("Each token sees itself and the tokens before it", "itself and what came before")}
MASK_HELD = ("What this mask lets each token see is section 2's question: the mask's description appears here once "
             "you answer it.")
KIND_CAPTIONS = {
    "none": "Every query may attend to every key, itself included: this is the plain attention of the home page.",
    "causal": "Each token sees itself and the tokens before it, never the ones after: a model that writes "
              "text one token at a time must not peek at words it has not written yet.",
}
STEPS_HEADER = "2. The mask, step by step"
MASK_TITLE = "mask: 1 = query may attend to key, 0 = blocked"
BLOCKED_ROWS_TITLE = "A query that may see no key"
SOURCES_WORDS = ("The page itself builds the mask with `build_mask` from `attn_core/masks.py` and runs "
                 "`multi_head_attention` from `attn_core/attention.py` once, with that mask on every head:")


def head_note(head: int) -> str:
    """The notebook's note on `h`: the head (from 0) the page shows step by step."""
    return f"the head the page shows step by step (head {head + 1})"


def query_note(label: str) -> str:
    """The notebook's note on `i`: the query the page shows across the heads."""
    return f"the query the page shows: {label!r}"


# Labels of the page's controls (the layer test counts a label of six words or more as a sentence)
PAD_SLIDER = f"How many {PAD_LABEL} tokens fill up your sentence?"
