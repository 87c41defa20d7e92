# The questions' declarations (attn_lessons/asked.py's Asked and Wrong), read by class mode in the teacher's language:
# each question's short title for the teacher's dashboard and its reveal's line of why (.reason), and each expected
# wrong answer (its value: how a teacher reads it) with the misconception it signals (.shows, a noun phrase, no full
# stop). A wrong answer that is one of the page's option labels has only .shows here: its words are the page's own.

## The token questions (Home, the trained model)
asked-self = the query's own token
    .shows = a token gives its own key the most weight
asked-neighbour = the word beside it
    .shows = attention goes to the nearest word, by position
# The builder's answer "every key the same weight", as class mode names it
asked-all-same = They all get the same weight
# A token of a learner's own sentence, kept only as right or wrong
asked-own-right = right
asked-own-wrong = wrong
# A Check yourself reply the quiz could not read, as the dashboard names it
asked-unreadable = a reply that could not be read

## Home
asked-home-top-key = Which key will the query give the most weight?
    .reason = Softmax keeps the order of the scores: the key whose q·k is largest gets the most weight.

## Q/K/V builder (the answers are the radio's labels, builder-double-…)
asked-builder-double-wq = What does doubling W_Q do to a query's weights?
    .reason = Doubling W_Q doubles every query and so every score in its row: softmax keeps their order, and the larger gaps give the top key more weight.
asked-builder-double-wq-same =
    .shows = softmax reads only the order of the scores, not their size
asked-builder-double-wq-other =
    .shows = a larger query matches other keys best
asked-builder-double-wq-flatter =
    .shows = larger scores spread the weight more evenly

## Scaling explorer
asked-scaling-softmax = What weight does softmax give key 1?
    .reason = Softmax turns each score into exp(score) divided by the sum of every key's exp(score).
asked-scaling-softmax-scaled = the scaled weight
    .shows = divides by √d_k, which softmax itself does not
asked-scaling-softmax-proportional = z₁ / (z₁ + z₂)
    .shows = weights in proportion to the scores, without exp
asked-scaling-softmax-swapped = the other key's weight
    .shows = the larger score gets the smaller weight
asked-scaling-softmax-even = 0.5
    .shows = equal weights whatever the scores

## Training lab (the answers are the radio's labels, training-guess-…)
asked-training-race = Which run's loss drops first?
    .reason = A run learns only as fast as gradients reach W_Q and W_K, and a saturated softmax (scores grown with d_k, left unscaled) passes almost none back.
asked-training-race-unscaled =
    .shows = larger unscaled scores learn faster
asked-training-race-same =
    .shows = the scale only relabels the scores and changes nothing in learning
asked-training-race-neither =
    .shows = neither run can learn the task
asked-training-race-scaled =
    .shows = the scale helps at every learning rate

## Masks and heads
asked-masks-see = Which keys can the token see under the mask?
    .reason = A masked key's score is set to −∞ before the softmax, so its weight is exactly 0.
asked-masks-see-all = every key
    .shows = every token sees every key, whatever the mask
asked-masks-see-before = the keys before it, not itself
    .shows = a token never sees its own key
asked-masks-see-after = itself and the keys after it
    .shows = the causal mask read backwards: a token sees the later tokens
asked-masks-see-itself = only itself
    .shows = a mask lets a token see only itself
asked-masks-see-upto = itself and the keys before it
    .shows = every mask is the causal mask
asked-masks-see-nothing = no key at all
    .shows = a masked row has no key to attend to
asked-masks-see-real = every word but no padding
    .shows = only the padding is masked, whatever the mask

## Inside a trained model
asked-induction-look = Which key does the induction head attend to?
    .reason = The answer is where that head's own weights are largest; a trained induction head usually puts them on the key just after an earlier copy of the query's token.
asked-induction-look-same = the same token earlier
    .shows = a query looks for a key of the same token, not the one after it
asked-induction-look-previous = the token just before it
    .shows = layer 2 does what layer 1's previous-token head does
asked-induction-look-itself = the query itself
    .shows = a token gives its own key the most weight
asked-induction-look-start = the start token
    .shows = a head with nothing to find rests on the first token

## Common mistakes (the answers are the page's labels, mistakes-sum-…)
asked-mistakes-axis = With softmax(scores, axis=0), which sums to 1?
    .reason = axis=0 normalises down each column, over the queries, so each key's column sums to 1 and the queries' rows in general do not.
asked-mistakes-axis-rows =
    .shows = axis=0 taken for the keys' axis, so the rows would still sum to 1
asked-mistakes-axis-neither =
    .shows = a softmax over the wrong axis normalises nothing

