### The Q/K/V builder's shape diagram (attn_ui/exports.py): the boxes named in words (Q, K, V and QKᵀ are symbols).

# The attention weights' box ("weights · V" below it).
exports-weights = weights
exports-output = output
