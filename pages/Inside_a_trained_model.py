"""Inside a trained model: the app's own two-layer attention-only model, its previous-token and induction heads,
and why a layer-2 query matches the key it does."""

import numpy as np
import streamlit as st

from attn_core import induction as ind
from attn_core.tokens import tokenize
from attn_lessons import induction as say
from attn_lessons.format import md_text
from attn_ui import notebooks as nbk
from attn_ui.checkpoint import predict, reveal, still_open
from attn_ui.data import induction_fresh_loss, induction_learning_figure, induction_run, notebook_cells
from attn_ui.figures import plot
from attn_ui.glossary import define
from attn_ui.params import decode_heads, encode_heads, parse_heads
from attn_ui.serving import one_at_a_time
from attn_ui.state import route_footer, setup_page, url_bound
from attn_ui.tables import draw_matrix as draw

LOOK = say.LOOK  # section 2's prediction, key "induction_look"
GRID_COLUMNS = 2
GUESS_BOX_PX = 420  # the guesses' table scrolls inside a box this tall (64 rows at 32 tokens)
SOURCES_SHOWN = (ind.forward, ind.run, ind.key_terms, ind.head_scores, ind.train)  # "Show the code" prints them


@one_at_a_time
def main():
    # the notes are functions: called once setup_page has chosen the language
    shared = setup_page(__file__, sidebar_note=say.sidebar_note, labels_note=say.labels_note)
    st.title(say.fixed_text("title"))
    st.markdown(say.intro())
    note = st.empty()  # what changes the numbers depends on what the model reads: filled once that is known
    w, log, _ = ind.shipped()
    ids, words, shown = the_sequence(shared.text)  # 1. the sentence (or random tokens), twice
    note.caption(say.model_note(shown).text)
    r = tuple(int(t) for t in ids)  # the runs' cache key
    labels = ind.sequence_labels(words)
    base = induction_run(r)
    query = say.ask_query(base.tokens)
    about = (tuple(labels), query)
    asking = still_open(LOOK, about)
    prediction(labels, base, query, about, words, shown, shared.text)  # 2. predict first
    if asking:
        st.caption(say.fixed_text("heads-wait"))
        return route_footer(__file__, shared)
    how_it_learned(log)  # 3. the loss and the scores over training
    every_head(labels, base)  # 4. all eight heads' weights, the stripes outlined
    h, i, keys_off, terms = why_it_looks(w, labels, r, base)  # 5. a layer-2 query's scores, term by term
    off, now = guesses_and_ablation(labels, words, r, base)  # 6. the next-token guesses; switch heads off
    take_it_home(r, words, labels, h, i, keys_off, terms, off, now)
    route_footer(__file__, shared)


def the_sequence(text: str) -> tuple[np.ndarray, list[str], str]:
    """The source radio and what it gives: the token ids r, their words (up to 32), and which source is shown
    ("random" for a one-word sentence too)."""
    st.header(say.section("sequence"))
    url_bound("source", "sentence", str, options=list(say.SOURCES))
    source = st.radio(say.control_label("source"), options=list(say.SOURCES), key="source",
                      format_func=say.source_label, horizontal=True)
    tok = tokenize(text)
    words = list(tok.tokens)[:ind.MAX_REPEAT]
    ids = ind.word_ids(words) if words else np.zeros(0, dtype=int)
    if source == "sentence":
        notice = say.truncated_notice(tok.n_found)
        if notice:
            st.info(notice.text, icon=":material/content_cut:")
        problem = say.too_few_words(len(set(ids.tolist())))
        if problem is None:
            sequence_table(ids, words, "sentence")
            st.markdown(say.how_it_maps())
            st.caption(say.mapping_text(words, ids).text)
            return ids, words, "sentence"
        st.warning(problem.text, icon=":material/info:")
    c1, c2 = st.columns(2)
    url_bound("rseed", 0, int, options=list(range(1000)))
    rseed = c1.number_input(say.control_label("seed"), min_value=0, max_value=999, step=1, key="rseed")
    lengths = list(range(ind.MIN_REPEAT, ind.MAX_REPEAT + 1))
    url_bound("length", 8, int, options=lengths)
    length = c2.select_slider(say.length_label(), options=lengths, key="length")
    ids = ind.random_ids(int(rseed), int(length))
    sequence_table(ids, say.random_words(ids), "random")
    st.markdown(say.random_maps(int(length)))
    return ids, say.random_words(ids), "random"


def sequence_table(ids, words, source: str) -> None:
    """The token ids the model reads, one column per position: start, r, r."""
    tokens = ind.repeated(ids)
    # a token's number is a name, not an amount: a scale far wider than 0 … 64 gives every cell the same pale step
    draw(tokens, say.sequence_title(source), [say.sequence_row()], ind.sequence_labels(words), kind="signed",
         decimals=0, zmax=1e6, x_title=say.axis("position"), legend=False)


