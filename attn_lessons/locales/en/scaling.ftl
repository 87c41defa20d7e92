### The Scaling explorer's words (attn_lessons/scaling.py, pages/Scaling_explorer.py, notebooks/scaling.py).

# Two sentences, or two parts of one, one after the other ($first, $second: texts already made).
scaling-join = { $first } { $second }
# After a weight too small for float64's normal range: float64 stores it as 0.
scaling-underflows = , which underflows to 0 in float64
# $held: the number float64 stores instead (4.9 × 10⁻³²⁴); $smallest: "yes" when that is float64's smallest number.
scaling-held-as = , which float64 holds as { $held }{ $smallest ->
    [yes] {" "}(the smallest positive float64)
   *[no] {""}
  }
scaling-past-float-times = more than 10³⁰⁸ times
# $small: 0.01, the slope called small; $tie: 0.25; $times: "746 times".
scaling-bound = below { $small }, and the { $tie } that p₁p₂ reaches when the keys tie is { $times } larger
# $n: 1 or 2.
scaling-key = key { $n }
# $slope: ∂p₂/∂z₂; $d_k: the width.
scaling-slope-unscaled = { $slope } unscaled
scaling-slope-scaled = { $slope } after ÷ √{ $d_k }
# Both slopes underflowed to 0, so their ratio is 0/0.
scaling-both-zero = both 0
# $n: a ratio as digits, "586".
scaling-times = { $n } times
scaling-at-softmax = at the softmax's input
scaling-at-weights = at W_Q and W_K
# $a: the scaled slope; $b: the unscaled one; $ratio: "2,980×".
scaling-slopes-equal = the same, { $a }, scaled or not
scaling-slopes-alike = { $a } scaled or not, alike to the digits shown
scaling-slopes-same = { $a } scaled against { $b } unscaled, about the same
scaling-slopes-larger = { $a } scaled against { $b } unscaled, { $ratio } larger
scaling-slopes-smaller = { $a } scaled against { $b } unscaled, smaller: the unscaled one is { $ratio } as large
# $where: scaling-at-softmax or scaling-at-weights; $compared: one of the scaling-slopes-… texts.
scaling-gradient-at = { $where }, { $compared }
# $p: p₂; $at_input, $at_weights: scaling-gradient-at texts; $d_k: the width.
scaling-gradients = the gradient slope { $p }(1 − { $p }) reads { $at_input }; { $at_weights } (they sit before the division, so the chain rule multiplies by 1/√{ $d_k })
# A metric's tooltip: $help, what it is; $said: scaling-gradient-at's text, capitalized.
scaling-metric-help = { $help }. { $said }.
scaling-ratio-label = scaled ÷ unscaled
scaling-ratio-help = The two slopes above, divided
scaling-raw-ratio-label = reaching W_Q, W_K
scaling-raw-ratio-help = The same ratio against the raw score q·k, which carries the chain-rule factor 1/√d_k
scaling-term-jacobian = Jacobian
# $jacobian: the word with its definition in brackets.
scaling-jacobian-intro = **The gradient.** Softmax's { $jacobian } has the entries ∂pᵢ/∂zⱼ = pᵢ(δᵢⱼ − pⱼ).
# $equal: "yes" when the scores are equal, "no" when they differ by only $gap; $slope: p₁p₂.
scaling-jacobian-tie = { $equal ->
    [yes] The two weights are equal
   *[no] The scores differ by only { $gap }, and in float64 the two weights are equal
  }, so neither key loses: every entry is ±p₁p₂ = ±{ $slope }, the largest a two-key slope can be.
# $corner: top-left or bottom-right; $loser_slope: ∂p₂/∂z₂; $p: p₂; $loser: "key 2"; $winner_slope: ∂p₁/∂z₁.
scaling-jacobian-loser = Its { $corner ->
    [top-left] top-left
   *[other] bottom-right
  } entry, { $loser_slope } = { $p }(1 − { $p }), is how much the weight of { $loser }, the key with less weight, can still move when its own score moves. With two keys all four entries are ±p₁p₂, so the winner's { $winner_slope } is the same number: when the losing key's gradient vanishes, the winning key's vanishes just as much.
