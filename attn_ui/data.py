"""Cached wrappers over attn_core for the pages, and the notices that go with them."""

from __future__ import annotations

import copy
import hashlib
import pickle
import functools
import threading
from collections import OrderedDict
from functools import lru_cache

import numpy as np
import streamlit as st

import attn_core
from attn_lessons import notices
from attn_lessons.i18n import current

from .params import Shared


def _kept(size: int):
    """A function's results kept for the process by its plain, hashable arguments (functools.lru_cache), each call
    handed a deep copy (a page may change the arrays it gets). In place of st.cache_data, which reads its function's
    signature again for each argument, hashes them and unpickles the value on every call: more than the copy costs,
    on every rerun (issue 38)."""
    def wrap(func):
        kept = lru_cache(maxsize=size)(func)

        @functools.wraps(func)
        def copied(*args):
            return copy.deepcopy(kept(*args))

        copied.cache_clear = kept.cache_clear
        return copied

    return wrap


@lru_cache(maxsize=64)
def _built_inputs(text: str, seed: int, d_model: int, positional: bool) -> attn_core.Inputs:
    return attn_core.build_inputs(text, seed, d_model, positional=positional)


def _inputs(text: str, seed: int, d_model: int, positional: bool) -> attn_core.Inputs:
    """attn_core.build_inputs, kept for the process by its four plain arguments, handed out as a copy (a page may
    change its arrays). Not st.cache_data, which reads its function's signature again for each argument and unpickles
    the value on every call: more than the copy costs, on every rerun of every page (issue 38)."""
    return copy.deepcopy(_built_inputs(text, seed, d_model, positional))


def load_inputs(shared: Shared, positional: bool = True) -> attn_core.Inputs:
    """The shared sentence as X and seeded weights; tells the learner when the text was cut."""
    inputs = _inputs(shared.text, shared.seed, shared.d_model, positional)
    if inputs.truncated:
        st.info(notices.truncated(inputs.n_found, len(inputs.tokens)), icon=":material/content_cut:")
    return inputs


@_kept(32)
def cached_sample(d_k: int, n_samples: int, seed: int):
    """attn_core.scaling.qk_sample, cached: n_samples pairs q·k at width d_k."""
    from attn_core.scaling import qk_sample  # a page's own module: loaded only by the page that uses it

    return qk_sample(d_k, n_samples, seed)


@_kept(32)
def cached_std_curve(d_ks: tuple[int, ...], n_samples: int, seed: int):
    """attn_core.scaling.std_curve, cached: the measured std of q·k and q·k/√d_k at every width in d_ks."""
    from attn_core.scaling import std_curve

    return std_curve(list(d_ks), n_samples, seed)


@_kept(32)
def cached_peakedness(n_keys: int, d_ks: tuple[int, ...], n_seeds: int, seed: int):
    """attn_core.scaling.peakedness_curves, cached: how peaked softmax over n_keys random keys gets per d_k."""
    from attn_core.scaling import peakedness_curves

    return peakedness_curves(n_keys, list(d_ks), n_seeds, seed)


def sentence_inputs(words, shared: Shared, positional: bool = True) -> attn_core.Inputs:
    """A sentence the page made up (a list of words) with the learner's seed and d_model, cached like load_inputs."""
    return _inputs(" ".join(words), shared.seed, shared.d_model, positional)


@_kept(64)
def qk_dots(d_k: int, n_samples: int, seed: int):
    """attn_core.sample_qk_dots, cached: (n_samples,) dot products of random unit-variance q and k."""
    return attn_core.sample_qk_dots(d_k, n_samples, seed)


class _Trained:
    """A bounded, process-wide cache of training runs that draws nothing when it hits.

    st.cache_data replays the elements a cached function drew, so a progress bar drawn inside it came back (and
    had to be cleared) on every rerun, even when nothing trained. Here the bar is drawn by the caller's
    `progress` callback, which only a run that really trains calls."""

    def __init__(self, size: int):
        self.size, self.runs, self.lock = size, OrderedDict(), threading.Lock()

    def get(self, key, train):
        with self.lock:
            if key in self.runs:
                self.runs.move_to_end(key)
                return self.runs[key]
        result = train()  # outside the lock: another session may train another setting meanwhile
        with self.lock:
            self.runs[key] = result
            while len(self.runs) > self.size:
                self.runs.popitem(last=False)
        return result


