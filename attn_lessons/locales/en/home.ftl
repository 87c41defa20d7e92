### Home: the source text's lookup picture, live. Tokens are quoted “so” in both languages.

# $n: a count of copies of a word, said as a word up to ten.
home-number-word = { $n ->
        [0] zero
        [1] one
        [2] two
        [3] three
        [4] four
        [5] five
        [6] six
        [7] seven
        [8] eight
        [9] nine
        [10] ten
       *[other] { $n }
    }
# A token quoted in a sentence.
home-quoted = “{ $token }”

## What X is, and what the positions do for the sentence's repeated words.
home-positions-off = X is each token's embedding alone, with no position: the same word gets the same row.
home-positions-no-repeat = X is each token's embedding plus its sinusoidal position, so the same word at two places would still get two different rows.
# $count: how many times $word occurs; $number: that count as a word.
home-positions-copies = the { $number } “{ $word }”s
# $copies: the list of home-positions-copies.
home-positions-repeats = X is each token's embedding plus its sinusoidal position, so { $copies } get different rows.

## The verdict on "Which key will the query give the most weight?". $query: the query's token.
home-opening-largest = “{ $query }” gives its largest weight
home-opening-even = “{ $query }” weighs every key the same
home-opening-prints-even = “{ $query }”'s weights all print as
# $weight: the whole weight, 1.
home-verdict-alone = “{ $query }” is the only token, so it is its own only key and gets the whole weight, { $weight }: softmax of a single score is always 1.
# $opening: home-opening-even; $weight: each key's weight.
home-verdict-even = { $opening }, { $weight } each: its scaled scores are all equal, so no key is preferred and any key is right.
# $opening: home-opening-prints-even; $weight: the weight as printed; $low, $high: the smallest and largest scaled
# scores; $decimals: the decimals a weight prints with.
home-verdict-prints-even = { $opening } { $weight }: its scaled scores q·k/√d_k, from { $low } to { $high }, are too close for the weights to differ at { $decimals } decimals, so any key is right.
# $second: the best scaled score outside the top keys; $runner: its key.
home-verdict-against = against at most { $second } (“{ $runner }”) for the other keys, and softmax turns the largest score into the largest weight.
# $opening: home-opening-largest; $weight: its weight; $key: the key; $best: its scaled score; $against: home-verdict-against.
home-verdict-one = { $opening }, { $weight }, to “{ $key }”: the scaled score q·k/√d_k is { $best } there, { $against }
# $best: the tied keys' scaled score.
home-verdict-tie-equal = Their scaled score q·k/√d_k is { $best } for each,
# $low, $high: the tied keys' smallest and largest scaled scores; $decimals: as above.
home-verdict-tie-range = Their scaled scores q·k/√d_k run from { $low } to { $high }, too close for their weights to differ at { $decimals } decimals,
# $ties: the builder's tie words; $scores: tie-equal or tie-range; $against: home-verdict-against.
home-verdict-tie = { $ties } { $scores } { $against }
# $verdict: the verdict above; $guess: the key the learner picked; $weight: its weight.
home-verdict-guess = { $verdict } “{ $guess }” gets { $weight }.

## The weights: named features or seeded random.
home-random-caption = W_Q, W_K and W_V are drawn from seed { $seed } (sidebar), d_model = { $d_model }. Nothing has been learned, so which key a query favours follows no meaning: it is down to the seed.
home-features-animal = animals
home-features-action = actions
home-features-place = places
home-features-function = function words
home-features-unknown = unknown words
home-kind-people = nouns for people
home-kind-things = things
home-kind-pronouns = pronouns
# $first: "yes" for the first kind in the list; $kind: a kind of word; $features: the feature it counts as, plural.
home-kind-counts-as = { $kind } { $first ->
        [yes] count as
       *[other] as
    } { $features }
# $kinds: the list of home-kind-counts-as; $rules: the builder's rules in one breath.
home-named-caption = Named features: a lexicon gives each word one feature ({ $kinds }); the hand-set W_Q says { $rules }.
home-names-joiner = {", "}
# $features: how many named features; $names: their names; $positions: how many position columns.
home-named-help = Off: X's columns are { $features } named features ({ $names }) and { $positions } position columns; the Q/K/V builder shows the lexicon and every number. On: the sidebar's seed and d_model draw the weights.

## Your own sentence: the words the lexicon does not know. Sentences whose every word it knows:
home-working-1 = the dog chased the ball across the park
home-working-2 = my sister fed the cat in the kitchen
home-working-3 = a bird sang in the tree near our house
# $more: how many unknown tokens are counted without being named.
home-unknown-more = { $more } more tokens
# $every: "yes" when none of the tokens is in the lexicon; $names: the unknown tokens named; $count: how many are unknown.
home-unknown = { $every ->
        [yes] None of your tokens is
       *[other] { $names } { $count ->
            [one] is
           *[other] are
        } not
    } in the lexicon, so { $count ->
        [one] its row carries
       *[other] their rows carry
    } no meaning: no rule of W_Q asks with { $count ->
        [one] it or looks for it
       *[other] them or looks for them
    }. Try a sentence whose words it knows:

