### Check yourself (attn_lessons/questions.py, pages/Check_yourself.py, notebooks/questions.py): the quiz's
### questions, options, hints and verdicts, the reveals that prove each answer, the one-step section and the takeaways.
### Numbers arrive formatted; an int ($n, $count …) may select a plural.

## The page

questions-title = Check yourself
questions-intro = Questions on the whole route, from Q, K and V to masks and heads. **Check** marks your answer and a small computation, run just now, proves it; **Show me** gives the answer unmarked; **New numbers** draws a fresh set.
questions-skip-notice = **Skip the predictions** is on: it skips the other pages' questions, not this quiz.
questions-seed = Question seed
questions-seed-help = Seed 0 asks the source text's own numbers.
questions-new-numbers = New numbers
questions-reset = Reset my answers
# A question's badge on the scoreboard: shown (answer shown without a try), open (not answered yet).
questions-badge-shown = shown
questions-badge-open = open
# $marks: the badges, one per question.
questions-at-these-numbers = At these numbers: { $marks }
questions-your-answer = Your answer
questions-check = Check
questions-show-me = Show me
questions-right = **Right.**
questions-not-quite = **Not quite.**
questions-placeholder-shape = rows × columns
questions-placeholder-number = a number
questions-placeholder-vector = its entries in order, like [a, b]
questions-unreadable-shape = I could not read that as a shape. Write it as rows × columns, for example 3 × 4, 3x4, (3, 4) or 3 by 4.
questions-unreadable-number = I could not read that as a number. Write a number such as 12, 0.73, 73% or √32.
questions-unreadable-vector = I could not read that as a vector. Write its entries in order, for example [1, −2, 3].
questions-unreadable-choice = Pick one of the answers first.
# A wrong answer's verdict: the hint for that reply ($has_hint yes/no), the right answer, and why.
questions-wrong = { $has_hint ->
    [yes] { $hint } The answer is { $answer }. { $why }
   *[no] The answer is { $answer }. { $why }
  }
questions-shown = The answer is { $answer }. { $why }
# The tables' titles and axes ("weights" as a matrix's name).
questions-table-weights = weights
questions-table-causal-weights = causal weights
questions-table-key = key
questions-table-query = query
questions-histogram-curve = normal, sd √d_k
questions-causal-expander = And under a causal mask?
questions-from-token = from token j
questions-to-token = to token i
questions-takeaways-header = Key takeaways
# The notebook's names for its lists of tokens, and the settings line's name for the seed.
questions-nb-queries-tokens = the queries' tokens
questions-nb-keys-tokens = the keys' tokens
questions-nb-your-tokens = your sentence's tokens
questions-nb-seed = question seed

## Small pieces of sentences

questions-by-rounding = by less than 10⁻⁹
questions-by-at-most = by at most { $gap }
questions-by-up-to = by up to { $gap }
# Between two clauses of one sentence; between two sentences.
questions-clause-gap = {"; "}
questions-sentence-gap = {" "}
questions-these-scores = These scores
# $count: how many keys come after a causal row's query.
questions-keys-after = { $count ->
    [0] there is no key after it
    [one] the key after it gets exactly 0
   *[other] the { $count } keys after it get exactly 0
  }
questions-step-count = { $count } { $count ->
    [one] step
   *[other] steps
  }

## The questions

questions-weights-shape-prompt = In softmax(QKᵀ/√d_k) V, what is the shape of the weight matrix for a sequence of { $n } tokens?
questions-weights-shape-why = Each of the { $n } tokens asks as a query and answers as a key: one row of weights per query, one column per key, so { $shape }.
# $term: "cross-attention (its definition)".
questions-weights-shape-cross-prompt = In { $term }, the queries' sentence has { $n_q } tokens and the keys' and values' sentence { $n_k }. What is the shape of the weight matrix softmax(QKᵀ/√d_k)?
questions-weights-shape-cross-why = There is one row of weights per query ({ $n_q }) and one column per key ({ $n_k }), so { $shape }; each row still sums to 1.
questions-hint-shape-axes = A weight matrix has two axes: rows for the queries and columns for the keys.
questions-hint-shape-transpose = That is the transpose: the rows are the { $n_q } queries, the columns the { $n_k } keys.

