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
from .format import enough, listing, num, readable, short
from .i18n import tr
from .masks import mask_cases, mask_label  # noqa: F401  (the radio's labels and M's cases: the Masks and heads page's)
from .said import Said


def how_to_see(choice: MaskChoice | None, need: str, labels, what: str) -> str:
    """One sentence on which setting, one control away, would show `what`, from attn_core's `remedies` for `need`
    (so it never names a setting already in force); "" when there is none, or no choice is given."""
    return remedy_sentence(remedies(choice, need) if choice is not None else (), labels, what)


def remedy_sentence(found: Sequence[str], labels, what: str) -> str:
    """'To see {what}, pick Causal above or …' for the settings `found` (attn_core's REMEDIES), "" for none. `what` is
    one of it, quiz, more, mask (mask-mistakes-see-…)."""
    kinds = [k for k in ("causal", "padding") if k in found]
    parts = [tr("mask-mistakes-remedy-pick", kinds=listing([mask_label(k) for k in kinds], "or"),
                padded="yes" if "padding" in kinds else "no")] if kinds else []
    control, none = tr("mask-mistakes-block-label"), tr("mask-mistakes-block-none")
    parts += [tr(f"mask-mistakes-remedy-{r}", control=control, none=none, label=labels[0]) if r in ("unblock", "block")
              else tr(f"mask-mistakes-remedy-{r}") for r in found if r not in ("causal", "padding")]
    return tr("mask-mistakes-remedy", what=tr(f"mask-mistakes-see-{what}"), parts=listing(parts, "or")) if parts else ""


# ---------------------------------------------------------------------------------------------------------
# Each mistake's name on the page, its symptom in one line, and the one-line check that catches it


LABELS = ("after_softmax", "inverted", "wrong_axis", "finite_fill", "naive_inf", "no_mask")  # the mistakes, in order
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
    if name not in LABELS:
        raise KeyError(name)
    return tr(f"mask-mistakes-label-{name}")


def lower_first(text: str) -> str:
    """A label inside a sentence: 'Mask applied after …' -> 'mask applied after …'."""
    return text[:1].lower() + text[1:]


def symptom_box(name: str) -> str:
    """The one-line symptom and the one-line check of mistake `name`, as the page's box shows them."""
    symptom = tr(f"mask-mistakes-symptom-{name}")
    return (tr("mask-mistakes-symptom-line", text=symptom[0].upper() + symptom[1:]) + "  \n"
            + tr("mask-mistakes-check-line", code=CHECK_CODE[name]))


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
    if name not in MASK_BY_NAME:
        raise ValueError(f"{name!r} is not one of {', '.join(MASK_BY_NAME)}")
    return tr(f"mask-mistakes-explain-{name}", blocked=enough(d.blocked_weight), lowest=enough(d.lowest_row_sum),
              allowed=enough(d.allowed_weight), silenced=d.silenced_rows, blocked_weighted=d.blocked_weighted,
              blocked_pairs=d.blocked_pairs, allowed_empty=d.allowed_empty, allowed_pairs=d.allowed_pairs,
              same="yes" if (d.same_as_transposed if name == "wrong_axis" else d.same_as_unmasked) else "no",
              n=d.filled_rows if name == "finite_fill" else d.nan_rows)


def symptom_readings(d: MaskDiagnosis) -> list[tuple[str, str]]:
    """The measured symptoms as (what was measured, reading) pairs, for the quiz's table: what a learner reads off the
    weights, never a comparison that names a mistake (no "= the unmasked weights": that is the answer to "no mask")."""
    def of(part: int, whole: int) -> str:
        return tr("mask-mistakes-of", part=str(part), whole=str(whole))

    return [
        (tr("mask-mistakes-reading-nan"), str(d.nan_rows)),
        (tr("mask-mistakes-reading-row-gap"), num(d.row_sum_gap, 3)),
        (tr("mask-mistakes-reading-blocked"), num(d.blocked_weight, 3)),
        (tr("mask-mistakes-reading-allowed"), num(d.allowed_weight, 3)),
        (tr("mask-mistakes-reading-silenced"), str(d.silenced_rows)),
        (tr("mask-mistakes-reading-filled"), str(d.filled_rows)),
        (tr("mask-mistakes-reading-even"), str(d.filled_even_rows)),
        (tr("mask-mistakes-reading-blocked-weighted"), of(d.blocked_weighted, d.blocked_pairs)),
        (tr("mask-mistakes-reading-allowed-empty"), of(d.allowed_empty, d.allowed_pairs)),
    ]


