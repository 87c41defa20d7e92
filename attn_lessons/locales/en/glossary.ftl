### The glossary: each term's one definition, shown where a page first uses the term; .term is the term as this
### language writes it.

glossary-query = what am I looking for?
    .term = query
glossary-key = what do I contain?
    .term = key
glossary-value = what do I pass along?
    .term = value
glossary-softmax = exp of each score over the row's sum of exps, so a row's weights are positive and sum to 1
    .term = softmax
glossary-d-k = the width of each query and key vector
    .term = d_k
glossary-hard-argmax = all weight on the top score
    .term = hard argmax
glossary-slope = how far a key's weight moves when its own score moves a little; every gradient to that score passes through it
    .term = ∂p₂/∂z₂
glossary-jacobian = the table of how each weight moves when each score moves
    .term = Jacobian
glossary-nats = the unit of entropy and loss with the natural log, ln: an even spread over n keys has ln n
    .term = nats
glossary-concat = the heads' outputs set side by side
    .term = concat
glossary-w-o = the learned matrix that mixes what the heads found into the layer's output
    .term = W_O
glossary-induction-head = a head that uses a repeat's first copy to predict its second
    .term = induction head
glossary-adam = gradient descent that sizes each weight's step by its recent gradients
    .term = Adam
glossary-recurrent = a network that reads one token per step, passing a state along
    .term = recurrent network
glossary-cross-attention = queries from one sequence, keys and values from another
    .term = cross-attention

# A term defined inside a sentence: $term as the sentence writes it, $definition its definition.
glossary-inline = { $term } ({ $definition })
# One line defining several terms: each pair is "**term**: definition", joined by the joiner; $pairs is the joined list.
glossary-line-pair = **{ $term }**: { $definition }
glossary-line-joiner = {"; "}
glossary-line = { $pairs }.