# Both slopes underflowed. $gap: the gap between the scores; $one: "yes" at d_k = 1; $sqrt: "√64 = 8".
scaling-both-zero-warning = Both slopes are 0 to machine precision: a gap of { $gap } between the scores is so large that { $one ->
    [yes] dividing by √1 = 1 changes nothing
   *[no] even after dividing by { $sqrt } softmax is a hard argmax
  }, and neither key's weight can move. Dividing by √d_k fixes the *typical* size of q·k (section 2), not any score you can type. Try scores below about 100.
scaling-one-divisor = With d_k = 1 the divisor √1 is 1, so both sides are the same.
scaling-try-classic = Try z₁ = 8, z₂ = 0 and d_k = 64 to see the classic example.
# The keys tie. $equal: "yes" when the scores are equal, "no" when they differ by only $gap; $weight: each key's
# weight; $slope: ∂p/∂z.
scaling-tie = { $equal ->
    [yes] The two weights are equal
   *[no] The scores differ by only { $gap }, too little for float64: both weights are stored as the same number
  }, so each key gets { $weight } and ∂p/∂z = { $slope }, the largest a two-key slope can be: there is nothing for scaling to rescue.
# $scaled: the scaled slope; $raw: it divided by √d_k; $at_weights: "smaller" or "larger" than unscaled.
scaling-tie-scaled = On the scaled side W_Q and W_K get { $scaled } / √{ $d_k } = { $raw } through q·k, { $at_weights ->
    [smaller] less
   *[other] more
  } than unscaled: scaling pays off when the scores are far apart, as they typically are at large d_k (section 2).
# $loser: "key 2"; $slope: ∂p₂/∂z₂; $true: its true size, or "none" when too small to print.
scaling-unscaled-zero = Unscaled, the slope of { $loser }, the key with less weight, { $slope }, is exactly 0 in floating point{ $true ->
    [none] {""}
   *[other] {" "}(its true size, { $true }, underflows)
  }: its weight cannot move at all.
# $value: the slope; $bound: scaling-bound's text.
scaling-unscaled-vanishes = Unscaled, the gradient for { $loser }, the key with less weight, nearly vanishes: { $slope } = { $value }, { $bound }.
# $small: 0.01.
scaling-unscaled-not-small = Unscaled, { $slope } = { $value } for { $loser }, the key with less weight: not small (at least { $small }; the most p₁p₂ can be is 0.25, when the keys tie), so softmax is not saturated.
# $sqrt: "√64 = 8"; $slope: the scaled slope; $at_softmax: "more than 0", "more" (by $ratio, "586 times") or "same".
scaling-scaled = After dividing by { $sqrt }, softmax sees the scores z / √d_k, and its slope there is { $slope }{ $at_softmax ->
    [more] , about **{ $ratio } more**
    [same] , about the same
   *[other] , more than 0
  }
scaling-sentence-end = { $text }.
scaling-below-too = below { $small } too
# $slope: scaling-scaled's text; $below: scaling-below-too or scaling-bound; $gap: the gap between the scores.
scaling-scaled-vanishes = { $slope }. Even so it is { $below }: the gradient nearly vanishes after scaling as well. √d_k tames the typical size of q·k (section 2), not a gap of { $gap }.
# $scaled: the scaled slope; $raw: the slope at W_Q and W_K.
scaling-to-weights = W_Q and W_K sit before that division: they reach the score through q·k, so the chain rule multiplies by 1/√d_k and they get { $scaled } / √{ $d_k } = { $raw }.
# The first words comparing the slope at W_Q and W_K with the unscaled one, by that comparison.
scaling-against = That is { $at_weights ->
    [smaller] less than
    [same] about the same as
    [more-than-0] more than
   *[larger] still
  }{" "}
# $against: scaling-against's text; $loser: "key 2"; $barely: "yes" when the scaled slope is too small too.
scaling-weights-past-zero = { $against }the unscaled exact 0{ $barely ->
    [yes] , but still far too small to learn from: either way the model barely learns to look at any key but the winner.
   *[no] : with scaling, { $loser } gets gradient again.
  }
