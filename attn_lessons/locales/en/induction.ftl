### Inside a trained model (attn_lessons/induction.py): the app's own two-layer, attention-only model.
### Token labels ("cat·2", "t13·22", "⟨start⟩") are data and reach every message as they are, already quoted where
### the English quotes them. Numbers come already formatted.

## The page and its sections

induction-title = Inside a trained model
# $layers, $heads: the model's layers and heads per layer; $d_model: its width
induction-model-size = { $layers } layers of { $heads } heads, d_model { $d_model }
# $size: induction-model-size
induction-intro = Every other page runs on weights set by hand or at random. This one runs a model the app trained itself: causal attention only, { $size }, nothing else. It learned from sequences that repeat: a start token, random tokens, then the same tokens again. The second copy can be predicted, if the model looks back at the first. Where do its heads look, and why?
# What changes the page's numbers, by what the model reads
induction-changes-sentence = your sentence
induction-changes-random = the random tokens' seed and length
induction-switches = the head switches below
# $tokens: the tokens it knows; $d_model, $d_k: its widths; $changes: induction-changes-*; $switches: induction-switches
induction-model-note = One fixed model: { $tokens } tokens, d_model = { $d_model }, d_k = { $d_k }. Only { $changes } and { $switches } change its numbers.
# $size: induction-model-size
induction-sidebar-note = This page runs its own trained model ({ $size }): it reads your sentence, or random tokens from a seed of its own. The seed, d_model and heads here apply on the other pages.
# The app's one label convention, told for this page's sequence; the example's labels must be its own
induction-labels-note = Every token here is labelled with its position, counting from 0 after the start token ⟨start⟩, as on the other pages; the second copy counts on. In “the cat sat on the mat”, twice, the·0 is the first “the” and the·6 the third.
induction-source-label = What the model reads
induction-source-sentence = Your sentence, twice
induction-source-random = Random tokens, twice
induction-seed-label = Seed for the random tokens
induction-length-label = Tokens in each copy
# $tokens: the tokens the model knows
induction-how-it-maps = The model knows { $tokens } tokens, not words: each different word gets its own token, in the order the words first appear (capitals ignored). Positions count from 0 after ⟨start⟩.
# $n: the tokens in each copy; $tokens: the tokens the model knows
induction-random-maps = Random tokens, as the model was trained on: { $n } different tokens of the { $tokens }, drawn from the seed, then the same { $n } again. A token is named t and its number; after the dot comes its position, counted from 0 after ⟨start⟩.
induction-section-sequence = 1. The sequence it reads
induction-section-predict = 2. Where will an induction head look?
induction-section-learned = 3. How it learned
induction-section-heads = 4. Every head's weights
induction-section-why = 5. Why it looks there
induction-section-guesses = 6. What it predicts, and what a head is worth
induction-query-label = The query (a token of the second copy)
induction-head-label = Layer 2's head
induction-keys-off-label = Switch off these layer-1 heads in layer 2's keys
induction-off-label = Switch off these heads everywhere
induction-heads-wait = Every head's weights, the reason and the predictions appear once you answer the question above.
induction-no-repeat = The second copy has nothing new to predict from a single token. Type at least two different words to see the model copy.
induction-sources-words = The page's numbers come from these attn_core functions:
# $layer, $head: 1-based
induction-head-name = layer { $layer } · head { $head }
# the same at the start of a title
induction-head-name-start = Layer { $layer } · head { $head }
# $layer: 1-based
induction-layer-title = Layer { $layer }
# $distinct: the sentence's different words (0 or 1); the model needs two
induction-too-few-words = Your sentence has { $distinct ->
        [1] only one different word
       *[other] no word at all
    }, and the model needs at least two to show copying. The page shows random tokens instead until you type two different words.
# $found: the tokens of the text; $kept: the tokens the page keeps
induction-truncated = Your text has { $found } tokens; the page keeps the first { $kept }, the longest the model was trained to repeat.
# $word: a word, quoted; $token: its token's number
induction-mapping-pair = { $word } → { $token }
induction-mapping-separator = {", "}
# $pairs: every induction-mapping-pair, joined by induction-mapping-separator
induction-mapping = Tokens: { $pairs }.
# $query: the query's label, quoted
induction-predict-question = The query is { $query }, in the second copy. Which key will layer 2's strongest induction head give the most weight to, from this query?

## Sequence tables, axis titles, the guesses' columns

