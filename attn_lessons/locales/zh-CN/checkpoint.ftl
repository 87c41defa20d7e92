### 每个“先预测”问题周围的文字（由 attn_ui/checkpoint.py 显示）。

checkpoint-predict-first = **先预测。**
checkpoint-your-prediction-label = 你的预测
checkpoint-check = 核对
checkpoint-show-me = 直接看答案
checkpoint-predict-again = 重新预测
checkpoint-skipped = 这道题你跳过了。
checkpoint-pick-first = 请先选一个答案，或者点“{ $show_me }”。
checkpoint-answer-appears = 核对你的预测或点“{ $show_me }”之后，答案就会出现。
checkpoint-numbers-moved = 你作答之后数字变了：现在用页面上的新数字来核对你的预测。
checkpoint-right = **答对了。**
checkpoint-not-quite = **不太对。**
checkpoint-your-prediction = 你的预测：**{ $shown }**。
