"""Train the two-layer attention-only model of "Inside a trained model", once, and ship it.

    python scripts/train_induction.py            # writes attn_core/induction_model.npz (about a minute on 2 cores)
    python scripts/train_induction.py --out F    # somewhere else, e.g. to compare with the shipped file

From a fixed seed, on freshly drawn sequences "start, r, r" (r: 2 to 32 distinct random tokens of 64, a new
length every batch), with the hand-written backward pass and Adam of attn_core.induction. It prints the loss and
the heads' scores as it goes, then measures the trained model on fresh sequences and refuses to write a model
that misses the goals (a layer-1 previous-token score ≥ 0.5, a layer-2 induction score ≥ 0.5, a repeated-half
loss ≤ 0.5 nats): a falling loss alone proves nothing.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np  # noqa: E402

from attn_core import induction as ind  # noqa: E402

GOALS = {"previous": 0.5, "induction": 0.5, "loss": 0.5}


def measured(w: ind.Weights) -> dict[str, float]:
    """The trained model's best layer-1 previous-token score, best layer-2 induction score and repeated-half loss,
    on fresh sequences."""
    s = ind.scores(w)
    return {"previous": float(s.previous[0].max()), "induction": float(s.induction[1].max()),
            "loss": ind.repeated_loss(w)}


def meets_goals(m: dict[str, float]) -> bool:
    return m["previous"] >= GOALS["previous"] and m["induction"] >= GOALS["induction"] and m["loss"] <= GOALS["loss"]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ind.MODEL_FILE)
    ap.add_argument("--seed", type=int, default=ind.SEED)
    ap.add_argument("--steps", type=int, default=ind.STEPS)
    args = ap.parse_args(argv)
    start = time.perf_counter()

    def progress(step, loss):
        if step % 500 == 0:
            print(f"step {step:5d}  batch loss {loss:.3f} nats  {time.perf_counter() - start:5.1f} s", flush=True)

    w, log = ind.train(seed=args.seed, steps=args.steps, progress=progress)
    seconds = time.perf_counter() - start
    m = measured(w)
    print(f"trained in {seconds:.0f} s: best layer-1 previous-token score {m['previous']:.3f}, best layer-2 "
          f"induction score {m['induction']:.3f}, repeated-half loss {m['loss']:.3f} nats")
    if not meets_goals(m):
        print(f"not written: the goals are {GOALS}", file=sys.stderr)
        return 1
    ind.save(args.out, w, log, {"seed": args.seed, "steps": args.steps, "batch": ind.BATCH, "lr": ind.LR,
                                "seconds": round(seconds, 1), "numpy": np.__version__})
    print(f"wrote {args.out} ({args.out.stat().st_size / 1000:.0f} kB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