induction-sequence-sentence = The tokens it reads: start, then your words, then your words again
induction-sequence-random = The tokens it reads: start, then random tokens, then the same tokens again
induction-sequence-row = token
induction-axis-position = position
induction-axis-key = key
induction-axis-query = query
induction-axis-part = part of the key
induction-column-position = position
induction-column-next = next token
induction-column-guess = model's guess
induction-column-guess-off = guess with heads off
induction-outline-previous = each token's previous token
induction-outline-stripe = the key just after the first time the query's token came

## The prediction's verdict: sentences joined by induction-join

induction-join = {" "}
# $query: the query's label, quoted; $head: induction-head-name; $most: "nearly" when the weight is above 0.99
# and below 1; $weight: as printed; $key: the key's label, quoted
induction-verdict-top = From { $query }, { $head } gives { $most ->
        [nearly] nearly all of its weight
       *[other] its largest weight
    }, { $weight }, to { $key }.
# $tie: builder's words that the quoted keys tie, and that each is right
induction-verdict-tie = From { $query }, { $head } gives its largest weight to more than one key: { $tie }
# $key: the top key, quoted; $before: the key before it, quoted; $word: the query's word
induction-verdict-induction = { $key } follows { $before }, an earlier “{ $word }”: what an induction head looks for.
# $word: the query's word; $target: the stripe's key, quoted; $weight: its weight
induction-verdict-stripe = The outlined stripe marks the key after the first “{ $word }”, { $target }, which gets { $weight } here.
# $key: the top key, quoted; $kind: what kind of expected answer that key is (same, previous, itself, start, none);
# $word: the query's word; $after: how many keys follow an earlier copy; $best: the one of them with most weight,
# quoted; $weight: its weight
induction-verdict-not-induction = { $key }{ $kind ->
        [same] , the same token earlier,
        [previous] , the token just before it,
        [itself] , the query itself,
        [start] , the start token,
       *[none] {""}
    } is not just after an earlier “{ $word }”; { $after ->
        [one] the key that is
       *[other] of the keys that are, the one with the most weight
    }, { $best }, gets { $weight }. From this query the head does not look where an induction head looks.
# $word: the query's word
induction-verdict-no-earlier = No “{ $word }” came before it, so an induction head has nothing to look for.
# $guess: the model's top guess, quoted; $word: the query's word
induction-verdict-copies = The model's own top guess for the next token is { $guess }, which came after “{ $word }” before. It copies.
# $followers: the tokens that came after the query's word before, quoted, joined with "or"
induction-verdict-no-copy = The model's own top guess for the next token is { $guess }, not { $followers }, which came after “{ $word }” before: here it does not copy.
induction-verdict-guess = The model's own top guess for the next token is { $guess }.
# $picked: the learner's pick, quoted; $kind: as in induction-verdict-not-induction; $weight: its weight
induction-verdict-picked = You picked { $picked }{ $kind ->
        [same] , the same token earlier,
        [previous] , the token just before it,
        [itself] , the query itself,
        [start] , the start token,
       *[none] {""}
    } which gets { $weight }.
induction-verdict-same = The head is not looking for “{ $word }” itself but for the key whose previous token was “{ $word }”.

## How it learned

# $steps: training steps (grouped); $adam: Adam with its definition; $batch: sequences a step; $every: steps between
# scores; $first, $last: the steps the loss falls fastest between; $before, $after: the smoothed loss there;
# $smooth: steps averaged; $tokens: the tokens; $chance: ln of the tokens
induction-learned = { $steps } steps of { $adam }, { $batch } fresh sequences each; scores every { $every } steps. The loss on the repeated half falls fastest between steps { $first } and { $last } (shaded), from { $before } to { $after } nats, averaged over { $smooth } steps. Guessing among { $tokens } tokens scores ln { $tokens } = { $chance } nats.
# $layer: 1-based; $score: previous or induction; $goal: the bar; $step: the first checkpoint that reaches it
induction-learned-reached = Layer { $layer }'s best { $score ->
        [previous] previous-token
       *[induction] induction
    } score first reaches { $goal } at step { $step }.
induction-learned-never = No head of layer { $layer } reaches a { $score ->
        [previous] previous-token
       *[induction] induction
    } score of { $goal }.