questions-why-scale-prompt = Why does dividing the scores by √d_k help?
questions-why-scale-option-argmax = It keeps the scores from growing with d_k, so softmax does not turn into a hard argmax.
questions-why-scale-option-sum = It makes each row of weights sum to 1.
questions-why-scale-option-overflow = It stops exp() from overflowing to infinity.
questions-why-scale-option-uniform = It gives every key the same weight.
# $same: yes when the scaled spread prints the same at every d_k ($lo = $hi).
questions-why-scale-reason-argmax = Measured over { $samples } random pairs, the spread of q·k grows from { $raw_lo } at d_k = { $d_lo } to { $raw_hi } at d_k = { $d_hi } (about √d_k), while q·k/√d_k stays { $same ->
    [yes] at { $lo }
   *[no] between { $lo } and { $hi }
  }. Unscaled, the largest of { $keys } weights averages { $top_raw } at d_k = { $d_hi }, close to a hard argmax; scaled, { $top_scaled }.
questions-why-scale-reason-sum = Softmax makes every row sum to 1 with or without the scale: unscaled, the largest |row sum − 1| is { $gap }.
questions-why-scale-reason-overflow = Softmax subtracts each row's largest score before exp(), so even unscaled scores as large as { $largest } give finite weights.
questions-why-scale-reason-uniform = The scaled weights are not all equal: at d_k = { $d_hi } the largest of { $keys } averages { $top_scaled }, against 1/{ $keys } = { $equal } for equal weights.

# $article: "a" or "an", the English article before $n_q.
questions-softmax-axis-prompt = The scores QKᵀ for { $n_q } queries and { $n_k } keys form { $article ->
    [an] an
   *[a] a
  } { $n_q } × { $n_k } matrix. Which axis does the softmax normalise over, and what sums to 1?
questions-softmax-axis-option-keys = Over the keys, the last axis: each row sums to 1.
questions-softmax-axis-option-queries = Over the queries, the first axis: each column sums to 1.
questions-softmax-axis-option-all = Over every entry at once: the whole matrix sums to 1.
questions-softmax-axis-reason-keys = Each query shares out its attention over the { $n_k } keys, so softmax runs along each row: each of the { $n_q } row sums is 1.
# $share: the column sums' average, "2/4 = 0.5".
questions-softmax-axis-reason-queries = The columns do not all sum to 1: each of the { $n_q } rows sums to 1, so the { $n_k } column sums add up to { $n_q }, { $share } on average.
questions-softmax-axis-reason-all = The whole matrix sums to { $n_q }, one for each of the { $n_q } rows, not 1.

# $which: Q, K, V or output; $how: the multiplication, as a formula.
questions-qkv-shapes-prompt = X holds n = { $n } tokens, each d_model = { $d_model } numbers wide. W_Q and W_K are { $d_model } × { $d_k }; W_V is { $d_model } × { $d_v }. What is the shape of { $which ->
    [output] the output softmax(QKᵀ/√d_k) V
   *[other] { $which }
  }?
questions-qkv-shapes-why = { $how } → { $shape }: one row per token, { $columns } { $columns ->
    [one] column
   *[other] columns
  }.
# $other: the matrix whose shape the reply is (weights, Q, K, V or output).
questions-hint-qkv-other = That is the shape of { $other ->
    [weights] the weights
   *[other] { $other }
  }.
questions-hint-qkv-transpose = That is the transpose: the rows are the tokens.

questions-roles-prompt = In softmax(QKᵀ/√d_k) V, which matrices decide the weights, and which decides what is copied?
# $weights, $copied: matrix names ("Q and K"); the counts choose the verb.
questions-roles-option = { $weights } { $weights_count ->
    [one] decides
   *[other] decide
  } the weights; { $copied } { $copied_count ->
    [one] decides
   *[other] decide
  } what is copied.
