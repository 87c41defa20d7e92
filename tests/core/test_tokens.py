"""attn_core.tokens and attn_core.model: tokenizer, labels, embeddings, positions, weights."""

import subprocess
import sys

import numpy as np
import pytest

from attn_core import (
    MAX_TOKENS,
    build_inputs,
    embed,
    random_weights,
    sinusoidal_positions,
    token_embedding,
    token_labels,
    tokenize,
)
from attn_core.tokens import han_tokens, is_han


def test_tokenize_splits_words_and_punctuation():
    assert tokenize("The cat, sat!").tokens == ("The", "cat", ",", "sat", "!")
    assert tokenize("don't stop").tokens == ("don't", "stop")


def test_tokenize_odd_input():
    assert tokenize("").tokens == ()
    assert tokenize("   \n\t ").tokens == ()
    assert tokenize("<b>hi</b>").tokens == ("<", "b", ">", "hi", "<", "/", "b", ">")
    assert tokenize("a\u200bb\x00c").tokens == ("abc",)  # invisible characters dropped
    assert "🙂" in tokenize("ok 🙂").tokens


def test_chinese_is_one_token_per_han_character_and_per_punctuation_mark():
    """As Chinese BERT models split it (issue 40): the issue's own example gave two tokens before."""
    assert tokenize("猫坐在垫子上。").tokens == ("猫", "坐", "在", "垫", "子", "上", "。")
    assert tokenize("“猫”，坐！").tokens == ("“", "猫", "”", "，", "坐", "！")
    assert tokenize("猫 坐").tokens == tokenize("猫坐").tokens == ("猫", "坐")  # spaces change nothing
    assert tokenize("𠀀㐀豈").tokens == ("𠀀", "㐀", "豈")  # extension B, extension A, a compatibility ideograph


def test_mixed_chinese_and_latin_text_keeps_latin_words_whole():
    assert tokenize("我爱 NLP 和 attention。").tokens == ("我", "爱", "NLP", "和", "attention", "。")
    assert tokenize("GPT模型有12层").tokens == ("GPT", "模", "型", "有", "12", "层")
    assert tokenize("d_k是64").tokens == ("d_k", "是", "64")
    assert tokenize("don't停").tokens == ("don't", "停")


def test_han_tokens_are_counted_and_nothing_else_is():
    tokens = tokenize("猫 sat 在 the 垫子。").tokens
    assert [is_han(t) for t in tokens] == [True, False, True, False, True, True, False]
    assert han_tokens(tokens) == 4 and han_tokens(tokenize("the cat sat on the mat").tokens) == 0
    assert not is_han("のテキスト") and not is_han("。")  # kana and Chinese punctuation are not Han characters


def test_chinese_tokens_cap_label_and_embed_like_any_other():
    tok = tokenize("猫" * 40)
    assert len(tok.tokens) == MAX_TOKENS and tok.n_found == 40 and tok.truncated
    assert token_labels(tokenize("猫看猫").tokens) == ["猫·0", "看", "猫·2"]
    assert embed(list("猫坐"), 8).shape == (2, 8)
    assert not np.allclose(token_embedding("猫", 8), token_embedding("狗", 8))
    assert build_inputs("猫坐在垫子上", 0, 8).X.shape == (6, 8)


def test_tokenize_caps_and_reports_the_cut():
    tok = tokenize("w " * 500)
    assert len(tok.tokens) == MAX_TOKENS == 32 and tok.n_found == 500 and tok.truncated
    assert not tokenize("a b").truncated


def test_labels_tell_repeated_tokens_apart():
    assert token_labels(["the", "cat", "sat", "on", "the", "mat"]) == ["the·0", "cat", "sat", "on", "the·4", "mat"]


def test_embedding_is_deterministic_across_processes():
    here = token_embedding("cat", 4)
    code = "from attn_core import token_embedding; print(token_embedding('cat', 4).tolist())"
    there = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    np.testing.assert_array_equal(here, eval(there))
    # pinned numbers: a change to the digest or generator would silently change every page
    np.testing.assert_allclose(here, [0.6629132, 0.1740339, 1.2164392, -0.8575418], atol=1e-6)


def test_embedding_folds_case_and_differs_between_words():
    np.testing.assert_array_equal(token_embedding("The", 8), token_embedding("the", 8))
    assert not np.allclose(token_embedding("cat", 8), token_embedding("mat", 8))
    assert embed(["a", "b", "a"], 8).shape == (3, 8)


def test_sinusoidal_positions_match_the_paper():
    pe = sinusoidal_positions(4, 6)
    for pos in range(4):
        for i in range(6):
            angle = pos / 10000 ** (2 * (i // 2) / 6)
            assert pe[pos, i] == pytest.approx(np.sin(angle) if i % 2 == 0 else np.cos(angle))


def test_random_weights_are_seeded_and_unit_variance_preserving():
    a, b, c = random_weights(64, 1), random_weights(64, 1), random_weights(64, 2)
    np.testing.assert_array_equal(a.W_Q, b.W_Q)
    assert not np.allclose(a.W_Q, c.W_Q)
    X = np.random.default_rng(0).standard_normal((2000, 64))
    assert abs((X @ a.W_Q).std() - 1) < 0.15


def test_build_inputs_with_and_without_positions():
    plain = build_inputs("the cat sat on the mat", 0, 8, positional=False)
    assert plain.X.shape == (6, 8) and plain.labels[0] == "the·0"
    np.testing.assert_array_equal(plain.X[0], plain.X[4])  # same word, same row: order is invisible
    with_pos = build_inputs("the cat sat on the mat", 0, 8, positional=True)
    assert not np.allclose(with_pos.X[0], with_pos.X[4])


def test_build_inputs_rejects_empty_text():
    with pytest.raises(ValueError, match="no tokens"):
        build_inputs("   ", 0, 8)


@pytest.mark.parametrize("ui", ["streamlit", "plotly", "pandas"])
def test_attn_core_imports_no_ui_library(ui):
    # every module, including the per-page ones that attn_core/__init__.py does not import
    code = ("import importlib, pkgutil, sys, attn_core\n"
            "for m in pkgutil.iter_modules(attn_core.__path__): importlib.import_module('attn_core.' + m.name)\n"
            f"assert {ui!r} not in sys.modules, {ui!r}")
    subprocess.run([sys.executable, "-c", code], check=True)
