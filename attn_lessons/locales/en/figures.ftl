### The shared charts' own words (attn_ui/figures.py): a density histogram's series and axes.

# The histogram of the sampled values, in the legend.
figures-measured = measured
figures-value = value
figures-density = density