# $weights, $output: how far each moved ("by up to 0.277").
questions-roles-changing = changing { $m } moves the weights { $weights } and the output { $output }
questions-roles-measured = Measured on { $n } random tokens with d_k = { $d_k }: { $moved }.
questions-roles-why = { $measured } Only V changes the output without touching the weights: queries and keys decide the weights, values decide what gets copied.
# $decide: the matrices that do move the weights; $pair: the option's pair.
questions-roles-reason = The weights move when { $decide } { $count ->
    [one] changes
   *[other] change
  }, so { $pair } cannot be the pair that decides them.

questions-scale-heads-prompt = A layer has d_model = { $d_model } and h = { $h } heads. What number should each head divide its scores QKᵀ by?
# $exact: "√64 = 8" or "√48 ≈ 6.928".
questions-scale-heads-why = Each head's queries and keys are d_k = d_model / h = { $d_model } / { $h } = { $d_k } numbers wide, and q·k spreads like √d_k, so the scale is { $exact }.
questions-hint-scale-d-model = That is √d_model = √{ $d_model }, the scale for one head over the whole width; with { $h } heads each one only sees { $d_k } of the { $d_model } numbers.
questions-hint-scale-d-k = That is d_k itself; divide by its square root.
questions-hint-scale-multiply = That is what you multiply by; the question asks what you divide by.

questions-causal-row-prompt = Under a causal mask over a sentence of { $n } tokens, how many keys get a nonzero weight in row { $i } (the query of token { $i }, counting from 0)?
# $after: questions-keys-after.
questions-causal-row-why = A causal mask lets token { $i } attend { $i ->
    [0] only to itself, key 0
    [1] to itself and the token before it, keys 0 and 1
   *[other] to itself and the tokens before it, keys 0 … { $i }
  }: { $nonzero } { $nonzero ->
    [one] key
   *[other] keys
  } with nonzero weight; { $after }.
# $after: how many tokens come after token $i.
questions-hint-causal-after = That counts token { $i } and { $after ->
    [one] the token
   *[other] the tokens
  } after it; a causal mask keeps the ones before.
questions-hint-causal-itself = Token { $i } also attends to itself: counting from 0, it has { $i ->
    [0] no token
    [one] { $i } token
   *[other] { $i } tokens
  } before it, and itself.
questions-hint-causal-before = Token { $i } attends to itself and to every token before it.
questions-hint-causal-every = That is every key, as without a mask.

# $sentence: the words, quoted; $word: the repeated word.
questions-identical-prompt = Without positional encodings, the sentence { $sentence } has “{ $word }” at positions { $a } and { $b } (counting from 0). How do those two tokens' output rows compare?
questions-identical-option-same = They are identical.
questions-identical-option-differ = They differ, because the two tokens sit at different places.
questions-identical-option-zero = The second one is all zeros, because the word was already seen.
questions-identical-reason-same = Without positions both “{ $word }”s have the same row in X, so the same query, key and value, and attention gives them the same output: the largest gap is { $gap }.
questions-identical-reason-differ = Without positions nothing tells them apart: their outputs differ { $at_most }. Order only shows once positions are added to X.
questions-identical-reason-zero = Attention keeps no record of words already seen: the second “{ $word }”'s output has length { $size }, not 0.

questions-one-hot-prompt = Query { $i }'s weights are one-hot: 1 on token { $j } and 0 on every other token. V has one row per token, shown below; tokens and rows count from 0. What is query { $i }'s output? Type its { $d_v } entries.
# $sub: the subscript digits of $j (₂).
questions-one-hot-why = The output is Σⱼ wⱼ vⱼ = 1 · v{ $sub } = { $vector }: a one-hot row copies token { $j }'s value exactly.
questions-hint-one-hot-entries = The output has { $d_v } entries, one per column of V.
questions-hint-one-hot-row = That is v{ $sub }, token { $k }'s value; the weight 1 sits on token { $j }, row { $j } of V.
questions-hint-one-hot-column = That is column { $j } of V; the output mixes V's rows, one per token.
questions-hint-one-hot-mean = That is the plain average of the values, which equal weights would give.