# $unscaled: the unscaled slope.
scaling-weights-same = { $against }the unscaled { $unscaled }: here scaling neither helps nor hurts the signal to W_Q and W_K{ $barely ->
    [yes] , and both are far too small to learn from: either way the model barely learns to look at any key but the winner.
   *[no] .
  }
# $ratio: "73×"; $how: "both tiny", "barely" (the unscaled slope vanishes) or "weaker"; $times: "73 times".
scaling-weights-larger = { $against }**{ $ratio }** the unscaled { $unscaled }{ $how ->
    [both-tiny] , but both are far too small to learn from: either way the model barely learns to look at any key but the winner.
    [barely] : without scaling, the signal telling W_Q and W_K to give { $loser } more weight is { $times } weaker, and the model barely learns to look at any key but the winner.
   *[weaker] : without scaling, the signal telling W_Q and W_K to give { $loser } more weight is { $times } weaker.
  }
# $ratio: how many times the unscaled slope is the scaled one; $saturated: "no" when softmax was not saturated.
scaling-weights-smaller = { $against }the unscaled { $unscaled }: here the unscaled run sends the larger signal to W_Q and W_K, { $ratio } as large.{ $saturated ->
    [no] {" "}With scores this close, softmax was not saturated to begin with.
   *[other] {""}
  }
