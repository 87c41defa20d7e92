### The Training lab's words (attn_lessons/training.py, pages/Training_lab.py, notebooks/training.py).

# Two sentences one after the other ($first, $second: texts already made).
training-join = { $first } { $second }
# An erratic run's loss, roughly. $kind: about, around (a loss that hovers) or below; $x: the number.
training-rough = { $kind ->
    [about] about { $x }
    [around] around { $x }
   *[below] below { $x }
  }
# $x: a ratio rounded down, "1,000×".
training-at-least = at least { $x }
# How the rows start. $scaled, $unscaled: one-hot, peaked or even; $same: "yes" when both start alike.
training-start = Both runs start from the same raw scores QKᵀ. Softmax sees them with a standard deviation of { $std_unscaled } without the scale (theory: { $sqrt }) and { $std_scaled } after dividing by √{ $d_k } (theory: 1), so the rows start with a mean entropy of { $entropy_unscaled } nats unscaled and { $entropy_scaled } scaled; uniform is ln { $n } = { $uniform }. { $same ->
    [yes] Both runs' rows start { $scaled ->
        [one-hot] nearly one-hot
        [even] spread nearly evenly
       *[peaked] already peaked
      }.
   *[no] The unscaled rows start { $unscaled ->
        [one-hot] nearly one-hot
        [even] spread nearly evenly
       *[peaked] already peaked
      }, the scaled rows { $scaled ->
        [one-hot] nearly one-hot
        [even] spread nearly evenly
       *[peaked] already peaked
      }.
  }
# $run: scaled or unscaled (each run by its name); $low: 0.1; $step: the step.
training-crossing = the { $run } run's loss first drops below { $low } at step { $step }
# $diverged: "yes" when the run diverged at step $at; else it ran $steps steps.
training-never-crosses = the { $run } run's loss never drops below { $low }{ $diverged ->
    [yes] : the run diverged at step { $at }
   *[no] {" "}in { $steps ->
        [one] { $steps } step
       *[other] { $steps } steps
      }
  }
training-race-tie = Both runs' losses first drop below { $low } at the same step, step { $step }: a tie.
training-race-neither = Neither run's loss drops below { $low } in { $steps ->
    [one] { $steps } step
   *[other] { $steps } steps
  }.
# $first, $second: training-crossing or training-never-crosses, the first capitalized.
training-race-both = { $first }; { $second }.
training-had-diverged = the { $run } run had diverged at step { $step }
# $hovers: "yes" for an erratic run's loss, said roughly.
training-mid-loss = the { $run } run's loss { $hovers ->
    [yes] hovers
   *[no] is
  } { $loss }
# $step: the halfway step; $first, $second: each run's training-mid-loss or training-had-diverged.
training-halfway = At step { $step } { $first }, { $second }.
# $chosen: "yes" with several seeds (the sentence is about the chosen one); $scaled, $unscaled: steps.
training-verdict-both-diverged = Both runs diverged{ $chosen ->
    [yes] {" "}on the chosen seed
   *[no] {""}
  }, the scaled run at step { $scaled } and the unscaled run at step { $unscaled }: this learning rate is too large for either.
# $k: how many last steps a final number averages.
training-over-last = { $k ->
    [one] at the last step
   *[other] over the last { $k } steps
  }
# $gone, $kept: the run that diverged (at $step) and the one that did not; $over: training-over-last.
training-verdict-one-diverged = { $chosen ->
    [yes] On the chosen seed the
   *[no] The
  } { $gone } run diverged at step { $step }; the { $kept } run trains for all { $steps } steps and ends at a mean loss of { $loss } and an accuracy of { $accuracy } { $over }.
training-both-losses = { $scaled } scaled and { $unscaled } unscaled (mean { $over })
# $within: 0.05.
training-accuracies = their accuracies { $scaled } scaled and { $unscaled } unscaled, within { $within } of each other
# $both: training-both-losses; $ratio: training-equal or training-within, or "none" (not said); $accuracies.
training-verdict-alike = The two runs behave alike { $chosen ->
    [yes] on the chosen seed
   *[no] here
  }: after { $steps } steps their losses are { $both }{ $ratio ->
    [none] {""}
   *[other] , { $ratio }
  }, and { $accuracies }.
# $ratio: "125×"; $lower: the run lower; $accuracy: alike, higher or lower (then $low against $other).
training-verdict-lower = { $chosen ->
    [yes] On the chosen seed, after
   *[no] After
  } { $steps } steps the losses are { $both }: { $ratio } lower { $lower ->
    [scaled] with
   *[other] without
  } the scale{ $accuracy ->
    [alike] ; { $accuracies }.
    [higher] . The { $lower } run's accuracy ends higher too, { $low } against { $other }.
   *[lower] , though its accuracy ends lower, { $low } against { $other }.
  }
