### The words format.py puts around numbers. Every number arrives already written ("5.2 × 10²¹", "1%"): digits and
### notation are the same in every language.

# A number that is NaN, in a sentence.
format-nan = not a number
# $percent: "1%"; a share above 0 that would print as 0%.
format-percent-under = under { $percent }
# $percent: "99%"; a share below 1 that would print as 100%.
format-percent-over = over { $percent }
# How many times larger, for an infinite ratio.
format-times-infinite = infinitely many times
# $ratio: a huge ratio in scientific notation, "5.2 × 10²¹".
format-times = { $ratio } times
# $bound: "10⁻⁹"; a difference smaller than floating-point rounding.
format-below = below { $bound }
# $bound: "10³⁰⁸"; a difference past the float range.
format-more-than = more than { $bound }
# Between the items of a list but the last two.
format-list-separator = {", "}
# The last two items of a list: $head is every item but the last (already joined), $last the last one;
# $conjunction is "and" or "or".
format-list = { $head } { $conjunction ->
        [or] or
       *[and] and
    } { $last }
# The same where the characters on both sides of the conjunction are wide (a Chinese character or a full-width mark
# such as a quotation mark: “a” and “b”); a language may set its conjunction without spaces there.
format-list-tight = { $head } { $conjunction ->
        [or] or
       *[and] and
    } { $last }
# The same where only the character before the conjunction ($head's last) is wide.
format-list-tight-before = { $head } { $conjunction ->
        [or] or
       *[and] and
    } { $last }
# The same where only the character after the conjunction ($last's first) is wide.
format-list-tight-after = { $head } { $conjunction ->
        [or] or
       *[and] and
    } { $last }
# $count things: $one is the noun for one (format-noun-…), $many for several.
format-counted = { $count } { $count ->
        [1] { $one }
       *[other] { $many }
    }
# Every one of $count things: "the one key", "both keys", "all 5 keys". $lead is what comes before a single one
# ("the one", "its one", "its only"); $one and $many the noun (format-noun-…).
format-all-of = { $count ->
        [1] { $lead } { $one }
        [2] both { $many }
       *[other] all { $count } { $many }
    }

## Nouns that are counted in sentences (format.plural, format.all_of): the noun for one, and .many for several.
## In Chinese, the measure word comes with the noun (个头, 名学生), and .many is the same.

format-noun-head = head
    .many = heads

format-noun-key = key
    .many = keys

format-noun-query = query
    .many = queries

format-noun-value = value
    .many = values

format-noun-token = token
    .many = tokens

format-noun-column = column
    .many = columns

format-noun-row = row
    .many = rows

format-noun-step = step
    .many = steps

format-noun-training-step = training step
    .many = training steps

format-noun-learner = learner
    .many = learners

format-noun-answer = answer
    .many = answers

format-noun-first-answer = first answer
    .many = first answers

format-noun-later-attempt = later attempt
    .many = later attempts

format-noun-pair = pair
    .many = pairs

format-noun-weight = weight
    .many = weights

format-noun-nonzero-weight = nonzero weight
    .many = nonzero weights

format-noun-blocked-key = blocked key
    .many = blocked keys

format-noun-fully-blocked-row = fully blocked row
    .many = fully blocked rows

format-noun-layer = layer
    .many = layers

format-noun-character = character
    .many = characters

format-noun-choice = choice
    .many = choices

format-noun-question = question
    .many = questions

format-noun-more-takeaway = more takeaway
    .many = more takeaways

format-noun-matrix = matrix
    .many = matrices

format-noun-panel = panel
    .many = panels

format-noun-minute = minute
    .many = minutes

format-noun-dimension = dimension
    .many = dimensions

format-noun-feature = feature
    .many = features

format-noun-word = word
    .many = words

format-noun-sentence = sentence
    .many = sentences

format-noun-entry = entry
    .many = entries

format-noun-number = number
    .many = numbers

format-noun-earlier-output = earlier output
    .many = earlier outputs

format-noun-blocked-pair = blocked pair
    .many = blocked pairs

format-noun-pad-token = ⟨pad⟩ token
    .many = ⟨pad⟩ tokens

format-noun-allowed-pair = allowed pair
    .many = allowed pairs

format-noun-seed = seed
    .many = seeds

format-noun-run = run
    .many = runs

format-noun-attempt = attempt
    .many = attempts