induction-scores-defined = A head's **previous-token score** is its mean weight from each position to the one just before it. Its **induction score** is its mean weight from each position of the second copy to the key just after that token's first occurrence. The curves measure both on fresh random sequences (Olsson et al. 2022).
induction-figure-title = How it learned
induction-figure-loss-panel = Loss on the repeated half (nats)
induction-figure-score-panel = Each head's score
induction-figure-x = training step
induction-figure-loss = batch loss
induction-figure-smooth = mean of 50 steps
# $h: the head's number (a placeholder the figure fills)
induction-figure-previous = L1 head { $h }: previous-token
induction-figure-induction = L2 head { $h }: induction
induction-figure-loss-y = nats
induction-figure-score-y = score

## Every head

# $head: induction-head-name; $previous, $induction: its two scores as printed
induction-head-title = { $head }: previous-token { $previous }, induction { $induction }
induction-not-applicable = n/a
# $previous_head, $previous: the outlined layer-1 head and its score; $stripe: none when no token came before;
# $induction_head, $induction: the outlined layer-2 head and its score
induction-outlined = Outlined: in { $previous_head }, the top previous-token score here ({ $previous }), the diagonal of each token's previous token; { $stripe ->
        [none] no induction stripe: no token of this sequence came before
       *[other] in { $induction_head }, the top induction score here ({ $induction }), the stripe from each token of the second copy to the key just after its first occurrence
    }.
# $n: the heads that pass; $goal: the bar; $heads: them, listed
induction-summary-previous = { $n ->
        [0] No layer-1 head has a previous-token score of { $goal } or more on this sequence.
        [one] Previous-token head (score ≥ { $goal }) on this sequence: { $heads }.
       *[other] Previous-token heads (score ≥ { $goal }) on this sequence: { $heads }.
    }
induction-summary-induction = { $n ->
        [0] No layer-2 head has an induction score of { $goal } or more on this sequence.
        [one] Induction head: { $heads }.
       *[other] Induction heads: { $heads }.
    }

## Why it looks there

induction-term-token = token
induction-term-position = position
# $h: the layer-1 head's number
induction-term-head = L1 head { $h }
induction-term-total = total
induction-why-intro = Layer 2's key at each position is built from the token's embedding, the position, and what each layer-1 head wrote there. So the score q·kⱼ/√d_k splits into one term per part, and the total is the head's score.
# $head: induction-head-name-start; $label: the query's label
induction-terms-title = { $head }: q·kⱼ/√d_k from “{ $label }”, by part of the key
# $key: the target key, quoted; $score: its total; $top: "target" when it is the highest; $highest, $top_score: the
# highest key, quoted, and its score
induction-why-score = { $key } scores { $score }{ $top ->
        [target] , the highest of every key.
       *[other] ; the highest is { $highest } with { $top_score }.
    }
# $name: the term's column name; $here: its value at the key; $others: its mean on the other keys
induction-why-part = What sets it apart most is the term from { $name } ({ $here } here, { $others } on the other keys on average).
# $key: the target key, quoted; $head: the layer-1 head; $is_previous: yes when it is a previous-token head, with
# $score its score; $weight: its largest weight there (a percentage); $before: the token just before, quoted;
# $before_word: its word; $query: the query, quoted; $query_word: its word
induction-why-wrote = At { $key }, { $head }{ $is_previous ->
        [yes] , a previous-token head ({ $score }),
       *[no] {""}
    } gives its largest weight, { $weight }, to the token just before, { $before }: it wrote “{ $before_word }” there, and the query of { $query } asks for a key whose previous token was “{ $query_word }”.
# $top: the key it gives its largest weight instead, quoted; $before_weight: the token before's weight (a percentage)
induction-why-elsewhere = At { $key }, { $head }{ $is_previous ->
        [yes] , a previous-token head ({ $score }),
       *[no] {""}
    } gives its largest weight, { $weight }, to { $top }, not to the token just before ({ $before } gets { $before_weight }).
# $flat: the margin
induction-why-flat = No part of its key is larger there than on the other keys on average, by { $flat } or more: no single part sets it apart.
# $n: heads switched off; $heads: them, listed
induction-why-off = Switched off in the keys: { $heads }, { $n ->
        [one] its term is 0.
       *[other] their terms are 0.
    }
induction-stripe-none = Switch off layer-1 heads in layer 2's keys to see what the stripe owes them.
# $heads: the layer-1 heads switched off, listed; $label: the stripe's key; $before, $after: its weight;
# $score_before, $score_after: the head's induction score
induction-stripe-change = Without { $heads } in layer 2's keys, this head's weight on “{ $label }” goes from { $before } to { $after }, and its induction score on this sequence from { $score_before } to { $score_after }.