def verdict(secret: str, answer: str, d: MaskDiagnosis) -> tuple[bool, Said]:
    """The quiz's feedback on naming mistake `answer` when it was `secret`: (right?, Said), both explained from `d`.
    Facts: the secret's and the pick's names, and the readings each explanation quotes (explain's facts)."""
    named = mistake_label(secret)
    facts = {"secret": secret, "answer": answer, "why": explain(secret, d).facts, "pick": explain(answer, d).facts}
    if answer == secret:
        return True, Said(tr("mask-mistakes-verdict-right", secret=named, why=explain(secret, d).text), facts)
    return False, Said(tr("mask-mistakes-verdict-wrong", secret=named, why=explain(secret, d).text,
                          pick=lower_first(mistake_label(answer)), pick_why=explain(answer, d).text), facts)


def quiz_notice(pool: Sequence[str], labels, found: Sequence[str] = ()) -> str | None:
    """Why there is no quiz when fewer than two mistakes can be told apart on this mask (a quiz of one option is
    no question), and which settings `found` would give one (attn_core's quiz_remedies); None when there is a
    quiz. `pool`: attn_core's quiz_pool, by name."""
    if len(pool) >= 2:
        return None
    text = (tr("mask-mistakes-quiz-one", name=lower_first(mistake_label(pool[0]))) if pool
            else tr("mask-mistakes-quiz-none"))
    remedy = remedy_sentence(found, labels, "quiz")
    return tr("mask-mistakes-then", first=text, then=remedy) if remedy else text


# ---------------------------------------------------------------------------------------------------------
# Your sentence and mask


def grid_notice(m: int, n: int) -> Said:
    """What happened to an m × m custom grid on a sentence of n tokens (only said when m ≠ n); facts: the sizes, and
    whether new pairs were added (allowed)."""
    return Said(tr("mask-mistakes-grid-notice", m=m, n=n, how="cut" if m > n else "grown",
                   new="yes" if n > m else "no"),
                {"was": m, "now": n, "new_pairs_allowed": n > m})


def grid_refused(err: Exception) -> str:
    """Said when the custom grid's text cannot be read, with the reason attn_core.masks.parse_mask gave."""
    return tr("mask-mistakes-grid-refused", error=str(err))


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
        return Said(tr("mask-mistakes-summary-one", row=rows[0]), facts)
    text = tr("mask-mistakes-summary-blocks", all="yes" if blocked == n * n else "no", blocked=blocked, pairs=n * n)
    if len(rows) == n:
        then = tr("mask-mistakes-summary-every-closed")
    elif rows:
        then = tr("mask-mistakes-summary-closed", rows=listing(rows), count=len(rows))
    else:
        then = tr("mask-mistakes-summary-open")
    return Said(tr("mask-mistakes-then", first=text, then=then), facts)


def _blocks_nothing(labels, right_anyway: Sequence[str], choice: MaskChoice | None) -> str:
    """mask_summary for a mask that blocks no pair: which mistakes give the right weights anyway, which do not."""
    text = tr("mask-mistakes-blocks-nothing")
    if right_anyway:
        others = [name for name in MASK_BY_NAME if name not in right_anyway]
        text = tr("mask-mistakes-then", first=text, then=tr(
            "mask-mistakes-right-anyway", k=len(right_anyway), total=len(MASK_BY_NAME),
            names=listing([lower_first(mistake_label(m)) for m in right_anyway])))
        if others:
            text = tr("mask-mistakes-then", first=text, then=tr(
                "mask-mistakes-only-others", names=listing([lower_first(mistake_label(m)) for m in others]),
                count=len(others), inverted="yes" if others == ["inverted"] else "no"))
    more = how_to_see(choice, "blocked", labels, "more" if right_anyway else "mask")
    return tr("mask-mistakes-then", first=text, then=more) if more else text


# ---------------------------------------------------------------------------------------------------------
# 1. The mask after the softmax


