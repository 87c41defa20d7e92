"""The Chinese never-true patterns of tests/prose.py (ZH_RULES, issue 40) catch what they name, leave true Chinese
sentences alone, and apply to Chinese pages only, beside the English rules."""

from __future__ import annotations

import pytest

from tests.prose import ZH_RULES, never_true

FALSE = {
    "all 2 or all 1 where both or the one is meant": ["所有 2 个键的权重相同", "全部 1 个键"],
    "a count written twice": ["这 2 两个键"],
    "a list joined with and at every seam": ["“狗”和“猫”和“鸟”都是动物"],
    "a range from a number to itself": ["最终损失从 2.01 到 2.01", "在 3 到 3 之间", "从 −4 到 −4"],
    "a number instead of itself": ["斜率是 0.197 而不是 0.197", "不是 0.197，而是 0.197"],
    "a ratio of 1.0× stated as a difference": ["两次运行相差在 1.0× 以内"],
    "a bound that is not a bound": ["两者相差至多低于 10⁻⁹"],
    "a word repeated across a seam": ["权重的的和是 1", "每行加起来是 1。。"],
    "a learning rate in brackets read as a count": ["在 13 个学习率（1）中"],
}
TRUE = [
    "两个键的权重相同", "这一个键", "“狗”、“猫”和“鸟”都是动物", "最终损失从 2.01 到 2.05", "当 d_k 从 4 到 16 时",
    "斜率是 0.197 而不是 0.0197", "不是 0.1，而是 0.2", "相差在 1.5× 以内", "两者相差小于 10⁻⁹",
    "个个都是 1", "“在”在句中排第 2", "共 12 个词元，其中 6 个是汉字", "第 1 个头的权重（6 × 6）",
    "在 13 个学习率中，有 1 个", "猫坐在垫子上。", "取值从 −32 到 32", "是 −0.5 而不是 0.5",
]


def test_every_chinese_rule_has_a_false_example():
    assert set(FALSE) == set(ZH_RULES)


@pytest.mark.parametrize("rule, text", [(rule, t) for rule, texts in FALSE.items() for t in texts])
def test_each_false_chinese_pattern_is_caught(rule, text):
    hits = never_true(text, "zh-CN")
    assert [h for h in hits if h.startswith(f"{rule} (zh):")], hits


@pytest.mark.parametrize("text", TRUE)
def test_true_chinese_sentences_pass(text):
    assert never_true(text, "zh-CN") == [], never_true(text, "zh-CN")


def test_the_chinese_rules_apply_to_chinese_pages_only_and_the_english_ones_to_both():
    assert never_true("全部 1 个键", "en") == [] and never_true("全部 1 个键", "zh-SG")
    assert never_true("The the weights sum to 1", "zh-CN")


def test_english_runs_leave_out_stylesheets_scripts_tags_code_and_formulas():
    from tests.prose import english_runs

    page = ("<style>.mx{white-space:nowrap;border:0 solid red}</style><script>if (a) do this now</script>"
            "<p class='x y z w'>权重</p> `the code of this page` $a + b + c + d$ and the rest of it")
    assert english_runs(page) == ["and the rest of it"]
    link = "PyTorch 的 issue [#41508](https://github.com/pytorch/pytorch/issues/41508) 和 <https://x.org/a/b/c/d>"
    assert english_runs(link) == []


def test_english_runs_never_join_the_cells_of_a_table_or_the_blocks_of_a_page_but_read_through_inline_tags():
    from tests.prose import english_runs

    table = "<table><tr><th>sin p</th><th>cos p</th></tr></table><p>注意</p><div>x y</div><div>z w</div>"
    assert english_runs(table) == []
    assert [" ".join(run.split()) for run in english_runs("<p>the <b>largest</b> weight of every key</p>")] == [
        "the largest weight of every key"]
