### Masks and heads (attn_lessons/masks.py). $pad is the filler token's label, ⟨pad⟩; a $name, $label or $keys
### arrives quoted (“cat”) or as a list of quoted tokens.

masks-title = Masks and heads
masks-intro = A mask decides which query→key pairs may attend at all: before the softmax a blocked pair's score becomes −∞, so its weight is exactly 0. Several heads run this attention side by side, each on its own slice of Q, K and V, under the same mask.
masks-convention = In the grids below, 1 = may attend: the formula's M adds 0 there and −∞ elsewhere (0 = blocked).

## Section 1: choose a mask

masks-choose-header = 1. Choose a mask
masks-choose-label = Which query→key pairs may attend?
# The radio's option labels: each names a mask and nothing more (saying what it lets a token see would answer
# section 2's question).
masks-label-none = None
masks-label-causal = Causal
masks-label-padding = Padding
masks-label-custom = Custom grid
masks-pad-slider = How many { $pad } tokens fill up your sentence?
masks-pad-why = In a batch, shorter sentences are filled up at the end with a filler token, { $pad }, so that all have the same length.
masks-pad-blocks = No query should take anything from the filler, so its key columns are blocked.
# $n_pad: how many filler tokens there are (1 or more).
masks-padded-columns = the last { $n_pad ->
    [one] key column is
   *[other] { $n_pad } key columns are
} blocked
masks-nothing-blocked = nothing is blocked
# $why: masks-pad-why and masks-pad-blocks; $n_real: the sentence's own tokens.
masks-padding-none = { $why } With no { $pad } token, your sentence of { $n_real ->
    [one] 1 token
   *[other] { $n_real } tokens
} is already the longest in the batch, and { masks-nothing-blocked }.
# $total: the tokens with the filler; $columns: masks-padded-columns.
masks-padding-some = { $why } Here { $n_pad ->
    [one] 1 { $pad } token follows
   *[other] { $n_pad } { $pad } tokens follow
} your { $n_real ->
    [one] 1 token
   *[other] { $n_real } tokens
}, as if the longest sentence in the batch had { $total } tokens, so { $columns }. The { $pad } { $n_pad ->
    [one] row is a query too; the model computes its output and then ignores it.
   *[other] rows are queries too; the model computes their outputs and then ignores them.
}
# While section 2 asks which keys a token sees: what was appended, not what it blocks. $held: masks-held.
masks-padding-none-asking = { $why } With no { $pad } token, your sentence of { $n_real ->
    [one] 1 token
   *[other] { $n_real } tokens
} is already the longest in the batch. { $held }
masks-padding-some-asking = { $why } Here { $n_pad ->
    [one] 1 { $pad } token follows
   *[other] { $n_pad } { $pad } tokens follow
} your { $n_real ->
    [one] 1 token
   *[other] { $n_real } tokens
}, as if the longest sentence in the batch had { $total } tokens. { $held }
masks-held = What this mask lets each token see is section 2's question: the mask's description appears here once you answer it.
masks-caption-none = Every query may attend to every key, itself included: this is the plain attention of the home page.
masks-caption-causal = Each token sees itself and the tokens before it, never the ones after: a model that writes text one token at a time must not peek at words it has not written yet.
# What would tell section 2's answer: phrases of the captions above (and of the radio's old labels).
masks-gives-none = Every query may attend to every key
masks-gives-none-short = every pair
masks-gives-causal = Each token sees itself and the tokens before it
masks-gives-causal-short = itself and what came before
# $m: the grid's old size; $n: the sentence's tokens; $grew: yes when the grid got larger.
masks-refit = Your custom mask was { $m } × { $m } but your sentence has { $n ->
    [one] 1 token
   *[other] { $n } tokens
}, so it is now { $n } × { $n }{ $grew ->
    [yes] {" "}(the new pairs are allowed)
   *[no] {""}
}.
masks-tick-how = Tick a box to let that query (row) attend to that key (column); untick it to block the pair.
# $how: masks-tick-how; $n: the keys of the grid (more than fit on a phone).
masks-tick-scroll = { $how } On a narrow screen the grid scrolls sideways inside its own box: swipe it to reach all { $n } keys.
masks-grid-link = The link to this page keeps your grid as one string of 0s and 1s per row: `{ $encoded }`.
masks-preset-all = Allow every pair
masks-preset-causal = Start from causal
masks-preset-none = Block every pair
masks-grid-corner = query ↓ / key →
masks-nothing-can-attend = Nothing can attend: your mask blocks every pair, so no query may look at any key. Every weight below is 0 and every output is 0, rather than not-a-number. Tick at least one box in each row (the diagonal lets each token see itself), or press “{ masks-preset-all }”.

## Section 2: step by step