_SWEEPS, _SEED_RUNS = _Trained(32), _Trained(32)
_FIGURES = _Trained(256)  # cached_figure's figures, the very objects


def progress_bar(where, label: str):
    """A progress callback for lab_sweep and lab_seed_runs: the bar appears in `where` (an st.empty) at its
    first call, so a run that comes from the cache draws nothing."""
    from attn_lessons.format import num  # here, not at the top: this file appends only

    bar = None

    def progress(fraction: float) -> None:
        nonlocal bar
        bar = bar or where.progress(0.0, text=label)
        bar.progress(fraction, text=f"{label} {num(100 * fraction, 0)}%")  # 0% … 100% as it is: no "under 1%"

    return progress


def lab_sweep(d_k: int, steps: int, seed: int, loss: str, progress=None):
    """attn_core.training.train_sweep, cached (32 settings); `progress(fraction)` is called only while it trains."""
    from attn_core.training import train_sweep  # here, not at the top: this file appends only

    return _SWEEPS.get((d_k, steps, seed, loss), lambda: train_sweep(d_k, steps, seed, loss, progress=progress))


def lab_seed_runs(d_k: int, steps: int, lr: float, seeds: tuple[int, ...], loss: str, progress=None):
    """attn_core.training.train_seeds, cached (32 settings), like lab_sweep."""
    from attn_core.training import train_seeds

    return _SEED_RUNS.get((d_k, steps, lr, tuple(seeds), loss),
                          lambda: train_seeds(d_k, steps, lr, list(seeds), loss, progress=progress))


def worded_question(kind: str, seed: int):
    """attn_lessons.questions.make_question, cached: the Check yourself question of this kind at this seed, in the
    session's language."""
    return _worded_question(kind, seed, current())


@lru_cache(maxsize=512)
def _worded_question(kind: str, seed: int, lang: str):
    """`lang` keys the cache: the question's words are the session's language's (attn_lessons.i18n.use sets it in
    the run, which is the thread this runs in). Kept by lru_cache, the very object (a Question is frozen): thirteen
    st.cache_data lookups, each hashing its arguments and unpickling a copy, were a tenth of Check yourself's
    server time at every rerun (issue 38)."""
    from attn_lessons.questions import make_question  # here, not at the top: this file appends only

    return make_question(kind, seed)


@st.cache_resource(show_spinner=False, max_entries=256)
def _built_figure(name: str, lang: str, args: tuple, kwargs: dict, _build):
    return _build(*args, **kwargs)


def cached_figure(build, *args, **kwargs):
    """build(*args, **kwargs) -> go.Figure, built once per distinct arguments and handed back from then on (the
    figure is the same for every device: the layout follows the width). Plotly's figure objects make building one
    cost 20–200 ms and a pickled copy ~20 ms, so this keeps the very object (st.cache_resource): never change a
    figure it returns; draw it with figures.plot, which only reads it. The arguments must be plain data (numbers,
    strings, numpy arrays, lists, dicts)."""
    name = f"{build.__code__.co_filename}:{build.__qualname__}"  # two pages' helpers of one name stay apart
    try:  # keyed by a digest of the pickled arguments: st.cache_resource's keying (the signature read again for each
        # argument, every array hashed its own way) cost a tenth of the Scaling explorer's server time (issue 38)
        digest = _digest(args, kwargs)
    except (pickle.PicklingError, TypeError, AttributeError):  # not plain data after all: Streamlit's own keying
        return _built_figure(name, current(), args, kwargs, _build=build)
    return _FIGURES.get((name, current(), digest), lambda: build(*args, **kwargs))  # words are in one language


