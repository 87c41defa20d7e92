### Mask mistakes (attn_lessons/mask_mistakes.py). A $label, $first, $last or $top is a token as the page prints it;
### numbers arrive formatted.

mask-mistakes-title = Mask mistakes
mask-mistakes-then = { $first } { $then }
mask-mistakes-intro = Masking bugs rarely raise an error: the shapes match, the loss falls, and the model quietly learns the wrong thing. Each one below runs on your sentence, one head wide (d_k = d_model), beside the right computation.
mask-mistakes-in-the-wild-title = Where these bugs turn up
mask-mistakes-in-the-wild = Some bugs return NaN for one row in a thousand. The issue trackers of public attention code are full of them: a fully blocked row that turns into NaN (PyTorch issue [#41508](https://github.com/pytorch/pytorch/issues/41508), reported in 2020), a mask on the wrong axis, a “98 % accuracy” that was really a mask letting the answer through, a mask whose True means the opposite of what its author thought. The page ends with checks you can run on your own code.
mask-mistakes-waiting = The wrong weights, sections 2 to 5, the checks and the quiz follow once you answer: several of them would give the row's sum away.
mask-mistakes-symptom = Symptom and check

## The settings one control away that would show something

mask-mistakes-remedy = To see { $what }, { $parts }.
mask-mistakes-see-it = it
mask-mistakes-see-quiz = a quiz
mask-mistakes-see-more = more of them go wrong
mask-mistakes-see-mask = a mask at work
# $kinds: the masks to pick (Causal or Padding); $padded: yes when Padding is one of them.
mask-mistakes-remedy-pick = pick { $kinds }{ $padded ->
    [yes] {" "}(with 1 padded token)
   *[no] {""}
} above
mask-mistakes-remedy-one_pad = set the padding to 1 token
# $none, $control: the block control's option and label.
mask-mistakes-remedy-unblock = choose “{ $none }” under “{ $control }”
mask-mistakes-remedy-block = choose “{ $label }” under “{ $control }”
mask-mistakes-remedy-longer = type two or more words in the sidebar

## Each mistake's name, its symptom in one line

mask-mistakes-label-after_softmax = Mask applied after the softmax
mask-mistakes-label-inverted = The mask's meaning inverted
mask-mistakes-label-wrong_axis = The mask on the wrong axis
mask-mistakes-label-finite_fill = A finite −10⁹ in place of −∞
mask-mistakes-label-naive_inf = −∞ with a plain softmax
mask-mistakes-label-no_mask = No mask where one was needed
mask-mistakes-symptom-after_softmax = rows of the weights sum to less than 1, though no blocked pair gets any weight.
mask-mistakes-symptom-inverted = all the weight lands on pairs the mask blocks, and none on the pairs it allows.
mask-mistakes-symptom-wrong_axis = whole query rows are blocked instead of key columns, and the blocked keys still get weight.
mask-mistakes-symptom-finite_fill = a query that may see no key gets even weights over the keys it must not read, or NaN in float16.
mask-mistakes-symptom-naive_inf = a query that may see no key gets NaN weights and a NaN output, which spread from there.
mask-mistakes-symptom-no_mask = every query reads every key: changing a later token moves the earlier outputs.
mask-mistakes-symptom-line = **Symptom:** { $text }
mask-mistakes-check-line = **Check:** `{ $code }`

## The quiz's explanations ($blocked, $allowed, $lowest: readings as printed; counts as numbers)

mask-mistakes-explain-after_softmax = zeroing after the softmax gives blocked pairs exactly 0 but leaves rows summing to less than 1; here the largest weight on a blocked pair is { $blocked } and the lowest row sum is { $lowest }.
mask-mistakes-explain-inverted = an inverted mask puts all the weight on blocked pairs and none on allowed ones; here the largest weight on an allowed pair is { $allowed } and on a blocked pair { $blocked }.
mask-mistakes-explain-wrong_axis = a mask on the wrong axis is the right computation with the mask's rows and columns swapped, so pairs the mask blocks get weight and pairs it allows get none; here { $blocked_weighted } of { $blocked_pairs } blocked pairs got weight, { $allowed_empty } of { $allowed_pairs } allowed pairs got none{ $silenced ->
    [0] {""}
    [one] , 1 row that may see a key got no weight at all
   *[other] , { $silenced } rows that may see a key got no weight at all
}, and the weights { $same ->
    [yes] are
   *[no] are not
} exactly those of the mask turned around.
mask-mistakes-explain-finite_fill = a finite fill changes only the fully blocked rows, which get weight on keys they must not read instead of 0; here { $n ->
    [one] 1 fully blocked row
   *[other] { $n } fully blocked rows
} got weight.
mask-mistakes-explain-naive_inf = −∞ with a plain softmax turns every fully blocked row into NaN; here { $n ->
    [one] 1 row is
   *[other] { $n } rows are
} NaN.
mask-mistakes-explain-no_mask = leaving the mask out gives weight to every pair, blocked or not; here { $blocked_weighted } of { $blocked_pairs } blocked pairs got weight (up to { $blocked }), { $allowed_empty } of { $allowed_pairs } allowed pairs got none, and the weights { $same ->
    [yes] are
   *[no] are not
} exactly the unmasked ones.
mask-mistakes-reading-nan = NaN rows
mask-mistakes-reading-row-gap = largest row-sum gap
mask-mistakes-reading-blocked = largest weight, blocked pair
mask-mistakes-reading-allowed = largest weight, allowed pair
mask-mistakes-reading-silenced = open rows with no weight
mask-mistakes-reading-filled = fully blocked rows with weight
mask-mistakes-reading-even = … of them spread evenly
mask-mistakes-reading-blocked-weighted = blocked pairs with weight
mask-mistakes-reading-allowed-empty = allowed pairs with no weight
mask-mistakes-of = { $part } of { $whole }
# What names the quiz's answer instead of showing a symptom (never on the page while the question is open).
mask-mistakes-gives-1 = = unmasked weights
mask-mistakes-gives-2 = unmasked ones
mask-mistakes-gives-3 = = transposed mask applied
mask-mistakes-gives-4 = transposed mask
mask-mistakes-gives-5 = mask turned around
mask-mistakes-readings-note = The row-sum gap is how far a row's sum is from 1, or from 0 for a row the mask blocks entirely; an open row is one that may see at least one key. A pair has weight when its weight is above 0. NaN rows are left out of the other readings.
# $secret, $pick: the mistakes' names; $why, $pick_why: what each does to the readings.
mask-mistakes-verdict-right = Right: it is **{ $secret }**. Why: { $why }
mask-mistakes-verdict-wrong = Not this time: it is **{ $secret }**, because { $why } You picked { $pick }: { $pick_why }
mask-mistakes-quiz-one = With this mask only one mask mistake, { $name }, can be told from the right computation and from the others by its symptoms, so a quiz would have a single answer.
mask-mistakes-quiz-none = With this mask, every mask mistake gives the right weights or looks exactly like another, so there is nothing to spot.

## Your sentence and mask

mask-mistakes-mask-header = Your sentence and mask
mask-mistakes-block-label = Also block every key of
mask-mistakes-block-none = no query
mask-mistakes-block-help = A query that may see no key at all, as the first token of a left-padded sentence under a causal mask. Sections 1 to 4 and the quiz then have a fully blocked row.
mask-mistakes-pad-slider = How many trailing tokens are padding?
mask-mistakes-grid-label = Your grid: one string of 0s and 1s per query row, rows joined by “-” (1 = may attend)
mask-mistakes-grid-help = The Masks and heads page has a grid of boxes to tick; its link carries the same string.
mask-mistakes-m-formula = 0 (may attend) or −∞ (blocked)
mask-mistakes-axis-key = key
mask-mistakes-axis-query = query
mask-mistakes-setting-mask = mask
mask-mistakes-setting-padding = padding tokens
mask-mistakes-setting-blocked = fully blocked query
mask-mistakes-setting-none = none
mask-mistakes-setting-token = token changed
mask-mistakes-setting-word = to the word
# $how: cut or grown; $new: yes when pairs were added.
mask-mistakes-grid-notice = Your grid is { $m } × { $m } but your sentence has { $n } tokens, so it is { $how ->
    [cut] cut
   *[grown] grown
} to { $n } × { $n }{ $new ->
    [yes] {" "}(the new pairs are allowed)
   *[no] {""}
}.
mask-mistakes-grid-refused = That grid can't be read: { $error }. Every pair is allowed until it can.
mask-mistakes-summary-one = Your mask blocks the only query→key pair (−∞ in M below): { $row } may see no key at all.
mask-mistakes-summary-blocks = Your mask blocks { $all ->
    [yes] all { $pairs }
   *[no] { $blocked } of the { $pairs }
} query→key pairs (−∞ in M below).
mask-mistakes-summary-every-closed = Every query may see no key at all: every row is fully blocked.
mask-mistakes-summary-closed = { $rows } may see no key at all: { $count ->
    [1] its row is
   *[other] their rows are
} fully blocked.
mask-mistakes-summary-open = Every query may still see at least one key.
mask-mistakes-blocks-nothing = Your mask blocks no query→key pair.
# $k of $total mistakes give the right weights: $names.
mask-mistakes-right-anyway = So { $k } of the { $total } mask mistakes below give the right weights with it: { $names }.
mask-mistakes-only-others = Only { $names } { $count ->
    [1] changes
   *[other] change
} them{ $inverted ->
    [yes] {" "}(inverted, a mask that blocks nothing blocks every pair).
   *[no] .
}

## 1. The mask after the softmax

mask-mistakes-after-header = 1. The mask applied after the softmax
mask-mistakes-after-intro = The mask must act on the **scores**, before the softmax; zeroed afterwards, the blocked keys have already taken their share.
mask-mistakes-after-fold = { mask-mistakes-symptom }; renormalising afterwards, and float16 underflow
mask-mistakes-row-sum-zero = exactly 0
mask-mistakes-row-sum-less = between 0 and 1
mask-mistakes-row-sum-one = exactly 1
mask-mistakes-row-sum-more = more than 1
mask-mistakes-row-sum-question = If you zero the blocked weights after the softmax, what does the row of “{ $label }” sum to?
mask-mistakes-reveal = { $answer }: { $why }
# $case: none-one, none, all, zero, one or less; $n keys, $allowed of them allowed, $nb blocked; $took, $left.
mask-mistakes-why-row-sum = { $case ->
    [none-one] “{ $label }” may not see its only key, so its one weight is zeroed, as it is with the mask on the scores.
    [none] “{ $label }” may see none of the { $n } keys, so every weight in its row is zeroed, as it is with the mask on the scores.
    [all] “{ $label }” may see { $n ->
        [1] its only key
        [2] both keys
       *[other] all { $n } keys
    }, so nothing in its row is zeroed and it sums to 1, as it should.
    [zero] “{ $label }” may see { $allowed } of the { $n } keys. The softmax shared the row over { $n ->
        [2] both keys
       *[other] all { $n } keys
    } first, and the { $nb ->
        [one] 1 blocked key
       *[other] { $nb } blocked keys
    } scored so far ahead that the allowed keys' weights underflowed to 0; zeroing the blocked ones leaves nothing.
    [one] “{ $label }” may see { $allowed } of the { $n } keys. The softmax shared the row over { $n ->
        [2] both keys
       *[other] all { $n } keys
    } first, but what the { $nb ->
        [one] 1 blocked key
       *[other] { $nb } blocked keys
    } got is so small that it rounds to 0 in floating point, so zeroing { $nb ->
        [one] it
       *[other] them
    } takes nothing away. In exact arithmetic the row would sum to a little less than 1.
   *[less] “{ $label }” may see { $allowed } of the { $n } keys. The softmax shared the row over { $n ->
        [2] both keys
       *[other] all { $n } keys
    } first, and the { $nb ->
        [one] 1 blocked key
       *[other] { $nb } blocked keys
    } took { $took } of it; zeroing { $nb ->
        [one] it
       *[other] them
    } leaves { $left }. Masking the scores instead gives the allowed keys the whole 1.
}
mask-mistakes-after-nothing = { $all_blocked ->
    [yes] Your mask blocks every key of every query, so zeroing after the softmax changes nothing here: every row sums to 0, as it does with the mask on the scores.
   *[no] Your mask blocks no key of any query that may see one, so zeroing after the softmax changes nothing here: every row that may see a key still sums to 1.
}
# $case: none (no row sums to 1), all (every row does) or some ($short of $n); the lowest row, $label, at $sum.
mask-mistakes-after-rows = Zeroed after the softmax, { $case ->
    [none] none of the { $n } rows sums to 1 any more
    [all] every row still sums to 1 to within 10⁻⁹
   *[some] { $short } of the { $n } rows no longer { $short ->
        [one] sums
       *[other] sum
    } to 1
}; the lowest is “{ $label }”, at { $sum }.{ $zero_rows ->
    [yes] {" "}A fully blocked row sums to 0 either way.
   *[no] {""}
}
mask-mistakes-wrong-weights = WRONG weights
mask-mistakes-right-weights = right weights
mask-mistakes-column-query = query
mask-mistakes-column-keys = keys it may see
mask-mistakes-column-right-sum = right: row sum
mask-mistakes-column-wrong-sum = WRONG: row sum
mask-mistakes-column-scores = scores
mask-mistakes-renormalising = **And renormalising afterwards?** Dividing each zeroed row by its new sum (`weights /= weights.sum(-1, keepdims=True)`) repairs the sums, and in exact arithmetic gives the masked weights. In floating point it does not always:
mask-mistakes-renorm-scaled = your scores ×{ $factor }
mask-mistakes-renorm-two-keys = [{ $lead }, 0], key 0 blocked
mask-mistakes-renorm-nan = NaN in { $n ->
    [one] 1 row
   *[other] { $n } rows
}
mask-mistakes-renorm-off = off by { $gap }
mask-mistakes-renorm-same = same
mask-mistakes-renorm-limit = { $gap } in { $dtype }
mask-mistakes-renorm-general = In general it breaks in any row where a blocked score leads every allowed score by more than about { $limits }: the allowed weights underflow to 0 before the division, and 0 / 0 is NaN. The two-key rows of the table show it.
mask-mistakes-renorm-tail = A fully blocked row is 0 / 0 = NaN at any size ({ $rows ->
    [one] 1 row
   *[other] { $rows } rows
} of yours, left out of the table).
mask-mistakes-renorm-agree = Your mask blocks no key of a query that may see others, so on your sentence both ways agree.
mask-mistakes-renorm-below = On your sentence no blocked score is above the best allowed score of its row ({ $tie ->
    [yes] one ties it
   *[no] the closest is { $below } below
}), so renormalising gives the masked weights at any size here.
mask-mistakes-renorm-leads = On your sentence a blocked score leads the best allowed score of its row by up to { $lead }, so scaled up enough the allowed weights underflow.

## 2. The mask inverted, 3. the mask on the wrong axis

mask-mistakes-inverted-header = 2. The mask's meaning inverted
mask-mistakes-inverted-intro = Pass a mask whose True means “blocked” where True means “may attend”, and every allowed pair is blocked and every blocked one allowed. Nothing fails.
mask-mistakes-inverted-fold = { mask-mistakes-symptom }; PyTorch's two meanings of True
mask-mistakes-torch-meanings = PyTorch uses both meanings of True, documented side by side; the shape matches and the dtype is bool either way.
mask-mistakes-true-pair-allows = this query may attend to this key
mask-mistakes-true-pair-blocks = this query may NOT attend to this key
mask-mistakes-true-key-allows = this key may be attended to
mask-mistakes-true-key-blocks = this key is padding: ignore it
mask-mistakes-this-page = this page
mask-mistakes-conventions-api = PyTorch
mask-mistakes-conventions-argument = argument
mask-mistakes-conventions-shape = shape
mask-mistakes-conventions-true = True means
mask-mistakes-inverted-nothing = Your mask blocks nothing, so inverted it blocks everything: every weight is 0 and every output is 0.
mask-mistakes-inverted-everything = Your mask blocks every pair, so inverted it allows every pair: each query reads every key, as with no mask at all.
# $later: the tokens after the first, listed.
mask-mistakes-inverted-causal = Inverted, your causal mask lets each token see only the tokens after it, never itself: “{ $first }” now reads { $later }, and “{ $last }”, the last, may see nothing (0s here, NaN with a plain softmax). The model reads only the future.
mask-mistakes-inverted = The inverted mask lets through exactly the { $let ->
    [one] 1 pair
   *[other] { $let } pairs
} your mask blocks and blocks the { $block } it allowed. The largest weight on a pair you allowed is now { $exact ->
    [yes] exactly 0
   *[no] { $top }
}: all the weight sits on pairs that should be blocked.
mask-mistakes-inverted-closed = { $rows } may now see no key at all, so { $count ->
    [1] its row is
   *[other] their rows are
} 0.
mask-mistakes-wrong-axis-header = 3. The mask on the wrong axis
mask-mistakes-wrong-axis-intro = A padding mask is one flag per **key**: shaped (1, n) it blocks key columns; shaped (n, 1) it blocks query rows instead. On a full (n, n) mask the mistake is its transpose.
mask-mistakes-axis-symmetric = Your mask is its own transpose (query i may see key j exactly when query j may see key i), so the wrong axis changes nothing here.
# $names: the padding's tokens; $top: the real query that gives them most, $share of its weight.
mask-mistakes-axis-padding = Shaped (1, { $n }), the mask blocks the key columns of { $names }: no query reads the padding. Shaped ({ $n }, 1), it blocks their query rows instead: the padding's own outputs are silenced, while every real query still reads the padding (“{ $top }” gives it { $share } of its weight).
mask-mistakes-axis-causal = Turned around, the causal mask lets each token see itself and everything after it instead of before: “{ $first }” now reads { $n ->
    [2] both tokens
   *[other] all { $n } tokens
}, and “{ $last }”, the last, reads only itself.
mask-mistakes-axis-other = With rows and columns swapped, query i is blocked from key j wherever yours blocks query j from key i: { $moved ->
    [one] 1 pair you allowed is now blocked, and 1 pair you blocked now gets
   *[other] { $moved } pairs you allowed are now blocked, and { $moved } pairs you blocked now get
} weight (up to { $top }).

## 4. A finite "minus infinity"

mask-mistakes-fill-header = 4. A finite “minus infinity”
mask-mistakes-fill-intro = Many codebases block with −10⁹ instead of −∞, to dodge the NaN of a row that may see no key. Here are both, and the right way.
mask-mistakes-fill-fold = Symptoms and checks; the right way's row
mask-mistakes-fill-radio = The finite fill
mask-mistakes-fill-label-min = the dtype's lowest value
mask-mistakes-fill-label-textbooks = −10⁶ (as some textbooks)
mask-mistakes-fill-short-min = lowest
mask-mistakes-title-wrong = WRONG: { $what }
mask-mistakes-title-right-zeros = right: 0s
mask-mistakes-fill-title = weights of “{ $label }”, every key blocked, { $dtype }
mask-mistakes-blocked-row-added = Your mask leaves every query a key, so this section blocks every key of “{ $label }”, as left padding does to the first token under a causal mask.
mask-mistakes-blocked-row = “{ $label }” may see no key under your mask: every score in its row is blocked.{ $more ->
    [0] {""}
    [one] {" "}1 more row is fully blocked too.
   *[other] {" "}{ $more } more rows are fully blocked too.
}
mask-mistakes-fill-lowest = the lowest { $dtype }, { $value }
mask-mistakes-output-zeros = its output is all 0s, as it should be
mask-mistakes-output-one = its output is { $far } instead of 0
mask-mistakes-output-far = its output should be all 0s, and its entry furthest from 0 is { $far }
mask-mistakes-naive-nan = **−∞ with a plain softmax:** every score in the row of “{ $label }” is −∞, so is its maximum, and −∞ − (−∞) is NaN: { $n ->
    [1] its weight is
    [2] both weights are
   *[other] all { $n } weights are
} NaN, and so is its output.
mask-mistakes-naive-fine = **−∞ with a plain softmax:** the row of “{ $label }” has no NaN here; its largest weight is { $largest }.
mask-mistakes-fill-overflow = **Fill { $name }:** in { $dtype }, { $name } cannot be stored (the largest { $dtype } magnitude is { $big }), so np.{ $dtype }({ $fill }) is −∞: the fill becomes the very −∞ it was meant to avoid, and the row is { $nan ->
    [yes] NaN
   *[no] not NaN
} again.
mask-mistakes-fill-nan = **Fill { $name }:** the row still has NaN weights in { $dtype }.
# $how: one (one key), even or some; $reading: mask-mistakes-output-….
mask-mistakes-fill-spread = **Fill { $name }:** every score in the row is the same number, { $name }, so the softmax { $how ->
    [one] puts all of it on the one key, which is blocked
    [even] spreads the weight evenly ({ $each } on each of the { $n } keys, all blocked)
   *[some] still puts weight on keys it must not see (up to { $largest })
}, and the query reads values it must ignore: { $reading }.
mask-mistakes-safe-zero = **attn_core's softmax** sees a row with no finite score and gives it weights of 0 and an output of 0 in { $dtype }: the query reads nothing, which is what the mask asked for.
mask-mistakes-safe-weight = **attn_core's softmax** gives this row weights up to { $largest }.

## 5. No causal mask: the leak test

mask-mistakes-no-mask-header = 5. No causal mask where one was needed
mask-mistakes-no-mask-intro = A model that predicts the next token must not read it. Without a causal mask it reads ahead: training looks excellent and generating fails. The test: **change a later token; do earlier outputs move?**
mask-mistakes-one-token = Your sentence has a single token, so no output comes before another. Type a sentence of at least two words in the sidebar to run the leak test.
mask-mistakes-leak-token = Change the token
mask-mistakes-leak-word = to the word
mask-mistakes-leak-row-wrong = WRONG: no mask
mask-mistakes-leak-row-causal = causal mask
mask-mistakes-leak-axis = query (output row)
mask-mistakes-leak-title = largest change in each output, “{ $label }” → “{ $word }”
mask-mistakes-word-refused = The new word can't be used: { $error }.
mask-mistakes-same-word = “{ $word }” is already the token there, so nothing changes. Type a different word.
mask-mistakes-leak-first = “{ $label }” is the first token: no output comes before it, so there is nothing to leak. Pick a later token.
# $t: the earlier outputs; $moved of them moved, the most ($most) at $top; $all: yes when every one moved.
mask-mistakes-leak-free = Without the mask, changing “{ $label }” to “{ $word }” { $case ->
    [none] happens to move none of the { $t } earlier outputs.
    [one] moves the output of “{ $first }”, the one before it, by { $most }: it read a token that comes after it.
   *[some] moves { $all ->
        [yes] { $t ->
            [2] both earlier outputs
           *[other] all { $t } earlier outputs
        }
       *[no] { $moved } of the { $t } earlier outputs
    } (the most, { $most }, at “{ $top }”): each of those read a token that comes after it.
}
mask-mistakes-leak-causal = With the causal mask, { $leaks ->
    [no] { $t ->
        [1] it does not move
       *[other] none of the { $t } moves
    }: the largest change is { $worst }.
   *[yes] { $moving } of the { $t } still move (up to { $worst }): the mask leaks.
}

## The checks for your own code

mask-mistakes-checks-header = Checks for your own code
mask-mistakes-checks-intro = Five checks, run on every computation above:
mask-mistakes-checks-fold = The five checks, one by one, and as code for yours
mask-mistakes-checks-toggle = Run these checks on your own code
mask-mistakes-snippet-help = Runnable numpy to paste into a notebook, with your sentence's numbers.
# $attention, $checks: the two functions' names.
mask-mistakes-snippet-intro = Runnable numpy: your sentence's Q, K, V and mask as they are now, an `{ $attention }` to replace with your own, and the five checks (`{ $checks }`). It prints “all 5 checks pass” or the ones that fail.
mask-mistakes-column-computation = computation
mask-mistakes-heading-rows = rows sum to 1
mask-mistakes-heading-blocked = blocked get 0
mask-mistakes-heading-leak = no leak
mask-mistakes-heading-blocked_row = blocked row 0s
mask-mistakes-heading-known = known answer
mask-mistakes-right-label = Right: −∞, then 0s
# $head: fails, all or some; $n: the checks that ran; $missed: none, or some ($names).
mask-mistakes-caught = { $head ->
    [fails] The right computation fails a check here, which should never happen
    [all] The right computation passes all { $n ->
        [2] two
        [3] three
        [4] four
        [5] five
       *[other] { $n }
    } checks
   *[some] The right computation passes { $n ->
        [1] the one check
       *[other] each of the { $n ->
            [2] two
            [3] three
            [4] four
            [5] five
           *[other] { $n }
        } checks
    } that ran here (a — marks a check with nothing to check)
}{ $missed ->
    [none] , and every mistake fails at least one.
   *[some] . Not caught on this sentence and mask: { $names }.
}
mask-mistakes-reading-exactly-0 = exactly 0
# Each check as run: $mark ✓ or ✗; $reading: the number it measured.
mask-mistakes-check-rows = { $mark } **Every row sums to 1, or to 0 when fully blocked**: the largest gap over { $n ->
    [one] 1 row
   *[other] { $n } rows
} is { $reading }.
mask-mistakes-check-blocked = { $mark } **Blocked pairs get exactly 0**: the largest weight on any of the { $count ->
    [one] 1 blocked pair
   *[other] { $count } blocked pairs
} is { $reading }.
mask-mistakes-check-blocked-none = — **Blocked pairs get exactly 0**: your mask blocks no pair, so there is nothing to check here.
mask-mistakes-check-leak-none = — **Under a causal mask, changing token t moves no earlier output**: with a single token there is no earlier output to check.
mask-mistakes-check-leak = { $mark } **Under a causal mask, changing token t moves no earlier output**: changing “{ $label }” to “{ $word }” { $passed ->
    [yes] moves none of them
   *[no] moves them
}: the largest change among the { $t ->
    [one] 1 earlier output
   *[other] { $t } earlier outputs
} is { $reading }.
# $how: zero, nan or far.
mask-mistakes-check-blocked-row = { $mark } **A fully blocked row gives 0s, not NaN**: with every key of “{ $label }” blocked, { $how ->
    [zero] its weights and output are all exactly 0.
    [nan] the output holds NaN.
   *[far] its weights and output entries reach { $reading } away from 0.
}
# $example: two (query 1 gets $a and $b) or one (one token).
mask-mistakes-check-known = { $mark } **Known answer**: with one-hot keys and values and each query's own key scoring ln 4, under a causal mask query i (counting from 0) must give 4/(i + 4) to itself and 1/(i + 4) to each earlier key ({ $example ->
    [two] query 1: { $a } and { $b }
   *[one] query 0 sees only itself: 1
}); the largest gap is { $reading }.

