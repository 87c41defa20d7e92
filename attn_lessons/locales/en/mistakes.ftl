### Common mistakes (attn_lessons/mistakes.py). A number arrives formatted; $token is a token in bold (**cat**);
### $div is a divisor as the page writes it (÷ √8, ÷ 1).

mistakes-title = Common mistakes
# The source text's three common mistakes.
mistakes-intro = Three bugs people write in their own attention code: softmax over the wrong axis, dividing by √d_model instead of √d_k, and mixing up the roles of Q, K and V. Each one runs on your sentence beside the right computation, so that you learn to know a bug by its symptoms.
mistakes-one-token = Your sentence has a single token. With one query and one key, every weight is 1 whatever the mistake, so the weights have nothing to show. Type a sentence of at least two words in the sidebar.
# Two sentences one after the other.
mistakes-then = { $first } { $then }

## The mistakes' names (the quiz's options too)

mistakes-label-axis0 = Softmax over the wrong axis (the queries, axis 0)
mistakes-label-sqrt_d_model = Scaled by √d_model instead of √d_k
mistakes-label-no_scale = No scaling at all
mistakes-label-swap_qk = Q and K swapped
mistakes-label-v_as_k = V used in place of K when scoring
mistakes-label-k_as_v = K used in place of V as the values

## The quiz's checks, and the words of their readings

mistakes-check-row-gap = largest |row sum − 1|
mistakes-check-column-gap = largest |column sum − 1|
mistakes-check-masked-column-gap = largest column-sum gap
mistakes-check-scores-same = scores equal QKᵀ
mistakes-check-scores-transposed = scores equal (QKᵀ)ᵀ
mistakes-check-weights-same = weights equal the right weights
mistakes-check-entropy = mean row entropy (nats)
mistakes-check-max-weight = mean largest weight
mistakes-check-output-gap = largest |output − right output|
mistakes-column-note = The column-sum gap is the same for columns: how far a column's sum is from 1, or from 0 for a key that no query may see.
mistakes-yes = yes
mistakes-no = no
mistakes-readings-check = check
mistakes-readings-mystery = mystery
mistakes-readings-right = right
mistakes-row-gap-name = { $masked ->
    [yes] row-sum gap
   *[no] |row sum − 1|
}
mistakes-column-gap-name = { $masked ->
    [yes] column-sum gap
   *[no] |column sum − 1|
}
# $lo, $hi: the lowest and highest of some sums.
mistakes-spread-all = all { $lo }
mistakes-spread = from { $lo } to { $hi }
# What a computation's scores are: $relation is same, transposed or neither.
mistakes-scores-kind = { $relation ->
    [same] equal QKᵀ
    [transposed] equal (QKᵀ)ᵀ
   *[neither] are neither QKᵀ nor its transpose
}

## Section 1: softmax over the wrong axis