## Guesses and ablation

# $right: the positions guessed right; $n: the positions of the repeated half
induction-guesses = With every head on, the model's top guess in the repeated half is the true next token at { $right } of { $n ->
        [one] { $n } position
       *[other] { $n } positions
    }.
# $at: the positions whose copy is ambiguous, quoted and listed; $follows: all, none or some of them where the guess
# is one of the tokens that followed; $some, $others: those where it is and is not
induction-guesses-ambiguous = At { $at } the token came before followed by different tokens: the copy is ambiguous{ $follows ->
        [all] , and the model's guess is one of them.
        [none] , and the model's guess is none of them.
       *[some] ; the model's guess is one of them at { $some }, and none of them at { $others }.
    }
# $loss, $fresh: the repeated half's loss (nats) on this sequence and on fresh ones
induction-ablation-none = All heads on: the repeated half's loss is { $loss } nats on this sequence and { $fresh } on fresh random sequences. Switch heads off to see what each is worth.
# $heads: the heads switched off; $loss, $loss_off, $fresh, $fresh_off: the losses before and after; $right_off,
# $right: positions guessed right with them off and on; $n: the positions
induction-ablation = With { $heads } switched off, the repeated half's loss goes from { $loss } to { $loss_off } nats on this sequence, and from { $fresh } to { $fresh_off } on fresh random sequences; the top guess is the true next token at { $right_off } of { $n ->
        [one] { $n } position
       *[other] { $n } positions
    }, against { $right } with every head on.

## Take it home

# $head: induction-head-name; $label: the query's label
induction-code-intro = The page's numbers in plain numpy: the shipped weights, the forward pass, both scores, the guesses and { $head }'s score terms from “{ $label }”.
induction-weights-note = download it from this page, beside the notebook
induction-r-note = each word's token
induction-weights-download = Download the weights (induction_model.npz)
induction-setting-sequence = sequence
induction-setting-tokens = tokens in each copy
induction-setting-query = query
induction-setting-head = layer-2 head

## The notebook's prose (notebooks/induction.py)

induction-nb-intro =
    ## A trained model's weights

    A two-layer transformer with attention only (no MLP), which Attention Explorer trained on sequences that repeat:
    a start token, then r, then r again. It knows 64 tokens (ids 0 to 63) and the start token (id 64), and each layer
    has 4 heads. Its weights are one file, `induction_model.npz`: download it from the page's "Take it home" section
    and put it beside this notebook.
induction-nb-sentence =
    ## 1. Your sentence, twice

    Each word is a token id, the same id for the same word. The model reads the start token, the words, then the
    words again: in the second copy every token has come before, so the model can copy what came after it.
induction-nb-layers =
    ## 2. Two layers of attention

    Each head does what the first page did: every query scores every key, q·k/√d_head, the causal mask blocks the
    keys after the query, softmax turns the scores into weights, and the weights mix the values. Positions are added
    to the queries' and keys' inputs only, so a head can look by position but copies only tokens. Each head's output
    is added to the stream, and layer 2 reads that stream. A head in `off` is switched off: it adds nothing.
induction-nb-kinds =
    ## 3. Two kinds of head

    A previous-token head sends each query to the key just before it: its score is the mean weight from each position
    to the one before. An induction head, at a token of the second copy, looks for the token that came after the same
    token the first time: its score is the mean weight from each position of the second copy to the position just
    after that token's first occurrence. A score near 1 means the head does exactly that.
induction-nb-guesses =
    ## 4. What the model guesses next

    The last stream times the unembedding gives a score for each token coming next; softmax over the 64 tokens (the
    start token never comes next) gives the probabilities. In the second copy an induction head copies, so the guess is
    the token that followed last time. The loss is the mean −log probability of the true next token over the second
    copy, but its last token, which has no next token.
induction-nb-why =
    ## 5. Why it looks there

    Layer 2's key at each position is built from parts added together: the token's embedding, its position, and each
    layer-1 head's output. So the head's score q·k/√d_head from the followed query splits into one term per part.
    A previous-token head in layer 1 wrote "my previous token was t" into each position; the query of a t matches it,
    so the key just after the first t scores highest. Here every head is on (`off` is for the sections above), and
    the layer-1 heads in `keys_off` are taken out of layer 2's keys only: their terms are 0. Put the previous-token
    head in `keys_off` and run again to see how much the stripe weakens.