## One query, every key.
# $d_k: X's width; $columns: home-x-columns or home-x-named-columns.
home-one-head-named = d_k = d_v = { $d_k } here, not the sidebar's d_model: { $columns }, and this page runs one head over that whole width (several heads are taught on Masks and heads).
# $note: what X is (home-positions-…).
home-one-head-random = d_k = d_v = d_model = { $d_k }: this page runs one head over the whole width (several heads are taught on Masks and heads). { $note }
home-x-columns = X has { $width } columns
home-x-named-columns = X is each token's { $features } named features plus its { $positions } position columns
home-d-k-named = d_k = { $d_k } here, not the sidebar's d_model: { $columns }
home-d-k-sidebar = d_k = d_model = { $d_k }, the sidebar's
home-top-key-question = Which key will “{ $query }” give the most weight?
home-query-title = What “{ $query }” asks of every key
home-column-score = 1. score q·kⱼ
home-column-scaled = 2. scaled: ÷ √{ $d_k }
home-column-weight = 3. weight
# $root: √d_k; $source: where d_k comes from; $sum: the row's weights added up.
home-steps-caption = 1: how well the query matches each key, a dot product. 2: divided by √d_k = √{ $d_k } = { $root } ({ $source }), so the scores do not grow with width. 3: each weight is exp(scaled) over the row's sum of exps; they sum to { $sum }.
home-output-header = 4. The output for { $query } is a weighted sum of the value rows
home-shares-sum = Summing each column of the table of shares gives the output row under it: largest gap { $gap }.
# $tokens: how many tokens; $a: "a" or "an" before $rows; $rows, $cols: the matrix's size.
home-weight-matrix = Each row is one query's weights over every key; it sums to 1. { $tokens ->
        [one] Your one token gives
       *[other] Your { $tokens } tokens give
    } { $a } { $rows } × { $cols } weight matrix, one row per query.
home-nb-rows-named = each token's named features, then its two position columns; W_Q is set by hand and W_K, W_V are the identity
home-nb-rows-random = each token's embedding plus its position; W_Q, W_K and W_V are seeded random matrices
home-code-intro = This page's numbers in plain numpy, for the query “{ $query }”, in the order the page shows them: the same code as the notebook below, which also checks its results against the page.
# $query: the token, as Python writes it ('sat').
home-nb-query-note = the query the page shows: { $query }

## The page's fixed text, in the order Home shows it.
home-intro = Self-attention lets each token ask which other tokens carry what it needs, and how much of each: the content decides, not a fixed pattern. Change the sentence in the sidebar (on a phone, open it with the **»** at the top left) and watch the numbers move.
# One of the three roles: $name (query, key or value, as the glossary writes it), $symbol its formula (LaTeX), $definition the glossary's.
home-role = **{ $name ->
        [query] Query
        [key] Key
        [value] Value
       *[other] { $name }
    }** ${ $symbol }$: *{ $definition }*
home-query-picker = Pick the token that asks (the query)
home-one-head-title = What X, d_k and the three columns hold here
home-shares-title = wⱼ · vⱼ, each key's share
home-every-query = Every query at once
home-qkv-heading = **Q, K and V: one row per token**
home-one-query = One query, every key
home-value-dimension = value dimension
home-key = key
home-key-j = key j
home-query = query
home-token = token
home-output = output
home-length = length ‖wⱼ·vⱼ‖
home-score = score q·k
home-weight = weight
# $minutes: the core pages' reading time.
home-route-note = **The route.** Take the pages in this order; each link keeps your sentence and settings. The core pages take about { $minutes } minutes to read, more as you try the controls; the deep dives go further.
# $number: its place on the route; $label: the page; $kind: core or deep; $minutes: its reading time; $question: the question it answers.
home-route-link = { $number }. { $label } ({ $kind ->
        [core] core
       *[other] deep dive
    }, { $minutes } min): { $question }
home-random-toggle = Random weights: what a fresh, untrained model looks like
home-qkv-toggle = Show where Q, K and V come from
home-weights-setting = weights
home-weights-named = named features
home-weights-random = seeded random

## The notebook's prose. $rows_of_X: what a row of X holds (home-nb-rows-…); $query: the query's token.
home-nb-inputs =
    ## The inputs

    One head, so d_k = d_v = d_model. Each row of X is { $rows_of_X }.
home-nb-roles =
    ## Three roles

    Every token's row of X, times three learned matrices: a query (*{ glossary-query }*), a key (*{ glossary-key }*) and a value (*{ glossary-value }*).
home-nb-one-query =
    ## One query, every key

    The query of { $query } scores every key (1), the scores are divided by √d_k (2), and softmax turns them into weights that sum to 1 (3).
home-nb-output = ## 4. The output for { $query } is a weighted sum of the value rows
home-nb-every-query =
    ## Every query at once

    The same steps for every query: one row of weights per query, each summing to 1.
