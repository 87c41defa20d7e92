"""Every text a learner or a teacher reads, looked up in a message catalog per language (Project Fluent).

The catalogs are `attn_lessons/locales/<language>/<module>.ftl`, one file per words module, in Fluent's syntax: each
message has an id (`builder-top-key`), a pattern with named variables (`{ $key }`), and where the wording branches on
a number or a fact, a selector inside the message (`{ $n -> [one] … *[other] … }`, `{ $winner -> [tie] … *[other] …
}`). Python decides what a sentence claims (which key wins, the numbers it quotes) and passes those facts as
variables; only the wording lives in the catalog. A language is a folder: adding one means adding its catalog.

Each session has its own language. `use(lang)` sets it for the script run under way (a ContextVar: Streamlit runs a
session's script in a thread of its own, so sessions never see each other's choice), and `tr(id, **args)` looks a
message up in it. There is no process-wide `_`: the code uses `_` as a throwaway name.

Numbers reach the catalogs already formatted (attn_lessons/format.py's strings), so digits and notation are the same
in every language; an int passed for a plural is written by Fluent with the locale's grouping, which is the same
comma in English and Chinese. Pure Python: no Streamlit.
"""

from __future__ import annotations

import contextvars
import logging
import os
from functools import cache, lru_cache
from pathlib import Path

from fluent.runtime import FluentBundle, FluentResource

LOCALES = Path(__file__).resolve().parent / "locales"
DEFAULT = "en"
# Chinese written in simplified characters; a Traditional catalog (zh-TW) would take zh-TW, zh-HK and zh-Hant, which
# read Simplified Chinese until one exists (README, "Languages").
SIMPLIFIED = "zh-CN"

_log = logging.getLogger(__name__)
_current: contextvars.ContextVar[str | None] = contextvars.ContextVar("attn_language", default=None)
# Where a run that never called use() finds its language: a fragment's rerun or a widget's callback runs in a thread
# of its own, before or without the page's setup. attn_ui.language installs the session's own (its session state).
_session_language = None


class MessageError(LookupError):
    """A message missing from the catalogs, or formatted with a variable it does not declare."""


def languages() -> tuple[str, ...]:
    """The languages with a catalog: the folders under LOCALES, English first."""
    return _languages(LOCALES)


@cache
def _languages(root: Path) -> tuple[str, ...]:
    found = sorted(p.name for p in root.iterdir() if p.is_dir() and any(p.glob("*.ftl")))
    return tuple(sorted(found, key=lambda code: (code != DEFAULT, code)))


def bundle(lang: str) -> FluentBundle:
    """Every message of one language, from all of its catalog files."""
    return _bundle(lang, LOCALES)


@cache
def _bundle(lang: str, root: Path) -> FluentBundle:
    b = FluentBundle([lang], use_isolating=False)  # no invisible marks around the numbers
    for path in sorted((root / lang).glob("*.ftl")):
        b.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return b


def choose(asked: str | None = None, browser: str | None = None) -> str:
    """The language of a session: the link's ?lang= when it names a language the app has (in any common spelling:
    zh-CN, zh_cn, zh-Hans …), else the browser's, else English."""
    for wanted in (asked, browser):
        found = match(wanted)
        if found:
            return found
    return DEFAULT


def match(code: str | None) -> str | None:
    """The catalog a language code reads, or None: the same code first, then its script (Hans/Hant) or region, then
    its language alone (zh-SG, zh-TW and zh-HK read zh-CN until a catalog of their own exists)."""
    if not code or not isinstance(code, str):
        return None
    have = {c.lower(): c for c in languages()}
    parts = code.strip().replace("_", "-").lower().split("-")
    if not parts or not parts[0].isalpha() or len(parts[0]) > 8:
        return None
    whole = "-".join(parts)
    if whole in have:
        return have[whole]
    if parts[0] == "zh":
        traditional = any(p in ("hant", "tw", "hk", "mo") for p in parts[1:])
        for candidate in (("zh-tw",) if traditional else ()) + (SIMPLIFIED.lower(),):
            if candidate in have:
                return have[candidate]
    return next((c for low, c in have.items() if low.split("-")[0] == parts[0]), None)


def use(lang: str) -> str:
    """Read every message in `lang` for the rest of this script run (this thread's context); returns it."""
    lang = lang if lang in languages() else DEFAULT
    _current.set(lang)
    return lang


def current() -> str:
    """The language of the script run under way: the one use() set, else the session's (a fragment's rerun, a
    callback), else English."""
    lang = _current.get()
    if lang is None and _session_language is not None:
        lang = _session_language()
    return lang if lang in languages() else DEFAULT


def follow_session(find) -> None:
    """Where current() finds the session's language when this run set none: `find()` returns it, or None."""
    global _session_language
    _session_language = find


def strict() -> bool:
    """Whether a missing message or variable raises (the tests) or is logged and read in English (a running app)."""
    return os.environ.get("ATTN_STRICT_MESSAGES", "") == "1"


def has(msg_id: str, lang: str | None = None) -> bool:
    """Whether the message exists in `lang` (the current language by default)."""
    return bundle(lang or current()).has_message(msg_id.split(".", 1)[0])


def tr(msg_id: str, /, **args) -> str:
    """The message `msg_id` (or `id.attribute`) in the current language, with its variables filled in."""
    return tr_in(current(), msg_id, **args)


def tr_in(lang: str, msg_id: str, /, **args) -> str:
    """The message `msg_id` in `lang`: for a teacher reading a learner's answer in the teacher's own language."""
    try:
        return _formatted(LOCALES, lang, msg_id, tuple(sorted((k, _arg(v)) for k, v in args.items())))
    except TypeError:  # a variable that cannot be a cache key: formatted afresh
        return _format(lang, msg_id, {k: _arg(v) for k, v in args.items()})


@lru_cache(maxsize=16384)
def _formatted(root: Path, lang: str, msg_id: str, args: tuple) -> str:
    """A message formatted once per language, id and variables: a page's rerun asks for the same messages with the
    same numbers again and again (about 25 µs each in Fluent, 1 µs from here)."""
    return _format(lang, msg_id, dict(args))


def _format(lang: str, msg_id: str, args: dict) -> str:
    name, _, attribute = msg_id.partition(".")
    b = bundle(lang)
    if not b.has_message(name):
        if strict() or lang == DEFAULT:
            raise MessageError(f"no message {name!r} in the {lang} catalog (attn_lessons/locales/{lang}/)")
        _log.warning("no message %r in %s: read in English", name, lang)
        return _format(DEFAULT, msg_id, args)
    message = b.get_message(name)
    pattern = message.attributes.get(attribute) if attribute else message.value
    if pattern is None:
        raise MessageError(f"{msg_id!r} in {lang} has no {'attribute ' + attribute if attribute else 'value'}")
    text, errors = b.format_pattern(pattern, args)
    if errors:
        if strict():
            raise MessageError(f"{msg_id!r} in {lang}: {'; '.join(map(str, errors))}")
        _log.warning("%s in %s: %s", msg_id, lang, errors)
    return text


def _arg(value):
    """A variable as Fluent takes it: str, int or float as they are (an int for a plural's category); anything else
    (a numpy number, a bool) as its plain Python value or its text."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (str, int, float)):
        return value
    if hasattr(value, "item"):  # numpy scalars
        return value.item()
    return str(value)