# The question's answers, in reading order: exclusive (0 is not "between 0 and 1"), so exactly one is right. The
# page words them in the session's language (row_sum_label); these English words are the class-mode declaration's.
ROW_SUM_WORDS = {"zero": "exactly 0", "less": "between 0 and 1", "one": "exactly 1", "more": "more than 1"}
ROW_SUM_KINDS = tuple(ROW_SUM_WORDS)  # the options' values, language-independent (row_sum_label words them)
# The prediction, declared once: its key for checkpoint.predict, its class-mode name and the wrong answers expected
ROW_SUM = Asked(
    "mask_mistakes.row_sum", "asked-mask-mistakes-row-sum", "option",
    tuple(Wrong(f"mask-mistakes-row-sum-{k}", f"asked-row-sum-{k}.shows", const(k)) for k in ("one", "more", "zero")),
    key="cp_after_softmax",
    gives_away=lambda state: ("WRONG: row sum", "softmax(QKᵀ/√d_k) · mask"),  # the zeroed weights and their sums
    reason_id="asked-mask-mistakes-row-sum.reason")


def row_sum_question(label: str) -> str:
    """The predict-then-see question about the row of token `label`."""
    return tr("mask-mistakes-row-sum-question", label=label)


def row_sum_label(kind: str) -> str:
    """An answer to the row-sum question, by its kind (ROW_SUM_KINDS): 'between 0 and 1'."""
    return tr(f"mask-mistakes-row-sum-{kind}")


def row_sum_answer(total: float) -> str:
    """Which of ROW_SUM_KINDS a row sum is, to within rounding (attn_core's row_sum_kind)."""
    return row_sum_kind(total)


def row_sum_reveal(labels, mask, wrong_weights, i: int) -> tuple[str, Said]:
    """(the right one of ROW_SUM_KINDS, why) for row i of the zeroed-after weights: one reading of the row marks the
    prediction and words the reveal, which opens with that answer. The why's facts: the answer's kind, the keys the
    row may see, of how many, and its sum (the blocked keys took 1 − sum)."""
    mask = np.asarray(mask, dtype=bool)
    n, allowed = mask.shape[1], int(mask[i].sum())
    total = float(np.sum(wrong_weights[i]))
    kind = zeroed_row_sum_kind(allowed, n, total)
    answer = row_sum_label(kind)
    return kind, Said(tr("mask-mistakes-reveal", answer=answer[0].upper() + answer[1:],
                         why=_why_row_sum(labels[i], n, allowed, total, kind)),
                      {"kind": kind, "allowed": allowed, "keys": n, "row_sum": total})


def _why_row_sum(label: str, n: int, allowed: int, total: float, kind: str) -> str:
    """Why a row that may see `allowed` of its n keys sums to `total` (of kind `kind`) once zeroed after."""
    if allowed == 0:
        case = "none-one" if n == 1 else "none"
    elif allowed == n:
        case = "all"
    else:
        case = kind if kind in ("zero", "one") else "less"
    return tr("mask-mistakes-why-row-sum", case=case, label=label, n=n, allowed=allowed, nb=n - allowed,
              took=enough(1 - total), left=enough(total))


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
        text = tr("mask-mistakes-after-nothing", all_blocked="no" if mask.any() else "yes")
        more = how_to_see(choice, "partial", labels, "it")
        return Said(tr("mask-mistakes-then", first=text, then=more) if more else text, facts)
    short = int((partial & (sums < 1 - CLOSE)).sum())
    low = int(np.argmin(np.where(partial, sums, np.inf)))
    facts |= {"short_rows": short, "lowest_row": low, "lowest_sum": float(sums[low])}
    return Said(tr("mask-mistakes-after-rows", case="none" if short == n else "all" if short == 0 else "some", n=n,
                   short=short, label=labels[low], sum=enough(sums[low]),
                   zero_rows="yes" if (~mask.any(axis=-1)).any() else "no"), facts)


def renorm_row_label(cell: RenormCell) -> str:
    """Which scores a cell of the renormalising table is about: 'your scores ×10' or '[20, 0], key 0 blocked' (keys
    count from 0, as the token labels do)."""
    if cell.factor is not None:
        return tr("mask-mistakes-renorm-scaled", factor=short(cell.factor))
    return tr("mask-mistakes-renorm-two-keys", lead=short(cell.lead))


