"""Speed figures for the maths and for each page's script run. Prints numbers; asserts nothing.

    python scripts/benchmark.py

Targets (on the 2-core reference machine): attention at 32 tokens well under a millisecond, and
every page's full script run at its defaults under about 2 s, so a slider feels immediate.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def best_of(fn, repeat: int = 7, number: int = 1) -> float:
    """The fastest of `repeat` timings of `number` calls, in seconds per call."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number)
    return min(times)


def maths() -> None:
    import attn_core

    print("maths (best of 7)")
    for n, d_model, heads in [(6, 8, 2), (32, 64, 8)]:
        text = " ".join(f"w{i}" for i in range(n))
        inp = attn_core.build_inputs(text, 0, d_model)
        w = inp.weights
        t = best_of(lambda inp=inp, w=w, h=heads: attn_core.multi_head_attention(inp.X, w.W_Q, w.W_K, w.W_V, h, w.W_O),
                    number=200)
        print(f"  multi_head_attention n={n:>2} d_model={d_model:>2} heads={heads}: {t * 1e6:8.1f} µs")
        t = best_of(lambda text=text, d=d_model: attn_core.build_inputs(text, 0, d), number=50)
        print(f"  build_inputs         n={n:>2} d_model={d_model:>2}:         {t * 1e6:8.1f} µs")
    t = best_of(lambda: attn_core.sample_qk_dots(512, 4000, 0), number=5)
    print(f"  sample_qk_dots d_k=512, 4000 pairs:                {t * 1e3:8.1f} ms")
    x = np.random.default_rng(0).standard_normal((8, 32, 32))
    t = best_of(lambda: attn_core.softmax(x), number=500)
    print(f"  softmax (8, 32, 32):                               {t * 1e6:8.1f} µs")


def pages() -> None:
    from streamlit.testing.v1 import AppTest

    from attn_ui.pages import route

    print("page script runs through AppTest (median of 3, after one warm-up run)")
    for file in (p.path for p in route()):
        runs = []
        for i in range(4):
            # a page in pages/ runs inside the app, as Streamlit serves it, so its links resolve
            at = AppTest.from_file(str(ROOT / "streamlit_app.py"), default_timeout=120)
            if file != "streamlit_app.py":
                at.switch_page(file)
            start = time.perf_counter()
            at.run()
            if i:
                runs.append(time.perf_counter() - start)
        status = "exception!" if at.exception else "ok"
        print(f"  {file:<32} {statistics.median(runs):6.2f} s  {status}")


if __name__ == "__main__":
    maths()
    pages()
