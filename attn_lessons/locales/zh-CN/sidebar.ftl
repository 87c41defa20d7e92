### 侧边栏：共享设置的标签、说明与帮助（每页由 attn_ui/state.py 显示）。

sidebar-for-teachers = 教师专用
sidebar-sentence-label = 你的句子
sidebar-seed-label = 权重的随机种子
sidebar-heads-label = 头数
sidebar-d-model-label = d_model（每个词元向量的宽度）
sidebar-presenter-label = 跳过预测
sidebar-sentence-help = 中文每个汉字、每个标点是一个词元；英文按单词和标点切分。
sidebar-apply-note = 在输入框外轻点或单击即可应用（用键盘也可以按 Ctrl+Enter）。
sidebar-seed-help = 同一个随机种子在任何机器上都给出相同的 W_Q、W_K、W_V。
sidebar-heads-help = 只提供能整除 d_model 的头数：每个头得到 d_k = d_model / 头数。
sidebar-presenter-help = 每一页都会先让你预测结果，再揭晓答案。打开这个开关就能一次看到所有答案：适合第二遍浏览，或教师讲课演示。它只在本次浏览器会话中有效，你复制或分享的链接不会带上它。
# 例句中必须有一个词元出现两次。
sidebar-labels-example = 我爱我家
sidebar-labels-note = 出现不止一次的词元会标上它的位置（从 0 开始数）：在“{ $sentence }”中，{ $first } 是第一个“{ $token }”，{ $second } 是第二个。
sidebar-unused = 本页不用这些设置（它有自己的控件），保留它们是给其他页面用的。
sidebar-one-head = 本页只运行一个头，所以它的 d_k 就是查询和键的全部宽度，而不是 d_model / 头数（页面上会写明具体是多少）。头数设置只作用于把注意力分成多个头的页面。
