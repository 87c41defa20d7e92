"""attn_ui.params: reading the shared settings from a URL, with defaults and notices for bad values."""

import pytest

from attn_ui.params import DEFAULT_HEADS, MAX_TEXT_CHARS, Shared, divisors, parse_shared


def test_good_values_are_read():
    shared, notices = parse_shared({"text": "a b c", "seed": "7", "d_model": "16", "heads": "4"})
    assert shared == Shared("a b c", 7, 16, 4) and notices == []
    assert shared.d_k == 4


def test_missing_values_take_defaults_silently():
    assert parse_shared({}) == (Shared(), [])


@pytest.mark.parametrize("qp,bad", [
    ({"seed": "abc"}, "seed"),
    ({"seed": "-1"}, "seed"),
    ({"seed": "1.5"}, "seed"),
    ({"seed": "nan"}, "seed"),
    ({"seed": "1e400"}, "seed"),
    ({"d_model": "7"}, "d_model"),
    ({"d_model": "100000"}, "d_model"),
    ({"heads": "0"}, "heads"),
    ({"text": "x" * 100_000}, "text"),
    ({"text": "   "}, "text"),
])
def test_bad_values_fall_back_with_a_notice(qp, bad):
    shared, notices = parse_shared(qp)
    assert getattr(shared, bad) == getattr(Shared(), bad)
    assert len(notices) == 1 and bad in notices[0]


def test_heads_that_do_not_divide_d_model_fall_back():
    shared, notices = parse_shared({"d_model": "6", "heads": "4"})
    assert shared.heads == DEFAULT_HEADS and "does not divide" in notices[0]
    shared, notices = parse_shared({"d_model": "2", "heads": "2"})
    assert shared.heads == 2 and not notices


def test_long_text_message_names_the_limit():
    _, notices = parse_shared({"text": "x" * (MAX_TEXT_CHARS + 1)})
    assert f"{MAX_TEXT_CHARS:,}" in notices[0]


def test_divisors():
    assert divisors(12) == [1, 2, 3, 4, 6, 12]


def test_parse_mask_param_reads_a_custom_grid_and_refuses_a_mangled_one():
    from attn_ui.params import parse_mask_param

    assert parse_mask_param(" 110-111-001 ") == "110-111-001"
    with pytest.raises(ValueError, match="only 0s and 1s"):
        parse_mask_param("11x-abc")
    with pytest.raises(ValueError, match=r"row 1 \(counting from 0\) has 1 entry;"):
        parse_mask_param("11-1")


# ------------------------------------------------------------------ parse_score, parse_tau (Scaling explorer)
from attn_ui.params import parse_score, parse_tau  # noqa: E402


@pytest.mark.parametrize("raw,value", [("8", 8.0), ("-1.5", -1.5), ("1e308", 1e308), ("-1e308", -1e308), (" 0 ", 0.0)])
def test_parse_score_reads_any_finite_score(raw, value):
    assert parse_score(raw) == value


@pytest.mark.parametrize("raw", ["nan", "inf", "-inf", "1e309", "banana", ""])
def test_parse_score_rejects_what_is_not_a_finite_score(raw):
    with pytest.raises(ValueError):
        parse_score(raw)


def test_parse_score_names_the_limit():
    with pytest.raises(ValueError, match="between −100 and 100"):
        parse_score("101", limit=100)


@pytest.mark.parametrize("raw,value", [("1", 1.0), ("0.001", 0.001), ("1000", 1000.0), ("2.5", 2.5)])
def test_parse_tau_reads_a_temperature_in_range(raw, value):
    assert parse_tau(raw) == value


@pytest.mark.parametrize("raw", ["0", "-1", "0.0009", "1001", "nan", "inf", "x"])
def test_parse_tau_rejects_out_of_range(raw):
    with pytest.raises(ValueError):
        parse_tau(raw)