questions-qk-variance-prompt = q and k each have d_k = { $d_k } entries, all independent with mean 0 and variance 1. What is the variance of their dot product q·k?
questions-qk-variance-why = q·k = Σᵢ qᵢkᵢ is a sum of { $d_k } independent products, each with mean 0 and variance 1 · 1 = 1; variances of independent terms add, so { $variance } (a standard deviation of √{ $d_k } = { $sd }).
questions-hint-qk-std = That is the standard deviation; the variance is its square.
questions-hint-qk-scaled = That is the variance after dividing q·k by √d_k.
questions-hint-qk-square = Variances of independent terms add: d_k terms of variance 1 give d_k, not d_k².

questions-steps-prompt = In a sentence of { $n } tokens, counted from 0, how many attention layers does information from token 0 need to reach token { $last }, the last?
# $term: "recurrent network (its definition)".
questions-steps-why = In one layer the query of token { $last } scores every key, token 0's included, and takes a share of its value: { $steps } step. A { $term } reading left to right needs { $rnn }, one per token it passes through.
questions-hint-steps-recurrent = That is what a recurrent network reading left to right needs.

questions-weights-total-prompt = For a sentence of { $n } tokens, what do all { $entries } entries of the weight matrix add up to?
questions-weights-total-why = Each of the { $n } rows shares out exactly 1 over the keys, so together they add up to { $total }.
questions-hint-total-one = Each row sums to 1, and there are { $n } rows, one per query.
questions-hint-total-entries = That counts the entries; each weight lies between 0 and 1.

questions-two-keys-prompt = Two keys score [{ $s }, 0] before scaling, and d_k = { $d_k }. After dividing by √d_k, what weight does softmax give the first key? Two decimals are enough.
questions-two-keys-why = Dividing by √{ $d_k } = { $divisor } turns [{ $s }, 0] into [{ $scaled }, 0], and softmax of that is { $p }; without the division it would be { $unscaled } for the first key.
questions-hint-two-keys-unscaled = That is the weight without dividing by √d_k.
questions-hint-two-keys-second = That is the second key's weight.
questions-hint-two-keys-above = A softmax weight is never above 1.

## The reveals: what the live computation found

questions-reveal-shape-self = Attention just ran on the { $n }-token sentence { $sentence } and produced this { $shape } weight matrix: one row of weights per query, one column per key.
questions-reveal-shape-cross = The { $n_q } { $n_q ->
    [one] query
   *[other] queries
  } of { $sentence_q } just attended to the { $n_k } { $n_k ->
    [one] key
   *[other] keys
  } of { $sentence_k }: the weight matrix is { $shape }, a row per query and a column per key.
# $theory: "√64 = 8"; $gradients: the Scaling explorer's sentence comparing the gradients.
questions-reveal-why-scale = At your d_k = { $d_k }, { $count } random pairs of q and k give q·k a standard deviation of { $std } ({ $theory }). Take two keys one standard deviation apart, scores [{ $score }, 0]. Unscaled, softmax gives the second key a weight of { $unscaled }. Divided by √{ $d_k }, the scores are [{ $scaled_score }, 0] and the second key keeps { $scaled }; { $gradients }.
questions-why-scale-caption = The wider d_k, the further apart the two keys' typical scores, and the more the division matters: raise d_model or lower heads in the sidebar to see it.
questions-sums-one-column = its one column sums to { $low }
# $alike: yes when every column sum prints the same.
questions-sums-columns = the { $n_k } column sums { $alike ->
    [yes] are all { $low }
   *[no] run from { $low } to { $high }
  }, { $share } on average
