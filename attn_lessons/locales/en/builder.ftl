### The Q/K/V builder: every sentence, note, question and verdict about its numbers. Tokens are quoted “so”.

builder-quoted = “{ $token }”
# $more: how many more, counted without being named.
builder-more = { $more } more

## The named features (attn_core.builder.FEATURES): short names (axis labels), and what each says of a token.
builder-feature-animal = animal
builder-feature-action = action
builder-feature-place = place
builder-feature-function = function
builder-feature-unknown = unknown
# A column of Q and of K, by the feature it wants or has ($feature: builder-feature-…).
builder-wants = wants { $feature }
builder-has = has { $feature }
builder-wants-symbol = wants { $symbol }
builder-has-symbol = has { $symbol }
builder-feature-is-animal = is an animal
builder-feature-is-action = is an action
builder-feature-is-place = is a place
builder-feature-is-function = is a function word
builder-feature-is-unknown = is not in the lexicon (fallback)
builder-a-animal = an animal
builder-a-action = an action
builder-a-place = a place
builder-a-function = a function word
# The hand-set W_Q's rules, by the feature that asks.
builder-rule-action = an action looks for an animal (who did it?)
builder-rule-animal = an animal looks for an action (what did it do?)
builder-rule-function = a function word looks for a place (on … where?)
# One rule in a list of them: $first is "yes" for the first; $asker and $wanted are builder-a-….
builder-rule-short = { $asker } { $first ->
        [yes] looks for
       *[other] for
    } { $wanted }

## The starting point.
# $rules: the rules in one breath; $d_model: X's width here; $features, $positions: its feature and position columns
# ($positions is 0 with positions off); $yours: the learner's own d_model.
builder-interpretable-info = **Named features, as on Home.** Each column of X is a feature; W_Q's rules say { $rules }. **d_model = { $d_model }** here ({ $positions ->
        [0] { $features } features
       *[other] { $features } features, { $positions } of position
    }), not your d_model = { $yours }; the seed is unused.
builder-start-help = Random: the sidebar's seed draws W_Q, W_K and W_V, X is each word's embedding, and d0, d1, … name the columns. Named features: the lexicon and W_Q's rules, set by hand. Going back to Random restores d_model = { $yours }, which stays in the link.
builder-random-caption = The starting weights are drawn from seed { $seed } with entries of variance 1/d_model, so that Q, K and V entries stay near unit variance, like X's.
# $start: random or interpretable; $positions: on or off.
builder-one-head = One head here, so d_k = d_v = d_model = { $d_model } (several heads are taught on Masks and heads).{ $positions ->
        [off] { " " }Positions are off: X starts as each token's { $start ->
            [interpretable] named features
           *[other] embedding
        } alone.
       *[other] {""}
    }
# $name: the matrix being edited; $start: random or interpretable.
builder-edit-caption = Type over any cell of { $name }; the { $name } table above shows the numbers the page computes with. The tables print rounded values and the editor 4 significant digits; the page keeps full precision until you type over a cell. Your edits live in this browser tab only: they are **not in the link**, and changing the { $start ->
        [random] sentence, seed, d_model, starting point or positions
       *[other] sentence, starting point or positions
    } starts again from the new starting point.
# $message: what is wrong with the cell (a notice); $most: the largest number allowed; $last: the value kept.
builder-edit-error = { $message }. Type a number between −{ $most } and { $most }; until then the page keeps that cell's last good value, { $last }.

## The lexicon's fold.
# $words: how many entries the lexicon holds in the sentence's language ("685"); $kind: "words" (English) or
# "characters" (Chinese), which of them it counts.
builder-lexicon-start = A token gets 3 on its feature and 0 on the others; a word outside the lexicon's { $words } common { $kind ->
        [characters] Chinese characters
       *[words] words
    } gets 3 on **unknown** (the fallback). The starting W_Q has a 1 for each rule below and 0 everywhere else, so a query column reads *wants …*. W_K and W_V start as the identity: a key column reads *has …*, and a value passes the features along.
builder-lexicon-positions = The last two columns of X, *sin p* and *cos p*, hold the sine and cosine of the token's position p (the paper's sinusoid, two columns wide). The starting W_Q is 0 in their rows, so a query does not look at where a token is until you type a number there.
# $here: what this sentence's queries with no rule do, or builder-lexicon-waits.
builder-lexicon-no-rule = A token with no rule (a place, an unknown word) gets a query of zeros from the starting W_Q: it looks for nothing in particular. { $here }
builder-lexicon-waits = What this sentence's queries do with their weights shows once you answer the prediction in section 4.