def renorm_cell_text(cell: RenormCell) -> str:
    """One cell of the table: 'same', 'off by 0.31' or 'NaN in 3 rows'."""
    if cell.nan_rows:
        return tr("mask-mistakes-renorm-nan", n=int(cell.nan_rows))
    if cell.differs:
        return tr("mask-mistakes-renorm-off", gap=readable(cell.gap, 3))
    return tr("mask-mistakes-renorm-same")


def renormalise_sentence(scaled, mask, dtypes: Sequence[str] = DTYPES) -> Said:
    """When renormalising after the softmax stops giving the masked weights, on this sentence and in general. Facts:
    how far a blocked score leads the best allowed one of its row (None: no such row), each dtype's underflow gap, and
    the fully blocked rows counted."""
    lead = blocked_lead(scaled, mask)
    limits = listing([tr("mask-mistakes-renorm-limit", gap=num(underflow_gap(d), 0), dtype=d) for d in dtypes])
    general = tr("mask-mistakes-renorm-general", limits=limits)
    blocked_rows = int((~np.asarray(mask, dtype=bool).any(axis=-1)).sum())
    facts = {"lead": None if lead is None else float(lead), "underflow_gaps": {d: underflow_gap(d) for d in dtypes},
             "blocked_rows": blocked_rows}
    if lead is None:
        here = tr("mask-mistakes-renorm-agree")
    elif lead <= 0:
        here = tr("mask-mistakes-renorm-below", tie="yes" if lead == 0 else "no", below=enough(-lead))
    else:
        here = tr("mask-mistakes-renorm-leads", lead=enough(lead))
    text = tr("mask-mistakes-then", first=here, then=general)
    if blocked_rows:
        text = tr("mask-mistakes-then", first=text, then=tr("mask-mistakes-renorm-tail", rows=blocked_rows))
    return Said(text, facts)


# ---------------------------------------------------------------------------------------------------------
# 2. The mask inverted, 3. the mask on the wrong axis


# What a True entry means, in the words of PyTorch's documentation: per pair (allows or blocks it), or per key
TRUE_MEANS = {(True, False): "mask-mistakes-true-pair-allows",  # (true_allows, per_key) -> its message
              (False, False): "mask-mistakes-true-pair-blocks",
              (True, True): "mask-mistakes-true-key-allows",
              (False, True): "mask-mistakes-true-key-blocks"}
THIS_PAGE = Convention("this page", "mask", "(n, n)", true_allows=True)  # the page's own mask, beside PyTorch's


def true_means(convention: Convention) -> str:
    """What a True entry of a mask written in `convention` means (attn_core keeps only whether it allows)."""
    return tr(TRUE_MEANS[convention.true_allows, convention.per_key])


def conventions_table(conventions: Sequence[Convention] = (*TORCH_CONVENTIONS, THIS_PAGE)) -> dict[str, list[str]]:
    """PyTorch's boolean masks and this page's, as the columns of a small table: where, which argument, its shape
    and what True means."""
    return {tr("mask-mistakes-conventions-api"): [tr("mask-mistakes-this-page") if c is THIS_PAGE else c.api
                                                  for c in conventions],
            tr("mask-mistakes-conventions-argument"): [c.argument for c in conventions],
            tr("mask-mistakes-conventions-shape"): [c.shape for c in conventions],
            tr("mask-mistakes-conventions-true"): [true_means(c) for c in conventions]}


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
        return Said(tr("mask-mistakes-inverted-nothing"), facts)
    if not mask.any():
        return Said(tr("mask-mistakes-inverted-everything"), facts)
    if n > 1 and np.array_equal(inv, np.triu(np.ones((n, n), dtype=bool), k=1)):
        later = listing([f"“{label}”" for label in labels[1:]])
        return Said(tr("mask-mistakes-inverted-causal", first=labels[0], later=later, last=labels[-1]), facts)
    on_allowed = facts["largest_on_allowed"] = float(np.max(np.where(mask, w, 0.0)))
    text = tr("mask-mistakes-inverted", let=int(inv.sum()), block=int(mask.sum()),
              exact="yes" if on_allowed == 0 else "no", top=enough(on_allowed))
    if nothing:
        text = tr("mask-mistakes-then", first=text, then=tr("mask-mistakes-inverted-closed", rows=listing(nothing),
                                                             count=len(nothing)))
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
        text, more = tr("mask-mistakes-axis-symmetric"), how_to_see(choice, "asymmetric", labels, "it")
        return Said(tr("mask-mistakes-then", first=text, then=more) if more else text, facts)
    cols = key_columns(mask)
    if cols is not None:
        pads = np.flatnonzero(~cols)
        real = np.flatnonzero(cols)
        share = w[np.ix_(real, pads)].sum(axis=-1)  # weight each real query gives the padding
        top = int(real[int(np.argmax(share))])
        names = listing([f"“{labels[j]}”" for j in pads])
        facts |= {"padding_columns": pads.tolist(), "top_query": top, "top_share": float(share.max())}
        return Said(tr("mask-mistakes-axis-padding", n=n, names=names, top=labels[top], share=enough(share.max())),
                    facts)
    if n > 1 and np.array_equal(mask, np.tril(np.ones((n, n), dtype=bool))):
        return Said(tr("mask-mistakes-axis-causal", first=labels[0], n=n, last=labels[-1]), facts)
    facts["largest_on_blocked"] = float(np.max(np.where(mask, 0.0, w)))
    return Said(tr("mask-mistakes-axis-other", moved=facts["moved_pairs"], top=enough(facts["largest_on_blocked"])),
                facts)