def prediction(labels, base: ind.Run, query: int, about, words, shown: str, text: str) -> None:
    """Predict first: which key will layer 2's strongest induction head attend to from the query? Graded against
    that head's weights from the query, with the app's one tie rule."""
    st.header(say.section("predict"))
    define("induction head")  # the header and the question name it
    if np.isnan(base.induction[1]).all():
        st.info(say.fixed_text("no-repeat"), icon=":material/info:")
        return
    escaped = [md_text(lab) for lab in labels]
    options = list(labels[:query + 1])
    guess = predict(LOOK, say.predict_question(labels, query), options=options,
                    format_func=lambda lab: escaped[labels.index(lab)], about=about)
    if guess is None:
        return
    picked = None if guess.value is None else labels.index(guess.value)
    verdict = say.look_verdict(labels, base.tokens, say.token_names(words, base.tokens), say.look_at(base, query),
                               picked)
    # this page's model has no seed, d_model or heads; "at" is the query's position, as in the page's links
    state = {"text": text, "source": shown, "query": labels[query], "at": query,
             **({"rseed": int(st.session_state.get("rseed", 0)), "length": len(words)} if shown == "random" else {})}
    reveal(guess, right=verdict.right, why=verdict.text, asked=LOOK, state=state)


def how_it_learned(log: ind.Log) -> None:
    st.header(say.section("learned"))
    phase = ind.phase_change(log.loss)
    plot(induction_learning_figure(say.learning_words()), "learned")
    st.caption(say.learned_caption(log.loss, *phase, log.previous, log.induction, log.checkpoints).text)
    st.markdown(say.scores_defined())


def every_head(labels, base: ind.Run) -> None:
    """Both layers' heads as tables, each titled with its two scores on this sequence; the top previous-token
    head's diagonal and the top induction head's stripe outlined."""
    st.header(say.section("heads"))
    T = len(labels)
    prev_head, ind_head = ind.strongest(base.previous, 0), ind.strongest(base.induction, 1)
    prev_cells = [(i, i - 1) for i in range(1, T)]
    stripe = ind.induction_targets(base.tokens)
    ind_cells = [(i, int(stripe[i])) for i in ind.second_copy(T) if stripe[i] >= 0]
    outlines = {(0, prev_head): (prev_cells, say.outline_note("previous")),
                (1, ind_head): (ind_cells, say.outline_note("stripe"))}
    for layer in range(base.weights.shape[0]):
        st.subheader(say.layer_title(layer))
        heads = base.weights.shape[1]
        for first in range(0, heads, GRID_COLUMNS):
            for h, where in zip(range(first, first + GRID_COLUMNS), st.columns(GRID_COLUMNS), strict=False):
                cells, note = outlines.get((layer, h), ((), ""))
                draw(base.weights[layer, h], say.head_title(layer, h, base.previous[layer, h],
                                                            base.induction[layer, h]).text,
                     labels, labels, kind="weights", x_title=say.axis("key"), y_title=say.axis("query"), where=where,
                     share=1 / GRID_COLUMNS, outline=tuple(cells), outline_note=note)
    st.caption(say.outlined_caption(prev_head, ind_head, base.previous, base.induction).text)
    st.markdown(say.heads_summary(base.previous, base.induction).text)


def _heads_picker(key: str, label: str, options: list[tuple[int, int]], layer: int | None) -> list[tuple[int, int]]:
    """A multiselect of heads bound to ?key= ("1.3-2.1", or "3-4" for one layer's heads); 0-based pairs out."""
    ss = st.session_state
    url_bound(key, "", lambda raw: parse_heads(raw, ind.LAYERS, ind.HEADS, layer=layer))
    chosen = decode_heads(ss[key], layer)
    ss[f"{key}_pick"] = [lh for lh in options if lh in chosen]

    def sync():
        ss[key] = encode_heads(ss[f"{key}_pick"], layer)

    picked = st.multiselect(label, options=options, key=f"{key}_pick", on_change=sync,
                            format_func=lambda lh: say.head_name(lh[0] - 1, lh[1] - 1))
    return [(lay - 1, h - 1) for lay, h in picked]