## Repeated tokens. $word: the token; $where: its positions; $differ, $same: the matrices where its rows differ or
## are the same; $query: "yes" when Q is among the same.
builder-the-weights = the weights
builder-repeat-identical-off = “{ $word }” appears at positions { $where }, and its rows are **identical** in X, Q, K, V and the weights. Positions are off, so X says only *what* each token is, not *where* it is: attention alone does not see order. Turn the positions on to tell them apart.
builder-repeat-identical-on = “{ $word }” appears at positions { $where }, and its rows are **identical** in X, Q, K, V and the weights, although positions are on: your edits to X gave the copies the same row, so attention cannot tell them apart.
builder-repeat-edited = “{ $word }” appears at positions { $where }; positions are off, but its rows differ because you edited X.
builder-repeat-positions = “{ $word }” appears at positions { $where }; its rows differ because each copy got its own position in X.
builder-repeat-some = “{ $word }” appears at positions { $where }; each copy got its own position in X, so its rows differ in { $differ }, but they are the same in { $same }{ $query ->
        [yes] : W_Q gives the copies the same query
       *[other] {""}
    }.

## The action → animal lesson.
builder-rank-even = the same as every other key: the row is even, so the query prefers nothing
builder-rank-largest = the largest in its row
builder-rank-tied = tied for the largest in its row with { $others }
builder-rank-beaten = but the largest weight in its row now goes to “{ $top }” ({ $weight })
# $kind: success when the action still attends most to the animal.
builder-lesson-head = { $kind ->
        [success] Why “{ $query }” attends to “{ $key }”.
       *[other] Does “{ $query }” still attend to “{ $key }”?
    }
# $kept: "yes" while the number behind the clause still does what the start does; $value: that number.
builder-lesson-action = { $kept ->
        [yes] “{ $token }” is an action
       *[other] “{ $token }” is an action in the lexicon, but its row of X now has { $value } there
    }
builder-lesson-animal = { $kept ->
        [yes] “{ $token }” is an animal
       *[other] “{ $token }” is an animal in the lexicon, but its row of X now has { $value } there
    }
builder-lesson-turns = { $kept ->
        [yes] W_Q turns *action* into *wants animal*
       *[other] W_Q's cell (action, wants animal) is now { $value }
    }
builder-lesson-keeps = { $kept ->
        [yes] W_K keeps it as *has animal*
       *[other] W_K's cell (animal, has animal) is now { $value }
    }
# $q, $k: the animal column of Q and K; $score: q·k; $part: that column's share; $weight: the action's weight on the
# animal; $verdict: builder-rank-….
builder-lesson = **{ $head }** { $action }, and { $turns }: q has { $q } there. { $animal }, and { $keeps }: k has { $k } there. Of their dot product q·k = { $score }, that column gives { $part }. After ÷ √{ $d_k } and softmax, “{ $query }” gives “{ $key }” a weight of { $weight }, { $verdict }.

## A query that looks for nothing.
# $kind: alone, even, nearly-even or uneven; $weight: the largest weight; $low, $high: the row's smallest and largest;
# $itself: "yes" when the query's own token gets the most; $top: the token that does.
builder-spread = { $kind ->
        [alone] gives its one key, itself, all the weight ({ $weight })
        [even] gives every key the same weight, { $weight }
        [nearly-even] spreads its weight nearly evenly, from { $low } to { $high }
       *[other] spreads its weight unevenly, from { $low } to { $high }, the most on { $itself ->
            [yes] itself
           *[other] “{ $top }”
        }
    }
# $who: the queries of zeros, named.
builder-zero-alone = Here { $who } looks for nothing: its query is all zeros, and as the only token it gives its one key, itself, all the weight ({ $weight }).
# $count: how many queries are all zeros; $n: the keys; $weight: 1/n.
builder-zero-queries = Here { $who } { $count ->
        [one] looks for nothing: its query is all zeros, so every score in its row
       *[other] look for nothing: their queries are all zeros, so every score in their rows
    } is 0 and each of the { $n } keys gets the same weight, 1/{ $n } = { $weight }.
builder-no-idle = This sentence has no such token: every query here has a rule.
# $spread: builder-spread.
builder-busy = “{ $token }” has a query that is not all zeros, and it { $spread }.
builder-busy-more = ({ $rest } more such { $rest ->
        [one] query is
       *[other] queries are
    } not described here.)
# $wanted: builder-a-…; $has: the name of K's column for the feature it wants.
builder-unanswered = “{ $token }” looks for { $wanted }, but every key has 0 in *{ $has }*, so that wish adds nothing to its scores: it { $spread }.
builder-unanswered-more = ({ $rest } more looking for { $wanted } are not described here.)
# $kind: exact, rounding or differs; $row: the query; $gap: the largest gap.
builder-sum-check = The sum { $kind ->
        [differs] differs from
       *[other] equals
    } row { $row } of the output above: the largest gap is { $gap }{ $kind ->
        [rounding] , floating-point rounding.
       *[other] .
    }