# ---------------------------------------------------------------------------------------------------------
# 4. A finite "minus infinity"


FILL_SHORT = {"-1e9": "−10⁹", "-1e6": "−10⁶"}  # a fill in the fill table's column label ("min": words)


def fill_columns(fill: str) -> list[str]:
    """The fill table's three columns: −∞ with a plain softmax, the finite fill, and attn_core's way."""
    short_fill = tr("mask-mistakes-fill-short-min") if fill == "min" else FILL_SHORT[fill]
    return [tr("mask-mistakes-title-wrong", what="−∞"), tr("mask-mistakes-title-wrong", what=short_fill),
            tr("mask-mistakes-title-right-zeros")]


def fill_title(label: str, dtype: str) -> str:
    """The fill table's title: whose row it shows, and in which dtype."""
    return tr("mask-mistakes-fill-title", label=label, dtype=dtype)


def blocked_row_note(labels, mask, row: int, added: bool) -> Said:
    """Which fully blocked row the fill table shows, and why (facts: the row, whether this section blocked it, and
    the other fully blocked rows of the mask)."""
    facts = {"row": row, "added": added, "other_blocked_rows": [int(r) for r in fully_masked_rows(mask) if r != row]}
    if added:
        return Said(tr("mask-mistakes-blocked-row-added", label=labels[row]), facts)
    rows = fully_masked_rows(mask)
    return Said(tr("mask-mistakes-blocked-row", label=labels[row], more=max(int(rows.size) - 1, 0)), facts)


def fill_text(fill: str, dtype: str) -> str:
    """How the page names a fill: '−10⁹', '−10⁶', or 'the lowest float16, −65504'."""
    if fill == "min":
        return tr("mask-mistakes-fill-lowest", dtype=dtype, value=readable(float(np.finfo(dtype).min), 0))
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
        return tr("mask-mistakes-output-zeros")
    far = float(output[int(np.argmax(np.abs(output)))])
    return tr("mask-mistakes-output-one" if output.size == 1 else "mask-mistakes-output-far", far=enough(far))


