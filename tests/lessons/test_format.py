"""attn_lessons.format: how numbers read on screen. Each helper appends its own tests below."""

import math

import pytest

from attn_lessons import format as fmt


# ------------------------------------------------------------------------------ sqrt_text, about (Scaling explorer)
@pytest.mark.parametrize("d_k,text", [(1, "√1 = 1"), (64, "√64 = 8"), (50, "√50 = 7.071"), (2, "√2 = 1.414"),
                                      (512, "√512 = 22.627")])
def test_sqrt_text_writes_a_whole_root_whole(d_k, text):
    assert fmt.sqrt_text(d_k) == text


@pytest.mark.parametrize("x,text", [(8.0, "8"), (8.04, "8"), (7.96, "8"), (7.071, "7.1"), (0.98, "1"),
                                    (22.627, "22.6"), (1.06, "1.1"), (-2.01, "-2")])
def test_about_rounds_to_a_whole_number_only_when_close(x, text):
    assert fmt.about(x) == text.replace("-", "−") or fmt.about(x) == text


def test_about_never_prints_nan():
    assert "nan" not in fmt.about(math.nan) and "inf" not in fmt.about(math.inf)


def test_readable_vec_writes_huge_and_tiny_entries_as_powers_of_ten():
    from attn_lessons.format import readable_vec

    assert readable_vec([0.5, -2.0]) == "[0.500, −2.000]"
    assert readable_vec([5.2e21, 1.4e-17, 0.0], 3) == "[5.2 × 10²¹, 1.4 × 10⁻¹⁷, 0.000]"
    assert "e+" not in readable_vec([1e300]) and readable_vec([]) == "[]"


def test_md_text_keeps_typed_tokens_literal_in_markdown():
    from attn_lessons.format import md_text

    assert md_text("cat·1") == "cat·1"
    assert md_text("$·2") == "\\$·2" and md_text("*") == "\\*" and md_text("_b_") == "\\_b\\_"
    assert md_text("<b>") == "\\<b\\>" and md_text("a\\b") == "a\\\\b"


def test_metric_delta_signs_what_st_metric_reads():
    from attn_lessons.format import metric_delta

    assert metric_delta(0.15649) == "+0.156" and metric_delta(-0.2971) == "-0.297"
    assert metric_delta(-0.0004) == "0.000" and metric_delta(0.0) == "0.000"