def why_it_looks(w: ind.Weights, labels, r: tuple[int, ...], base: ind.Run) -> tuple[int, int, list[int],
                                                                                      ind.KeyTerms]:
    """One layer-2 head's scores from one query of the second copy, split by what built each key; layer-1 heads
    switched off in the keys, and how the stripe weakens."""
    st.header(say.section("why"))
    st.markdown(say.why_intro())
    T = len(labels)
    copy = [int(i) for i in ind.second_copy(T)]
    ss = st.session_state
    c1, c2 = st.columns(2)
    url_bound("at", say.ask_query(base.tokens), int, options=copy)
    ss["at"] = ss["at"]
    i = c1.selectbox(say.control_label("query"), options=copy, key="at", format_func=labels.__getitem__)
    heads = list(range(base.weights.shape[1]))
    url_bound("ihead", ind.strongest(base.induction, 1) + 1 if not np.isnan(base.induction[1]).all() else 1, int,
              options=[h + 1 for h in heads])
    h = c2.selectbox(say.control_label("head"), options=[k + 1 for k in heads], key="ihead",
                     format_func=lambda k: say.head_name(1, k - 1)) - 1
    keys_off = [hh for _, hh in _heads_picker("koff", say.control_label("keys-off"), [(1, k + 1) for k in heads], 1)]
    now = induction_run(r, keys_off=tuple(sorted(keys_off))) if keys_off else base
    terms = ind.key_terms(w, now, h, i)
    target = say.target_key(base.tokens, i)
    draw(np.column_stack([terms.terms, terms.total]), say.terms_title(h, labels[i]), labels[:i + 1],
         say.term_columns(len(heads)), x_title=say.axis("part"), y_title=say.axis("key"), highlight_row=target)
    st.caption(say.why_caption(labels, terms.terms, terms.total, i, target, sorted(keys_off), base.previous,
                               base.weights[0]).text)
    st.markdown(say.stripe_change(base.induction[1, h], now.induction[1, h], base.weights[1, h, i, target],
                                  now.weights[1, h, i, target], labels[target], keys_off).text)
    return h, i, keys_off, terms


def guesses_and_ablation(labels, words, r: tuple[int, ...], base: ind.Run) -> tuple[list[tuple[int, int]], ind.Run]:
    """The model's next-token guess at each position, and what switching heads off does to it; returns the heads
    switched off (0-based) and the model's run without them."""
    st.header(say.section("guesses"))
    layers, heads = base.weights.shape[:2]
    all_heads = [(layer + 1, h + 1) for layer in range(layers) for h in range(heads)]
    off = _heads_picker("off", say.control_label("off"), all_heads, None)
    now = induction_run(r, off=tuple(sorted(off))) if off else base
    names = say.token_names(words, base.tokens)
    # a plain table in a box of its own height: a data grid cost 170 ms of the browser's time at every change
    st.container(height=GUESS_BOX_PX).table(say.guess_rows(labels, base.tokens, names, base, now, bool(off)))
    half = ind.repeated_half(len(labels))
    st.caption(say.guesses_caption(base, labels).text)  # the model with every head on
    st.markdown(say.ablation_text(off, base.loss, now.loss, induction_fresh_loss(), induction_fresh_loss(
        tuple(sorted(off))), ind.copied_count(base), ind.copied_count(now), len(half)).text)
    return off, now


def take_it_home(r: tuple[int, ...], words, labels, h: int, i: int, keys_off: list[int], terms: ind.KeyTerms,
                 off: list[tuple[int, int]], run: ind.Run) -> None:
    """The page's numbers in plain numpy from the shipped weights: the notebook's code, the notebook and the
    weights file it loads. `run`: the model with section 6's heads switched off; `terms`: section 5's key terms
    (with its layer-1 heads switched off in the keys)."""

    def cells():
        return notebook_cells(
            nbk.cells, "induction",
            {"weights_file": nbk.Note(ind.MODEL_FILE.name, say.weights_note()), "words": nbk.names(words),
             "r": nbk.Note(list(r), say.r_note()), "off": [list(lh) for lh in sorted(off)],
             "keys_off": sorted(keys_off),
             "head": nbk.Note(h, say.head_name(1, h)), "query": nbk.Note(i, f"“{labels[i]}”")},
            {"weights": run.weights, "previous": run.previous, "induction": run.induction, "guesses": run.guesses,
             "loss": run.loss, "terms": terms.terms})

    settings = {say.setting("sequence"): say.source_label(st.session_state["source"]),
                say.setting("tokens"): len(words), say.setting("query"): labels[i], say.setting("head"): h + 1}
    nbk.take_it_home(__file__, say.code_intro(labels[i], h), cells, run.weights.size, settings,
                     sources=(say.fixed_text("sources-words"), SOURCES_SHOWN))
    st.download_button(say.weights_download(), data=ind.MODEL_FILE.read_bytes, file_name=ind.MODEL_FILE.name,
                       mime="application/octet-stream", icon=":material/download:", key="download_weights",
                       on_click="ignore")


main()