scaling-pays-off = Scaling pays off when the scores are far apart, as they typically are at large d_k (section 2).
# The histogram of q·k at a small width. $shape: spike (d_k = 1), point (d_k = 2) or round; $kurtosis: 6/d_k.
scaling-tails = { $shape ->
    [spike] At d_k = { $d_k }, q·k is a single product of two normals: it piles up in a spike at 0 and has long tails (excess kurtosis { $kurtosis }; a normal curve's is 0), so the histogram is not bell-shaped.
    [point] At d_k = { $d_k }, q·k is a sum of { $d_k } products of two normals: its histogram comes to a sharp point at 0, with heavier tails than the normal curve (excess kurtosis 6/d_k = { $kurtosis }; a normal curve's is 0).
   *[round] At d_k = { $d_k }, q·k is a sum of { $d_k } products of two normals: its histogram is already bell-like, rounded at the top, with heavier tails than the normal curve (excess kurtosis 6/d_k = { $kurtosis }; a normal curve's is 0).
  }
scaling-tails-spread = The argument is only about the spread, and that is still √d_k. Slide d_k up and the sum of more products settles onto the normal curve.
# The unscaled curve of the largest weight. $verb: climbs, falls or stays; $first, $last: its ends, at $first_d_k and
# $last_d_k; $position: "93%"; $argmax: "yes" when it heads for a hard argmax.
scaling-peak-unscaled = Unscaled, the largest weight { $verb ->
    [climbs] climbs
    [falls] falls
   *[stays] stays close to its start,
  } from { $first } at d_k = { $first_d_k } to **{ $last }** at d_k = { $last_d_k }, { $position } of the way from uniform to a hard argmax{ $argmax ->
    [yes] : softmax heads for a hard argmax.
   *[no] .
  }
# The scaled curve: between $low and $high. $how: flat, nearly-flat (within $within), changes (by $change), or
# small-next-to (changes by $change, small next to the unscaled curve's $unscaled_change).
scaling-peak-scaled = Scaled by 1/√d_k it stays between { $low } and { $high }{ $how ->
    [flat] : flat.
    [nearly-flat] , within { $within } of its lowest value: nearly flat.
    [small-next-to] , a change of { $change }, small next to the unscaled curve's { $unscaled_change }.
   *[changes] , a change of { $change }.
  }
# The curve divided by d_k. $verb: sinks, rises or stays; $last: where it ends, at $d_k; $toward: "uniform" (at
# $position of the way, near the uniform $uniform), "same" (the same, and every key looks alike) or "no".
scaling-peak-wrong = Divided by d_k it { $verb ->
    [sinks] sinks to
    [rises] rises to
   *[stays] stays near
  } { $last } by d_k = { $d_k }{ $toward ->
    [uniform] , toward the uniform { $uniform } ({ $position } of the way from uniform to a hard argmax).
    [same] , toward the uniform { $uniform } ({ $position } of the way from uniform to a hard argmax). Every key looks almost the same and attention stops choosing.
   *[no] .
  }
# A measured spread near its theory value $theory.
scaling-about-theory = **about { $theory }**
# $off: "12%"; $side: above or below.
scaling-off-theory = { $off } { $side ->
    [above] above
   *[below] below
  } { $theory }: a few thousand pairs only estimate the spread
# The page's answer. $scores: [8, 0]; $d_k: 64; $ratio: "73 times".
scaling-closing = It [keeps scores from growing with dimension](#variance), so softmax [does not become a hard argmax](#peakedness). In the source text's own example ([two keys](#two-keys)), scores { $scores } at d_k = { $d_k }, dividing by √d_k makes the losing key's gradient at W_Q and W_K { $ratio } larger than unscaled.
# $ratio: "73×"; $top: the top weight unscaled; $slope: p₁p₂; $small: 0.01; $top_scaled: the top weight scaled.
scaling-saturation-source = The Scaling explorer's example, { $scores } at d_k = { $d_k }, gains { $ratio } because those scores saturate softmax: unscaled, the top weight is { $top } and the losing key's slope p₁p₂ = { $slope } is below { $small }; divided by √{ $d_k }, the top weight is { $top_scaled }.
scaling-your-scores = Your scores
# $whose: "Your scores" or whose they are.
scaling-these-scores = { $whose }, { $scores } at d_k = { $d_k },
# $these: scaling-these-scores's text; $saturated: "yes" or "no".
scaling-saturation-one = { $these } are divided by √1 = 1, which changes nothing: the gradient is the same either way, and they { $saturated ->
    [yes] saturate softmax
   *[no] do not saturate softmax
  } (top weight { $top }).
scaling-saturation-too = { $these } saturate it too: the top weight is { $top } unscaled (p₁p₂ = { $slope }) and { $top_scaled } after the division, so the division rescues the losing key's gradient here as well.
# $changes: "barely" or "only" (by $ratio); $factor: 1/√d_k; $effect: smaller, larger or same (by $effect_ratio).
scaling-saturation-not = { $these } do not: the top weight is only { $top } unscaled (p₁p₂ = { $slope }, not below { $small }) and { $top_scaled } after the division. So softmax's own slope { $changes ->
    [barely] barely changes
   *[only] changes only { $ratio }
  }, and the chain rule multiplies the gradient at W_Q and W_K by 1/√{ $d_k } = { $factor }: { $effect ->
    [smaller] the unscaled one is { $effect_ratio } as large
    [larger] the division makes it { $effect_ratio } larger
   *[same] it is about the same either way
  }.
# The closing on the learner's own scores. $case: one (d_k = 1), zero (both underflow, by a gap of $gap),
# past-zero, larger or smaller (by $ratio), same; $tie: "yes" when the keys tie.
scaling-your-case = With your { $scores } at d_k = { $d_k }, { $case ->
    [one] √1 = 1 and the division changes nothing.
    [zero] { $tie ->
        [yes] the keys tie, and each key's gradient there
       *[no] it
      } is 0 to machine precision with the division or without: a gap of { $gap } saturates softmax even after it.
    [past-zero] { $tie ->
        [yes] the keys tie, and each key's gradient there
       *[no] it
      } is exactly 0 without the division, and more than 0 with it.
    [larger] { $tie ->
        [yes] the keys tie, and each key's gradient there
       *[no] it
      } is { $ratio } larger with the division.
    [smaller] { $tie ->
        [yes] the keys tie, and each key's gradient there
       *[no] it
      } is smaller with the division: the unscaled one is { $ratio } as large.
   *[same] { $tie ->
        [yes] the keys tie, and each key's gradient there
       *[no] it
      } is about the same with the division or without.
  }
# "less than 0.0001": a distance too small to print.
scaling-less-than = less than { $x }
# Where the prediction lies. $side: exact, above or below; $off: how far; $key1: key 1's weight.
scaling-off-key1 = { $side ->
    [exact] exactly key 1's weight
    [above] { $off } above key 1's { $key1 }
   *[below] { $off } below key 1's { $key1 }
  }
# $guess: the learner's prediction; $where: scaling-off-key1's text; $close: 0.05; $right: "yes" or "no".
scaling-you-said = You said { $guess }: { $where }, { $right ->
    [yes] within
   *[no] more than
  } the { $close } that counts as right.
# A wrong prediction's hint. $hint: equal, order, sharper or less-sharp (then $gap: the gap between the scores).
scaling-hint = { $hint ->
    [equal] Equal scores always give equal weights, 0.5 each.
    [order] Softmax keeps the order of the scores: the key with the higher score always gets more than half the weight.
    [sharper] Softmax is sharper than the scores look: only the gap between them counts, and it counts through exp.
   *[less-sharp] Softmax is less sharp than that here: a gap of { $gap } is small through exp.
  }
# $gap: the gap between the scores; $lesson: "hard" (a hard argmax in floating point) or "nearly".
scaling-lesson = A gap of { $gap } is already enough to make softmax { $lesson ->
    [hard] a hard argmax in floating point
   *[nearly] nearly a hard argmax
  }.
scaling-exactly-zero = exactly 0 in float64
# $sqrt: "√64 = 8"; $gap: the scaled gap; $loser: "key 2"; $keeps: its weight.
scaling-lesson-scaled = Divided by { $sqrt }, the gap is { $gap } and { $loser } keeps { $keeps }.
# $sqrt: "√64 = 8".
scaling-scaled-heading = Divided by { $sqrt }
# $heading: scaling-scaled-heading's text; $line: "softmax([1, 0]) = **[0.731, 0.269]**".
scaling-scaled-caption = { $heading }: { $line }.
# $n: how many pairs ("4,000"); $seed: the sidebar's seed.
scaling-sampling-intro = Draw { $n } pairs q, k with independent N(0, 1) entries (sidebar seed { $seed }). Each q·k is a sum of d_k products of variance 1, so its standard deviation is √d_k; divided by √d_k it is 1.
# $value: "√d_k = √64 = 8".
scaling-theory = theory: { $value }
# $theory: the theory value in words; $measured: the measured spread; $about: scaling-about-theory or -off-theory.
scaling-std-caption = Theory: { $theory }. Measured { $measured }: { $about }.
scaling-one-whatever = 1, whatever d_k is
# $seeds: how many draws; $keys: keys per draw; $seed: the sidebar's seed.
scaling-peakedness-caption = Every point is the mean over **{ $seeds } seeds**: { $seeds } independent draws of one query and { $keys ->
    [one] { $keys } key
   *[other] { $keys } keys
  } from the sidebar seed ({ $seed }).
scaling-one-key = With a single key there is nothing to choose between: softmax gives it weight 1 and entropy 0 at every scale, so all three curves lie flat. Pick n ≥ 2 to see scaling matter.
# $heads: how many heads; $d_model, $d_k: widths.
scaling-temperature-intro = Your sentence's queries and keys, from **head 1 of your { $heads ->
    [one] { $heads } head
   *[other] { $heads } heads
  }** (sidebar; heads are taught on Masks and heads): d_k = d_model / heads = { $d_model } / { $heads } = { $d_k }. Dividing by τ works like a temperature: small τ sharpens softmax toward a hard argmax, large τ flattens it toward uniform.
scaling-entropy-one = The row is your one query's. With a single key its entropy is 0, an empty bar, where a hard argmax and uniform weights are the same thing.
# $n: keys (2 or more); $uniform: log n.
scaling-entropy-caption = Each bar is one query's row: an empty bar (0) is all its weight on one key; a full one, log { $n } = { $uniform }, is an even spread over { $n ->
    [2] both keys
   *[other] all { $n } keys
  }.
# $tau: the divisor.
scaling-progress-one = With τ = { $tau } the row entropy is 0 nats, as at every τ: with a single key, a hard argmax and uniform weights are the same.
# $entropy: mean row entropy; $position: "40%"; $n: keys; $uniform: log n.
scaling-progress = With τ = { $tau } the mean row entropy is { $entropy } nats: { $position } of the way from a hard argmax (0) to uniform (log { $n } = { $uniform }).
scaling-one-token = Your sentence has one token, so each row has one key: it always gets weight 1, at any τ.
# $scores: [8, 0]; $weights: [0.9997, 0.0003].
scaling-softmax-answer = softmax({ $scores }) = **{ $weights }**.
scaling-why-equal = The two scores are equal, so softmax splits the weight evenly between the keys.
# $gap: the tiny gap; $winner, $loser: "key 1"; $difference: how much larger.
scaling-why-hair = The two scores are not equal: they differ by only { $gap }, so { $winner }'s weight is larger than { $loser }'s by tanh({ $gap } / 2) ≈ { $difference }. That is less than float64 can show next to 0.5, so both weights print, and are stored, as exactly 0.5.
# $z_hi, $z_lo: z₁, z₂; $gap: their difference; $past: "yes" when exp(gap) is past float64's range, else $odds
# ("2,981 times"); $keeps: the loser's weight.
scaling-why-exp = Softmax makes each weight proportional to exp(score), so { $winner }'s weight is exp({ $z_hi } − { $z_lo }) = exp({ $gap }){ $past ->
    [yes] {" "}times { $loser }'s, past the largest number a float can hold (about 1.8 × 10³⁰⁸): { $loser } keeps { $keeps }.
   *[no] {" "}≈ { $odds } { $loser }'s, and { $loser } keeps { $keeps }.
  }