@st.cache_resource(show_spinner=False, max_entries=128)
def _built_cells(name: str, lang: str, args: tuple, kwargs: dict, _build):
    return _build(*args, **kwargs)


def notebook_cells(build, *args, **kwargs):
    """build(*args, **kwargs) -> a notebook's cells (an attn_ui.notebooks `*_cells` function), built once per
    distinct arguments and handed back from then on: writing every shown number as a literal costs 20–40 ms a
    rerun otherwise. The cells are frozen; never change the list it returns. The arguments must be plain data."""
    name = f"{build.__module__}.{build.__qualname__}"
    return _built_cells(name, current(), args, kwargs, _build=build)  # the cells' markdown is in one language


def renormalise_table(scaled, mask):
    """attn_core.mask_mistakes.renormalise_table (every row, in float16, 32 and 64), kept (~10 ms a rerun otherwise;
    st.cache_data's hashing of the arrays cost ~1 ms a call). Never change what it returns."""
    from attn_core.mask_mistakes import renormalise_table as table

    return kept(table, scaled, mask)


@lru_cache(maxsize=64)
def induction_run(r: tuple[int, ...], off: tuple = (), keys_off: tuple = ()):
    """attn_core.induction.run of the shipped model on start, r, r, kept for the process (a run is a few ms)."""
    from attn_core import induction

    return induction.run(induction.shipped()[0], np.array(r, dtype=int), off=frozenset(off),
                         keys_off=frozenset(keys_off))


@lru_cache(maxsize=64)
def induction_fresh_loss(off: tuple = ()) -> float:
    """The shipped model's repeated-half loss on fresh random sequences, with `off` heads switched off."""
    from attn_core import induction

    return induction.repeated_loss(induction.shipped()[0], off=frozenset(off))


@lru_cache(maxsize=4)
def induction_learning_figure(words: tuple):
    """The shipped model's training history as attn_ui.figures.learning_figure draws it, built once per process and
    language (about 35 ms): the log never changes while the app runs. `words`: the figure's words, as (key, text)
    pairs, in the session's language (a class reading in two languages keeps both figures)."""
    from attn_core import induction

    from .figures import learning_figure

    log = induction.shipped()[1]
    return learning_figure(log.loss, induction.smoothed(log.loss), log.checkpoints, log.previous[:, 0],
                           log.induction[:, 1], induction.phase_change(log.loss), dict(words))


_RESULTS = _Trained(512)  # kept's results, the very objects


def kept(compute, *args, **kwargs):
    """compute(*args, **kwargs), worked out once per distinct arguments for the whole process and handed back from
    then on, for a page's maths of its numbers (attn_core's functions: arrays in, arrays and numbers out). A sidebar
    move brings the same few settings back again and again, and a class shares them: with 100 learners on Mask
    mistakes, its five mistakes and the quiz were worked out afresh at every rerun (issue 38). Keyed by a digest of
    the pickled arguments, as cached_figure is; never change what it returns."""
    name = f"{compute.__module__}.{compute.__qualname__}"
    return _RESULTS.get((name, _digest(args, kwargs)), lambda: _read_only(compute(*args, **kwargs)))


def _digest(args: tuple, kwargs: dict) -> str:
    """A function's arguments as a key: a digest of their pickle (plain data: numbers, strings, arrays, lists)."""
    return hashlib.blake2b(pickle.dumps((args, kwargs), protocol=5), digest_size=16).hexdigest()


def _read_only(value, depth: int = 0):
    """`value` with every numpy array in it (in tuples, lists, dicts and dataclasses, a few levels down) made
    read-only, so a page that would change a kept result in place raises instead of showing every later learner
    the changed numbers."""
    import dataclasses

    if depth > 6:
        return value
    if isinstance(value, np.ndarray):
        value.flags.writeable = False
    elif isinstance(value, tuple | list):
        for item in value:
            _read_only(item, depth + 1)
    elif isinstance(value, dict):
        for item in value.values():
            _read_only(item, depth + 1)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _read_only(getattr(value, f.name), depth + 1)
    return value
