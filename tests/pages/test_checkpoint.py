"""attn_ui.checkpoint: a prediction belongs to its question (issue 23), through a small AppTest script."""

from __future__ import annotations

from streamlit.testing.v1 import AppTest


def script():
    import streamlit as st

    from attn_ui.checkpoint import predict, reveal

    query = st.selectbox("query", ["sat", "on"], key="q")
    seed = st.number_input("seed", 0, 9, 0, key="seed")
    guess = predict("t", f"Which key will “{query}” weigh most?", options=["cat", "mat"], about=query, numbers=seed)
    if guess is not None:
        reveal(guess, right=guess.value == "cat", why=f"for {query} at seed {seed}")


def answer(at: AppTest, option: str) -> AppTest:
    at.radio(key="t_value").set_value(option)
    return at.button(key="t_check").click().run().run()  # the run after the click shows the stored guess


def text(at: AppTest) -> str:
    return " ".join(str(e.value) for kind in ("markdown", "caption", "success", "warning", "info")
                    for e in at.get(kind))


def test_the_guess_is_the_option_itself_and_a_new_subject_opens_the_question_again():
    at = AppTest.from_function(script).run()
    at = answer(at, "cat")
    assert "Your prediction: **cat**" in text(at) and at.success
    at.selectbox(key="q").set_value("on").run()
    assert "Your prediction" not in text(at) and not at.success and not at.warning  # open again, no verdict
    assert at.radio(key="t_value").value is None


def test_a_reopened_question_shows_no_old_guess_even_on_the_run_after_the_check():
    at = AppTest.from_function(script).run()
    at.radio(key="t_value").set_value("cat")
    at.button(key="t_check").click().run()  # the run of the click itself: the radio was drawn in it
    at.selectbox(key="q").set_value("on").run()
    assert at.radio(key="t_value").value is None and not at.success


def test_numbers_that_move_keep_the_reveal_and_say_so():
    at = answer(AppTest.from_function(script).run(), "mat")
    assert at.warning and "checked against the numbers" not in text(at)
    at.number_input(key="seed").set_value(3).run()
    assert "Your prediction: **mat**" in text(at) and at.warning and "at seed 3" in at.warning[0].value
    assert "checked against the numbers on the page now" in text(at)
    at.number_input(key="seed").set_value(0).run()
    assert "checked against the numbers" not in text(at)


def test_after_check_the_options_give_way_to_the_guess_and_predict_again_at_once():
    """Issue 30 item 17: the run of the click itself still drew the options (a new pick was silently ignored) and
    "Predict again" came only after the next click."""
    at = AppTest.from_function(script).run()
    at.radio(key="t_value").set_value("mat")
    at.button(key="t_check").click().run()  # one run: the click's own
    assert not at.radio, "the options are still offered after Check"
    assert "Your prediction: **mat**" in text(at) and at.button(key="t_again") and at.warning
    at.button(key="t_again").click().run()
    assert at.radio(key="t_value").value is None and "Your prediction" not in text(at)


def test_show_me_and_an_empty_check_answer_in_the_same_run():
    at = AppTest.from_function(script).run()
    at.button(key="t_check").click().run()  # nothing picked: a warning, the question stays open
    assert at.radio(key="t_value").value is None and "Pick an answer first" in text(at)
    at.run()
    assert "Pick an answer first" not in text(at) and at.radio
    at.button(key="t_skip").click().run()
    assert not at.radio and "You skipped this one." in text(at) and at.info and not at.warning  # the why, no verdict


def chinese_script():
    import streamlit as st

    from attn_lessons import i18n
    from attn_ui.checkpoint import predict, reveal

    i18n.use("zh-CN")  # as setup_page does for ?lang=zh-CN
    guess = predict("t", "“坐”最看重哪个键？", options=["猫", "垫"])
    if guess is not None:
        reveal(guess, right=guess.value == "猫", why="权重为 0.731。")
    st.caption(i18n.current())


def test_the_prompts_and_verdicts_read_in_chinese_around_the_same_guess():
    from attn_lessons import checkpoint as words
    from attn_lessons import i18n
    from tests.prose import english_runs

    at = AppTest.from_function(chinese_script).run()
    i18n.use("zh-CN")
    try:
        assert at.radio(key="t_value").label == words.your_prediction_label()
        assert at.button(key="t_check").label == words.check() and at.button(key="t_skip").label == words.show_me()
        assert not english_runs(text(at))
        at.button(key="t_check").click().run()  # nothing picked
        assert words.pick_first() in text(at)
        at = answer(at, "垫")
        assert words.your_prediction("垫") in text(at) and at.warning[0].value.startswith(words.not_quite())
        assert "0.731" in at.warning[0].value and not at.radio  # the same reason, the options gone
        assert not english_runs(text(at)), english_runs(text(at))
    finally:
        i18n.use("en")