questions-sums-one-row = Its one row sums to 1 (gap { $row_gap }), and so does the whole matrix; { $columns }.
questions-sums-rows = Each of the { $n_q } rows sums to 1 (largest gap { $row_gap }); { $columns }, and the whole matrix sums to { $total }.
questions-reveal-softmax-axis = Queries from { $sentence_q }, keys from { $sentence_k }. { $sums }
questions-reveal-qkv-shapes = Random X and W of these sizes, multiplied just now:
questions-reveal-roles-one-token = Your sentence has a single token, so its one weight is 1 whatever Q and K are. Type a sentence of at least two words in the sidebar to see Q and K move the weights.
questions-roles-redrawing = redrawing { $m } moves the weights { $weights } and the output { $output }
# $found: questions-roles-found.
questions-reveal-roles = On your { $n }-token sentence, { $parts }. So { $found }.
questions-roles-found = { $decide_count ->
    [0] none of Q, K and V decides
    [one] { $decide } decides
   *[other] { $decide } decide
  } the weights, and { $copied_count ->
    [0] none of Q, K and V only changes
    [one] { $copied } only changes
   *[other] { $copied } only change
  } what is copied
# $near: yes when the spread is within 10 % of √d_k ($theory, "√64 = 8").
questions-heads-measured = { $count } random pairs of one head's q and k (d_k = { $d_k }) give q·k a standard deviation of { $std }, { $near ->
    [yes] close to
   *[no] against
  } { $theory }.
questions-heads-one = { $measured } With one head d_model = d_k, so both divisors leave a spread of { $by_d_k }.
questions-heads-divided = { $measured } Divided by √{ $d_k } it spreads { $by_d_k }; divided by √d_model = √{ $d_model } { $flattens ->
    [yes] only { $by_d_model }, which flattens the weights.
   *[no] { $by_d_model }, which sharpens them.
  }
# $listed: the quoted tokens with weight; $after: questions-keys-after.
questions-reveal-causal-row = Row { $i } (“{ $label }”) has { $count } nonzero { $count ->
    [one] weight
   *[other] weights
  }, on { $listed }, summing to { $total }; { $after }.
questions-reveal-identical = With your seed and d_model, the output rows of “{ $word }” at positions { $a } and { $b } differ { $plain } without positions: { $identical ->
    [yes] identical
   *[no] not identical
  }. With sinusoidal positions added to X they differ { $positional }.
# $terms: the weighted sum written out, "0 · v₀ + 1 · v₁".
questions-reveal-one-hot = Attention ran with a mask that lets every query read token { $j } only, so the weights row is { $weights } and output = { $terms } = { $output }.
questions-reveal-qk-variance = { $count } random pairs at d_k = { $d_k } give q·k a variance of { $variance } (theory: { $d_k }) and a standard deviation of { $std } (theory: { $theory }).
questions-qk-variance-title = q·k, d_k = { $d_k }  ({ $pairs } pairs)
# $attention, $recurrent: questions-step-count.
questions-reveal-steps = Counting layers on the two reading patterns of { $n } tokens: attention takes { $attention } from token 0 to token { $last }; a recurrent network reading left to right takes { $recurrent }.
questions-steps-caption = The section “{ $header }” below draws it for your own sentence.
questions-reveal-total-one = On the 1-token sentence, the one weight is 1 (gap { $row_gap }).
questions-reveal-total = On the { $n }-token sentence, each of the { $n } rows sums to 1 (largest gap { $row_gap }) and the { $size } weights add up to { $total }.
questions-reveal-two-keys = softmax([{ $s }, 0]) = { $unscaled }; divided by √{ $d_k } = { $divisor }, softmax([{ $scaled_s }, 0]) = { $scaled }. For the second key, { $gradients }.

## The score

questions-score-none = You have not answered any of the { $total } questions yet.
questions-score-right = { $right } of { $answered } { $answered ->
    [one] answer
   *[other] answers
  } right at the first try
questions-score-shown = { $shown } { $shown ->
    [one] answer
   *[other] answers
  } shown without a try
# $which: both, right (answered only) or shown (only shown); the parts: the two clauses above.
questions-score = This session: { $which ->
    [both] { $right_part } and { $shown_part }
    [right] { $right_part }
   *[shown] { $shown_part }
  }.

## One step, and the takeaways