## Mask mistakes
asked-mask-mistakes-row-sum = Zeroed after the softmax, what does the row sum to?
    .reason = Zeroing weights after the softmax removes their share and nothing renormalises the rest, so the row sums to less than 1.
# The row sum's wrong answers, by attn_core's row_sum_kind (their words: the page's own, mask-mistakes-row-sum-…)
asked-row-sum-zero =
    .shows = zeroing some weights empties the whole row
asked-row-sum-one =
    .shows = zeroing after the softmax still leaves weights that sum to 1
asked-row-sum-more =
    .shows = the blocked keys' weight moves to the allowed keys

## Check yourself: each kind's title, and its wrong answers
asked-quiz-weights-shape = What shape is the weight matrix?
asked-quiz-weights-shape-transpose = the transpose
    .shows = one row per key instead of one per query
asked-quiz-weights-shape-per-query = one number per query
    .shows = one weight per token instead of one per query–key pair
asked-quiz-why-scale = Why divide the scores by √d_k?
asked-quiz-why-scale-sum = makes each row sum to 1
    .shows = the scale is what makes the rows sum to 1
asked-quiz-why-scale-overflow = stops exp() overflowing
    .shows = the scale is there to stop exp() overflowing
asked-quiz-why-scale-uniform = gives every key the same weight
    .shows = the scale makes every weight equal
asked-quiz-softmax-axis = Which axis does softmax normalise over?
asked-quiz-softmax-axis-queries = over the queries
    .shows = softmax over the queries
asked-quiz-softmax-axis-all = over every entry
    .shows = softmax over the whole matrix
asked-quiz-qkv-shapes = What shape is Q, K, V or the output?
asked-quiz-qkv-shapes-weights = the weights' shape
    .shows = confuses the matrix asked for with the n × n weights
asked-quiz-qkv-shapes-d-model = n × d_model
    .shows = a projection keeps the width d_model
asked-quiz-roles = Which matrices decide the weights?
asked-quiz-roles-qv = Q and V decide the weights
    .shows = the values help decide the weights
asked-quiz-roles-kv = K and V decide the weights
    .shows = the keys and values decide the weights, not the queries
asked-quiz-roles-q = Q alone decides the weights
    .shows = the queries alone decide the weights
asked-quiz-scale-heads = What does each head divide its scores by?
asked-quiz-scale-heads-sqrt-d-model = √d_model
    .shows = divides by √d_model, not one head's √d_k
asked-quiz-scale-heads-d-k = d_k
    .shows = divides by d_k, not √d_k
asked-quiz-scale-heads-factor = 1/√d_k
    .shows = gives the factor to multiply by
asked-quiz-scale-heads-d-model = d_model
    .shows = divides by d_model
asked-quiz-causal-row = How many keys does a causal row reach?
asked-quiz-causal-row-after = the keys after it
    .shows = the causal mask read backwards
asked-quiz-causal-row-fewer = one fewer
    .shows = a token never sees its own key
asked-quiz-causal-row-every = every key
    .shows = the causal mask left out
asked-quiz-causal-row-one = one
    .shows = a token sees only itself
asked-quiz-identical-tokens = Do two copies of a word differ?
asked-quiz-identical-tokens-differ = they differ
    .shows = attention knows word order without positions
asked-quiz-identical-tokens-zero = the second is all zeros
    .shows = attention remembers the words already seen
asked-quiz-one-hot = What does a one-hot row of weights output?
asked-quiz-one-hot-own = the query's own value
    .shows = copies the query's own value, not the one its weight is on
asked-quiz-one-hot-column = a column of V
    .shows = mixes V's columns instead of its rows
asked-quiz-one-hot-average = the average of the values
    .shows = equal weights, whatever the weights say
asked-quiz-qk-variance = What is the variance of q·k?
asked-quiz-qk-variance-sd = √d_k
    .shows = gives the standard deviation, not the variance
asked-quiz-qk-variance-one = 1
    .shows = the variance after dividing by √d_k
asked-quiz-qk-variance-squared = d_k²
    .shows = variances multiply instead of adding
asked-quiz-steps = How many layers from the first token to the last?
asked-quiz-steps-recurrent = n − 1
    .shows = counts steps as a recurrent network does
asked-quiz-weights-total = What do all the weights add up to?
asked-quiz-weights-total-one = 1
    .shows = the whole matrix sums to 1, not each row
asked-quiz-weights-total-entries = n²
    .shows = counts the entries instead of adding the weights
asked-quiz-two-keys = What weight does the first of two scaled keys get?
asked-quiz-two-keys-unscaled = the unscaled weight
    .shows = forgets to divide by √d_k
asked-quiz-two-keys-second = the second key's weight
    .shows = reads the other key's weight