training-equal = equal
# $percent: "3%".
training-within = within { $percent } of each other
training-less-than = less than { $x }
# How many queries point at their own key. "none", "only 13%", "fewer than 20%".
training-share-none = none
training-share-only = only { $share }
training-share-fewer = fewer than { $share }
# The gradient reaching W_K at the end of a stuck run. $late: "ratio" ($ratio smaller than the $start it started
# with) or "zero"; $single: what single steps reach, or "none"; $every: "yes" when every step's is 0 too.
training-gradient-down = { $late ->
    [ratio] { $ratio } smaller than the { $start } it started with
   *[zero] exactly 0, down from the { $start } it started with{ $single ->
        [none] { $every ->
            [yes] , and so is every step's
           *[no] {""}
          }
       *[other] {" "}(single steps reach { $single })
      }
  }
# $late: the median gradient late; $ratio: how many times smaller; $start: at the start; $single: single steps' top.
training-gradient-late = { $late }, { $ratio } smaller than the { $start } it started with (single steps reach { $single })
# $k: the last steps; $erratic: "yes" when its numbers are said roughly; $rows: "exact" (one-hot, entropy 0) or
# "nearly" (mean entropy $entropy); $share: training-share-…; $gradient: training-gradient-….
training-stuck = The { $run } run is stuck: over its last { $k ->
    [one] { $k } step
   *[other] { $k } steps
  } its loss { $erratic ->
    [yes] stays
   *[no] is still
  } { $loss }, its rows are { $rows ->
    [exact] one-hot (mean entropy 0 nats)
   *[nearly] nearly one-hot (mean entropy { $entropy } nats)
  }, yet { $share } of the queries put their largest weight on their own key. The median gradient reaching W_K is { $gradient }: a saturated softmax passes almost no gradient to the keys it ignores.
# $step: where it diverged; $power: 10⁶, the size counted as diverged.
training-diverged-one = The { $run } run diverged at step { $step }: its scores grew past { $power } in size, where this lab counts a run as diverged, so its training stops there and its curves end the step before.
# $where: training-diverged-chosen or training-diverged-not-chosen.
training-diverged-several = The { $run } run { $where }. On each, its scores grew past { $power } in size, where this lab counts a run as diverged, so its training stops there; its curves, drawn over every seed, end the step before the earliest of these steps.
training-safe-lr = On the chosen seed the largest learning rate below yours at which it did not diverge is { $lr }.
training-seed-at = seed { $seed } at step { $step }
# $every: "yes" when it diverged on all $of seeds; else on $n of them.
training-seed-count = { $every ->
    [yes] { $of ->
        [2] both
       *[other] all { $of }
      }
   *[no] { $n } of the { $of }
  }
# $count: training-seed-count; $seed: the chosen seed; $others: where else (a list of training-seed-at).
training-diverged-not-chosen = diverged on { $count } seeds, but not on the chosen seed { $seed }, where it trains for all { $steps } steps: on { $others }
training-diverged-chosen = diverged on { $count } seeds: on the chosen seed { $seed } at step { $step }{ $others ->
    [none] {""}
   *[other] , and on { $others }
  }
training-lr-range = from { $lo } to { $hi }
training-lr-up = from { $lo } up
training-lr-at = at { $rates }
# One run in the sweep. $first: "yes" for the first run named; $n: rates it reaches below $low at, of $of;
# $rates: which (or "none"), $range: "yes" when they read "from … to …"; $diverges: training-lr-up/-at, or "none".
training-sweep-run = the { $run } run { $first ->
    [yes] reaches a final loss below { $low } at { $rates ->
        [none] none
       *[other] { $n }
      } of the { $of } learning rates
   *[no] at { $rates ->
        [none] none
       *[other] { $n }
      } of them
  }{ $rates ->
    [none] {""}
   *[other] {" "}(lr { $range ->
        [yes] {""}
       *[no] ={" "}
      }{ $rates })
  }{ $diverges ->
    [none] {""}
   *[other] {" "}and diverges { $diverges }
  }
# $first, $second: training-sweep-run's; $yours: both, scaled, unscaled or neither.
training-sweep = At d_k = { $d_k }, after { $steps ->
    [one] { $steps } step
   *[other] { $steps } steps
  }, { $first }; { $second }. Your learning rate, { $lr }, gets { $yours ->
    [both] both runs
    [scaled] only the scaled run
    [unscaled] only the unscaled run
   *[neither] neither run
  } below { $low }.
training-spread = Across { $seeds } seeds, { $first }; { $second }.
training-range-diverges = the { $run } run diverges on every seed
# $first: "yes" for the first run named (its final loss), else the short form.
training-range-what = the { $run } run's{ $first ->
    [yes] {" "}final loss
   *[no] {""}
  }