def fill_sentences(label: str, n: int, dtype: str, fill: str, naive_row, fill_row, safe_row,
                   fill_output) -> list[Said]:
    """Three sentences on one fully blocked row: −∞ with a plain softmax, the finite fill, and attn_core's way. Facts:
    whether the row is NaN, its largest weight; for the fill, whether it overflowed to −∞, whether its weight is even
    (each key's share) and its output's entry furthest from 0; for attn_core's way, whether the row is all 0."""
    naive_row, fill_row, safe_row = (np.asarray(r, dtype=float) for r in (naive_row, fill_row, safe_row))
    naive = {"nan": bool(np.isnan(naive_row).all()),
             "largest": None if np.isnan(naive_row).all() else float(np.nanmax(naive_row))}
    if naive["nan"]:
        out = [Said(tr("mask-mistakes-naive-nan", label=label, n=n), naive)]
    else:
        out = [Said(tr("mask-mistakes-naive-fine", label=label, largest=enough(np.nanmax(naive_row))), naive)]
    name = fill_text(fill, dtype)
    value = fill_value(fill, dtype)
    filled = {"overflow": math.isinf(value), "nan": bool(np.isnan(fill_row).any()), "each": None, "largest": None,
              "output_far": None}
    if math.isinf(value):
        text = tr("mask-mistakes-fill-overflow", name=name, dtype=dtype, big=readable(float(np.finfo(dtype).max), 0),
                  fill=fill, nan="yes" if np.isnan(fill_row).all() else "no")
    elif np.isnan(fill_row).any():
        text = tr("mask-mistakes-fill-nan", name=name, dtype=dtype)
    else:
        even = bool(np.allclose(fill_row, 1 / n, rtol=0, atol=dtype_tolerance(dtype)))
        output = np.asarray(fill_output, dtype=float)
        filled |= {"each": 1 / n if even else None, "largest": float(fill_row.max()),
                   "output_far": float(output[int(np.argmax(np.abs(output)))]) if output.size else None}
        text = tr("mask-mistakes-fill-spread", name=name, how="one" if even and n == 1 else "even" if even else "some",
                  each=num(1 / n, 3), n=n, largest=enough(fill_row.max()), reading=output_reading(fill_output))
    out.append(Said(text, filled))
    zero = bool(np.all(safe_row == 0))
    out.append(Said(tr("mask-mistakes-safe-zero", dtype=dtype) if zero else
                    tr("mask-mistakes-safe-weight", largest=enough(safe_row.max())),
                    {"zero": zero, "largest": float(safe_row.max())}))
    return out


# ---------------------------------------------------------------------------------------------------------
# 5. No causal mask: the leak test


def leak_title(label: str, word: str) -> str:
    """The leak table's title: which token changed, and to what."""
    return tr("mask-mistakes-leak-title", label=label, word=word)


def word_refused(err: Exception) -> str:
    """Said when the new word is not one token, with the reason attn_core.mask_mistakes.parse_word gave."""
    return tr("mask-mistakes-word-refused", error=str(err))


def same_word_notice(word: str) -> str:
    """Said when the new word is the token already there."""
    return tr("mask-mistakes-same-word", word=word)


def leak_sentence(labels, t: int, word: str, change_free, change_causal) -> Said:
    """Which earlier outputs moved when token t changed, without the mask and with the causal mask. Facts: the
    earlier outputs, how many moved without the mask, the one that moved most and by how much, how many moved under
    the causal mask and its largest change, and whether the mask leaks."""
    facts = {"earlier": t, "moved_free": 0, "top": None, "top_change": None, "moved_causal": 0, "worst_causal": None,
             "leaks": False}
    if t == 0:
        return Said(tr("mask-mistakes-leak-first", label=labels[0]), facts)
    earlier_free = np.asarray(change_free, dtype=float)[:t]
    earlier_causal = np.asarray(change_causal, dtype=float)[:t]
    moved = int((earlier_free > CLOSE).sum())
    top = int(np.argmax(earlier_free))
    facts |= {"moved_free": moved, "top": top if moved else None,
              "top_change": float(earlier_free[top]) if moved else None}
    free = tr("mask-mistakes-leak-free", label=labels[t], word=word, t=t, moved=moved,
              case="none" if not moved else "one" if t == 1 else "some", all="yes" if moved == t else "no",
              first=labels[0], top=labels[top], most=enough(earlier_free[top] if t > 1 else earlier_free[0]))
    still = int((earlier_causal <= CLOSE).sum())
    worst = float(earlier_causal.max())
    facts |= {"moved_causal": t - still, "worst_causal": worst, "leaks": still != t}
    if still == t:
        said = tr("mask-mistakes-reading-exactly-0") if worst == 0 else enough(worst, below=CLOSE)
        causal = tr("mask-mistakes-leak-causal", leaks="no", t=t, worst=said, moving=0)
    else:
        causal = tr("mask-mistakes-leak-causal", leaks="yes", t=t, worst=enough(worst), moving=t - still)
    return Said(tr("mask-mistakes-then", first=free, then=causal), facts)


# ---------------------------------------------------------------------------------------------------------
# The checks for your own code




def check_headings() -> list[str]:
    """The check table's column headings, numbered as the sentences above it number the checks."""
    return [f"{k + 1}. {tr(f'mask-mistakes-heading-{name}')}" for k, name in enumerate(CHECK_NAMES)]


