### What a screen reader hears in place of a chart (attn_ui/describe.py reads the figure, these put it in words).

# A chart with no title.
charts-untitled = Chart
# A trace's kind; $kind is bar, histogram, line or point.
charts-kind = { $kind ->
        [bar] bar
        [histogram] histogram
        [line] line
       *[point] point
    }
# $kinds: the panel's kinds of trace, listed ("bar and line").
charts-plot = { $kinds } chart
# $names: the series the legend names, listed.
charts-plot-of = { $kinds } chart of { $names }
# A panel's words ($plot) and what its x axis runs over ($axis).
charts-clause = { $plot }; { $axis }
# $axis: the x axis's title; $low and $high: its ends, as numbers.
charts-x-range = { $axis } from { $low } to { $high }
# $at: the one x value every point of the panel has (a run of a single step).
charts-x-point = { $axis } at { $at }
# $categories: the axis's labels ("a, b and c", or "a … z").
charts-x-categories = { $axis } { $categories }
charts-empty = { $title }: an empty chart.
# One sentence: a chart's (or a panel's) title and its words.
charts-sentence = { $title }: { $words }.
charts-panels = { $title }, a chart of { $count } panels.
# A panel with no title of its own; $number counts from 1.
charts-panel = Panel { $number }
# Between the sentences of a chart of several panels.
charts-sentence-gap = {" "}
