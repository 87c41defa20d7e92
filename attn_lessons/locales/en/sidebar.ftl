### The sidebar: the shared settings' labels, notes and help (attn_ui/state.py draws them on every page).

# Over the link to the teachers' page, below the list of pages.
sidebar-for-teachers = For teachers
sidebar-sentence-label = Your sentence
sidebar-seed-label = Seed for the weights
sidebar-heads-label = heads
sidebar-d-model-label = d_model (width of each token's vector)
sidebar-presenter-label = Skip the predictions
sidebar-sentence-help = Words and punctuation marks become tokens.
# Under the sentence box, in place of Streamlit's "Press Ctrl+Enter to apply", which a touch screen cannot do.
sidebar-apply-note = To apply it, tap or click outside the box (or press Ctrl+Enter on a keyboard).
sidebar-seed-help = The same seed gives the same W_Q, W_K, W_V on every machine.
sidebar-heads-help = Only counts that divide d_model are offered: each head gets d_k = d_model / heads.
sidebar-presenter-help = Every page asks you to predict a result before it shows it. Turn this on to see every answer at once: for a second visit, or a teacher presenting. It lasts for this browser session; a link you copy or share never carries it.
# The example sentence of the labels note: it must hold a token twice (the app's default English sentence).
sidebar-labels-example = the cat sat on the mat
# How a repeated token is labelled. $sentence: the example (sidebar-labels-example); $token: its repeated token;
# $first and $second: the labels of its first two occurrences ("the·0", "the·4").
sidebar-labels-note = A word that occurs more than once is labelled with its position, counting from 0: in “{ $sentence }”, { $first } is the first “{ $token }” and { $second } the second.
# On a page with its own controls.
sidebar-unused = This page does not use these settings (it has its own controls); they are kept for the other pages.
sidebar-one-head = This page runs one head, so its d_k is the whole width of its queries and keys, not d_model / heads (the page says what it is here). The heads setting applies on the pages that split attention into heads.