def computation_label(name: str) -> str:
    """A row of the check table: the right computation, or a mistake by its label."""
    return tr("mask-mistakes-right-label") if name == "right" else mistake_label(name)


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
    head = ("fails" if not all(r.passed for r in ran) else "all" if len(ran) == len(right) else "some")
    names = [name for name, results in table if name != "right" and all(r.passed for r in results)]
    missed = [lower_first(mistake_label(name)) for name in names]
    facts = {"ran": len(ran), "right_passes": all(r.passed for r in ran), "missed": names}
    return Said(tr("mask-mistakes-caught", head=head, n=len(ran), missed="some" if missed else "none",
                   names=listing(missed)), facts)


def _reading(x: float, how: str = "gap") -> str:
    """A check's number in words: 'NaN', 'exactly 0', or the number as a gap or with three decimals."""
    if math.isnan(x):
        return "NaN"
    if x == 0:
        return tr("mask-mistakes-reading-exactly-0")
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
        tr("mask-mistakes-check-rows", mark=mark[rows.passed], n=n, reading=_reading(rows.worst)),
        tr("mask-mistakes-check-blocked", mark=mark[blocked.passed], count=int((~mask).sum()),
           reading=_reading(blocked.worst, "num")) if blocked.applicable else tr("mask-mistakes-check-blocked-none"),
    ]
    if not leak.applicable:
        out.append(tr("mask-mistakes-check-leak-none"))
    else:
        out.append(tr("mask-mistakes-check-leak", mark=mark[leak.passed], label=labels[t], word=word,
                      passed="yes" if leak.passed else "no", t=t, reading=_reading(leak.worst, "num")))
    how = ("zero" if blocked_row.worst == 0 else "nan" if math.isnan(blocked_row.worst) else "far")
    out.append(tr("mask-mistakes-check-blocked-row", mark=mark[blocked_row.passed], label=labels[0], how=how,
                  reading=_reading(blocked_row.worst, "num")))
    out.append(tr("mask-mistakes-check-known", mark=mark[known.passed], example="two" if n >= 2 else "one",
                  a=num(KNOWN_RATIO / 5, 3), b=num(1 / 5, 3), reading=_reading(known.worst)))
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
    return tr("mask-mistakes-code-intro", leak="yes" if leak else "no")


def notebook_leak_sentence(token: str | None, word: str | None) -> str:
    """The notebook's words on section 5: the swap the page made, or why there is none (token None). Both are
    markdown already (format.md_text)."""
    if token is None:
        return tr("mask-mistakes-nb-leak-none")
    return tr("mask-mistakes-nb-leak", token=token, word=word)


# ---------------------------------------------------------------------------------------------------------
# The page's fixed words: what is always true, section by section, in the order the page shows it


AFTER_SOFTMAX_CODE = ("# WRONG: the blocked keys already took their share\n"
                      "weights = softmax(scores) * mask\n"
                      "# right: block, then normalise\n"
                      "weights = softmax(np.where(mask, scores, -np.inf))")
TORCH_CODE = ("# True = may NOT attend\n"
              "blocked = torch.triu(torch.ones(n, n, dtype=torch.bool), diagonal=1)\n"
              "# WRONG: here True means may attend\n"
              "F.scaled_dot_product_attention(q, k, v, attn_mask=blocked)\n"
              "# right (or is_causal=True)\n"
              "F.scaled_dot_product_attention(q, k, v, attn_mask=~blocked)")
M_FORMULA_ID = "mask-mistakes-m-formula"