# $what: training-range-what; $lo: the loss; $others: on how many it diverged.
training-range-one = { $what } is { $lo } on the one seed where it trained (it diverged on the other { $others })
# $rough: "yes" when $lo is said roughly ("about 1.6"); $trained: seeds it trained on; $gone: seeds it diverged on.
training-range-same = { $what } { $rough ->
    [yes] is
   *[no] rounds to
  } { $lo } on { $gone ->
    [0] every seed
   *[other] { $trained ->
        [2] both seeds
       *[other] all { $trained } seeds
      } where it trained (it diverged on { $gone })
  }
training-range = { $what } { $first ->
    [yes] ranges{" "}
   *[no] {""}
  }from { $lo } to { $hi }{ $gone ->
    [0] {""}
   *[other] {" "}(it diverged on { $gone } of them)
  }
# How many seeds end one way. $kind: both-diverged, scaled-diverged, unscaled-diverged, alike, scaled-lower,
# unscaled-lower; $alike: 1.2×; $within: 0.05; $chosen: "one" (the chosen seed), "among" or "no".
training-summary = { $kind ->
    [both-diverged] both runs diverge
    [scaled-diverged] only the scaled run diverges
    [unscaled-diverged] only the unscaled run diverges
    [alike] the two runs end alike, losses within { $alike } and accuracies within { $within } of each other,
    [scaled-lower] the scaled run ends lower
   *[unscaled-lower] the unscaled run ends lower
  } on { $seeds ->
    [one] { $seeds } seed
   *[other] { $seeds } seeds
  }{ $chosen ->
    [one] {" "}(the chosen one)
    [among] {" "}(the chosen one among them)
   *[no] {""}
  }
# $outcomes: a list of training-summary texts.
training-depends = The outcome depends on the seed: { $outcomes }.
# $order: scaled or unscaled (ends a little lower on every seed) or overlap.
training-every-seed-alike = On every seed the two runs end alike, losses within { $alike } and accuracies within { $within } of each other, { $order ->
    [scaled] though the scaled run ends a little lower on every seed
    [unscaled] though the unscaled run ends a little lower on every seed
   *[overlap] and their ranges overlap
  }.
# $lower: the run that ends lower; $apart: "yes" when the ranges do not overlap.
training-every-seed-lower = { $apart ->
    [yes] The ranges do not overlap: on every seed, the { $lower } run ends lower.
   *[no] On every seed the { $lower } run ends lower, though the two ranges overlap: the difference shows when each seed is compared with itself.
  }
training-heatmap-both-diverged = Both runs diverged, so neither has weights after training to show.
training-heatmap-diverged = the { $run } run diverged, so it has no weights to show
# $first: "yes" for the first run named; $hits of $n queries; $own: the mean weight on the own key.
training-heatmap-run = the { $run } run { $first ->
    [yes] puts its largest weight on a query's own key for { $hits } of { $n } queries, with a mean weight of { $own } there
   *[no] for { $hits } of { $n }, with { $own }
  }
# $after: "yes" after training, "no" before; $first, $second: training-heatmap-run's or -diverged's.
training-heatmap = On this held-out example { $after ->
    [yes] after
   *[no] before
  } training, { $first }; { $second }.
# What the heatmap sentence says after training, as the race's answer gives it away.
training-after-training-run = after training, the { $run } run
training-guess-scaled = The scaled run (with 1/√d_k)
training-guess-unscaled = The unscaled run
training-guess-same = Both at the same step
training-guess-neither = Neither, within these steps
training-race-question = At d_k = { $d_k } and learning rate { $lr }, which run's loss drops below { $low } first, within { $steps ->
    [one] { $steps } step
   *[other] { $steps } steps
  }?
training-long-run = This setting trains { $runs } models for { $steps } steps at d_k = { $d_k }: about { $seconds } s on one core. Press the button to start, or pick fewer steps, a smaller d_k or a single seed.
training-train-button = Train ({ $seconds } s)
training-progress = Training { $models } models for { $steps } steps, about { $seconds } s…
training-extra-progress = Training { $models } more on the other { $seeds } seeds…
# $batch × $keys queries per step; $low: the dotted line.
training-curves-caption = Each point is one step's batch of { $batch } × { $keys } fresh queries, data the model has not trained on yet. The dotted line marks a loss of { $low }.
training-curves-seeds = The sentences above the charts describe seed { $first }; the lines are the median over seeds { $first } to { $last } and the bands span the lowest to the highest seed.
training-sweep-caption = Seed { $seed }: the same batches and initial weights for every point. A cross at the top marks a run that diverged; the dotted line marks a loss of { $low }. Move d_k and watch both ranges.
training-code-note = Both runs in plain numpy, one model at a time, in the order the page shows them: the forward pass, and the backward pass written out by hand from the loss back to W_Q and W_K. It is the same code as the notebook below, which also checks its numbers against the ones the page drew for seed { $seed }. The page itself trains every model of the learning-rate sweep at once with `attn_core/training.py`, whose tests check every gradient against finite differences.

