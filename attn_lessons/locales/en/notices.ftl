### Notices about a page's input: a link's value that cannot be used and why, a sentence refused or cut, a table
### cell that is not a number. A reason ("it is not a whole number") follows a notice's colon or sits in its
### brackets. A $setting is the link's own text, such as seed='1.5', and stays as typed.

# $chars and $limit: counts already written with their thousands separators.
notices-too-long = it is { $chars } characters long; the limit is { $limit }
notices-no-token = it has no word or mark to make a token of
notices-not-a-number-reason = it is not a number
notices-not-whole-reason = it is not a whole number
notices-not-0-or-1 = it is not 0 or 1
notices-setting-not-a-number = { $setting } is not a number
notices-setting-not-whole = { $setting } is not a whole number
notices-setting-not-finite = { $setting } is not a finite number
# $range: "0 … 999999".
notices-outside = { $setting } is outside { $range }
# $options: the values allowed, "1, 2, 4, 8".
notices-not-one-of = { $setting } is not one of { $options }
notices-not-a-choice = it is not one of the { $count } choices
# $low and $high: the bounds as typed ("−1e308", "1e308"); $got: what the link held.
notices-score-range = a score must be a finite number between { $low } and { $high }, got { $got }
notices-tau-range = τ must be between { $low } and { $high }
# $part: what the link held where a layer.head was expected.
notices-not-layer-head = “{ $part }” is not layer.head, such as 1.3
notices-no-head = there is no head { $head } in layer { $layer }
# $setting: the link's key, or key='value'; $reason: why it cannot be used (one of the reasons above).
notices-link-default = The link's { $setting } can't be used ({ $reason }); the default is used instead.
notices-heads-default = The link asks for heads={ $heads }, which does not divide d_model={ $d_model }, so the default heads={ $fallback } is used instead.
notices-heads-changed = heads={ $old } does not divide d_model={ $d_model }, so heads is now { $new }.
# $reason: why the sentence cannot be used; $last_good: the sentence the page keeps.
notices-sentence-kept = Your sentence can't be used: { $reason }. The last good sentence, “{ $last_good }”, is shown.
notices-reveal-unusable = The link's reveal=… can't be used; the predictions stay on.
# $found: the tokens in the learner's text; $kept: how many the page keeps.
notices-truncated = Your text has { $found } tokens; the explorer keeps the first { $kept } so that every matrix stays readable.
# After a cell's name ("Q, row 1, column 2: is empty").
notices-empty = is empty
# $shown: what the learner typed in the cell.
notices-cell-not-a-number = “{ $shown }” is not a number
notices-cell-nan = “{ $shown }” is NaN (not a number)
notices-cell-infinite = “{ $shown }” is infinite
# $limit: "±1,000,000".
notices-cell-too-large = “{ $shown }” is larger than the limit of { $limit }
# $matrix: the matrix's name (Q); $row and $column: the cell's labels; $reason: what is wrong with its value.
notices-cell-error = { $matrix }, row { $row }, column { $column }: { $reason }