# The page's fixed words, each looked up in the session's language when the page reads it (say.INTRO), never at
# import: a module attribute name -> its message
_TEXTS = {
    "INTRO": "mask-mistakes-intro", "IN_THE_WILD_TITLE": "mask-mistakes-in-the-wild-title",
    "IN_THE_WILD": "mask-mistakes-in-the-wild", "WAITING": "mask-mistakes-waiting", "SYMPTOM": "mask-mistakes-symptom",
    "SOURCES_WORDS": "mask-mistakes-sources", "BLOCK_HELP": "mask-mistakes-block-help", "M_FORMULA": M_FORMULA_ID,
    "GRID_LABEL": "mask-mistakes-grid-label", "GRID_HELP": "mask-mistakes-grid-help",
    "AFTER_SOFTMAX_HEADER": "mask-mistakes-after-header", "AFTER_SOFTMAX_INTRO": "mask-mistakes-after-intro",
    "AFTER_SOFTMAX_FOLD": "mask-mistakes-after-fold", "RENORMALISING": "mask-mistakes-renormalising",
    "INVERTED_INTRO": "mask-mistakes-inverted-intro", "INVERTED_FOLD": "mask-mistakes-inverted-fold",
    "TORCH_MEANINGS": "mask-mistakes-torch-meanings", "WRONG_AXIS_HEADER": "mask-mistakes-wrong-axis-header",
    "WRONG_AXIS_INTRO": "mask-mistakes-wrong-axis-intro", "FILL_INTRO": "mask-mistakes-fill-intro",
    "FILL_FOLD": "mask-mistakes-fill-fold", "NO_MASK_HEADER": "mask-mistakes-no-mask-header",
    "NO_MASK_INTRO": "mask-mistakes-no-mask-intro", "ONE_TOKEN": "mask-mistakes-one-token",
    "CHECKS_INTRO": "mask-mistakes-checks-intro", "CHECKS_FOLD": "mask-mistakes-checks-fold",
    "SNIPPET_HELP": "mask-mistakes-snippet-help", "QUIZ_INTRO": "mask-mistakes-quiz-intro",
    "PICK_FIRST": "mask-mistakes-pick-first", "DTYPE_NOTE": "mask-mistakes-dtype-note",
    "FILL_NOTE": "mask-mistakes-fill-note", "NO_LEAK_NOTE": "mask-mistakes-no-leak-note",
    "LEAK_WORD_NOTE": "mask-mistakes-leak-word-note", "TAKE_HOME_HELP": "mask-mistakes-take-home-help",
    "PAD_SLIDER": "mask-mistakes-pad-slider", "CHECKS_TOGGLE": "mask-mistakes-checks-toggle",
    "QUIZ_QUESTION": "mask-mistakes-quiz-question", "READINGS_NOTE": "mask-mistakes-readings-note",
}


def fill_label(fill: str) -> str:
    """The finite fill's option label: '−10⁹', '−10⁶ (as some textbooks)', 'the dtype's lowest value'."""
    if fill == "-1e9":
        return "−10⁹"
    return tr("mask-mistakes-fill-label-textbooks" if fill == "-1e6" else "mask-mistakes-fill-label-min")


def quiz_giveaways() -> tuple[str, ...]:
    """What names the quiz's answer instead of showing a symptom: a reading "= the unmasked weights" is "no mask", and
    "= the mask turned around" is "the wrong axis". Never on the page while the quiz's question is open."""
    return tuple(tr(f"mask-mistakes-gives-{k}") for k in range(1, 6))


def snippet_intro() -> str:
    """What the checks' snippet holds, naming the two functions it prints."""
    return tr("mask-mistakes-snippet-intro", attention=attention_to_check.__name__, checks=failed_checks.__name__)


def __getattr__(name: str):
    """say.INTRO and the other fixed texts (and their dicts), in the language of the script run reading them."""
    if name in _TEXTS:
        return tr(_TEXTS[name])
    if name == "SNIPPET_INTRO":
        return snippet_intro()
    if name == "QUIZ_GIVEAWAYS":
        return quiz_giveaways()
    if name == "FILL_LABELS":
        return {fill: fill_label(fill) for fill in ("-1e9", "-1e6", "min")}
    if name == "SYMPTOMS":
        return {m: tr(f"mask-mistakes-symptom-{m}") for m in LABELS}
    if name == "CHECK_HEADINGS":
        return {name: tr(f"mask-mistakes-heading-{name}") for name in CHECK_NAMES}
    if name == "RIGHT_LABEL":
        return tr("mask-mistakes-right-label")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def fill_row_note(label: str) -> str:
    """The notebook's note on section 4's row: the fully blocked row the page shows, by its token."""
    return tr("mask-mistakes-fill-row-note", label=repr(label))


def leak_token_note(label: str, word: str) -> str:
    """The notebook's note on section 5's swap: which token became which word."""
    return tr("mask-mistakes-leak-token-note", label=repr(label), word=repr(word))


def readings_note() -> str:
    """What the mask readings measure, under the quiz's table."""
    return tr("mask-mistakes-readings-note")