## Shapes, scaled scores and the trace.
# $tokens: n, counted.
builder-shapes-caption = n = { $tokens }, d_model = { $d_model }, d_k = { $d_k }, d_v = { $d_v }. The weights are n × n whatever the widths: a row per query, a column per key.
builder-scaled-title = scaled = QKᵀ/√d_k, √{ $d_k } = { $root }
# $minus: "− shift" or "+ shift"; $shift: the row's largest scaled score.
builder-exp-shifted = exp({ $scaled } { $minus }) = { $exp } (the row's largest scaled score, { $shift }, is taken off every entry first so exp() stays in range; it cancels in the ratio)
builder-sum-one = row { $row } has only this one exp, so { $exp } ÷ { $exp } = { $weight }
builder-sum-many = row { $row } has exps { $exps }, which sum to { $total }; { $exp } ÷ { $total } = { $weight }
builder-step-1 = 1. **q ⊙ k**, element by element: the bottom row of the first table.
builder-step-2 = 2. **Sum**: q · k = { $score }, the cell ({ $query }, { $key }) of QKᵀ.
builder-step-3 = 3. **÷ √d_k**: { $score } ÷ √{ $d_k } = { $score } ÷ { $root } = { $scaled }.
builder-step-4 = 4. **exp**: { $exp }.
builder-step-5 = 5. **÷ the row's sum of exps**: { $sum }.
# $page: the weight the page's softmax gave.
builder-step-6 = 6. **The weight** w = { $weight }: in the weights above, the cell where the outlined row and column cross (the page's softmax gives { $page }).
# $shown: "yes" when the page shows every key's share; $n, $d_v: the size of that table.
builder-step-7 = 7. **w · v**: { $weight } × v({ $key }) = { $share }. That is key { $key }'s share of the output for { $query }: { $shown ->
        [yes] the outlined row { $key } of the second table
       *[other] the table of all { $n } keys' shares ({ $n } × { $d_v }) is left out at this size to keep the page light
    }.
builder-step-8 = 8. **Add up every key's share**, { $shown ->
        [yes] each column of the second table, into the third
       *[other] into the second table
    }: output({ $query }) = { $output }.
builder-code-intro = This page's numbers in plain numpy, from the X and W's it is using (your edits included), in the order the page shows them, tracing query “{ $query }” and key “{ $key }”: the code of the notebook below, which also checks its results against the page.

## Predict, then see.
builder-moved-seed = the seed
builder-moved-d-model = d_model
builder-moved-positions = the positions
builder-moved-edits = your edits
# $named: "yes" when the page knows what changed; $what: those settings.
builder-numbers-moved = The numbers changed since you predicted{ $named ->
        [yes] { " " }({ $what })
       *[other] {""}
    }: your prediction is checked against the numbers on the page now.
# $names: the tied keys, quoted; $weight: their weight as printed; $count: how many.
builder-tie = { $names } tie at { $weight }: { $count ->
        [2] either
       *[other] any of them
    } is right.
builder-double-sharper = Same top key, more weight
builder-double-flatter = Same top key, less weight
builder-double-other = Another key on top
builder-double-same = No weight changes
builder-double-question = Suppose every entry of W_Q were doubled. What would happen to the weights of “{ $query }” over the keys? Its query is its row of Q above, and Q = X·W_Q.
# What states the answer while the question is open: phrases of the reveal's own reasoning.
builder-gives-away-1 = doubles every query
builder-gives-away-2 = scaled scores double
builder-gives-away-3 = stays on top, and the larger gaps
builder-double-alone = “{ $query }” has only one key, itself, and gives it all the weight whatever W_Q is.
builder-double-even = Doubling W_Q doubles every query (Q = X·W_Q), so row “{ $query }”'s scaled scores double, and they are all equal, { $score }, before and after: every key keeps 1/{ $n } = { $weight }.
builder-double-lead = Doubling W_Q doubles every query (Q = X·W_Q), so row “{ $query }”'s scaled scores double: “{ $key }”'s goes from { $before } to { $after }.
# $names: the keys on top after doubling; $count: how many.
builder-double-apart = The weights that printed as a tie at { $decimals } decimals come apart: now { $names } { $count ->
        [one] has
       *[other] have
    } the most weight.
builder-double-same-why = “{ $key }” stays on top, and its weight, { $weight }, is already as close to 1 as { $decimals } decimals show: every weight prints the same.
# $outcome: sharper or flatter.
builder-double-gaps = Softmax keeps their order, so “{ $key }” stays on top, and the larger gaps { $outcome ->
        [sharper] raise
       *[other] lower
    } its weight from { $before } to { $after }.