## The page's own texts, labels and charts.

training-title = Training lab: watch attention learn
# $keys: how many keys and queries.
training-intro = The [Scaling explorer](/Scaling_explorer) showed what 1/√d_k does to one softmax; here is what it does to **learning**. The task: { $keys } random keys and { $keys } queries, each a noisy copy of one key; query *i* must find key *i*. One attention layer trains twice, from the **same weights** on the **same batches**: only one run divides its scores by √d_k.
training-model-expander = The model in detail
# $width: d_model of the input tokens.
training-model = The model is a single attention layer, Q = X_q W_Q and K = X_k W_K, on { $width }-wide input tokens with unit-variance entries; W_Q and W_K are drawn with fan-in scaling, so that Q and K have unit-variance entries too. Both runs train with plain gradient descent.
training-sidebar-note = The lab trains on random data with this seed of its own: the sidebar's sentence, seed, d_model and heads are not used here.
training-loss-mse = copy the value (squared error)
training-loss-ce = name the position (cross-entropy)
training-loss-note = 'mse': output_i should copy value v_i; 'ce': query i's weights should pick key i
training-header-start = 1. Before any learning
training-header-race = 2. The race
training-header-attention = 3. The attention each run learnt
training-header-try = Things to try
training-start-caption = One held-out example for both runs: row i holds query i's weights over the { $keys } keys; its own key is on the diagonal.
training-sweep-expander = Every learning rate at once: the sweep
training-race-help = It opens again when you change d_k, the learning rate, the loss or the steps. A new seed keeps your answer and checks it against the new runs.
training-waiting = The curves, the final attention and the learning-rate sweep appear once you answer.
training-exploring = You have answered the race once, so the curves below stay drawn as you explore; they are for these settings. Predict again above, or just read them.
# $lr: a learning rate to try; $d_k: a width to try; $loss: the loss in use (mse or ce).
training-things-to-try =
    - Set the learning rate to { $lr }, or d_k to { $d_k }, and answer the question again.
    - { $loss ->
        [mse] Switch the loss to cross-entropy, which reads the scores through log-softmax.
       *[ce] Switch the loss back to squared error, which copies the value through the weights.
      }
training-legend-scaled = scaled: softmax(QKᵀ/√d_k)
training-legend-unscaled = unscaled: softmax(QKᵀ)
training-panel-loss = loss (log axis)
training-panel-accuracy = accuracy (largest weight on the own key)
training-panel-entropy = mean entropy of the attention rows (nats)
training-panel-grad-norm-k = ‖∂loss/∂W_K‖, the gradient reaching W_K (log axis)
training-step-axis = training step
# $metrics: loss (the loss and accuracy chart) or entropy (the entropy and gradient chart).
training-curves-title = { $metrics ->
    [loss] loss and accuracy per step
   *[entropy] attention entropy and gradient per step
  }
training-uniform = uniform: ln { $n } = { $value }
training-sweep-title = final loss against learning rate, d_k = { $d_k }
training-sweep-x = learning rate (log axis)
# $k: how many last steps the final loss averages.
training-sweep-y = final loss (mean of the last { $k ->
    [one] { $k } step
   *[other] { $k } steps
  })
training-diverged-legend = { $run }: diverged
training-your-lr = your lr = { $lr }
training-weights-title = { $run } run's weights { $after ->
    [yes] after training
   *[no] at step 0
  }
training-d-k-slider = d_k, the width of queries and keys
training-several-seeds = several seeds ({ $n }), to see the spread
training-lr-slider = learning rate
training-steps-slider = training steps
training-seed-input = data and initialisation seed
training-loss-radio = loss
training-axis-key = key
training-axis-query = query

## The notebook's prose (notebooks/training.py's markdown cells).

training-nb-task =
    ## The task and the two models

    N_KEYS keys with random entries and as many queries, each a noisy copy of one key: query i must find key i. The
    data and the initial weights come from the lab's seed, drawn exactly as the page draws them. Two copies of the
    model start from the same weights and see the same batches; one divides its scores by √d_k.
training-nb-start =
    ## 1. Before any learning

    The same raw scores on the held-out example; the scaled run divides them by √d_k before the softmax.
training-nb-race =
    ## 2. The race

    Both runs, step by step. A run whose scores leave the useful range stops there.
training-nb-attention =
    ## 3. The attention each run learnt

    The held-out example's weights: query i's own key is on the diagonal.

## The two formulas' names (inside LaTeX's \text{…}: no braces or backslashes).
training-formula-scaled = scaled:
training-formula-unscaled = unscaled:
