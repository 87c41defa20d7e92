"""The Common mistakes page's sentences about the current numbers, each built from those numbers.

attn_core imports no view code, so the number formats (`attn_ui.format`: num, gap, plural, …) are handed
in once: `say = Sentences(attn_ui.format)`, then `say.symptom(mistake, diagnosis)`. Every method returns
plain markdown text, so tests can walk the controls and check each sentence's claim against the numbers.
"""

from __future__ import annotations

from typing import Protocol

import numpy as np

from .mistakes import BY_NAME, Diagnosis, Mistake, identify


class Formats(Protocol):
    """The number formats the sentences use: attn_ui.format satisfies it."""

    def num(self, x: float, decimals: int = 3) -> str: ...
    def gap(self, x: float) -> str: ...
    def plural(self, count: int, word: str, many: str | None = None) -> str: ...


class Sentences:
    """Sentences for the Common mistakes page, with numbers written by `fmt` (attn_ui.format)."""

    def __init__(self, fmt: Formats):
        self.fmt = fmt

    # ------------------------------------------------------------------------------------------- small parts
    def spread(self, values) -> str:
        """'from a to b' for a vector of sums, or 'all a' when they agree to three decimals."""
        lo, hi = self.fmt.num(np.min(values), 3), self.fmt.num(np.max(values), 3)
        return f"all {lo}" if lo == hi else f"from {lo} to {hi}"

    @staticmethod
    def scores_kind(d: Diagnosis) -> str:
        """Whether a computation's scores are QKᵀ, its transpose, or neither, as measured."""
        return {"same": "equal QKᵀ", "transposed": "equal (QKᵀ)ᵀ",
                "neither": "are neither QKᵀ nor its transpose"}[d.scores_relation]

    @staticmethod
    def named(mistake: Mistake) -> str:
        """A mistake's label inside a sentence: 'no scaling at all', but 'Q and K swapped' keeps its capitals."""
        label = mistake.label
        return label[0].lower() + label[1:] if label[1:2].islower() else label

    def readings(self, d: Diagnosis) -> list[str]:
        """The checks of the quiz's table, in the order of CHECKS, as they print."""
        yes = {True: "yes", False: "no"}
        num = self.fmt.num
        return [num(d.row_sum_gap, 3), num(d.col_sum_gap, 3), yes[d.scores_same], yes[d.scores_transposed],
                yes[d.weights_same], num(d.mean_entropy, 3), num(d.mean_max_weight, 3), num(d.output_gap, 3)]

    # ------------------------------------------------------------------------------------------------ the page
    def setup_caption(self, d_model: int, heads: int) -> str:
        """Which sections use one head and which use the learner's heads."""
        return (f"Sections 1 and 3 use a single head, as on the home page: Q = X·W_Q with d_k = d_v = d_model = "
                f"{d_model}. Section 2 and the quiz split Q, K and V into your {self.fmt.plural(heads, 'head')} "
                f"of width d_k = {d_model // heads}, because the wrong scale only shows with heads.")

    def row_and_column_sums(self, right_w, wrong_w) -> str:
        """Section 1: what the row and column sums of the right and the axis-0 weights are."""
        return (f"**Right:** the row sums are {self.spread(right_w.sum(axis=-1))}; the column sums are "
                f"{self.spread(right_w.sum(axis=-2))}, and nothing asks them to be 1.\n\n"
                f"**Wrong:** the column sums are {self.spread(wrong_w.sum(axis=-2))}, but the row sums are "
                f"{self.spread(wrong_w.sum(axis=-1))}. A query's output is then not an average of the values: "
                "a row summing to more than 1 gets more than one value's worth, a row below 1 gets less.")

    def largest_output_change(self, right, wrong, labels) -> str:
        """Section 1: the query whose output the axis-0 mistake moved most, and its row sum."""
        diff = np.abs(wrong.output - right.output)  # (n, d_v)
        worst = int(np.argmax(diff.max(axis=1)))  # the query whose output moved most
        return (f"The largest difference, {self.fmt.num(diff.max(), 3)}, is in row **{labels[worst]}**, whose wrong "
                f"weights sum to {self.fmt.num(wrong.weights[worst].sum(), 3)} instead of 1. All three output "
                "figures share one colour scale.")

    def scale_intro(self, d_model: int, heads: int) -> str:
        """Section 2: the right divisor at this width, and what the wrong ones do."""
        d_k, num = d_model // heads, self.fmt.num
        return (f"Split into heads, each head's queries and keys are d_k = d_model / heads = {d_model} / {heads} = "
                f"**{d_k}** wide, so the right divisor is √d_k = √{d_k} = {num(np.sqrt(d_k), 3)}. With several "
                f"heads, dividing by √d_model = √{d_model} = {num(np.sqrt(d_model), 3)} makes the weights too flat; "
                "not dividing at all makes them too peaked.")

    @staticmethod
    def scale_notes(d_model: int, heads: int, shown: list[Mistake]) -> list[str]:
        """Section 2: why a scale mistake is not drawn at this width (it would give the right weights)."""
        d_k, names, notes = d_model // heads, [m.name for m in shown], []
        if "sqrt_d_model" not in names:
            notes.append(f"With heads = {heads}, d_k = d_model = {d_model}, so √d_model and √d_k are the same "
                         "number and dividing by either gives the same weights: there is no difference to show. "
                         "Raise **heads** in the sidebar to 2 or more to see the √d_model mistake.")
        if "no_scale" not in names:
            notes.append(f"Here d_k = {d_k}, so √d_k = 1 and leaving the scale out happens to give the right "
                         "weights. Choose a larger d_model or fewer heads to see the no-scale mistake.")
        return notes

    @staticmethod
    def scale_title(name: str, d_model: int, d_k: int) -> str:
        """Section 2: the weights or output figure's divisor, e.g. '÷ √d_model = √8 (WRONG)'."""
        return {"no_scale": "÷ 1, no scale (WRONG)", "sqrt_d_model": f"÷ √d_model = √{d_model} (WRONG)",
                "right": f"÷ √d_k = √{d_k}, right"}[name]

    @staticmethod
    def scale_divisor(name: str, d_model: int, d_k: int) -> str:
        """Section 2: the divisor alone, for a difference's title: '1', '√8'."""
        return {"no_scale": "1", "sqrt_d_model": f"√{d_model}", "right": f"√{d_k}"}[name]

    def scale_caption(self, head: int, n: int, heads: int) -> str:
        """Section 2: which head the weights show, what entropy means, and how the outputs join the heads."""
        joined = (f"The outputs join all {heads} heads side by side (no W_O here)." if heads > 1 else
                  "The output is the one head's output (no W_O here).")
        return (f"The weights and the two numbers under them are for head {head + 1}; the entropy of a row is "
                f"ln n = {self.fmt.num(np.log(n), 3)} nats when it is flat and 0 when all weight is on one key. "
                + joined)

    def scale_outputs(self, d_model: int, d_k: int, off_by: dict[str, float]) -> str:
        """Section 2: how far each wrong scale's output is from the right one."""
        parts = [f"the output {self.scale_title(name, d_model, d_k).removesuffix(' (WRONG)')} is off by up to "
                 f"{self.fmt.num(gap, 3)}" for name, gap in off_by.items()]
        return ("Against this right output, " + " and ".join(parts) + ". Too peaked leans each query toward its "
                "single best-matching value; too flat pulls every query toward the plain average of the values.")

    @staticmethod
    def scale_diagnostic(q_shape: tuple[int, ...], d_model: int) -> str:
        """Section 2: how to find d_k in your own code, with this page's shapes."""
        d_k = q_shape[-1]
        return (f"**Diagnostic:** d_k is the width of one head's query, `Q.shape[-1]` after the split. Here the split "
                f"Q has shape {tuple(q_shape)}, so d_k = {d_k}" + (f", not d_model = {d_model}." if d_k != d_model
                                                                 else "."))

    def swap_text(self, right, swap, axis0, labels) -> str:
        """Section 3: the swapped scores are the right ones transposed, and what that does to the weights."""
        i, gap = min(1, len(labels) - 1), self.fmt.gap
        return (f"Cell (i, j) of KQᵀ is kᵢ·qⱼ, so the wrong scores are exactly the right ones transposed (largest "
                f"gap {gap(np.abs(swap.scores - right.scores.T).max())}). In the right matrix, row **{labels[i]}** is "
                f"{labels[i]}'s query asking every key. In the wrong one, row **{labels[i]}** is {labels[i]}'s key "
                f"being scored against every token's query: {labels[i]} is no longer asking, it is being asked "
                "about. Softmax still runs along the rows, so the wrong weights are the transpose of the axis-0 "
                f"weights from section 1 (largest gap {gap(np.abs(swap.weights - axis0.weights.T).max())}), not of "
                f"the right weights (largest gap {self.fmt.num(np.abs(swap.weights - right.weights.T).max(), 3)}): "
                "the rows still sum to 1, so the row-sum check will not catch this one. Compare your scores with "
                "their transpose instead.")

    def values_as_keys_text(self, right, wrong, d: Diagnosis) -> str:
        """Section 3: V used as K still gives rows that sum to 1, but other weights and other scores."""
        return ("Now the content to be copied also decides where to look: W_K no longer plays any part, so "
                "training it would change nothing. The rows still sum to 1 (largest gap "
                f"{self.fmt.gap(np.abs(wrong.weights.sum(-1) - 1).max())}), but the weights differ from the right ones "
                f"by up to {self.fmt.num(np.abs(wrong.weights - right.weights).max(), 3)}, and the scores "
                f"{self.scores_kind(d)}.")

    def keys_as_values_text(self, right, wrong) -> str:
        """Section 3: K used as V leaves the weights right and changes only the output."""
        weights_gap = np.abs(wrong.weights - right.weights).max()
        return (f"The weights are exactly right (largest gap {self.fmt.gap(weights_gap)}): every query looks at "
                "the right tokens. But it copies their keys, \"what I contain\", instead of "
                f"their values, \"what I pass along\", so the output is off by up to "
                f"{self.fmt.num(np.abs(wrong.output - right.output).max(), 3)}. A weights plot will look perfect; "
                "only the output shows it.")

    # ---------------------------------------------------------------------------------------------------- quiz
    def quiz_intro(self, heads: int) -> str:
        return (f"One of the mistakes above was made on your {heads}-head Q, K and V. Compare it with the right "
                "computation, use the checks from the sections above, and name it.")

    def symptom(self, mistake: Mistake, d: Diagnosis) -> str:
        """What this mistake does to the checks, and what the checks measured on the mystery computation `d`."""
        num, gap = self.fmt.num, self.fmt.gap
        name = mistake.name
        if name == "axis0":
            return (f"softmax over the queries makes every column sum to 1 and leaves the rows unnormalised; here the "
                    f"largest |row sum − 1| is {num(d.row_sum_gap, 3)} and the largest |column sum − 1| is "
                    f"{num(d.col_sum_gap, 3)}.")
        if name == "swap_qk":
            return (f"swapping Q and K makes the scores the exact transpose of QKᵀ; here they "
                    f"{'are' if d.scores_transposed else 'are not'}.")
        if name == "v_as_k":
            return (f"scoring against V keeps the rows summing to 1 but gives scores that are neither QKᵀ nor its "
                    f"transpose; here the scores {self.scores_kind(d)}, and the largest |row sum − 1| is "
                    f"{gap(d.row_sum_gap)}.")
        if name == "k_as_v":
            return (f"copying K instead of V leaves the weights exactly right and changes only the output; here the "
                    f"weights {'are' if d.weights_same else 'are not'} identical and the output differs by up to "
                    f"{num(d.output_gap, 3)}.")
        direction = "lower" if name == "no_scale" else "higher"
        how = "more peaked" if name == "no_scale" else "flatter"
        return (f"a wrong divisor keeps the scores equal to QKᵀ but makes the weights {how}, with a mean row entropy "
                f"{direction} than the right one; here the scores {'equal' if d.scores_same else 'do not equal'} QKᵀ "
                f"and the mean row entropy is {num(d.mean_entropy, 3)} against the right "
                f"{num(d.right_mean_entropy, 3)}.")

    def verdict(self, secret: Mistake, answer: Mistake, d: Diagnosis) -> tuple[bool, str]:
        """The quiz's feedback: (right?, text). Says so when the checks alone would point to another mistake."""
        if answer == secret:
            text = f"Right: it is **{self.named(secret)}**. Why: {self.symptom(secret, d)}"
        else:
            text = (f"Not this time: it is **{self.named(secret)}**, because {self.symptom(secret, d)} "
                    f"You picked {self.named(answer)}: {self.symptom(answer, d)}")
        seen = identify(d)
        if secret.name in BY_NAME and seen != secret.name:
            # the symptoms of these numbers match another mistake: say so rather than pretend they are telling
            other = f"**{self.named(BY_NAME[seen])}**" if seen in BY_NAME else "no mistake at all"
            text += (f" On these numbers, though, the checks alone point to {other}, so this question could not be "
                     "answered from its symptoms: press New question.")
        return answer == secret, text


CHECKS = ("largest |row sum − 1|", "largest |column sum − 1|", "scores equal QKᵀ", "scores equal (QKᵀ)ᵀ",
          "weights equal the right weights", "mean row entropy (nats)", "mean largest weight",
          "largest |output − right output|")