# $scores: [8, 0].
scaling-question = What is softmax({ $scores })? Its two weights add up to 1: slide to the weight you expect key 1 to get.

## The page's own texts, labels and charts.

scaling-title = Why divide by √d_k?
scaling-term-hard-argmax = hard argmax
# $hard_argmax: the term with its definition in brackets.
scaling-intro = Attention divides every score q·k by √d_k. Why? For random vectors q·k typically grows like √d_k, large scores make softmax nearly a { $hard_argmax }, and such a softmax barely learns. Each section shows one step.
scaling-header-two-keys = 1. Two keys, side by side
scaling-header-variance = 2. The variance argument, by sampling
scaling-header-peakedness = 3. Peakedness as d_k grows
scaling-header-temperature = 4. A temperature dial on your own sentence
scaling-header-why = Why does dividing by √d_k help?
scaling-sources = The page itself runs these functions from `attn_core/scaling.py` (softmax, its Jacobian and the q·k sampler come from `attn_core/attention.py`).
scaling-weight-help = Key 1's weight, from 0 (none of the weight) to 1 (all of it).
scaling-scaled-slope-help = against the score softmax sees, z / √d_k
scaling-gradient-expander = The gradient, worked out: how each weight moves with each score, and what it tells W_Q and W_K
scaling-std-label-raw = measured std of q·k
scaling-std-label-scaled = measured std of q·k / √d_k
scaling-std-scaled-help = theory: 1
scaling-peakedness-intro = One query and n random keys with N(0, 1) entries: as d_k grows, how peaked is softmax with the scores left alone, divided by √d_k, or divided by d_k (a wrong factor, too large)?
scaling-entropy-bars = row entropy Hᵢ = −Σⱼ pᵢⱼ log pᵢⱼ
scaling-curve-unscaled = unscaled: q·k
scaling-curve-sqrt-dk = scaled: q·k / √d_k
scaling-curve-dk = wrong factor: q·k / d_k
scaling-notebook-intro = The four sections in plain numpy, with the scores, widths and τ you set: the code of the notebook below, which also checks its results against the page.
scaling-notebook-long-help = Every number of head 1's Q and K, so it is long.
scaling-note-z = section 1: the two scores, z₁ and z₂
scaling-note-d-k = section 1: their width
scaling-note-seed = section 2
scaling-note-n-keys = section 3: keys per draw, draws per width
scaling-note-curve-d-ks = section 3: the widths
scaling-note-labels = section 4: your sentence's tokens
scaling-note-tau = section 4: the divisor τ
scaling-d-k-input = d_k (width of q and k)
scaling-score-1 = score of key 1, z₁
scaling-score-2 = score of key 2, z₂
scaling-n-keys-input = n, the number of keys
scaling-divide-by = Divide the scores by
scaling-custom-tau = custom τ
scaling-query-i = query i
scaling-axis-key = key
scaling-axis-query = query
scaling-weight-p = weight pᵢ
scaling-score-z = score zⱼ
scaling-setting-d-k-1 = d_k of section 1
scaling-setting-d-k-2 = d_k of section 2
scaling-setting-tau = τ, the divisor of section 4
# $d_k: the width.
scaling-bars-title = the weights, unscaled and ÷ √{ $d_k }
scaling-jacobian-unscaled = diag(p) − p pᵀ, unscaled
scaling-jacobian-scaled = diag(p) − p pᵀ, scores ÷ √{ $d_k }
scaling-hist-row = q·k, before and after ÷ √{ $d_k }
# $n: how many pairs ("4,000").
scaling-hist-raw = q·k, d_k = { $d_k }  ({ $n } pairs)
scaling-hist-scaled = q·k / √d_k, d_k = { $d_k }  ({ $n } pairs)
# $std: √d_k or 1.
scaling-normal-curve = normal curve, std { $std }
scaling-std-curve-title = measured std of q·k against d_k, with √d_k  (log axes)
scaling-std-curve-y = standard deviation
scaling-std-curve-theory = theory √d_k
scaling-your-d-k = your d_k = { $d_k }
# $value: "1", "1/n = 0.125".
scaling-ref-argmax = hard argmax: { $value }
scaling-ref-uniform = uniform: { $value }
scaling-ref-one-key = one key: hard argmax = uniform
# $n: the number of keys.
scaling-peak-row = softmax over { $n ->
    [one] { $n } random key
   *[other] { $n } random keys
  } as d_k grows