# ------------------------------------------------------------------ parse_bool (Q/K/V builder's ?pe=)
@pytest.mark.parametrize("raw,value", [("1", True), ("0", False), (" TRUE ", True), ("off", False), ("Yes", True),
                                       ("no", False)])
def test_parse_bool_reads_on_and_off(raw, value):
    from attn_ui.params import parse_bool

    assert parse_bool(raw) is value


@pytest.mark.parametrize("raw", ["maybe", "", "2", "1.0", "nan"])
def test_parse_bool_refuses_anything_else(raw):
    from attn_ui.params import parse_bool

    with pytest.raises(ValueError, match="not 0 or 1"):
        parse_bool(raw)


# ------------------------------------------------------------------ parse_question_seed (Check yourself's ?q=)
@pytest.mark.parametrize("raw,value", [("0", 0), ("3", 3), (" 42 ", 42), ("7.0", 7), ("999999", 999_999)])
def test_parse_question_seed_reads_a_whole_number(raw, value):
    from attn_ui.params import parse_question_seed

    assert parse_question_seed(raw) == value


@pytest.mark.parametrize("raw", ["-1", "1000000", "2.5", "abc", "", "nan", "inf"])
def test_parse_question_seed_refuses_the_rest_naming_q(raw):
    from attn_ui.params import parse_question_seed

    with pytest.raises(ValueError, match="q"):
        parse_question_seed(raw)


def test_parse_index_or_none_reads_none_or_a_token_index():
    from attn_ui.params import NONE, parse_index_or_none

    assert parse_index_or_none("none", 6, "block") == NONE
    assert parse_index_or_none(" None ", 6, "block") == NONE
    assert parse_index_or_none("0", 6, "block") == 0 and parse_index_or_none("5", 6, "block") == 5
    for bad in ("6", "-1", "1.5", "nan", "cat", ""):
        with pytest.raises(ValueError, match="block"):
            parse_index_or_none(bad, 6, "block")


# ------------------------------------------------------------------ the Training lab's ?dk=, ?lr=, ?loss=
@pytest.mark.parametrize("raw,value", [("64", 64), (" 4 ", 4), ("256.0", 256)])
def test_parse_int_choice_reads_a_listed_whole_number(raw, value):
    from attn_ui.params import parse_int_choice

    assert parse_int_choice(raw, (4, 8, 64, 256), "dk") == value


@pytest.mark.parametrize("raw", ["9999", "5", "0", "-4", "64.5", "nan", "inf", "", "abc"])
def test_parse_int_choice_refuses_the_rest_naming_the_key(raw):
    from attn_ui.params import parse_int_choice

    with pytest.raises(ValueError, match="dk"):
        parse_int_choice(raw, (4, 8, 64, 256), "dk")


@pytest.mark.parametrize("raw,value", [("3", 3.0), ("3.0", 3.0), ("3e0", 3.0), (" 0.001 ", 0.001), ("1000", 1000.0)])
def test_parse_float_choice_reads_a_rate_on_the_grid(raw, value):
    from attn_ui.params import parse_float_choice

    assert parse_float_choice(raw, (0.001, 0.3, 3.0, 1000.0), "lr") == value


@pytest.mark.parametrize("raw,why", [("nan", "not a finite number"), ("inf", "not a finite number"),
                                     ("-inf", "not a finite number"), ("0.5", "not one of"), ("1e9", "not one of"),
                                     ("", "not a number"), ("three", "not a number")])
def test_parse_float_choice_refuses_the_rest_saying_why(raw, why):
    from attn_ui.params import parse_float_choice

    with pytest.raises(ValueError, match=why):
        parse_float_choice(raw, (0.001, 0.3, 3.0, 1000.0), "lr")


def test_parse_word_reads_any_case_and_refuses_others():
    from attn_ui.params import parse_word

    assert parse_word(" CE ", ("mse", "ce"), "loss") == "ce"
    with pytest.raises(ValueError, match="loss='<b>' is not one of mse, ce"):
        parse_word("<b>", ("mse", "ce"), "loss")
