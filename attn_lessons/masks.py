"""The words of Masks and heads: every sentence, title and question of the page, built from the numbers it
talks about.

Pure Python: a function returns a plain string (or None when there is nothing true to say), and one that claims
something about the numbers returns a `Said`, its text and the facts it states, so the tests can walk the controls to
their extremes and check each claim against attn_core. The numbers come from `attn_core.masks`; how
they read (decimals) from `.format`, the one number formatter; their wording, in the session's language, from the
catalogs locales/<lang>/masks.ftl (plurals and variants inside the messages).
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
from .format import enough, listing, md_text, num, readable
from .i18n import tr
from .said import Said


def _quoted(labels, indices) -> str:
    """“cat”, “cat” and “on”, …"""
    return listing([f"“{labels[j]}”" for j in indices])


def _heads_symbol(heads: int) -> str:
    """QKᵀ for one head, QₕKₕᵀ (head h's slices) for several."""
    return "QKᵀ" if heads == 1 else "QₕKₕᵀ"


# ---------------------------------------------------------------- 1. choose a mask


def _why_padding() -> str:
    """Why a batch pads, and what the filler's key columns get: two sentences."""
    return tr("masks-then", first=tr("masks-pad-why", pad=PAD_LABEL), then=tr("masks-pad-blocks"))


def padded_columns(n_pad: int) -> str:
    """Which key columns `n_pad` trailing filler tokens block: 'the last 3 key columns are blocked'."""
    return tr("masks-padded-columns", n_pad=n_pad)


def padding_caption(n_real: int, n_pad: int) -> Said:
    """What the padding demo appended to the sentence, and which key columns that blocks (facts: the real tokens, the
    filler tokens and the key columns blocked, counted from 0)."""
    facts = {"n_real": n_real, "n_pad": n_pad, "blocked_key_columns": list(range(n_real, n_real + n_pad))}
    if n_pad == 0:
        return Said(tr("masks-padding-none", why=_why_padding(), pad=PAD_LABEL, n_real=n_real), facts)
    return Said(tr("masks-padding-some", why=_why_padding(), pad=PAD_LABEL, n_pad=n_pad, n_real=n_real,
                   total=n_real + n_pad, columns=padded_columns(n_pad)), facts)


def padding_caption_asking(n_real: int, n_pad: int) -> str:
    """The padding demo while section 2 asks which keys a token sees: what was appended, not what it blocks."""
    why, held = tr("masks-pad-why", pad=PAD_LABEL), tr("masks-held")
    if n_pad == 0:
        return tr("masks-padding-none-asking", why=why, pad=PAD_LABEL, n_real=n_real, held=held)
    return tr("masks-padding-some-asking", why=why, pad=PAD_LABEL, n_pad=n_pad, n_real=n_real, total=n_real + n_pad,
              held=held)


def mask_caption(kind: str, n_real: int, n_pad: int, asking: bool) -> str | None:
    """The caption under the mask's controls: what the mask lets a query see, or, while section 2 asks exactly
    that, only what the learner needs to answer it. None for the custom grid, which says it itself."""
    if kind == "padding":
        return padding_caption_asking(n_real, n_pad) if asking else padding_caption(n_real, n_pad).text
    if kind not in CAPTIONED:
        return None
    return tr("masks-held") if asking else tr(f"masks-caption-{kind}")


def refit_notice(m: int, n: int) -> Said:
    """What happened to an m × m custom grid on a sentence of n tokens (facts: the sizes, whether pairs were added)."""
    return Said(tr("masks-refit", m=m, n=n, grew="yes" if n > m else "no"),
                {"was": m, "now": n, "new_pairs_allowed": n > m})


PHONE_GRID_KEYS = 2  # key columns a custom grid shows on a 390 px phone beside its row labels; more scroll sideways


def tick_caption(n: int) -> str:
    """How to use the custom grid of n × n ticks, and, when it is wider than a phone, that it scrolls in its box."""
    how = tr("masks-tick-how")
    if n <= PHONE_GRID_KEYS:
        return how
    return tr("masks-tick-scroll", how=how, n=n)


def grid_link_caption(encoded: str) -> str:
    """Where the link keeps the learner's grid, with the grid's own string ("110-111-001")."""
    return tr("masks-grid-link", encoded=encoded)


def nothing_can_attend(mask) -> Said | None:
    """The error when the mask blocks every pair, or None when some query may attend to some key (facts: the pairs
    blocked, and the largest weight and output entry it says there are, 0)."""
    mask = np.asarray(mask, dtype=bool)
    if mask.any():
        return None
    return Said(tr("masks-nothing-can-attend"),
                {"blocked_pairs": mask.size, "largest_weight": 0.0, "largest_output": 0.0})


# ---------------------------------------------------------------- 2. step by step


def heads_caption(d_model: int, heads: int) -> Said:
    """How many columns of Q and K the head on show works with (facts: heads, d_k)."""
    facts = {"heads": heads, "d_k": d_model // heads}
    return Said(tr("masks-heads-caption", heads=heads, d_model=d_model, d_k=d_model // heads), facts)


def allowed_pairs(mask) -> Said:
    """How many of the n × n query→key pairs the mask allows (facts: allowed, total)."""
    mask = np.asarray(mask, dtype=bool)
    allowed, total = int(mask.sum()), mask.size
    facts = {"allowed": allowed, "total": total}
    if total == 1:
        case = "one-allowed" if allowed else "one-blocked"
    elif allowed == total:
        case = "all-allowed"
    elif allowed == 0:
        case = "all-blocked"
    else:
        case = "some"
    return Said(tr("masks-allowed-pairs", case=case, allowed=allowed, total=total), facts)


def scores_title(head: int, heads: int, d_k: int) -> str:
    """The masked-scores table's title: the formula, for the head on show."""
    if heads > 1:
        return tr("masks-scores-title", head=head + 1, symbol=_heads_symbol(heads), d_k=d_k)
    return tr("masks-scores-title-one", symbol=_heads_symbol(heads), d_k=d_k)


def scores_caption(mask) -> Said:
    """What the hatched cells of the masked scores are, or that there are none (facts: how many scores are −∞)."""
    mask = np.asarray(mask, dtype=bool)
    facts = {"minus_inf_scores": int((~mask).sum())}
    return Said(tr("masks-scores-none-blocked" if mask.all() else "masks-scores-blocked"), facts)


def all_scores_blocked(mask) -> Said | None:
    """Said in words when every masked score is −∞ (a table of nothing but −∞ needs the why); facts: how many scores
    are −∞, and the largest weight below, 0."""
    mask = np.asarray(mask, dtype=bool)
    if mask.any():
        return None
    return Said(tr("masks-all-scores-blocked", size=mask.size), {"minus_inf_scores": mask.size, "largest_weight": 0.0})


def weights_caption(mask, weights) -> Said:
    """The largest weight on a blocked pair and how close each row sums to 1, over every head (heads, n, n). Facts:
    largest_blocked (None when nothing is blocked), the rows said to sum to 1 and to 0, and the largest gap."""
    mask = np.asarray(mask, dtype=bool)
    weights = np.asarray(weights, dtype=float)
    several = "yes" if weights.shape[0] > 1 else "no"
    blocked = fully_masked_rows(mask)
    open_rows = np.setdiff1d(np.arange(mask.shape[0]), blocked)
    top = None if mask.all() else largest_blocked_weight(mask, weights)
    facts = {"largest_blocked": top, "rows_sum_to_1": open_rows.tolist(), "rows_sum_to_0": blocked.tolist(),
             "largest_gap": None}
    if top is None:
        first = tr("masks-weights-none-blocked")
    else:
        first = tr("masks-weights-largest-blocked", several=several, top=readable(top, 3),
                   exact="yes" if top == 0 else "no")
    if not open_rows.size:
        return Said(tr("masks-weights-no-open", first=first), facts)
    facts["largest_gap"] = gap = row_sum_gap(weights, open_rows)
    return Said(tr("masks-weights-rows", first=first, blocked=int(blocked.size), several=several,
                   gap=enough(gap, below=CLOSE)), facts)


def head_output_title(head: int, heads: int) -> str:
    """The title of one head's output table."""
    return tr("masks-head-output-title", head=head + 1) if heads > 1 else tr("masks-head-output-title-one")


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
        return Said(tr("masks-head-output-one", d_v=d_v, cols=cols), facts)
    return Said(tr("masks-head-output", head=head + 1, d_v=d_v, v_columns=d_v * heads, cols=cols), facts)


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
    return Said(tr("masks-blocked-rows", who=_quoted(labels, rows), rows=int(rows.size),
                   sum=num(facts["row_sum"], 0), out=readable(facts["largest_output"], 3)), facts)


def uniform_fallback(n: int) -> Said:
    """Why −∞ and not −10⁶: what a huge finite number would have done to a fully blocked row of n keys (facts: the
    weight each key would get, over how many keys)."""
    return Said(tr("masks-uniform-fallback", n=n, each=num(1 / n, 3)), {"each": 1 / n, "keys": n})


def no_blocked_rows(kind: str) -> str:
    """How to make a query that may see nothing, from the mask kind on show."""
    return tr("masks-no-blocked-rows", custom="yes" if kind == "custom" else "no")


# ---------------------------------------------------------------- 3. several heads


def several_heads_intro(d_model: int, heads: int) -> Said:
    """How d_model is split among the heads (facts: heads, d_k)."""
    facts = {"heads": heads, "d_k": d_model // heads}
    return Said(tr("masks-several-intro", heads=heads, d_model=d_model, d_k=d_model // heads), facts)


def ribbon_steps() -> tuple[str, ...]:
    """The steps of multi-head attention, from X to the output: symbols, and the words between them."""
    return ("X", "Q, K, V = X·W", tr("masks-ribbon-split"), tr("masks-ribbon-weights"), tr("masks-ribbon-outputs"),
            tr("masks-ribbon-concat"), "output = concat·W_O")


def shape_ribbon(n: int, d_model: int, n_heads: int) -> list[tuple[str, str]]:
    """The live shapes of multi-head attention, as (step, shape) pairs from X to the output."""
    return [(step, " × ".join(map(str, shape)))
            for step, shape in zip(ribbon_steps(), head_shapes(n, d_model, n_heads), strict=True)]


def ribbon_markdown(n: int, d_model: int, heads: int) -> str:
    """The shape ribbon as one line of markdown, X: **6 × 8**  →  …, which wraps only at an arrow."""
    # no-break spaces and hyphens inside each step, so a line only wraps at an arrow
    return "  →  ".join(f"{step}: **{shape}**".replace(" ", "\u00a0").replace("-", "\u2011")
                        for step, shape in shape_ribbon(n, d_model, heads))


def ribbon_caption(n: int, d_model: int, heads: int) -> str:
    """The symbols of the shape ribbon, with their live values."""
    return tr("masks-ribbon-caption", n=n, d_model=d_model, heads=heads, d_k=d_model // heads)


def heads_wait(heads: int) -> str:
    """What stands in for the heads' tables while section 2's question is open: they would answer it."""
    return tr("masks-heads-wait", heads=heads)


def head_weights_title(head: int, heads: int, d_k: int) -> str:
    """One head's weights table, titled as weights: softmax of its own masked, scaled scores."""
    return tr("masks-head-weights-title", head=head + 1, symbol=_heads_symbol(heads), d_k=d_k)


def grid_caption(shown, heads: int) -> str:
    """What the head tables show, and which heads when only a group fits."""
    shown = list(shown)
    return tr("masks-grid-caption", heads=heads, symbol=_heads_symbol(heads),
              partial="no" if len(shown) == heads else "yes", first=shown[0] + 1, last=shown[-1] + 1)


def query_title(label: str, heads: int, d_k: int) -> str:
    """The one-query-in-every-head table's title."""
    return tr("masks-query-title-one" if heads == 1 else "masks-query-title", label=f"“{label}”", d_k=d_k)


def where_query_looks(labels, i: int, mask, weights) -> Said:
    """Where query i puts its largest weight in each head, and whether the heads agree; weights (heads, n, n). Facts:
    the keys it may see; per head (from 0) the keys said to get its largest weight (several when tied), and whether
    the heads agree (None when there is nothing to compare); with one key, the weight said to go there (1); with
    none, the weight said to go anywhere (0)."""
    weights = np.asarray(weights, dtype=float)
    heads, name = weights.shape[0], f"“{labels[i]}”"
    allowed = np.flatnonzero(np.asarray(mask, dtype=bool)[i])  # the keys query i may see
    facts = {"allowed": allowed.tolist(), "top": None, "agree": None, "weight": None}
    if not allowed.size:
        return Said(tr("masks-looks-none", name=name, heads=heads), {**facts, "weight": 0.0})
    if allowed.size == 1:
        return Said(tr("masks-looks-one", name=name, keys=_quoted(labels, allowed), heads=heads),
                    {**facts, "weight": 1.0})
    groups = heads_by_top_keys(weights, i)
    facts["top"] = {h: tuple(keys) for keys, hs in groups.items() for h in hs}
    facts["agree"] = None if heads == 1 else len(groups) == 1
    where = tr("masks-looks-separator").join(
        tr("masks-looks-group", count=len(hs), heads=listing([str(h + 1) for h in hs]), keys=_quoted(labels, keys),
           tied="yes" if len(keys) > 1 else "no")
        for keys, hs in groups.items())
    verdict = "one" if heads == 1 else "agree" if len(groups) == 1 else "differ"
    return Said(tr("masks-looks", name=name, where=where, verdict=verdict, heads=heads), facts)


def average_title(heads: int) -> str:
    """The title of the head-average table: a summary, not a head, unless there is only one head."""
    return tr("masks-average-title", heads=heads)


def average_caption(heads: int) -> str:
    """Why the head average is only a summary."""
    return tr("masks-average-caption", heads=heads)


# ---------------------------------------------------------------- predict, then see: which keys may a query see?

ORDINALS = ("first", "second", "third")  # the selector keys of masks-see-question
RULES = ("nothing", "itself", "upto", "before", "after", "all", "real")  # rule_of's names, masks-rule-<name>
CAPTIONED = ("none", "causal")  # the masks with a fixed caption, masks-caption-<kind>


def rule_words(rule: str) -> str:
    """What a rule of key_set_rules lets a token see, in words: 'itself and every token before it'."""
    return tr(f"masks-rule-{rule}", **({"pad": PAD_LABEL} if rule == "real" else {}))


def says_who_sees(kind: str) -> tuple[str, ...]:
    """The phrases of a mask's caption (and of the radio's old labels) that say what it lets a token see."""
    if kind not in CAPTIONED:
        return ()
    return tr(f"masks-gives-{kind}"), tr(f"masks-gives-{kind}-short")


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
        return tr("masks-keys-none")
    if len(keys) > 4 and keys == list(range(keys[0], keys[-1] + 1)):
        return tr("masks-keys-run", n=len(keys), span=_span(labels, keys))
    return _quoted(labels, keys)


def see_question(kind: str, labels, i: int, n_pad: int) -> str:
    """The prediction asked before the mask is shown: which keys can query i see under the chosen mask?"""
    return tr("masks-see-question", kind=kind, n_pad=n_pad, pad=PAD_LABEL, label=f"“{labels[i]}”",
              ordinal=ORDINALS[i] if i < len(ORDINALS) else "none")


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
    said = list(says_who_sees(kind))
    if kind == "padding":
        blocks = tr("masks-pad-blocks")
        said += [blocks, padded_columns(n_pad)] if n_pad else [blocks, tr("masks-nothing-blocked")]
    if labels:
        said.append(tr("masks-row-of-mask", name=f"“{md_text(labels[checkpoint_token(len(labels))])}”"))
    return said


# The prediction, declared once: its key for checkpoint.predict, its class-mode name and the wrong answers expected
SEE = Asked("masks.see", "asked-masks-see", "keys",
            tuple(Wrong(f"asked-masks-see-{name}", f"asked-masks-see-{name}.shows", _rule(name))
                  for name in MASK_RULES),
            from_sentence=True, key="masks_see", gives_away=see_gives_away, reason_id="asked-masks-see.reason")


def see_why(labels, mask, i: int, n_real: int, weights, guess=None) -> Said:
    """The answer from the mask's row i and the weights (heads, n, n); with a wrong `guess`, what it got wrong.
    Facts: the keys it may see, the rule named (None for none), the blocked keys and their largest weight, whether
    the allowed keys are said to share the whole weight, 1, and the keys the guess left out and counted wrongly."""
    mask, weights = np.asarray(mask, dtype=bool), np.asarray(weights, dtype=float)
    n, name, heads = mask.shape[0], f"“{labels[i]}”", weights.shape[0]
    row = tr("masks-row-of-mask", name=name)
    truth = visible_keys(mask, i)
    blocked = np.array(hidden_keys(mask, i), dtype=int)
    whole = keeps_whole_weight(mask, weights, i)  # the allowed keys' weights sum to 1 in every head
    facts = {"visible": list(truth), "rule": None, "blocked": blocked.tolist(), "largest_blocked": None,
             "whole_weight": False, "missing": [], "extra": []}
    if not truth:
        facts["largest_blocked"] = float(weights[:, i].max())
        text = tr("masks-why-none", row=row, name=name, zero="no" if weights[:, i].any() else "yes",
                  top=readable(weights[:, i].max(), 3), heads=heads)
    else:
        rule = rule_of(truth, n, i, n_real, mask_kind(mask, n_real))  # the rule of the mask this row belongs to
        named = rule not in (None, "nothing")
        text = tr("masks-why-has", row=row, keys=keys_text(labels, truth), rule="some" if named else "none",
                  words=rule_words(rule) if named else "")
        facts["rule"] = rule if named else None
        facts["whole_weight"] = bool(whole)
        if not blocked.size:
            then = tr("masks-why-open", whole="yes" if whole else "no", n=n)
        else:
            top = facts["largest_blocked"] = float(weights[:, i, blocked].max())
            then = tr("masks-why-blocked", count=int(blocked.size), span=_span(labels, blocked),
                      exact="yes" if top == 0 else "no", top=readable(top, 3), heads=heads,
                      whole="yes" if whole else "no", allowed=len(truth))
        text = tr("masks-then", first=text, then=then)
    if guess is None or set(guess) == set(truth):
        return Said(text, facts)
    missing = facts["missing"] = [j for j in truth if j not in set(guess)]
    extra = facts["extra"] = sorted(set(guess) - set(truth))
    wrong = []
    if missing == [i]:
        wrong.append(tr("masks-guess-left-itself", name=name))
    elif missing:
        wrong.append(tr("masks-guess-left-out", span=_span(labels, missing)))
    if extra:
        wrong.append(tr("masks-guess-counted", span=_span(labels, extra), count=len(extra)))
    for said in reversed(wrong):
        text = tr("masks-then", first=said, then=text)
    return Said(text, facts)


# ---------------------------------------------------------------- the titles above the groups of tables


def steps_title(head: int, heads: int) -> str:
    """The title over section 2's tables: the steps of the head on show."""
    return tr("masks-steps-title", head=head + 1, heads=heads) if heads > 1 else tr("masks-steps-title-one")


def grid_title(shown, heads: int) -> str:
    """The title over every head's weights (or over the group of heads on show)."""
    shown = list(shown)
    if heads == 1:
        return tr("masks-grid-title-one")
    if len(shown) == heads:
        return tr("masks-grid-title-all", heads=heads)
    return tr("masks-grid-title-group", first=shown[0] + 1, last=shown[-1] + 1, heads=heads)


def average_toggle(heads: int) -> str:
    """The label of the switch that shows the head average."""
    return tr("masks-average-toggle", heads=heads)


def weights_title(head: int, heads: int) -> str:
    """The title of the step-by-step weights table, for the head on show."""
    return tr("masks-weights-title", head=head + 1) if heads > 1 else tr("masks-weights-title-one")


# ---------------------------------------------------------------- the code and the notebook


def code_intro(label: str, head: int, heads: int) -> str:
    """What "Show the code" holds: the page's numbers for the head (from 0) and the query `label` shown above."""
    return tr("masks-code-intro", label=md_text(label), head=head + 1, heads=heads)


# ---------------------------------------------------------------- the page's fixed words, in the order it shows them


# two equations, the first over two lines: a phone's width cut one long line off at "+ M)V"
FORMULA = (r"\begin{aligned} &\mathrm{Attention}(Q, K, V) \\"
           r" &\quad = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}} + M\right) V \end{aligned}")


def mask_cases() -> str:
    """M's two cases, as LaTeX: the formula stays here, its two words (\\text{…}) come from the catalog."""
    query, may, blocked = tr("masks-cases-query"), tr("masks-cases-may-see"), tr("masks-cases-blocked")
    return (rf"M_{{ij}} = \begin{{cases}} 0 & \text{{{query} }} i \text{{ {may} }} j \\"
            rf" -\infty & \text{{{blocked}}} \end{{cases}}")


def mask_label(kind: str) -> str:
    """The radio's label for a mask kind (its option value stays the kind): it names the mask and nothing more: a
    label that said what a mask lets a token see ("Causal: itself and what came before") would answer section 2's
    question for the mask the learner is about to pick (issue 36). The Mask mistakes page's radio uses it too (its
    remedies say "pick Causal or Padding above")."""
    return tr(f"masks-label-{kind}")


# The page's fixed texts, each looked up in the session's language when the page reads it (say.INTRO): a module
# attribute name -> its message; the dicts as {kind: text}.
_TEXTS = {
    "INTRO": "masks-intro", "CONVENTION": "masks-convention", "MASK_HELD": "masks-held",
    "STEPS_HEADER": "masks-steps-header", "MASK_TITLE": "masks-mask-title",
    "BLOCKED_ROWS_TITLE": "masks-blocked-rows-title", "SOURCES_WORDS": "masks-sources",
    "PAD_BLOCKS": "masks-pad-blocks",
}


def __getattr__(name: str):
    """say.INTRO and the other fixed texts, in the language of the script run reading them (never at import)."""
    if name in _TEXTS:
        return tr(_TEXTS[name])
    if name == "PAD_SLIDER":
        return tr("masks-pad-slider", pad=PAD_LABEL)
    if name == "PAD_WHY":
        return tr("masks-pad-why", pad=PAD_LABEL)
    if name == "MASK_CASES":
        return mask_cases()
    if name == "MASK_LABELS":
        return {kind: mask_label(kind) for kind in ("none", "causal", "padding", "custom")}
    if name == "KIND_CAPTIONS":
        return {kind: tr(f"masks-caption-{kind}") for kind in CAPTIONED}
    if name == "SAYS_WHO_SEES":
        return {kind: says_who_sees(kind) for kind in CAPTIONED}
    if name == "RULE_WORDS":
        return {rule: rule_words(rule) for rule in RULES}
    if name == "RIBBON_STEPS":
        return ribbon_steps()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def head_note(head: int) -> str:
    """The notebook's note on `h`: the head (from 0) the page shows step by step."""
    return tr("masks-head-note", head=head + 1)


def query_note(label: str) -> str:
    """The notebook's note on `i`: the query the page shows across the heads."""
    return tr("masks-query-note", label=repr(label))