mistakes-axis-header = 1. Softmax over the wrong axis
mistakes-axis-intro = One head over the whole width, as on Home. Softmax must normalise over the **keys** for each query: the last axis of QKᵀ. A common slip names another axis.
mistakes-axis-question = The WRONG code calls `softmax(scores, axis=0)`. In its weights, which sums to 1: the rows or the columns?
mistakes-sum-rows = the rows (each query's weights)
mistakes-sum-columns = the columns (each key's weights)
mistakes-sum-neither = neither
mistakes-right-weights = The right weights (the WRONG ones join them once you answer)
mistakes-title-right-keys = right: softmax over keys
mistakes-title-wrong-queries = WRONG: softmax over queries
mistakes-the-weights = The weights
# $which: right or wrong.
mistakes-sums-heading = { $which ->
    [right] Sums, **right** weights
   *[wrong] Sums, **WRONG** weights
}
mistakes-column-token = token
mistakes-column-row-sum = row sum
mistakes-column-column-sum = column sum
mistakes-how-to-catch = How to catch it
mistakes-axis-outputs = What it does to the outputs
mistakes-outputs-one-scale = The outputs, on one colour scale
mistakes-title-right-output = right: output = weights·V
mistakes-title-wrong-output-axis = WRONG: output, axis 0
mistakes-title-difference = wrong − right output
mistakes-axis-catch = **Diagnostic:** check that each row of your weights sums to 1: `assert np.allclose(weights.sum(axis=-1), 1)`.
mistakes-axis-waits = The wrong axis joins this table once you have answered the prediction in section 1: its row sums would give that answer away.
# What would give section 1's answer away (phrases of the page once it is answered).
mistakes-gives-1 = WRONG: softmax over queries
mistakes-gives-2 = Sums, **WRONG** weights
mistakes-gives-3 = the first axis, the queries
mistakes-gives-4 = softmax over queries
mistakes-gives-5 = over the queries
mistakes-gives-6 = the queries, axis 0
mistakes-gives-7 = column of the WRONG weights
mistakes-gives-8 = every column
mistakes-gives-9 = each column
mistakes-gives-10 = column sum
# $rows, $cols: mistakes-spread of the right weights' sums.
mistakes-sums-right = **Right:** the row sums are { $rows }; the column sums are { $cols }, and nothing asks them to be 1.
# The axis-0 weights' sums, when its rows happen to sum to 1; $moved: yes when the weights still differ, by up to $by.
mistakes-sums-wrong-hidden = **Wrong:** the column sums are { $cols }, and on this sentence the row sums happen to be { $rows } too, so the row-sum check cannot see this mistake here; { $moved ->
    [yes] the weights still differ from the right ones by up to { $by }
   *[no] nor can anything else: the weights equal the right ones to within 10⁻⁹
}.
mistakes-sums-wrong = **Wrong:** the column sums are { $cols }, but the row sums are { $rows }. A query's output is then not an average of the values: a row summing to more than 1 gets more than one value's worth, a row below 1 gets less.
# $case: which lines sum to 1 (columns, both, rows, neither); $gap: the largest |row sum − 1|.
mistakes-axis-reveal = { $case ->
    [columns] `softmax(scores, axis=0)` normalises down each column, over the queries, so every column of the WRONG weights sums to 1 ({ $cols }), while its row sums are { $rows } (the largest |row sum − 1| is { $gap }). A row is one query's weights, so a query whose row sums to more than 1 gets more than one value's worth.
    [both] `softmax(scores, axis=0)` normalises down each column, over the queries, so every column of the WRONG weights sums to 1 ({ $cols }); on this sentence its rows happen to sum to 1 as well ({ $rows }), but only the columns are made to.
    [rows] Here the rows of the WRONG weights sum to 1 ({ $rows }) and its column sums are { $cols }.
   *[neither] Here neither sums to 1: the row sums of the WRONG weights are { $rows } and its column sums { $cols }.
}
mistakes-outputs-agree = On this sentence the outputs agree to within 10⁻⁹. The three outputs share one colour scale.
# $largest: the largest difference; $token: its row; $one: yes when that row's wrong weights still sum to 1, else $sum.
mistakes-output-change = The largest difference, { $largest }, is in row { $token }, { $one ->
    [yes] whose wrong weights still sum to 1 but fall on other keys
   *[no] whose wrong weights sum to { $sum } instead of 1
}. The three outputs share one colour scale.

## Section 2: the wrong scale

mistakes-scale-header = 2. The wrong scale
mistakes-head-to-show = Head to show
mistakes-head-option = head { $head }
# $sqrt: √d_k written out (√4 = 2).
mistakes-scale-divisor = { $heads ->
    [1] With one head, the queries and keys are d_k = d_model = **{ $d_k }** wide
   *[other] Split into { $heads } heads, each head's queries and keys are d_k = d_model / heads = { $d_model } / { $heads } = **{ $d_k }** wide
}, so the right divisor is √d_k = { $sqrt }.
# $clause: mistakes-flatness.
mistakes-scale-how = { $how ->
    [sqrt_d_model] Dividing by √d_model = { $sqrt } instead
   *[no_scale] Not dividing at all
} { $clause }
# $word: same, flatter, peaked or as-flat; $entropy, $right: the mean row entropies.
mistakes-flatness = { $word ->
    [same] leaves the weights exactly as flat as the right ones
   *[flatter] makes the weights flatter
    [peaked] makes the weights more peaked
    [as-flat] leaves the weights about as flat as the right ones
}: their mean row entropy{ $several ->
    [yes] {" "}over all heads
   *[no] {""}
} is { $entropy }{ $word ->
    [same] , the same as the right weights'.
   *[other] {" "}against { $right } for the right weights.
}
mistakes-note-sqrt-d-model = With heads = { $heads }, d_k = d_model = { $d_model }, so √d_model and √d_k are the same number and dividing by either gives the same weights: there is no difference to show. Raise **heads** in the sidebar to 2 or more to see the √d_model mistake.
mistakes-note-no-scale = Here d_k = { $d_k }, so √d_k = 1 and leaving the scale out happens to give the right weights. Choose a larger d_model or fewer heads to see the no-scale mistake.
# A table's title: $what is its formula or its name.
mistakes-title-right = right: { $what }
mistakes-title-wrong = WRONG: { $what }
mistakes-output-divided = output { $div }
mistakes-difference-divided = output { $div } − right
mistakes-head-weights = Head { $head }'s weights
mistakes-against-right-itself = the right one
# $delta: the change, signed (+0.156).
mistakes-against-right = { $delta } vs √d_k
mistakes-measure-entropy = mean row entropy (nats)
mistakes-measure-max_weight = mean largest weight
mistakes-measures-mean = What the numbers under the tables mean
# $flat: ln n.
mistakes-scale-caption = The weights and the two numbers under them are for head { $head }; the entropy of a row is ln n = ln { $n } = { $flat } nats when it is flat and 0 when all weight is on one key. { $heads ->
    [1] The output is the one head's output (no W_O here).
    [2] The outputs join both heads side by side (no W_O here).
   *[other] The outputs join all { $heads } heads side by side (no W_O here).
}
mistakes-scale-outputs-switch = Show the outputs and their errors
mistakes-each-wrong-output = **Each wrong output and its difference**
# One wrong output against the right one: $off yes when off, by up to $by.
mistakes-scale-output-part = the output { $div } { $off ->
    [yes] is off by up to { $by }
   *[no] matches it to within 10⁻⁹
}
# $parts: the parts above, listed; $leans: which way the weights lean (both, peaked, flatter, none).
mistakes-scale-outputs = Against this right output, { $parts }.{ $leans ->
    [both] {" "}More peaked weights lean each query toward its single best-matching value; flatter ones pull every query toward the plain average of the values.
    [peaked] {" "}More peaked weights lean each query toward its single best-matching value.
    [flatter] {" "}Flatter weights pull every query toward the plain average of the values.
   *[none] {""}
}
# $shape: the split Q's shape; $same: yes when d_k is d_model.
mistakes-scale-diagnostic = **Diagnostic:** d_k is the width of one head's query, `Q.shape[-1]` after the split. Here the split Q has shape { $shape }, so d_k = { $d_k }{ $same ->
    [yes] , the same as d_model = { $d_model }.
   *[no] , not d_model = { $d_model }.
}

## Section 3: confusing the roles

mistakes-roles-header = 3. Confusing the roles
mistakes-roles-intro = **Queries and keys decide the weights; values decide what gets copied.** The tables use one head (d_k = d_v = d_model = { $d_model }), with this page's seeded weights standing in for learned ones.
mistakes-swap-header = Swapping Q and K
mistakes-axis-key-j = key j
mistakes-axis-query-i-asking = query i (asking)
mistakes-axis-query-j-asking = query j (asking)
mistakes-axis-key-i-asked = key i (being asked)
mistakes-axis-key = key
mistakes-axis-query = query
mistakes-axis-value-dimension = value dimension
mistakes-title-right-scores = right: scores QKᵀ
mistakes-title-wrong-scores = WRONG: scores KQᵀ
mistakes-swap-weights-toggle = Show the weights from these scores
# $gap: the largest gap from the transpose; $moved: yes when the weights moved, by up to $by.
mistakes-swap-text = Cell (i, j) of KQᵀ is kᵢ·qⱼ, so the swapped scores are the right ones transposed (largest gap { $gap }), and on this sentence { $moved ->
    [yes] the weights move by up to { $by }
   *[no] the weights happen to stay the same (to within 10⁻⁹)
}.
mistakes-swap-breaks = When the swap breaks something, and when it does not
mistakes-swap-scratch = - **Self-attention you train from scratch:** nothing breaks. KQᵀ = (X W_K)(X W_Q)ᵀ is QKᵀ with W_Q and W_K trading names, so training learns the same layer.
# $token: the row's token in bold; $label: the same token, plain.
mistakes-swap-loaded = - **Weights you load** (a trained model's, or a checkpoint from other code): W_Q was trained to ask and W_K to be asked. Swapped, row { $token } of the scores is { $label }'s key scored against every token's query, so it is no longer asking.
mistakes-cross-attention = **Cross-attention**
# $cross: mistakes-cross-attention, linked to its definition.
mistakes-swap-cross = - { $cross }: KQᵀ has one row per key, not per query. With different lengths it cannot multiply V at all; with equal lengths each output row belongs to the wrong token.
# $n_q: the queries kept; $n: the keys; $d_v: V's columns kept; the shapes as 3 × 8; $did: error (with $error), caught
# or same; $article_w, $article_s: English's a or an before the shapes.
mistakes-cross-demo = Try it on this sentence: keep the queries of the first { $n_q ->
    [one] 1 token
   *[other] { $n_q } tokens
} only (Q is { $q_shape }) and { $n ->
    [1] the one key with its value
    [2] both keys with their values
   *[other] all { $n } keys with their values
} (V cut to its first { $d_v ->
    [one] 1 column
   *[other] { $d_v } columns
}, so d_v = { $d_v }). The right weights are { $article_w ->
    [an] an
   *[a] a
} { $w_shape } matrix and the output { $out_shape }; { $did ->
    [error] the swapped code stops with an error: { $error }.
    [caught] the swapped code returns { $article_s ->
        [an] an
       *[a] a
    } { $s_shape } output.
   *[same] the swapped code returns the same shape, so on this sentence the shape test cannot see it.
}
mistakes-v-as-k-header = Using V in place of K when scoring
mistakes-title-right-softmax-qk = right: softmax(QKᵀ/√d_k)
mistakes-title-wrong-softmax-qv = WRONG: softmax(QVᵀ/√d_k)
mistakes-title-wrong-softmax-kq = WRONG: softmax(KQᵀ/√d_k)
# $moved: yes when the weights differ, by up to $by; $scores: mistakes-scores-kind; $gap: the largest |row sum − 1|.
mistakes-v-as-k = With softmax(QVᵀ/√d_k) V, the values also decide where to look: the weights on this sentence { $moved ->
    [yes] differ from the right ones by up to { $by }
   *[no] happen to equal the right ones (to within 10⁻⁹)
}, and the scores { $scores }. The rows still sum to 1 (largest gap { $gap }), so the row-sum check misses it.
mistakes-still-trains = Why it still trains, and what it costs
mistakes-v-as-k-trained = In a model you train, this ties W_K to W_V: one matrix must serve both for being found and for what is passed along, and W_K never gets a gradient. It trains, but it is a different, smaller layer than the one you meant. If your values and keys differ in width (d_v ≠ d_k), QVᵀ cannot even be computed.
mistakes-k-as-v-header = Using K in place of V as the values
mistakes-title-wrong-output-k = WRONG: output = weights·K
# $gap: the weights' largest gap; $off: yes when the output is off, by up to $by.
mistakes-k-as-v = With softmax(QKᵀ/√d_k) K, the weights are exactly right (largest gap { $gap }), so every query looks at the right tokens but copies their keys instead of their values: { $off ->
    [yes] the output on this sentence is off by up to { $by }.
   *[no] the output on this sentence happens to equal the right one (to within 10⁻⁹).
}
mistakes-k-as-v-trained = In a model you train, this ties W_V to W_K: one vector per token must both be found and be passed along, and W_V never gets a gradient.
mistakes-catch-them = How to catch them in your own code
mistakes-check-rows =
    None of these needs a reference implementation to compare against.

    {"**"}Row sums.** Every row of the weights must sum to 1: `assert np.allclose(weights.sum(axis=-1), 1)`.
mistakes-check-shapes = **Shapes, with n_q ≠ n_k and d_v ≠ d_k.** Give your function fewer queries than keys, and values narrower than the keys: the output must have one row per query and be d_v wide.
mistakes-check-known = **A known answer.** Inputs small enough to work the output out by hand, like this test; `attention` is your function, returning the output.
# The shape test's two comments, in code.
mistakes-shape-test-call = { $n_q ->
    [one] 1 query
   *[other] { $n_q } queries
}, every key, values { $d_v } wide
mistakes-shape-test-assert = one row per query, d_v wide
mistakes-checks-mistake = mistake
mistakes-checks-row-sums = row sums
mistakes-checks-shapes = shapes
mistakes-checks-known = known answer
mistakes-caught = caught
mistakes-missed = missed
# One mistake in the shape test: $did error (with $error), caught or same; $name: the mistake's name.
mistakes-shape-outcome = { $did ->
    [error] - { $name }: stops with an error ({ $error }).
    [caught] - { $name }: returns { $shape } instead of { $expected }.
   *[same] - { $name }: returns the right shape, { $shape }, so the shape test misses it.
}
mistakes-shape-outcomes = In the shape test on this sentence ({ $n_q ->
    [one] 1 query
   *[other] { $n_q } queries
}, values { $d_v } wide, so the output should be { $shape }):
# One wrong scale in the known answer: $div without its ÷ (√8, 1); $hit: yes when it fails the test.
mistakes-known-part = dividing by { $div } { $hit ->
    [yes] fails it
   *[no] passes it
}
mistakes-known-answer = The known answer was worked out with ÷ √d_k = { $sqrt }, so it tests the scale too: in a layer of 2 heads with d_model = { $d_model }, { $parts }.

## The quiz

mistakes-quiz-header = Spot the mistake
mistakes-quiz-waits = The quiz opens once you have answered the prediction in section 1: its checks and its feedback would give that answer away.
mistakes-masks-toggle = Add the mask mistakes
mistakes-masks-help = Adds the masking bugs of the Mask mistakes page to the quiz. Every computation, the right one included, is then given the one mask described below the switch.
mistakes-quiz-number = Question number (the quiz's seed)
mistakes-quiz-new = New question
mistakes-quiz-right-computation = **The right computation**
mistakes-quiz-mystery = **The mystery**
mistakes-title-mystery-weights = mystery: head 1 weights
mistakes-title-mystery-output = mystery: output
mistakes-quiz-question = Which mistake made the mystery computation?
mistakes-quiz-check = Check my answer
mistakes-pick-first = Pick one of the mistakes above first.
mistakes-quiz-intro = { $masked ->
    [yes] One of the mistakes above, or a masking bug from the Mask mistakes page, was made with
   *[no] One of the mistakes above was made with
} new W_Q, W_K and W_V drawn from the question number{ $heads ->
    [1] {""}
   *[other] , split into { $heads } heads
}, so no table here repeats one above{ $masked ->
    [yes] , under the mask described below.
   *[no] .
}
mistakes-quiz-look = Read its symptoms in the checks above: rows or columns that sum to 1, scores that are QKᵀ, transposed or neither, weights flatter or more peaked, or only the output off.{ $masked ->
    [yes] {" "}With the mask: NaN rows, and weight where it blocks.
   *[no] {""}
}
# $quiz: yes for the quiz's own mask (causal, with the first token's keys blocked), $first; $blocked of $pairs pairs;
# $closed: some when $rows may see no key.
mistakes-quiz-mask = **The mask.** Every computation here, right or wrong, gets { $quiz ->
    [yes] the causal mask with every key of { $first } blocked too
   *[no] this mask
}: it blocks { $blocked } of the { $pairs } query→key pairs{ $closed ->
    [some] , and { $rows } may see no key at all. The right computation gives each blocked pair 0, and a fully blocked row 0s.
   *[none] . The right computation gives each blocked pair 0.
}
mistakes-quiz-right-weights = { $masked ->
    [yes] right: head 1, masked
   *[no] right: head 1 weights
}
mistakes-quiz-right-output = { $masked ->
    [yes] right: output, masked
   *[no] right: output
}
mistakes-checks-title = The checks, measured on the mystery computation ({ $heads ->
    [1] its one head
    [2] both heads
   *[other] all { $heads } heads
})

## What a mistake does to the checks ($rows: mistakes-row-gap-name; the readings as printed)

mistakes-symptom-axis0 = softmax over the queries makes every column sum to 1 and leaves the rows unnormalised; here the largest { $rows } is { $row_gap } and the largest { $cols } is { $col_gap }.
mistakes-symptom-swap_qk = swapping Q and K makes the scores the exact transpose of QKᵀ; here they { $yes ->
    [yes] are
   *[no] are not
}.
mistakes-symptom-v_as_k = scoring against V keeps the rows summing to 1 but gives scores that are neither QKᵀ nor its transpose; here the scores { $scores }, and the largest { $rows } is { $row_gap }.
mistakes-symptom-k_as_v = copying K instead of V leaves the weights exactly right and changes only the output; here the weights { $yes ->
    [yes] are
   *[no] are not
} identical and the output differs by up to { $out_gap }.
# $effect: what the divisor must do (flatter, peaked, as-flat); $measured: what the entropy did.
mistakes-symptom-scale = dividing by { $div } instead of √{ $d_k } keeps the scores equal to QKᵀ but { $effect ->
    [flatter] flattens the weights, raising their mean row entropy
    [peaked] sharpens the weights, lowering their mean row entropy
   *[as-flat] changes nothing at this width
}; here the scores { $same ->
    [yes] equal
   *[no] do not equal
} QKᵀ and the mean row entropy is { $entropy }, { $measured ->
    [flatter] higher than
    [peaked] lower than
   *[as-flat] about the same as
} the right { $right }.
mistakes-symptom-other = here the largest { $rows } is { $row_gap }, the scores { $scores }, and the output differs from the right one by up to { $out_gap }.

## The readings that rule a pick out

mistakes-ruling-scores = the scores { $scores }, where it would { $would ->
    [swap_qk] make them (QKᵀ)ᵀ
    [v_as_k] make them neither
   *[other] keep them equal to QKᵀ
}
mistakes-ruling-entropy = the mean row entropy is { $entropy } against the right { $right }, where it would make the weights { $effect ->
    [flatter] flatter
    [peaked] more peaked
   *[as-flat] as flat
}
mistakes-ruling-rows = the largest { $rows } is { $gap }, where it would keep every row summing to 1{ $masked ->
    [yes] , or to 0 for a row that may see no key
   *[no] {""}
}
mistakes-ruling-columns = the largest { $cols } is { $gap }, where it would make every column sum to 1
mistakes-ruling-weights = the weights are not the right ones, where it would leave them exactly right
mistakes-ruling-output = the output equals the right one to within 10⁻⁹, where it would change it
mistakes-ruling-weights_same = the weights equal the right ones to within 10⁻⁹, where it would change them
mistakes-ruling-nan = { $n ->
    [one] 1 row is
   *[other] { $n } rows are
} NaN, where it would give no NaN
mistakes-ruling-blocked = a blocked pair got up to { $weight }, where it would give every blocked pair exactly 0
mistakes-ruling-filled = { $n ->
    [one] 1 fully blocked row
   *[other] { $n } fully blocked rows
} got weight, where it would give a fully blocked row 0s
mistakes-ruling-no_nan = no row is NaN, where it would turn every fully blocked row into NaN
mistakes-ruling-not_filled = no fully blocked row got weight, where it would give each of them weight
mistakes-ruling-open_rows = rows that may see a key differ from the right ones, where it would change only the fully blocked rows
mistakes-ruling-uneven = a fully blocked row's weight is not spread evenly, where it would spread it evenly over every key
mistakes-ruling-rows_right = every row sums as it should, where it would leave some row summing to less than 1
mistakes-ruling-over_one = a row sums to { $sum }, where it would leave every row summing to at most 1
mistakes-ruling-allowed = an allowed pair got up to { $weight }, where it would give every allowed pair 0
mistakes-ruling-not_transposed = the weights are not the right ones with the mask's rows and columns swapped, where it would give exactly those
mistakes-ruling-not_unmasked = the weights are not the unmasked ones, where it would give exactly those
mistakes-ruling-separator = {"; "}
# $pick: the mistake picked; $readings: the rulings above, joined.
mistakes-ruled-out = You picked { $pick }, which these readings rule out: { $readings }.
# Only the fully blocked rows ($n) moved the entropy; $direction: higher or lower; $even: yes when spread evenly.
mistakes-entropy-blocked-rows = The mean row entropy is { $direction ->
    [higher] higher
   *[lower] lower
} than the right one's only because { $n ->
    [one] 1 fully blocked row
   *[other] { $n } fully blocked rows
} got weight{ $even ->
    [yes] {" "}spread evenly over every key
   *[no] {""}
}, where the right computation gives them 0s; every other row equals the right one.

## The quiz's verdict ($secret, $pick: the mistakes' names; $why: what the secret does to the checks)

mistakes-verdict-right = Right: it is **{ $secret }**. Why: { $why }
mistakes-verdict-wrong = Not this time: it is **{ $secret }**, because { $why } { $ruling }
mistakes-verdict-fits = No reading here rules out your pick, { $pick }: { $why } Both fit these numbers.
# $other: the mistake the checks point to, in bold, or none.
mistakes-verdict-points = On these numbers, though, the checks alone point to { $other ->
    [none] no mistake at all
   *[some] **{ $name }**
}, so this question could not be answered from its symptoms: press New question.
mistakes-verdict-heads = The row counts take in { $heads ->
    [2] both heads
   *[other] all { $heads } heads
}: each head has its own copy of every row.

## The code and the notebook

mistakes-code-waits = The code and its notebook appear once you have answered the prediction in section 1: they print the sums it asks about.
mistakes-source-intro = Every wrong table in sections 1 to 3 comes from one of these functions in `attn_core/mistakes.py`, the right ones from `scaled_dot_product_attention`; the quiz runs them too (with its mask when the mask mistakes are on), and takes the mask mistakes from `attn_core/mask_mistakes.py`, shown on the Mask mistakes page.
mistakes-code-intro = Your sentence's Q, K and V, then sections 1 to 3 in plain numpy: the code of the notebook below, which also checks its results against the page. The quiz is left out of both: its answer would be in them.

## The notebook's markdown cells

mistakes-nb-qkv =
    ## Q, K and V from your sentence

    One head over the whole width (d_k = d_model) for sections 1 and 3; section 2 splits the same Q, K, V into heads.
mistakes-nb-axis =
    ## 1. Softmax over the wrong axis

    `softmax(scores, axis=0)` normalises down each column (over the queries) instead of along each row (over the
    keys).
mistakes-nb-scale =
    ## 2. The wrong scale

    With several heads each head's queries and keys are d_k = d_model / heads wide, so the right divisor is √d_k.
    Dividing by √d_model flattens every row; not dividing at all sharpens it.
mistakes-nb-roles =
    ## 3. Confusing the roles

    Queries and keys decide the weights; values decide what gets copied.