masks-steps-header = 2. The mask, step by step
# $head: the head on show (from 1); $heads: how many.
masks-steps-title-one = Step by step in the one head
masks-steps-title = Step by step in head { $head } of { $heads }
masks-head-option = head { $head }
masks-head-picker = Show the steps for
# $d_model, $heads, $d_k: the widths.
masks-heads-caption = { $heads ->
    [1] One head: d_k = d_model = { $d_model }. Pick more heads in the sidebar; the mask stays the same.
   *[other] You have { $heads } heads (set in the sidebar); each works on d_k = { $d_model } / { $heads } = { $d_k ->
        [one] 1 column
       *[other] { $d_k } columns
    } of Q and K. The same mask applies to every head.
}
masks-mask-title = mask: 1 = query may attend to key, 0 = blocked
masks-mask-lead = **Mask.**
# $case: which of the sentences; $allowed, $total: the pairs allowed and all of them.
masks-allowed-pairs = { $case ->
    [one-allowed] The one pair is allowed.
    [one-blocked] The one pair is blocked.
    [all-allowed] All { $total } pairs are allowed.
    [all-blocked] All { $total } pairs are blocked.
   *[some] { $allowed } of { $total } { $allowed ->
        [one] pairs is
       *[other] pairs are
    } allowed.
}
# $symbol: QKᵀ or QₕKₕᵀ; $d_k: the head's width.
masks-scores-title-one = masked scores = { $symbol }/√{ $d_k } + M
masks-scores-title = head { $head }: masked scores = { $symbol }/√{ $d_k } + M
masks-scores-lead = **Masked scores.**
masks-scores-none-blocked = No pair is blocked, so no score is −∞: these are the plain scaled scores, and M adds 0 everywhere.
masks-scores-blocked = A blocked pair's score is −∞ (hatched cell): exp(−∞) = 0, so softmax gives it no weight at all.
# $size: how many scores there are, all −∞.
masks-all-scores-blocked = { $size ->
    [1] The one masked score is
   *[other] All { $size } masked scores are
} −∞: every pair is blocked, so there is no finite score left to colour. exp(−∞) = 0 everywhere, and the weights below are all 0.
masks-weights-title-one = weights = softmax(masked scores)
masks-weights-title = head { $head }: weights = softmax(masked scores)
masks-weights-lead = **Weights.**
masks-weights-none-blocked = No pair is blocked, so no weight is forced to 0.
# $several: yes with more than one head; $top: the largest weight on a blocked pair; $exact: yes when it is 0.
masks-weights-largest-blocked = Largest weight on a blocked pair{ $several ->
    [yes] , over all heads
   *[no] {""}
}: { $top }{ $exact ->
    [yes] {" "}(exactly 0)
   *[no] {""}
}.
# $first: the sentence above.
masks-weights-no-open = { $first } No row has a key to share its weight among, so every row sums to 0.
# $blocked: how many rows are fully blocked; $gap: the largest distance of a row's sum from 1.
masks-weights-rows = { $first } { $blocked ->
    [0] Every row
   *[other] Every row with an allowed key
} sums to 1{ $several ->
    [yes] {" "}in every head
   *[no] {""}
} (largest gap { $gap }){ $blocked ->
    [0] .
    [1] ; the fully blocked row sums to 0.
   *[other] ; the fully blocked rows sum to 0.
}
masks-head-output-title-one = head output = weights·V
masks-head-output-title = head { $head }: head output = weights·Vₕ
masks-head-output-lead = **Head output.**
# $d_v: the head's width; $cols: its columns (d4 … d7); $v_columns: V's width.
masks-head-output-one = Each row mixes only the value rows its query may see. With one head, V is used whole: { $d_v ->
    [1] the one column
    [2] both columns
   *[other] all { $d_v } columns
}, { $cols }.
masks-head-output = Each row mixes only the value rows its query may see. Here head { $head } uses { $d_v } of V's { $v_columns } columns, { $cols }, so its output has { $d_v ->
    [1] that column
   *[other] those columns
}; the other heads use the rest.
masks-output-formula = concat(head outputs)·W_O
masks-axis-key = key
masks-axis-query = query
masks-axis-head = head
masks-axis-model-dimension = model dimension
masks-axis-value-dimension = value dimension

## The prediction: which keys may a query see?

# $label: the token asked about, quoted; $ordinal: first, second, third or none; $kind: the mask.
masks-see-question = { $kind ->
    [padding] Under the padding mask, with { $n_pad ->
        [0] no { $pad } token
        [one] 1 { $pad } token
       *[other] { $n_pad } { $pad } tokens
    } after your sentence
    [none] With no mask
    [causal] Under the causal mask
   *[custom] Under your custom grid
}, which keys can { $label }{ $ordinal ->
    [first] , the first token,
    [second] , the second token,
    [third] , the third token,
   *[none] {""}
} see?
masks-keys-none = no key at all
# $n: how many keys, in a run; $span: “a” … “e”.
masks-keys-run = the { $n } keys { $span }
masks-rule-nothing = no key at all
masks-rule-itself = only itself
masks-rule-upto = itself and every token before it
masks-rule-before = only the tokens before it
masks-rule-after = itself and every token after it
masks-rule-all = every key, itself included
masks-rule-real = every word of your sentence and none of the { $pad } tokens
# $name: the token, quoted.
masks-row-of-mask = Row { $name } of the mask
# $row: masks-row-of-mask; $zero: yes when every weight is 0, else $top is the largest; $heads: how many heads.
masks-why-none = { $row } has no 1 in it: { $name } may see no key, so its weights { $zero ->
    [yes] are all 0
   *[no] reach { $top }
} in { $heads ->
    [1] its one head
    [2] both heads
   *[other] all { $heads } heads
}.
# $keys: the keys it may see; $rule: none, or some with $words saying which (masks-rule-…).
masks-why-has = { $row } has a 1 for { $keys }{ $rule ->
    [none] .
   *[some] : { $words }.
}
# $whole: yes when its keys share the whole weight, 1; $n: the keys.
masks-why-open = No key in its row is blocked{ $whole ->
    [no] .
   *[yes] { $n ->
        [1] , so its one key gets the whole weight, 1.
        [2] , so both keys share the whole weight, 1.
       *[other] , so all { $n } keys share the whole weight, 1.
    }
}
# $count: the blocked keys ($span names them); $exact: yes when their weight is exactly 0, else $top; $allowed: the
# keys it may see.
masks-why-blocked = The { $count ->
    [1] other key
   *[other] other { $count } keys
} ({ $span }) { $count ->
    [1] is
   *[other] are
} blocked: score −∞, so weight { $exact ->
    [yes] exactly 0
   *[no] { $top }
} in { $heads ->
    [1] its one head
    [2] both heads
   *[other] all { $heads } heads
}{ $whole ->
    [no] .
   *[yes] { $allowed ->
        [1] , and the one allowed key gets the whole weight, 1.
       *[other] , and the { $allowed } allowed keys share the whole weight, 1.
    }
}
masks-guess-left-itself = You left out { $name } itself: the 1 on the diagonal lets a token see its own key.
masks-guess-left-out = You left out { $span }, which it may see.
masks-guess-counted = You counted { $span }, which { $count ->
    [1] is
   *[other] are
} blocked.
# Two sentences one after the other.
masks-then = { $first } { $then }

## A query that may see no key

masks-blocked-rows-title = A query that may see no key
# $who: the queries, quoted; $rows: how many; $sum: their weights' largest sum; $out: their largest output entry.
masks-blocked-rows = { $who } may attend to no key: { $rows ->
    [1] its
   *[other] their
} row of masked scores is all −∞. There is nothing to share the weight among, so this explorer gives the row weights of 0 (they sum to { $sum }, not 1) and an output of 0: largest output entry { $out }.
# $n: the keys of the row; $each: 1/n.
masks-uniform-fallback = Why say so? A plain softmax computes exp(−∞) / Σ exp(−∞) = 0 / 0 here, which is *not a number* (NaN), and one NaN spreads to every later layer. The d2l book's `masked_softmax` once replaced blocked scores by −10⁶ instead of −∞, so a fully blocked row became uniform: { $n ->
    [1] all of its weight, 1, on its only key
   *[other] 1/{ $n } = { $each } on each of its { $n } keys
}, though it was meant to see none.
# $custom: yes when the custom grid is on show.
masks-no-blocked-rows = No query is fully blocked right now. { $custom ->
    [yes] Untick a whole row of your grid
   *[no] Choose **Custom** and untick a whole row
} (or press “{ masks-preset-none }”) to see what a query that may see nothing gets.

## Section 3: several heads