# Between two sentences of one verdict: a space in English.
builder-sentence-joiner = {" "}
builder-hint-same = Softmax reads the gaps between the scores through exp, so doubling them moves every weight.
builder-hint-other = Doubling every score in the row keeps their order, so the key on top stays on top.
builder-hint-flatter = Larger gaps between the scores make softmax peakier, not flatter.

## The page's fixed text, in the order the page shows it.
builder-intro = A token's **query**, **key** and **value** are its row of X times three learned matrices. Build them from your sentence, change any number, and follow one weight to the output.
builder-positions-help-random = Adds the paper's sin/cos position vector to each token's row of X.
builder-positions-help-interpretable = Gives X two more columns, the sine and cosine of each token's position, after the named features.
builder-start-header = 1. Start from X and three weight matrices
builder-start-intro = Rows of X are tokens; rows of each W are X's columns, so **X · W** is defined.
builder-edit-help = Type over any cell: the whole page recomputes from your numbers.
builder-lexicon-title = The lexicon and the hand-set W_Q
builder-shapes-header = 2. The shapes flow like this
builder-project-header = 3. Project: one query, key and value per token
builder-project-intro = Row i of **Q**, **K** and **V** is token i's query, key and value. Queries and keys decide the weights; values decide what gets copied.
builder-compare-header = 4. Compare every query with every key
builder-weights-caption = Each row is one query's weights over every key; it sums to 1. Outlined: the pair traced in section 5.
builder-trace-header = 5. Trace one weight to the output
builder-sum-title = Σⱼ wⱼ·vⱼ, the shares added up
builder-dims-note = X's columns, and the rows of every W
builder-long-help = Every number of X and the W's, so it is long.
builder-trace-products = qᵢ ⊙ kⱼ for { $query } → { $key }
builder-trace-shares = wⱼ·vⱼ: each key's share of output for { $query }
builder-query-picker = Query i (the token that asks)
builder-key-picker = Key j (the token that answers)
builder-download-zip = Download every matrix (a zip of CSVs with token labels)
builder-shapes-label = How the shapes flow, top to bottom
builder-transpose-step = Q · Kᵀ (K transposed)
builder-softmax-step = softmax per row

## The page's short labels (pages/QKV_builder.py).
builder-title = Q/K/V builder
builder-start-label = Starting point
builder-start-name-random = Random: seeded weights
builder-start-name-interpretable = Interpretable: named features
builder-positions-label = Add sinusoidal positions to X
builder-edit-label = Edit a matrix
builder-edit-none = None
builder-reset = Reset all edits
builder-what-x-embedding = embedding
builder-what-x-named = named features
builder-what-x-embedding-positions = embedding + position
builder-what-x-named-positions = named features | position
builder-axis-token = token
builder-axis-d-model = d_model dimension
builder-axis-x-column = X column
builder-axis-q-column = Q column
builder-axis-k-column = K column
builder-axis-v-column = V column
builder-axis-query = query
builder-axis-key = key
builder-axis-key-j = key j
builder-axis-d-k = d_k dimension
builder-axis-value = value dimension
builder-w-q-title = W_Q, the query projection
builder-w-k-title = W_K, the key projection
builder-w-v-title = W_V, the value projection
builder-lexicon-token = token
builder-lexicon-feature = feature
builder-scores = scores
builder-weights = weights
builder-output = output
builder-sums = Σⱼ weights
# $query, $key: the action and the animal, as in markdown.
builder-trace-pair = Trace { $query } → { $key } below
builder-nb-q-dims = Q's columns
builder-nb-k-dims = K's columns
builder-nb-v-dims = V's columns, and the output's
# $query, $key: the traced pair, as Python writes them.
builder-nb-pair = query { $query }, key { $key }
builder-setting-sentence = sentence
builder-setting-start = starting point
builder-setting-positions = positions
builder-setting-query = query i
builder-setting-key = key j
builder-setting-edited = edited cells
builder-setting-on = on
builder-setting-off = off
# $d_model: the named features' width.
builder-setting-named-d-model = { $d_model } (the named features)

## The notebook's prose. $query, $key: the traced pair's tokens.
builder-nb-start =
    ## 1. Start from X and three weight matrices

    The numbers below are the ones the page was using, your edits included (a cell the page refused kept its last good value, and so does this notebook).
builder-nb-shapes = ## 2. The shapes
builder-nb-project = ## 3. Project: one query, key and value per token
builder-nb-compare = ## 4. Compare every query with every key
builder-nb-trace =
    ## 5. Trace one weight to the output

    Query { $query } and key { $key }, one step at a time.
