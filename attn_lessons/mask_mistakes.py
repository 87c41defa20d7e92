"""The Mask mistakes page's words: every sentence, label, question and piece of code-as-text it shows.

Each function takes the numbers `attn_core.mask_mistakes` computed (the mask, the weights, a `MaskDiagnosis`, a
`RenormCell`, a `CheckResult` …) and picks its words from them, so a sentence cannot go stale when a control
moves; one that claims something about the numbers returns a `Said`, its text and the facts it states, for the tests
to compare with attn_core. Token labels come in as the page prints them (made safe for markdown there); numbers read as
`attn_lessons.format` writes them. Also used by the Common mistakes quiz, which can draw these mistakes too.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import numpy as np

from attn_core.mask_mistakes import (
    CHECK_NAMES,
    CLOSE,
    DTYPES,
    KNOWN_RATIO,
    MASK_BY_NAME,
    TORCH_CONVENTIONS,
    Case,
    CheckResult,
    Convention,
    MaskChoice,
    MaskDiagnosis,
    RenormCell,
    attention_to_check,
    blocked_lead,
    dtype_tolerance,
    failed_checks,
    fill_value,
    key_columns,
    remedies,
    row_sum_kind,
    underflow_gap,
    zeroed_row_sum_kind,
)
from attn_core.masks import fully_masked_rows

from .asked import Asked, Wrong, const
from .said import Said
from .format import all_of, enough, listing, num, plural, readable, short
from .masks import mask_label  # noqa: F401  (the radio's labels: one definition, the Masks and heads page's)


def how_to_see(choice: MaskChoice | None, need: str, labels, what: str) -> str:
    """One sentence on which setting, one control away, would show `what`, from attn_core's `remedies` for `need`
    (so it never names a setting already in force); "" when there is none, or no choice is given."""
    return remedy_sentence(remedies(choice, need) if choice is not None else (), labels, what)


def remedy_sentence(found: Sequence[str], labels, what: str) -> str:
    """'To see {what}, pick Causal above or …' for the settings `found` (attn_core's REMEDIES), "" for none."""
    kinds = [k for k in ("Causal", "Padding") if k.lower() in found]
    padded = " (with 1 padded token)" if "Padding" in kinds else ""
    parts = [f"pick {' or '.join(kinds)}{padded} above"] if kinds else []
    parts += [{"one_pad": "set the padding to 1 token",
               "unblock": "choose “no query” under “Also block every key of”",
               "block": f"choose “{labels[0]}” under “Also block every key of”",
               "longer": "type two or more words in the sidebar"}[r] for r in found if r not in ("causal", "padding")]
    return f"To see {what}, {listing(parts, 'or')}." if parts else ""


# ---------------------------------------------------------------------------------------------------------
# Each mistake's name on the page, its symptom in one line, and the one-line check that catches it


LABELS = {
    "after_softmax": "Mask applied after the softmax",
    "inverted": "The mask's meaning inverted",
    "wrong_axis": "The mask on the wrong axis",
    "finite_fill": "A finite −10⁹ in place of −∞",
    "naive_inf": "−∞ with a plain softmax",
    "no_mask": "No mask where one was needed",
}
SYMPTOMS = {
    "after_softmax": "rows of the weights sum to less than 1, though no blocked pair gets any weight.",
    "inverted": "all the weight lands on pairs the mask blocks, and none on the pairs it allows.",
    "wrong_axis": "whole query rows are blocked instead of key columns, and the blocked keys still get weight.",
    "finite_fill": "a query that may see no key gets even weights over the keys it must not read, or NaN in float16.",
    "naive_inf": "a query that may see no key gets NaN weights and a NaN output, which spread from there.",
    "no_mask": "every query reads every key: changing a later token moves the earlier outputs.",
}
CHECK_CODE = {
    "after_softmax": "assert np.allclose(weights.sum(-1), mask.any(-1))  # 1 per row, 0 for a fully blocked row",
    "inverted": "assert np.all(weights[~mask] == 0)  # blocked pairs get exactly 0",
    "wrong_axis": "assert np.all(weights[~mask] == 0)  # with mask broadcast to (n, n) first",
    "finite_fill": "assert np.all(output[~mask.any(-1)] == 0)  # a fully blocked row gives 0s",
    "naive_inf": "assert np.isfinite(output).all()  # no NaN, even for a fully blocked row",
    "no_mask": "assert np.allclose(out_before[:t], out_after[:t])  # change token t: nothing before t moves",
}


def mistake_label(name: str) -> str:
    """How the page names mask mistake `name` (a KeyError for any other name)."""
    return LABELS[name]


def lower_first(text: str) -> str:
    """A label inside a sentence: 'Mask applied after …' -> 'mask applied after …'."""
    return text[:1].lower() + text[1:]


def symptom_box(name: str) -> str:
    """The one-line symptom and the one-line check of mistake `name`, as the page's box shows them."""
    symptom = SYMPTOMS[name]
    return f"**Symptom:** {symptom[0].upper() + symptom[1:]}  \n**Check:** `{CHECK_CODE[name]}`"


# ---------------------------------------------------------------------------------------------------------
# The quiz: why the mystery is the mistake it is, from its measured symptoms


def explain(name: str, d: MaskDiagnosis) -> Said:
    """What mistake `name` does to the symptoms, and what was measured here: the quiz's feedback. Facts: the readings
    of `d` it quotes, by MaskDiagnosis field."""
    quoted = {"after_softmax": ("blocked_weight", "lowest_row_sum"), "inverted": ("allowed_weight", "blocked_weight"),
              "wrong_axis": ("silenced_rows", "blocked_weighted", "blocked_pairs", "allowed_empty", "allowed_pairs",
                             "same_as_transposed"),
              "finite_fill": ("filled_rows",), "naive_inf": ("nan_rows",),
              "no_mask": ("blocked_weighted", "blocked_pairs", "blocked_weight", "allowed_empty", "allowed_pairs",
                          "same_as_unmasked")}
    if name not in quoted:
        raise ValueError(f"{name!r} is not one of {', '.join(MASK_BY_NAME)}")
    return Said(_explained(name, d), {field: getattr(d, field) for field in quoted[name]})


def _explained(name: str, d: MaskDiagnosis) -> str:
    """explain's text."""
    if name == "after_softmax":
        return (f"zeroing after the softmax gives blocked pairs exactly 0 but leaves rows summing to less than 1; "
                f"here the largest weight on a blocked pair is {enough(d.blocked_weight)} and the lowest row sum is "
                f"{enough(d.lowest_row_sum)}.")
    if name == "inverted":
        return (f"an inverted mask puts all the weight on blocked pairs and none on allowed ones; here the largest "
                f"weight on an allowed pair is {enough(d.allowed_weight)} and on a blocked pair "
                f"{enough(d.blocked_weight)}.")
    if name == "wrong_axis":
        silenced = (f", {plural(d.silenced_rows, 'row')} that may see a key got no weight at all" if d.silenced_rows
                    else "")
        return (f"a mask on the wrong axis is the right computation with the mask's rows and columns swapped, so "
                f"pairs the mask blocks get weight and pairs it allows get none; here {d.blocked_weighted} of "
                f"{d.blocked_pairs} blocked pairs got weight, {d.allowed_empty} of {d.allowed_pairs} allowed pairs got "
                f"none{silenced}, and the weights {'are' if d.same_as_transposed else 'are not'} exactly those of the "
                "mask turned around.")
    if name == "finite_fill":
        return (f"a finite fill changes only the fully blocked rows, which get weight on keys they must not read "
                f"instead of 0; here {plural(d.filled_rows, 'fully blocked row')} got weight.")
    if name == "naive_inf":
        return (f"−∞ with a plain softmax turns every fully blocked row into NaN; here "
                f"{plural(d.nan_rows, 'row')} {'is' if d.nan_rows == 1 else 'are'} NaN.")
    if name == "no_mask":
        return (f"leaving the mask out gives weight to every pair, blocked or not; here {d.blocked_weighted} of "
                f"{d.blocked_pairs} blocked pairs got weight (up to {enough(d.blocked_weight)}), {d.allowed_empty} "
                f"of {d.allowed_pairs} allowed pairs got none, and the weights "
                f"{'are' if d.same_as_unmasked else 'are not'} exactly the unmasked ones.")
    raise ValueError(f"{name!r} is not one of {', '.join(MASK_BY_NAME)}")


def symptom_readings(d: MaskDiagnosis) -> list[tuple[str, str]]:
    """The measured symptoms as (what was measured, reading) pairs, for the quiz's table: what a learner reads off the
    weights, never a comparison that names a mistake (no "= the unmasked weights": that is the answer to "no mask")."""
    return [
        ("NaN rows", str(d.nan_rows)),
        ("largest row-sum gap", num(d.row_sum_gap, 3)),
        ("largest weight, blocked pair", num(d.blocked_weight, 3)),
        ("largest weight, allowed pair", num(d.allowed_weight, 3)),
        ("open rows with no weight", str(d.silenced_rows)),
        ("fully blocked rows with weight", str(d.filled_rows)),
        ("… of them spread evenly", str(d.filled_even_rows)),
        ("blocked pairs with weight", f"{d.blocked_weighted} of {d.blocked_pairs}"),
        ("allowed pairs with no weight", f"{d.allowed_empty} of {d.allowed_pairs}"),
    ]


# What names the quiz's answer instead of showing a symptom: a reading "= the unmasked weights" is "no mask", and
# "= the mask turned around" is "the wrong axis". Never on the page while the quiz's question is open.
QUIZ_GIVEAWAYS = ("= unmasked weights", "unmasked ones", "= transposed mask applied", "transposed mask",
                  "mask turned around")
READINGS_NOTE = ("The row-sum gap is how far a row's sum is from 1, or from 0 for a row the mask blocks entirely; an "
                 "open row is one that may see at least one key. A pair has weight when its weight is above 0. NaN "
                 "rows are left out of the other readings.")


def verdict(secret: str, answer: str, d: MaskDiagnosis) -> tuple[bool, Said]:
    """The quiz's feedback on naming mistake `answer` when it was `secret`: (right?, Said), both explained from `d`.
    Facts: the secret's and the pick's names, and the readings each explanation quotes (explain's facts)."""
    named = mistake_label(secret)
    facts = {"secret": secret, "answer": answer, "why": explain(secret, d).facts, "pick": explain(answer, d).facts}
    if answer == secret:
        return True, Said(f"Right: it is **{named}**. Why: {explain(secret, d).text}", facts)
    return False, Said(f"Not this time: it is **{named}**, because {explain(secret, d).text} You picked "
                       f"{lower_first(mistake_label(answer))}: {explain(answer, d).text}", facts)


def quiz_notice(pool: Sequence[str], labels, found: Sequence[str] = ()) -> str | None:
    """Why there is no quiz when fewer than two mistakes can be told apart on this mask (a quiz of one option is
    no question), and which settings `found` would give one (attn_core's quiz_remedies); None when there is a
    quiz. `pool`: attn_core's quiz_pool, by name."""
    if len(pool) >= 2:
        return None
    if pool:
        text = (f"With this mask only one mask mistake, {lower_first(mistake_label(pool[0]))}, can be told from the "
                "right computation and from the others by its symptoms, so a quiz would have a single answer.")
    else:
        text = ("With this mask, every mask mistake gives the right weights or looks exactly like another, so there "
                "is nothing to spot.")
    return f"{text} {remedy_sentence(found, labels, 'a quiz')}".rstrip()


# ---------------------------------------------------------------------------------------------------------
# Your sentence and mask


def grid_notice(m: int, n: int) -> Said:
    """What happened to an m × m custom grid on a sentence of n tokens (only said when m ≠ n); facts: the sizes, and
    whether new pairs were added (allowed)."""
    how = "cut" if m > n else "grown"
    new = " (the new pairs are allowed)" if n > m else ""
    return Said(f"Your grid is {m} × {m} but your sentence has {n} tokens, so it is {how} to {n} × {n}{new}.",
                {"was": m, "now": n, "new_pairs_allowed": n > m})


def grid_refused(err: Exception) -> str:
    """Said when the custom grid's text cannot be read, with the reason attn_core.masks.parse_mask gave."""
    return f"That grid can't be read: {err}. Every pair is allowed until it can."


def mask_summary(labels, mask, right_anyway: Sequence[str] = (), choice: MaskChoice | None = None) -> Said:
    """What the mask blocks, counted: pairs, and the queries that may see nothing. `right_anyway` names the mask
    mistakes whose weights are the right ones on this mask (attn_core's same_as_right); said when it blocks nothing.
    Facts: the pairs blocked, of how many, the fully blocked rows, and the mistakes said to give the right weights."""
    mask = np.asarray(mask, dtype=bool)
    n = mask.shape[0]
    blocked = int((~mask).sum())
    closed = fully_masked_rows(mask)
    facts = {"blocked_pairs": blocked, "pairs": n * n, "closed_rows": closed.tolist(), "right_anyway": []}
    if blocked == 0:
        facts["right_anyway"] = list(right_anyway)
        return Said(_blocks_nothing(labels, right_anyway, choice), facts)
    rows = [f"“{labels[i]}”" for i in closed]
    if n == 1:
        return Said(f"Your mask blocks the only query→key pair (−∞ in M below): {rows[0]} may see no key at all.",
                    facts)
    how_many = "all" if blocked == n * n else f"{blocked} of the"
    text = f"Your mask blocks {how_many} {n * n} query→key pairs (−∞ in M below)."
    if len(rows) == n:
        return Said(text + " Every query may see no key at all: every row is fully blocked.", facts)
    if rows:
        whose = "its row is" if len(rows) == 1 else "their rows are"
        return Said(text + f" {listing(rows)} may see no key at all: {whose} fully blocked.", facts)
    return Said(text + " Every query may still see at least one key.", facts)


def _blocks_nothing(labels, right_anyway: Sequence[str], choice: MaskChoice | None) -> str:
    """mask_summary for a mask that blocks no pair: which mistakes give the right weights anyway, which do not."""
    text = "Your mask blocks no query→key pair."
    if right_anyway:
        others = [name for name in MASK_BY_NAME if name not in right_anyway]
        text += (f" So {len(right_anyway)} of the {len(MASK_BY_NAME)} mask mistakes below give the right weights "
                 f"with it: {listing([lower_first(mistake_label(m)) for m in right_anyway])}.")
        if others:
            named = listing([lower_first(mistake_label(m)) for m in others])
            text += (f" Only {named} {'changes' if len(others) == 1 else 'change'} them"
                     + (" (inverted, a mask that blocks nothing blocks every pair)." if others == ["inverted"]
                        else "."))
    more = how_to_see(choice, "blocked", labels, "more of them go wrong" if right_anyway else "a mask at work")
    return f"{text} {more}".rstrip()


# ---------------------------------------------------------------------------------------------------------
# 1. The mask after the softmax


# The question's answers, in reading order: exclusive (0 is not "between 0 and 1"), so exactly one is right.
ROW_SUM_WORDS = {"zero": "exactly 0", "less": "between 0 and 1", "one": "exactly 1", "more": "more than 1"}
ROW_SUM_OPTIONS = tuple(ROW_SUM_WORDS.values())
# The prediction, declared once: its key for checkpoint.predict, its class-mode name and the wrong answers expected
ROW_SUM = Asked(
    "mask_mistakes.row_sum", "Zeroed after the softmax, what does the row sum to?", "option",
    (Wrong(ROW_SUM_WORDS["one"], "zeroing after the softmax still leaves weights that sum to 1",
           const(ROW_SUM_WORDS["one"])),
     Wrong(ROW_SUM_WORDS["more"], "the blocked keys' weight moves to the allowed keys", const(ROW_SUM_WORDS["more"])),
     Wrong(ROW_SUM_WORDS["zero"], "zeroing some weights empties the whole row", const(ROW_SUM_WORDS["zero"]))),
    key="cp_after_softmax",
    gives_away=lambda state: ("WRONG: row sum", "softmax(QKᵀ/√d_k) · mask"),  # the zeroed weights and their sums
    reason="Zeroing weights after the softmax removes their share and nothing renormalises the rest, so the row "
           "sums to less than 1.")


def row_sum_question(label: str) -> str:
    """The predict-then-see question about the row of token `label`."""
    return f"If you zero the blocked weights after the softmax, what does the row of “{label}” sum to?"


def row_sum_answer(total: float) -> str:
    """Which of ROW_SUM_OPTIONS a row sum is, to within rounding (attn_core's row_sum_kind)."""
    return ROW_SUM_WORDS[row_sum_kind(total)]


def row_sum_reveal(labels, mask, wrong_weights, i: int) -> tuple[str, Said]:
    """(the right one of ROW_SUM_OPTIONS, why) for row i of the zeroed-after weights: one reading of the row
    marks the prediction and words the reveal, which opens with that answer. The why's facts: the answer's kind, the
    keys the row may see, of how many, and its sum (the blocked keys took 1 − sum)."""
    mask = np.asarray(mask, dtype=bool)
    n, allowed = mask.shape[1], int(mask[i].sum())
    total = float(np.sum(wrong_weights[i]))
    kind = zeroed_row_sum_kind(allowed, n, total)
    answer = ROW_SUM_WORDS[kind]
    return answer, Said(f"{answer[0].upper()}{answer[1:]}: " + _why_row_sum(labels[i], n, allowed, total, kind),
                        {"kind": kind, "allowed": allowed, "keys": n, "row_sum": total})


def _why_row_sum(label: str, n: int, allowed: int, total: float, kind: str) -> str:
    """Why a row that may see `allowed` of its n keys sums to `total` (of kind `kind`) once zeroed after."""
    keys = all_of(n, "key", one="its only")
    if allowed == 0:
        seen = "may not see its only key, so its one weight is" if n == 1 else \
            f"may see none of the {n} keys, so every weight in its row is"
        return f"“{label}” {seen} zeroed, as it is with the mask on the scores."
    if allowed == n:
        return f"“{label}” may see {keys}, so nothing in its row is zeroed and it sums to 1, as it should."
    blocked = plural(n - allowed, "blocked key")
    seen = f"“{label}” may see {allowed} of the {n} keys. The softmax shared the row over {all_of(n, 'key')} first"
    if kind == "zero":
        return (f"{seen}, and the {blocked} scored so far ahead that the allowed keys' weights underflowed to 0; "
                "zeroing the blocked ones leaves nothing.")
    if kind == "one":
        return (f"{seen}, but what the {blocked} got is so small that it rounds to 0 in floating point, so zeroing "
                f"{'it' if n - allowed == 1 else 'them'} takes nothing away. In exact arithmetic the row would sum "
                "to a little less than 1.")
    return (f"{seen}, and the {blocked} took {enough(1 - total)} of it; zeroing "
            f"{'it' if n - allowed == 1 else 'them'} leaves {enough(total)}. Masking the scores instead gives the "
            "allowed keys the whole 1.")


def after_softmax_sentence(labels, mask, wrong_weights, choice: MaskChoice | None = None) -> Said:
    """What zeroing after the softmax did to the row sums of this mask. Facts: the rows with both allowed and blocked
    keys, how many of them sum to less than 1, the lowest of them and its sum, and the fully blocked rows (sum 0)."""
    mask = np.asarray(mask, dtype=bool)
    n = mask.shape[0]
    sums = np.asarray(wrong_weights, dtype=float).sum(axis=-1)
    partial = mask.any(axis=-1) & ~mask.all(axis=-1)  # rows with both allowed and blocked keys
    facts = {"partial_rows": np.flatnonzero(partial).tolist(), "short_rows": 0, "lowest_row": None, "lowest_sum": None,
             "zero_rows": np.flatnonzero(~mask.any(axis=-1)).tolist()}
    if not partial.any():
        text = ("Your mask blocks every key of every query, so zeroing after the softmax changes nothing here: "
                "every row sums to 0, as it does with the mask on the scores." if not mask.any() else
                "Your mask blocks no key of any query that may see one, so zeroing after the softmax changes "
                "nothing here: every row that may see a key still sums to 1.")
        return Said(f"{text} {how_to_see(choice, 'partial', labels, 'it')}".rstrip(), facts)
    short = int((partial & (sums < 1 - CLOSE)).sum())
    low = int(np.argmin(np.where(partial, sums, np.inf)))
    facts |= {"short_rows": short, "lowest_row": low, "lowest_sum": float(sums[low])}
    how_many = (f"none of the {n} rows sums to 1 any more" if short == n else
                "every row still sums to 1 to within 10⁻⁹" if short == 0 else
                f"{short} of the {n} rows no longer {'sums' if short == 1 else 'sum'} to 1")
    text = f"Zeroed after the softmax, {how_many}; the lowest is “{labels[low]}”, at {enough(sums[low])}."
    if (~mask.any(axis=-1)).any():
        text += " A fully blocked row sums to 0 either way."
    return Said(text, facts)


def renorm_row_label(cell: RenormCell) -> str:
    """Which scores a cell of the renormalising table is about: 'your scores ×10' or '[20, 0], key 0 blocked' (keys
    count from 0, as the token labels do)."""
    if cell.factor is not None:
        return f"your scores ×{short(cell.factor)}"
    return f"[{short(cell.lead)}, 0], key 0 blocked"


def renorm_cell_text(cell: RenormCell) -> str:
    """One cell of the table: 'same', 'off by 0.31' or 'NaN in 3 rows'."""
    if cell.nan_rows:
        return f"NaN in {plural(cell.nan_rows, 'row')}"
    return f"off by {readable(cell.gap, 3)}" if cell.differs else "same"


def renormalise_sentence(scaled, mask, dtypes: Sequence[str] = DTYPES) -> Said:
    """When renormalising after the softmax stops giving the masked weights, on this sentence and in general. Facts:
    how far a blocked score leads the best allowed one of its row (None: no such row), each dtype's underflow gap, and
    the fully blocked rows counted."""
    lead = blocked_lead(scaled, mask)
    limits = listing([f"{num(underflow_gap(d), 0)} in {d}" for d in dtypes])
    general = (f"In general it breaks in any row where a blocked score leads every allowed score by more than about "
               f"{limits}: the allowed weights underflow to 0 before the division, and 0 / 0 is NaN. The two-key "
               "rows of the table show it.")
    blocked_rows = int((~np.asarray(mask, dtype=bool).any(axis=-1)).sum())
    facts = {"lead": None if lead is None else float(lead), "underflow_gaps": {d: underflow_gap(d) for d in dtypes},
             "blocked_rows": blocked_rows}
    tail = (f" A fully blocked row is 0 / 0 = NaN at any size ({plural(blocked_rows, 'row')} of yours, left out "
            "of the table)." if blocked_rows else "")
    if lead is None:
        return Said("Your mask blocks no key of a query that may see others, so on your sentence both ways agree. "
                    + general + tail, facts)
    if lead <= 0:
        closest = "one ties it" if lead == 0 else f"the closest is {enough(-lead)} below"
        return Said(f"On your sentence no blocked score is above the best allowed score of its row ({closest}), so "
                    "renormalising gives the masked weights at any size here. " + general + tail, facts)
    return Said(f"On your sentence a blocked score leads the best allowed score of its row by up to "
                f"{enough(lead)}, so scaled up enough the allowed weights underflow. " + general + tail, facts)


# ---------------------------------------------------------------------------------------------------------
# 2. The mask inverted, 3. the mask on the wrong axis


# What a True entry means, in the words of PyTorch's documentation: per pair (allows or blocks it), or per key
TRUE_MEANS = {(True, False): "this query may attend to this key",  # (true_allows, per_key)
              (False, False): "this query may NOT attend to this key",
              (True, True): "this key may be attended to",
              (False, True): "this key is padding: ignore it"}
THIS_PAGE = Convention("this page", "mask", "(n, n)", true_allows=True)  # the page's own mask, beside PyTorch's


def true_means(convention: Convention) -> str:
    """What a True entry of a mask written in `convention` means (attn_core keeps only whether it allows)."""
    return TRUE_MEANS[convention.true_allows, convention.per_key]


def conventions_table(conventions: Sequence[Convention] = (*TORCH_CONVENTIONS, THIS_PAGE)) -> dict[str, list[str]]:
    """PyTorch's boolean masks and this page's, as the columns of a small table: where, which argument, its shape
    and what True means."""
    return {"PyTorch": [c.api for c in conventions], "argument": [c.argument for c in conventions],
            "shape": [c.shape for c in conventions], "True means": [true_means(c) for c in conventions]}


def inverted_sentence(labels, mask, inverted_weights) -> Said:
    """What the inverted mask lets through, and where the weight went. Facts: the pairs it lets through and blocks,
    the largest weight on a pair the mask allowed (None where not said), and the rows that may now see no key."""
    mask = np.asarray(mask, dtype=bool)
    n = mask.shape[0]
    inv = ~mask
    w = np.asarray(inverted_weights, dtype=float)
    closed = fully_masked_rows(inv)
    nothing = [f"“{labels[i]}”" for i in closed]
    facts = {"let_through": int(inv.sum()), "blocks": int(mask.sum()), "largest_on_allowed": None,
             "closed_rows": closed.tolist()}
    if not inv.any():
        return Said("Your mask blocks nothing, so inverted it blocks everything: every weight is 0 and every output "
                "is 0.", facts)
    if not mask.any():
        return Said("Your mask blocks every pair, so inverted it allows every pair: each query reads every key, as "
                    "with no mask at all.", facts)
    if n > 1 and np.array_equal(inv, np.triu(np.ones((n, n), dtype=bool), k=1)):
        later = listing([f"“{label}”" for label in labels[1:]])
        return Said(f"Inverted, your causal mask lets each token see only the tokens after it, never itself: "
                    f"“{labels[0]}” now reads {later}, and “{labels[-1]}”, the last, may see nothing "
                    "(0s here, NaN with a plain softmax). The model reads only the future.", facts)
    on_allowed = facts["largest_on_allowed"] = float(np.max(np.where(mask, w, 0.0)))
    let, block = int(inv.sum()), int(mask.sum())
    text = (f"The inverted mask lets through exactly the {plural(let, 'pair')} your mask blocks and blocks the "
            f"{block} it allowed. The largest weight on a pair you allowed is now "
            f"{'exactly 0' if on_allowed == 0 else enough(on_allowed)}: all the weight sits on pairs that should "
            "be blocked.")
    if nothing:
        text += (f" {listing(nothing)} may now see no key at all, so "
                 f"{'its row is' if len(nothing) == 1 else 'their rows are'} 0.")
    return Said(text, facts)


def padding_shapes_code(labels, key_allowed) -> str:
    """Two lines of numpy that show the (1, n) and (n, 1) shapes of one padding mask and what each blocks."""
    allowed = np.asarray(key_allowed, dtype=bool)
    n = allowed.size
    pads = ", ".join(str(labels[j]) for j in np.flatnonzero(~allowed)) or "nothing"
    flags = ", ".join("1" if a else "0" for a in allowed)
    return "\n".join([
        f"allowed = np.array([{flags}], dtype=bool)  # one flag per key: 0 = padding",
        f"allowed[None, :]  # (1, {n}): copied down every row, blocks the key columns of {pads} (right)",
        f"allowed[:, None]  # ({n}, 1): copied across every column, blocks the query rows of {pads} (WRONG)",
    ])


def wrong_axis_sentence(labels, mask, wrong_weights, choice: MaskChoice | None = None) -> Said:
    """What the mask on the wrong axis blocks instead, for a padding, causal or any other mask. Facts: whether the
    mask is its own transpose, the padding's key columns, the real query giving them most weight and how much, the
    pairs that change sides and the largest weight a blocked pair gets (None where not said)."""
    mask = np.asarray(mask, dtype=bool)
    n = mask.shape[0]
    w = np.asarray(wrong_weights, dtype=float)
    facts = {"symmetric": bool(np.array_equal(mask, mask.T)), "padding_columns": None, "top_query": None,
             "top_share": None, "moved_pairs": int((mask & ~mask.T).sum()), "largest_on_blocked": None}
    if facts["symmetric"]:
        text = ("Your mask is its own transpose (query i may see key j exactly when query j may see key i), so "
                f"the wrong axis changes nothing here. {how_to_see(choice, 'asymmetric', labels, 'it')}")
        return Said(text.rstrip(), facts)
    cols = key_columns(mask)
    if cols is not None:
        pads = np.flatnonzero(~cols)
        real = np.flatnonzero(cols)
        share = w[np.ix_(real, pads)].sum(axis=-1)  # weight each real query gives the padding
        top = int(real[int(np.argmax(share))])
        names = listing([f"“{labels[j]}”" for j in pads])
        facts |= {"padding_columns": pads.tolist(), "top_query": top, "top_share": float(share.max())}
        return Said(f"Shaped (1, {n}), the mask blocks the key columns of {names}: no query reads the padding. Shaped "
                f"({n}, 1), it blocks their query rows instead: the padding's own outputs are silenced, while every "
                f"real query still reads the padding (“{labels[top]}” gives it {enough(share.max())} of "
                "its weight).", facts)
    if n > 1 and np.array_equal(mask, np.tril(np.ones((n, n), dtype=bool))):
        return Said(f"Turned around, the causal mask lets each token see itself and everything after it instead of "
                f"before: “{labels[0]}” now reads {all_of(n, 'token')}, and “{labels[-1]}”, the last, reads only "
                "itself.", facts)
    moved = facts["moved_pairs"]
    one = moved == 1
    facts["largest_on_blocked"] = float(np.max(np.where(mask, 0.0, w)))
    return Said(f"With rows and columns swapped, query i is blocked from key j wherever yours blocks query j from key "
            f"i: {plural(moved, 'pair')} you allowed {'is' if one else 'are'} now blocked, and "
            f"{plural(moved, 'pair')} you blocked now {'gets' if one else 'get'} weight (up to "
            f"{enough(facts['largest_on_blocked'])}).", facts)


# ---------------------------------------------------------------------------------------------------------
# 4. A finite "minus infinity"


FILL_SHORT = {"-1e9": "−10⁹", "-1e6": "−10⁶", "min": "lowest"}  # a fill in the fill table's column label


def fill_columns(fill: str) -> list[str]:
    """The fill table's three columns: −∞ with a plain softmax, the finite fill, and attn_core's way."""
    return ["WRONG: −∞", f"WRONG: {FILL_SHORT[fill]}", "right: 0s"]


def fill_title(label: str, dtype: str) -> str:
    """The fill table's title: whose row it shows, and in which dtype."""
    return f"weights of “{label}”, every key blocked, {dtype}"


def blocked_row_note(labels, mask, row: int, added: bool) -> Said:
    """Which fully blocked row the fill table shows, and why (facts: the row, whether this section blocked it, and
    the other fully blocked rows of the mask)."""
    facts = {"row": row, "added": added, "other_blocked_rows": [int(r) for r in fully_masked_rows(mask) if r != row]}
    if added:
        return Said(f"Your mask leaves every query a key, so this section blocks every key of “{labels[row]}”, as "
                    "left padding does to the first token under a causal mask.", facts)
    rows = fully_masked_rows(mask)
    more = f" {plural(len(rows) - 1, 'more row is', 'more rows are')} fully blocked too." if rows.size > 1 else ""
    return Said(f"“{labels[row]}” may see no key under your mask: every score in its row is blocked.{more}", facts)


def fill_text(fill: str, dtype: str) -> str:
    """How the page names a fill: '−10⁹', '−10⁶', or 'the lowest float16, −65504'."""
    if fill == "min":
        return f"the lowest {dtype}, {readable(float(np.finfo(dtype).min), 0)}"
    return {"-1e9": "−10⁹", "-1e6": "−10⁶"}[fill]


def overflow_code(fill: str, dtype: str) -> str:
    """One line of numpy and what numpy prints for it: 'np.float16(-1e9)  # -> np.float16(-inf)'."""
    with np.errstate(over="ignore"):
        shown = repr(np.asarray(fill_value(fill, dtype)).astype(dtype)[()])  # the scalar, as numpy prints it
    call = f"np.finfo(np.{dtype}).min" if fill == "min" else f"np.{dtype}({fill})"
    return f"{call}  # -> {shown}"


def output_reading(output) -> str:
    """What a fully blocked row's output is where it should be all 0s: its entry furthest from 0, signed, so that
    [−0.46, −0.71] reads −0.710 (the largest entry is −0.462; the largest magnitude, 0.710, is no entry)."""
    output = np.asarray(output, dtype=float)
    if output.size and not np.any(output):
        return "its output is all 0s, as it should be"
    far = float(output[int(np.argmax(np.abs(output)))])
    if output.size == 1:
        return f"its output is {enough(far)} instead of 0"
    return f"its output should be all 0s, and its entry furthest from 0 is {enough(far)}"


def fill_sentences(label: str, n: int, dtype: str, fill: str, naive_row, fill_row, safe_row,
                   fill_output) -> list[Said]:
    """Three sentences on one fully blocked row: −∞ with a plain softmax, the finite fill, and attn_core's way. Facts:
    whether the row is NaN, its largest weight; for the fill, whether it overflowed to −∞, whether its weight is even
    (each key's share) and its output's entry furthest from 0; for attn_core's way, whether the row is all 0."""
    naive_row, fill_row, safe_row = (np.asarray(r, dtype=float) for r in (naive_row, fill_row, safe_row))
    out = []
    naive = {"nan": bool(np.isnan(naive_row).all()),
             "largest": None if np.isnan(naive_row).all() else float(np.nanmax(naive_row))}
    if np.isnan(naive_row).all():
        out.append(f"**−∞ with a plain softmax:** every score in the row of “{label}” is −∞, so is its maximum, and "
                   f"−∞ − (−∞) is NaN: {'its weight is' if n == 1 else all_of(n, 'weight') + ' are'} NaN, and so is "
                   "its output.")
    else:
        out.append(f"**−∞ with a plain softmax:** the row of “{label}” has no NaN here; its largest weight is "
                   f"{enough(np.nanmax(naive_row))}.")
    out[0] = Said(out[0], naive)
    name = fill_text(fill, dtype)
    value = fill_value(fill, dtype)
    filled = {"overflow": math.isinf(value), "nan": bool(np.isnan(fill_row).any()), "each": None, "largest": None,
              "output_far": None}
    if math.isinf(value):
        big = readable(float(np.finfo(dtype).max), 0)
        out.append(f"**Fill {name}:** in {dtype}, {name} cannot be stored (the largest {dtype} magnitude is {big}), "
                   f"so np.{dtype}({fill}) is −∞: the fill becomes the very −∞ it was meant to avoid, and the row is "
                   f"{'NaN' if np.isnan(fill_row).all() else 'not NaN'} again.")
    elif np.isnan(fill_row).any():
        out.append(f"**Fill {name}:** the row still has NaN weights in {dtype}.")
    else:
        even = bool(np.allclose(fill_row, 1 / n, rtol=0, atol=dtype_tolerance(dtype)))
        output = np.asarray(fill_output, dtype=float)
        filled |= {"each": 1 / n if even else None, "largest": float(fill_row.max()),
                   "output_far": float(output[int(np.argmax(np.abs(output)))]) if output.size else None}
        how = ("puts all of it on the one key, which is blocked" if even and n == 1 else
               f"spreads the weight evenly ({num(1 / n, 3)} on each of the {n} keys, all blocked)"
               if even else f"still puts weight on keys it must not see (up to {enough(fill_row.max())})")
        out.append(f"**Fill {name}:** every score in the row is the same number, {name}, so the softmax {how}, and "
                   f"the query reads values it must ignore: {output_reading(fill_output)}.")
    out[1] = Said(out[1], filled)
    zero = bool(np.all(safe_row == 0))
    out.append(Said("**attn_core's softmax** sees a row with no finite score and gives it weights of 0 and an output "
                    f"of 0 in {dtype}: the query reads nothing, which is what the mask asked for." if zero else
                    f"**attn_core's softmax** gives this row weights up to {enough(safe_row.max())}.",
                    {"zero": zero, "largest": float(safe_row.max())}))
    return out


# ---------------------------------------------------------------------------------------------------------
# 5. No causal mask: the leak test


def leak_title(label: str, word: str) -> str:
    """The leak table's title: which token changed, and to what."""
    return f"largest change in each output, “{label}” → “{word}”"


def word_refused(err: Exception) -> str:
    """Said when the new word is not one token, with the reason attn_core.mask_mistakes.parse_word gave."""
    return f"The new word can't be used: {err}."


def same_word_notice(word: str) -> str:
    """Said when the new word is the token already there."""
    return f"“{word}” is already the token there, so nothing changes. Type a different word."


def leak_sentence(labels, t: int, word: str, change_free, change_causal) -> Said:
    """Which earlier outputs moved when token t changed, without the mask and with the causal mask. Facts: the
    earlier outputs, how many moved without the mask, the one that moved most and by how much, how many moved under
    the causal mask and its largest change, and whether the mask leaks."""
    facts = {"earlier": t, "moved_free": 0, "top": None, "top_change": None, "moved_causal": 0, "worst_causal": None,
             "leaks": False}
    if t == 0:
        return Said(f"“{labels[0]}” is the first token: no output comes before it, so there is nothing to leak. "
                    "Pick a later token.", facts)
    earlier_free = np.asarray(change_free, dtype=float)[:t]
    earlier_causal = np.asarray(change_causal, dtype=float)[:t]
    moved = int((earlier_free > CLOSE).sum())
    top = int(np.argmax(earlier_free))
    facts |= {"moved_free": moved, "top": top if moved else None,
              "top_change": float(earlier_free[top]) if moved else None}
    change = f"changing “{labels[t]}” to “{word}”"
    if not moved:
        free = f"Without the mask, {change} happens to move none of the {t} earlier outputs."
    elif t == 1:
        free = (f"Without the mask, {change} moves the output of “{labels[0]}”, the one before it, by "
                f"{enough(earlier_free[0])}: it read a token that comes after it.")
    else:
        how_many = (all_of(t, "earlier output") if moved == t else
                    f"{moved} of the {t} earlier outputs")
        free = (f"Without the mask, {change} moves {how_many} (the most, {enough(earlier_free[top])}, "
                f"at “{labels[top]}”): each of those read a token that comes after it.")
    still = int((earlier_causal <= CLOSE).sum())
    worst = float(earlier_causal.max())
    facts |= {"moved_causal": t - still, "worst_causal": worst, "leaks": still != t}
    none_moves = "it does not move" if t == 1 else f"none of the {t} moves"
    causal = (f"With the causal mask, {none_moves}: the largest change is "
              f"{'exactly 0' if worst == 0 else enough(worst, below=CLOSE)}." if still == t else
              f"With the causal mask, {t - still} of the {t} still move (up to {enough(worst)}): the mask leaks.")
    return Said(f"{free} {causal}", facts)


# ---------------------------------------------------------------------------------------------------------
# The checks for your own code


COUNT_WORDS = {2: "two", 3: "three", 4: "four", 5: "five"}  # a count of checks, as the sentences spell it
CHECK_HEADINGS = {"rows": "rows sum to 1", "blocked": "blocked get 0", "leak": "no leak",
                  "blocked_row": "blocked row 0s", "known": "known answer"}  # the table's short headings
RIGHT_LABEL = "Right: −∞, then 0s"


def check_headings() -> list[str]:
    """The check table's column headings, numbered as the sentences above it number the checks."""
    return [f"{k + 1}. {CHECK_HEADINGS[name]}" for k, name in enumerate(CHECK_NAMES)]


def computation_label(name: str) -> str:
    """A row of the check table: the right computation, or a mistake by its label."""
    return RIGHT_LABEL if name == "right" else mistake_label(name)


def check_cell(result: CheckResult) -> str:
    """A table cell: '✓', '✗ 0.41', '✗ NaN' or '—' when the check does not apply."""
    if not result.applicable:
        return "—"
    if result.passed:
        return "✓"
    return "✗ NaN" if math.isnan(result.worst) else f"✗ {readable(result.worst, 2)}"


def caught_sentence(table) -> Said:
    """Whether the right computation passes and every mistake fails at least one check, and which mistakes none
    catches: the table above it says which checks each fails. `table` is attn_core.mask_mistakes.check_table's
    (name, results) rows. Facts: the checks that ran, whether the right computation passes them, the mistakes missed."""
    right = next(results for name, results in table if name == "right")
    ran = [r for r in right if r.applicable]  # a check with nothing to check here shows "—" and counts for nothing
    count = COUNT_WORDS.get(len(ran), str(len(ran)))
    if not all(r.passed for r in ran):
        head = "The right computation fails a check here, which should never happen"
    elif len(ran) == len(right):
        head = f"The right computation passes all {count} checks"
    else:
        head = (f"The right computation passes {'the one check' if len(ran) == 1 else f'each of the {count} checks'}"
                " that ran here (a — marks a check with nothing to check)")
    names = [name for name, results in table if name != "right" and all(r.passed for r in results)]
    missed = [lower_first(mistake_label(name)) for name in names]
    facts = {"ran": len(ran), "right_passes": all(r.passed for r in ran), "missed": names}
    if not missed:
        return Said(head + ", and every mistake fails at least one.", facts)
    return Said(head + f". Not caught on this sentence and mask: {listing(missed)}.", facts)


def _reading(x: float, how: str = "gap") -> str:
    """A check's number in words: 'NaN', 'exactly 0', or the number as a gap or with three decimals."""
    if math.isnan(x):
        return "NaN"
    if x == 0:
        return "exactly 0"
    return enough(x, below=CLOSE if how == "gap" else 0.0)


def check_sentences(results: Sequence[CheckResult], labels, mask, t: int, word: str) -> list[Said]:
    """The five checks as run live on one computation, each with the number it measured. Facts of each: the check's
    name, whether it ran and passed, the number it measured (worst); the blocked pairs counted, the earlier outputs
    the leak test reads, and the known answer's example weights."""
    mask = np.asarray(mask, dtype=bool)
    rows, blocked, leak, blocked_row, known = results
    mark = {True: "✓", False: "✗"}
    n = len(labels)
    out = [
        f"{mark[rows.passed]} **Every row sums to 1, or to 0 when fully blocked**: the largest gap over "
        f"{plural(n, 'row')} is {_reading(rows.worst)}.",
        f"{mark[blocked.passed]} **Blocked pairs get exactly 0**: the largest weight on any of the "
        f"{plural(int((~mask).sum()), 'blocked pair')} is {_reading(blocked.worst, 'num')}."
        if blocked.applicable else
        "— **Blocked pairs get exactly 0**: your mask blocks no pair, so there is nothing to check here.",
    ]
    if not leak.applicable:
        out.append("— **Under a causal mask, changing token t moves no earlier output**: with a single token there "
                   "is no earlier output to check.")
    else:
        moved = ("moves none of them" if leak.passed else "moves them")
        out.append(f"{mark[leak.passed]} **Under a causal mask, changing token t moves no earlier output**: "
                   f"changing “{labels[t]}” to “{word}” {moved}: the largest change among the "
                   f"{plural(t, 'earlier output')} is {_reading(leak.worst, 'num')}.")
    out.append(f"{mark[blocked_row.passed]} **A fully blocked row gives 0s, not NaN**: with every key of "
               f"“{labels[0]}” blocked, " + (
                   "its weights and output are all exactly 0." if blocked_row.worst == 0 else
                   "the output holds NaN." if math.isnan(blocked_row.worst) else
                   f"its weights and output entries reach {_reading(blocked_row.worst, 'num')} away from 0."))
    example = (f"query 1: {num(KNOWN_RATIO / 5, 3)} and {num(1 / 5, 3)}" if n >= 2 else
               "query 0 sees only itself: 1")
    out.append(f"{mark[known.passed]} **Known answer**: with one-hot keys and values and each query's own key "
               f"scoring ln 4, under a causal mask query i (counting from 0) must give 4/(i + 4) to itself and "
               f"1/(i + 4) to each earlier key ({example}); the largest gap is {_reading(known.worst)}.")
    extra = {"blocked": {"blocked_pairs": int((~mask).sum())}, "leak": {"earlier_outputs": t},
             "known": {"query_1": (KNOWN_RATIO / 5, 1 / 5) if n >= 2 else None}}
    return [Said(text, {"check": r.name, "applicable": r.applicable, "passed": r.passed, "worst": r.worst,
                        **extra.get(r.name, {})}) for text, r in zip(out, results, strict=True)]


def checks_snippet(case: Case, t: int, literal: Callable[[str, np.ndarray], str],
                   source: Callable[[Callable], str]) -> str:
    """Runnable numpy: this sentence's Q, K, V and mask, then the real source (`source(fn)`, inspect.getsource)
    of attn_core's `attention_to_check`, an attention to replace with yours, and `failed_checks`, the five checks,
    and the two lines that run them."""
    rows = ",\n    ".join("[" + ", ".join("1" if v else "0" for v in row) + "]" for row in case.mask)
    header = [
        "import numpy as np",
        "",
        f"# one head on your sentence, d_k = d_v = {case.Q.shape[1]}; the tokens, one row each: {case.labels}",
        literal("Q", case.Q),
        literal("K", case.K),
        literal("V", case.V),
        f"mask = np.array([\n    {rows}], dtype=bool)  # True (1) = this query may attend to this key",
        f"T = {t}  # the token check 3 changes: “{case.labels[t]}”",
    ]
    run = [f"failed = {failed_checks.__name__}({attention_to_check.__name__}, Q, K, V, mask, t=T)",
           'print("all 5 checks pass" if not failed else "FAILED: " + "; ".join(failed))']
    parts = ["\n".join(header), source(attention_to_check).rstrip(), source(failed_checks).rstrip(), "\n".join(run)]
    return "\n\n\n".join(parts) + "\n"


# ---------------------------------------------------------------------------------------------------------
# Take it home


def code_intro(leak: bool) -> str:
    """What "Show the code" holds: sections 1 to 5, or 1 to 4 while section 5 draws no table."""
    which = "sections 1 to 5" if leak else "sections 1 to 4 (section 5 draws no table just now)"
    return (f"Your sentence and mask, then {which}, in plain numpy with the controls you set: the code of the "
            "notebook below, which also checks its results against the page.")


def notebook_leak_sentence(token: str | None, word: str | None) -> str:
    """The notebook's words on section 5: the swap the page made, or why there is none (token None). Both are
    markdown already (format.md_text)."""
    if token is None:
        return ("Change a later token and see which earlier outputs move. The page draws no figure for this test "
                "just now (it needs a sentence of at least two tokens and a new word that differs from the one it "
                "replaces), so this notebook skips it too.")
    return f"Change {token} to {word} and see which outputs move: without a mask, earlier ones do."


# ---------------------------------------------------------------------------------------------------------
# The page's fixed words: what is always true, section by section, in the order the page shows it


INTRO = ("Masking bugs rarely raise an error: the shapes match, the loss falls, and the model quietly learns the "
         "wrong thing. Each one below runs on your sentence, one head wide (d_k = d_model), beside the right "
         "computation.")
IN_THE_WILD_TITLE = "Where these bugs turn up"
IN_THE_WILD = (
    "Some bugs return NaN for one row in a thousand. The issue trackers of public attention code are full of them: a "
    "fully blocked row that turns into NaN (PyTorch "
    "issue [#41508](https://github.com/pytorch/pytorch/issues/41508), reported in 2020), a mask on the wrong axis, a "
    "“98 % accuracy” that was really a mask letting the answer through, a mask whose True means the opposite of what "
    "its author thought. The page ends with checks you can run on your own code.")
WAITING = ("The wrong weights, sections 2 to 5, the checks and the quiz follow once you answer: several of them "
           "would give the row's sum away.")
FILL_LABELS = {"-1e9": "−10⁹", "-1e6": "−10⁶ (as some textbooks)", "min": "the dtype's lowest value"}
SYMPTOM = "Symptom and check"  # each section's fold: the one-line symptom, and the one-line check that catches it
SOURCES_WORDS = ("Every wrong table on this page comes from one of these functions in "
                 "`attn_core/mask_mistakes.py`; the right ones from `masked_attention`.")

# Your sentence and mask
BLOCK_HELP = ("A query that may see no key at all, as the first token of a left-padded sentence under a causal "
              "mask. Sections 1 to 4 and the quiz then have a fully blocked row.")
M_FORMULA = "0 (may attend) or −∞ (blocked)"
GRID_LABEL = "Your grid: one string of 0s and 1s per query row, rows joined by “-” (1 = may attend)"
GRID_HELP = "The Masks and heads page has a grid of boxes to tick; its link carries the same string."

# 1. The mask after the softmax
AFTER_SOFTMAX_HEADER = "1. The mask applied after the softmax"
AFTER_SOFTMAX_INTRO = ("The mask must act on the **scores**, before the softmax; zeroed afterwards, the blocked keys "
                       "have already taken their share.")
AFTER_SOFTMAX_CODE = ("# WRONG: the blocked keys already took their share\n"
                      "weights = softmax(scores) * mask\n"
                      "# right: block, then normalise\n"
                      "weights = softmax(np.where(mask, scores, -np.inf))")
AFTER_SOFTMAX_FOLD = f"{SYMPTOM}; renormalising afterwards, and float16 underflow"
RENORMALISING = ("**And renormalising afterwards?** Dividing each zeroed row by its new sum "
                 "(`weights /= weights.sum(-1, keepdims=True)`) repairs the sums, and in exact arithmetic gives the "
                 "masked weights. In floating point it does not always:")

# 2. The mask's meaning inverted
INVERTED_INTRO = ("Pass a mask whose True means “blocked” where True means “may attend”, and every allowed pair is "
                  "blocked and every blocked one allowed. Nothing fails.")
INVERTED_FOLD = f"{SYMPTOM}; PyTorch's two meanings of True"
TORCH_MEANINGS = ("PyTorch uses both meanings of True, documented side by side; the shape matches and the dtype "
                  "is bool either way.")
TORCH_CODE = ("# True = may NOT attend\n"
              "blocked = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)\n"
              "# WRONG: here True means may attend\n"
              "F.scaled_dot_product_attention(q, k, v, attn_mask=blocked)\n"
              "# right (or is_causal=True)\n"
              "F.scaled_dot_product_attention(q, k, v, attn_mask=~blocked)")

# 3. The mask on the wrong axis
WRONG_AXIS_HEADER = "3. The mask on the wrong axis"
WRONG_AXIS_INTRO = ("A padding mask is one flag per **key**: shaped (1, n) it blocks key columns; shaped (n, 1) it "
                    "blocks query rows instead. On a full (n, n) mask the mistake is its transpose.")

# 4. A finite "minus infinity"
FILL_INTRO = ("Many codebases block with −10⁹ instead of −∞, to dodge the NaN of a row that may see no key. Here "
              "are both, and the right way.")
FILL_FOLD = "Symptoms and checks; the right way's row"

# 5. No causal mask
NO_MASK_HEADER = "5. No causal mask where one was needed"
NO_MASK_INTRO = ("A model that predicts the next token must not read it. Without a causal mask it reads ahead: "
                 "training looks excellent and generating fails. The test: **change a later token; do earlier "
                 "outputs move?**")
ONE_TOKEN = ("Your sentence has a single token, so no output comes before another. Type a sentence of at least "
             "two words in the sidebar to run the leak test.")

# The checks for your own code
CHECKS_INTRO = "Five checks, run on every computation above:"
CHECKS_FOLD = "The five checks, one by one, and as code for yours"
SNIPPET_HELP = "Runnable numpy to paste into a notebook, with your sentence's numbers."
SNIPPET_INTRO = (f"Runnable numpy: your sentence's Q, K, V and mask as they are now, an "
                 f"`{attention_to_check.__name__}` to replace with your own, and the five checks "
                 f"(`{failed_checks.__name__}`). It prints “all 5 checks pass” or the ones that fail.")

# Spot the mask mistake
QUIZ_INTRO = ("One mistake above made these weights from your Q, K, V and mask. Which one? Its symptoms are in the "
              "table of readings.")
PICK_FIRST = "Pick one of the mistakes first."

# Take it home: the notes beside the notebook's parameters, and the switch's help
DTYPE_NOTE = "section 4's dtype"
FILL_NOTE = "section 4's finite stand-in for −∞: '-1e9', '-1e6' or 'min', the dtype's lowest"
NO_LEAK_NOTE = "section 5: the page draws no leak test just now"
LEAK_WORD_NOTE = "leak_x, below: its embedding plus its position"
TAKE_HOME_HELP = "Sections 1 to 5 in plain numpy with your numbers, and the functions behind every table."


def fill_row_note(label: str) -> str:
    """The notebook's note on section 4's row: the fully blocked row the page shows, by its token."""
    return f"section 4: the fully blocked row the page shows: {label!r}"


def leak_token_note(label: str, word: str) -> str:
    """The notebook's note on section 5's swap: which token became which word."""
    return f"section 5: the token replaced, {label!r} -> {word!r}"


# Labels of the page's controls (the layer test counts a label of six words or more as a sentence)
PAD_SLIDER = "How many trailing tokens are padding?"
CHECKS_TOGGLE = "Run these checks on your own code"
QUIZ_QUESTION = "Which mistake made the mystery weights?"


def readings_note() -> str:
    """What the mask readings measure, under the quiz's table."""
    return READINGS_NOTE