masks-several-header = 3. Several heads
masks-several-intro = **heads = { $heads }**, set in the sidebar, which offers only the counts that divide d_model = { $d_model }. { $heads ->
    [1] With one head, that head gets { $d_model ->
        [1] the one column
        [2] both columns
       *[other] all { $d_model } columns
    } (d_k = d_v = { $d_model }), and its output is multiplied by W_O. Pick more heads to split the columns among them.
   *[other] Each head gets d_k = d_v = { $d_model } / { $heads } = { $d_k ->
        [one] 1 column
       *[other] { $d_k } columns
    } and its own weights. The heads' outputs are set side by side and mixed by W_O.
}
masks-ribbon-split = split into heads
masks-ribbon-weights = per-head attention weights
masks-ribbon-outputs = per-head outputs
masks-ribbon-concat = concatenate
masks-ribbon-caption = n = { $n ->
    [one] 1 token
   *[other] { $n } tokens
}, d_model = { $d_model }, h = { $heads ->
    [one] 1 head
   *[other] { $heads } heads
}, d_k = d_v = { $d_k }.
masks-heads-wait = { $heads ->
    [1] The one head's weights appear
    [2] Both heads' weights appear
   *[other] All { $heads } heads' weights appear
} here once you answer the question in section 2, which they would give away.
masks-heads-to-show = Heads to show
# $first, $last: the heads of a group (from 1).
masks-heads-group = heads { $first } … { $last }
masks-grid-title-one = The one head's weights
masks-grid-title-all = { $heads ->
    [2] Both heads' weights, side by side
   *[other] All { $heads } heads' weights, side by side
}
masks-grid-title-group = Heads { $first } … { $last } of { $heads }: their weights, side by side
masks-head-weights-title = head { $head } weights = softmax({ $symbol }/√{ $d_k } + M)
# $partial: yes when only a group of the heads is shown, $first … $last.
masks-grid-caption = { $heads ->
    [1] The table is the one head's
   *[other] Each table is one head's
} softmax({ $symbol }/√d_k + M): every row is one query's weights over the keys.{ $partial ->
    [yes] {" "}Shown: heads { $first } … { $last } of { $heads }.
   *[no] {""}
}
masks-query-picker = Pick the query token
masks-query-title-one = { $label } in its one head: softmax(qKᵀ/√{ $d_k } + M)
masks-query-title = { $label } in every head: softmax(qₕKₕᵀ/√{ $d_k } + M)
masks-looks-none = { $name } may see no key, so { $heads ->
    [1] its one head gives
    [2] both heads give
   *[other] all { $heads } heads give
} it zero weights.
masks-looks-one = { $name } may see only { $keys }, so { $heads ->
    [1] its one head puts
    [2] both heads put
   *[other] all { $heads } heads put
} all the weight, 1, there.
# One group of heads that look most at the same keys: $count heads, numbered $heads; $tied: yes for several keys.
masks-looks-group = { $count ->
    [1] head
   *[other] heads
} { $heads } → { $keys }{ $tied ->
    [yes] {" "}(tied)
   *[no] {""}
}
masks-looks-separator = {"; "}
# $where: the groups; $verdict: one (one head), agree or differ.
masks-looks = Where { $name } looks most: { $where }. { $verdict ->
    [one] With one head there is nothing to compare: pick more heads in the sidebar to see several.
    [agree] Here { $heads ->
        [2] both heads
       *[other] all { $heads } heads
    } agree on where to look; each still passes along its own columns of V.
   *[differ] The heads look most at different keys, and heads that look at different keys pass different values along.
}
masks-average-toggle = { $heads ->
    [1] Show the average over the heads (with one head, its own weights)
   *[other] Show the average over the { $heads } heads (a summary the layer never computes)
}
masks-average-title = { $heads ->
    [1] average over the 1 head = head 1's weights
   *[other] average over the { $heads } heads, not a head
}
masks-average-caption = { $heads ->
    [1] With one head, the average (1/h)·Σₕ weightsₕ is simply that head's weights. With several, it would be a summary for your eyes only: the layer never computes it, it concatenates the heads' outputs and multiplies by W_O.
   *[other] This average, (1/h)·Σₕ weightsₕ, is a summary for your eyes only: the layer never computes it. It concatenates the heads' outputs and multiplies by W_O, so a head that looks somewhere else is not blurred away.
}

## The code and the notebook

# $label: the query shown above (escaped for markdown); $head: the head.
masks-code-intro = This page's numbers in plain numpy, for { $heads ->
    [1] the query “{ $label }”
   *[other] head { $head } and the query “{ $label }”
} shown above: the code of the notebook below, which also checks its results against the page.
masks-sources = The page itself builds the mask with `build_mask` from `attn_core/masks.py` and runs `multi_head_attention` from `attn_core/attention.py` once, with that mask on every head:
masks-head-note = the head the page shows step by step (head { $head })
masks-query-note = the query the page shows: { $label }
masks-setting-mask = mask
masks-setting-tokens = tokens, with any padding
masks-setting-head = head shown step by step
masks-setting-query = query across the heads

## The notebook's markdown cells

masks-nb-sentence =
    ## 1. The sentence and the mask

    X (with any padding tokens the page appended), the layer's weights, and the mask: True lets a query (row) attend
    to a key (column).
masks-nb-steps =
    ## 2. What the mask does, step by step

    Every blocked pair's score becomes −∞ before the softmax, so its weight is exactly 0 and each row shares its
    weight among the keys that are left.
masks-nb-heads =
    ## 3. Several heads

    One query across every head, and the heads' average (a summary to look at, not a head).

## The mask's two cases, inside the formula M_ij = { 0: query i may see key j; −∞: blocked } (LaTeX \text).

masks-cases-query = query
masks-cases-may-see = may see key
masks-cases-blocked = blocked