scaling-peak-max-title = mean largest weight maxⱼ pⱼ against d_k
scaling-peak-max-y = largest weight
scaling-peak-entropy-title = mean entropy H = −Σⱼ pⱼ log pⱼ against d_k
scaling-peak-entropy-y = entropy (nats)
# $x: d_k or τ.
scaling-log-axis = { $x } (log axis)
scaling-divisor-none = 1 (no scaling)
scaling-divisor-custom = a custom τ
# $lo, $hi: the range.
scaling-tau-help = Any τ from { $lo } to { $hi }.
scaling-entropy-curve-title = mean row entropy of softmax(QKᵀ / τ) against τ
scaling-entropy-curve-y = mean entropy (nats)
scaling-entropy-curve-name = mean entropy
scaling-hard-argmax = hard argmax
scaling-your-tau = your τ
scaling-h-nats = Hᵢ (nats)

## The notebook's prose (notebooks/scaling.py's markdown cells).

scaling-nb-two-keys =
    ## 1. Two keys, side by side

    One query, two keys, two scores: softmax of the scores as they are, and of the scores divided by √d_k.
scaling-nb-slopes =
    ### What each slope tells W_Q and W_K

    Softmax's Jacobian ∂p/∂z = diag(p) − p pᵀ. Its diagonal p(1 − p) is how much a key's weight moves when its own
    score moves: near 0, the key barely learns.
scaling-nb-variance =
    ## 2. The variance argument, by sampling

    q and k with independent N(0, 1) entries, drawn from a generator seeded with the sidebar seed: q·k has standard
    deviation √d_k, and q·k / √d_k has 1.
scaling-nb-peakedness =
    ## 3. Peakedness as d_k grows

    One query and n random keys per draw, averaged over many draws: the largest weight and the entropy of softmax,
    unscaled, ÷ √d_k and ÷ d_k. Each width reuses the first d_k coordinates of the same draws, as the page does.
scaling-nb-temperature =
    ## 4. A temperature dial on your own sentence

    Head 1's queries and keys, scores divided by τ.