questions-one-step-header = With no mask, every position in one step
questions-one-step-intro = In one attention layer with no mask, every query scores every key, so each token's output can take a share of any other token's value directly; a mask takes some of those pairs away. A recurrent network reading left to right passes information one token per step.
questions-one-step-single = Your sentence has a single token, so there is no other token to reach. Type a sentence of at least two words in the sidebar.
# $first, $final: the first and last tokens; $last: the last token's index.
questions-one-step-text = Your sentence has { $n } tokens. From “{ $first }” (token 0) to “{ $final }” (token { $last }), attention needs { $attention }: token { $last }'s query reads token 0's key and value directly. A recurrent network reading left to right needs { $recurrent }, n − 1 = { $n } − 1, passing the information through every token in between.
questions-step-kind = { $kind ->
    [recurrent-network] recurrent network
    [causal-mask] causal mask
   *[attention] attention
  }
questions-steps-metric = { $kind ->
    [recurrent-network] Recurrent network
    [causal-mask] Causal mask
   *[attention] Attention
  }, token 0 → token { $last }
# $kind: questions-step-kind.
questions-steps-table-title = steps j → i, { $kind }
questions-steps-cell-caption = Each cell counts the layers token j's information needs to reach token i.
questions-causal-step-single = With a single token there are no pairs to connect.
questions-causal-step-text = Under a causal mask, { $one } of the { $pairs } ordered pairs of different tokens { $one ->
    [one] is
   *[other] are
  } one step apart: every token reads each earlier token directly. In { $never ->
    [one] the other pair
   *[other] the other { $never } pairs
  } the information would have to flow from a later token back to an earlier one, and it never arrives, however many layers you stack.
questions-never-arrives = +∞ (hatched) means it never arrives, however many layers you stack.
# The source text's four key takeaways, each with its link's label.
questions-takeaway-roles = Each token asks with a query, offers a key, and provides a value.
    .link = Build Q, K and V from your sentence
questions-takeaway-softmax = Weights come from query-key dot products, normalized with softmax.
    .link = Watch one query score every key
questions-takeaway-one-step = The output is a weighted sum of values, so with no mask every position can see every other one in one step.
    .link = See which pairs a mask keeps one step apart
questions-takeaway-scale = Dividing by √d_k keeps softmax in a useful range as dimension grows.
    .link = Move d_k and watch softmax stay useful
# Why a closing element is not shown yet. $what: questions-one-step-held, questions-causal-step-held or
# questions-takeaways-held; $numbers: the open questions' numbers, listed; $many: yes when $what is plural.
questions-held-back = { $what } once you have checked or shown { $count ->
    [one] question
   *[other] questions
  } { $numbers }: { $many ->
    [yes] they give
   *[no] it gives
  } { $count ->
    [one] its answer
   *[other] their answers
  } away.
questions-takeaways-held = { $every ->
    [yes] { $count ->
        [one] The takeaway appears
       *[other] The { $count } takeaways appear
      }
   *[no] { $count } more { $count ->
        [one] takeaway appears
       *[other] takeaways appear
      }
  }
questions-one-step-held = A section on the steps between tokens appears
questions-causal-step-held = The step counts under a causal mask appear

## Take it home

questions-take-home-intro = This page's numbers in plain numpy: question { $number }'s attention at these numbers { $with_steps ->
    [yes] and the step counts between your sentence's tokens (it prints the answers to questions { $number } and { $steps }, so try them first)
   *[no] (it prints the answer, so try the question first)
  }. It is the code of the notebook below, which also checks its results against the page.
questions-notebook-self = Attention on the { $n }-token sentence: one row of weights per query, one column per key.
questions-notebook-cross = Cross-attention: { $n_q } queries from one sentence, { $n_k } keys and values from another.
questions-nb-shape =
    ## The shape of the weight matrix

    { $shape_sentence }
questions-nb-one-step =
    ## With no mask, every position in one step

    In one attention layer every query reads every key it may, so with no mask any token's information reaches any
    other in one step (a causal mask hides the later tokens); a recurrent network passes it one token per step.