## The quiz

mask-mistakes-quiz-header = Spot the mask mistake
mask-mistakes-quiz-intro = One mistake above made these weights from your Q, K, V and mask. Which one? Its symptoms are in the table of readings.
mask-mistakes-quiz-number = Question number (the quiz's seed)
mask-mistakes-quiz-new = New question
mask-mistakes-mystery-weights = mystery weights
mask-mistakes-column-measured = measured
mask-mistakes-column-mystery = mystery
mask-mistakes-column-right = right
mask-mistakes-readings-fold = What the readings measure
mask-mistakes-quiz-question = Which mistake made the mystery weights?
mask-mistakes-quiz-check = Check my answer
mask-mistakes-pick-first = Pick one of the mistakes first.

## Take it home

mask-mistakes-sources = Every wrong table on this page comes from one of these functions in `attn_core/mask_mistakes.py`; the right ones from `masked_attention`.
mask-mistakes-code-intro = Your sentence and mask, then { $leak ->
    [yes] sections 1 to 5
   *[no] sections 1 to 4 (section 5 draws no table just now)
}, in plain numpy with the controls you set: the code of the notebook below, which also checks its results against the page.
mask-mistakes-take-home-help = Sections 1 to 5 in plain numpy with your numbers, and the functions behind every table.
mask-mistakes-dtype-note = section 4's dtype
mask-mistakes-fill-note = section 4's finite stand-in for −∞: '-1e9', '-1e6' or 'min', the dtype's lowest
mask-mistakes-no-leak-note = section 5: the page draws no leak test just now
mask-mistakes-leak-word-note = leak_x, below: its embedding plus its position
mask-mistakes-fill-row-note = section 4: the fully blocked row the page shows: { $label }
mask-mistakes-leak-token-note = section 5: the token replaced, { $label } -> { $word }
mask-mistakes-nb-leak-none = Change a later token and see which earlier outputs move. The page draws no figure for this test just now (it needs a sentence of at least two tokens and a new word that differs from the one it replaces), so this notebook skips it too.
mask-mistakes-nb-leak = Change { $token } to { $word } and see which outputs move: without a mask, earlier ones do.

## The notebook's markdown cells

mask-mistakes-nb-mask =
    ## Your sentence and mask

    One head over the whole width (d_k = d_model). The mask: True lets a query (row) attend to a key (column).
mask-mistakes-nb-after =
    ## 1. The mask applied after the softmax

    Zeroing the blocked weights afterwards leaves each row with only the share its allowed keys got while competing
    with keys they should never have seen.
mask-mistakes-nb-inverted =
    ## 2. The mask's meaning inverted

    A mask whose True means *blocked*, passed where True means *may attend*: every allowed pair becomes blocked and
    every blocked pair allowed.
mask-mistakes-nb-axis =
    ## 3. The mask on the wrong axis

    Shaped (n, 1) instead of (1, n), a padding mask blocks query rows instead of key columns; on a full (n, n) mask
    the same mistake is its transpose.
mask-mistakes-nb-fill =
    ## 4. A finite “minus infinity”

    One row with every key blocked, computed three ways in the dtype the page uses.
mask-mistakes-nb-leak-heading =
    ## 5. No causal mask where one was needed

    { $leak_sentence }
