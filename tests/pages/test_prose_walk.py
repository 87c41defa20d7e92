"""Walk every page over states that reach each control's ends, read every sentence it shows, and fail on the
patterns of tests/prose.py that are never true to write.

The states: the shared settings at their ends (one token, 32 tokens, repeated words, d_model = heads, the widest
model) crossed with each page's own controls at their ends (every mask, every dtype and fill, fully blocked rows,
learning rates from the smallest to the largest, seeds). CI walks them all; the quick loop a fixed sample.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from urllib.parse import parse_qsl

import pytest

from attn_ui.pages import ROUTE
from tests.apptest_utils import all_text, assert_ran, run_page, title_of
from tests.hyp import PROFILE
from tests.prose import never_true

SHARED = [
    {},
    {"text": "hello"},
    {"text": "dog dog dog dog", "d_model": "2", "heads": "1", "seed": "5"},
    {"text": " ".join(f"w{i}" for i in range(32)), "d_model": "64", "heads": "8"},
    {"text": "the cat sat on the mat", "d_model": "12", "heads": "12"},
    {"text": "the dog chased the ball across the park", "d_model": "2", "heads": "2"},
]
OWN: dict[str, list[dict]] = {
    "streamlit_app.py": [{}, {"home_random": "1"}, {"home_random": "1", "query": "0"}, {"text": "we sat on the mat"}],
    "pages/1_QKV_builder.py": [{}, {"start": "interpretable"}, {"start": "interpretable", "pe": "0"}, {"pe": "0"},
                               {"pe": "0", "text": "the the the"},  # issue 30: ties, every key and one pair
                               {"start": "interpretable", "pe": "0", "text": "the cat sat with the dog"}],
    "pages/2_Scaling_explorer.py": [{}, {"n_keys": "1"}, {"za": "16", "zb": "0", "dk2": "1"}, {"dk1": "1024"},
                                    {"divisor": "none", "tau": "0.05"}]
                                   + [{"za": "2", "dk1": d, "dk2": d} for d in ("1", "2", "4", "7")]
                                   + [{"za": "2", "zb": "2", "dk1": "4"}, {"n_keys": "64"}],
    "pages/3_Training_lab.py": [{"steps": "25", "dk": "4"}, {"steps": "25", "lr": "1000", "dk": "8", "seeds": "1"},
                                {"steps": "25", "lr": "0.001", "dk": "4", "seeds": "1"},
                                {}, {"dk": "256", "steps": "100", "lr": "0.1"},  # issue 30: erratic runs, said roughly
                                {"steps": "25", "dk": "4", "lr": "0.1", "loss": "ce"}],  # and what to try, not set
    "pages/6_Common_mistakes.py": [{}, {"masks": "1"}, {"quiz": "7"},
                                   {"d_model": "64", "heads": "64", "masks": "1"}, {"text": "a b", "heads": "2"}],
    "pages/8_Check_yourself.py": [{"q": str(q)} for q in (0, 1, 7, 42, 65, 99)],  # 65: [16, 0] at d_k = 16
    "pages/4_Masks_and_heads.py": [{"mask": m} for m in ("none", "causal", "padding")] + [{"mask": "padding",
                                                                                           "pad": "6"}]
    + [{"text": "a b", "mask": "none"}, {"text": "a b c", "mask": "padding", "pad": "2"}],  # issue 30: rules, "both"
    "pages/5_Inside_a_trained_model.py": [{}, {"source": "random", "length": "2"}, {"source": "random", "length": "32"},
                                          {"koff": "1-2-3-4", "off": "2.1-2.2-2.3-2.4"},
                                          {"off": "1.1-1.2-1.3-1.4-2.1-2.2-2.3-2.4"},
                                          {"text": "a a b", "at": "6"}, {"text": "the cat", "ihead": "1", "koff": "3"}],
    "pages/7_Mask_mistakes.py": [{"mask": "none", "block": "0", "dtype": "float32", "fill": "min"},
                                 {"mask": "causal", "block": "3"}, {"mask": "padding", "pad": "0"},
                                 {"mask": "padding", "pad": "6"}, {"dtype": "float16", "fill": "-1e6"},
                                 {"mask": "none", "text": "a b"}],
}
SAMPLE = 16  # states the quick loop walks; CI walks every one


def states() -> list[tuple[str, dict]]:
    every = [(page.path, {**shared, **own, "reveal": "1"}) for page in ROUTE
             for shared in SHARED for own in OWN.get(page.path, [{}])]
    every += [(page.path, {**dict(parse_qsl(link)), "reveal": "1"}) for page in ROUTE for link in page.examples]
    return every if PROFILE == "ci" else random.Random(0).sample(every, SAMPLE)


def page_text(at) -> str:
    """Every sentence the page shows: its text elements, the captions of its tables and its charts' titles."""
    parts = [all_text(at)]
    parts += [el.proto.body for el in at.get("html")]
    parts += [title_of(json.loads(el.proto.spec)) for el in at.get("plotly_chart")]
    return "\n".join(parts)


@pytest.mark.parametrize("path, query", states(), ids=lambda v: Path(v).stem if isinstance(v, str) else
                         "&".join(f"{k}={v[k][:12]}" for k in v))
def test_no_page_says_what_is_never_true(path, query):
    at = run_page(path, timeout=120, **query)
    assert_ran(at)
    hits = never_true(page_text(at))
    assert not hits, "\n".join(hits)
