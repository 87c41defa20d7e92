# 班级模式（attn_lessons/classroom.py、pages/Class.py、attn_ui/classroom.py）：学生看到的班级提示，以及教师面板、
# 投影视图和班级总结里的每一句话。

## 教师页面
classroom-title = 班级模式
classroom-intro = 开一个班级，把班级代码或二维码投到屏幕上，就能看到全班的预测和自我检测答案陆续到来：多少人作答、多少人第一次就答对，以及最常见的错误答案和它反映的误解。学生是匿名的：应用只为每个浏览器记一个随机编号，从不记名字。
classroom-local-file = 班级保存在这台服务器上的一个本地文件里。云主机（比如 Streamlit Community Cloud）一重启，这个文件和里面的所有班级就没了。要让班级长期保留，请让应用连接 PostgreSQL 数据库：在应用的 secrets 里 `[connections.classroom]` 下把它的地址写成 `url`（在 Community Cloud 上是应用的 Secrets 设置）。README 的 “Class mode” 一节给出了这两行。
classroom-key-warning = 这是你的教师密钥，只显示这一次。请复制并妥善保管：用它可以在任何浏览器上重新打开这个面板，也可以暂停或删除班级。不要投到屏幕上，也不要放进链接里。
classroom-refused = 这个密钥打不开任何班级的面板。请核对班级代码和密钥，再试一次。
classroom-key-format = 教师密钥由 32 个字母、数字、- 和 _ 组成。请按显示时的样子原样粘贴。
classroom-unreachable = 暂时连不上班级的数据库。请稍后再试。
classroom-deleted = 班级和它保存的所有答案都已删除。
classroom-deleted-elsewhere = 这个班级已经被删除了，也许是在另一个浏览器上删的：它的代码和二维码不再有效，答案也都没了。
classroom-key-fold = 你的教师密钥：请离开投影再打开
classroom-qr-too-long = 你的句子让链接太长，放不进二维码。请直接分享链接，或者在开班之前换一个短一点的句子。
classroom-no-answers = 还没有答案。学生作答后几秒钟内就会出现在这里。
classroom-sessions-note = 一个学生就是一个浏览器：刷新、换页面或再次打开班级链接都算同一个学生；换一个浏览器就算另一个学生。

## 学生在答案揭晓处看到的：这个答案怎么样了
classroom-notice-sent = 已发送给老师。
classroom-notice-sending = 正在把你的答案发送给老师……
classroom-notice-sent-failed = 暂时没能把你的答案发给老师；下一次作答时会再试。
classroom-notice-slow = 班级的数据库几秒钟内都没有回应，这个答案可能没有送到老师那里；下一次作答时会再试。
classroom-notice-paused = 你作答时班级已暂停，所以这个答案没有发送。
classroom-notice-not-found = 你作答时班级已经结束或被删除，所以这个答案没有发送。
classroom-notice-rate = 一分钟内答得太多了：这个答案没有发送。请稍等一下。
classroom-notice-not-joined = 这个会话已经不在班级里了；重新加入后才能分享你的答案。
classroom-notice-format = 这个答案无法记录。
classroom-notice-full = 班级已满。

## 为什么加入不了班级
classroom-join-format = 班级代码由 6 个字母和数字组成，例如 K7Q2PM（没有 0、O、1、I 或 L）。
classroom-join-not-found = 没有这个代码的班级：它可能已经结束或被删除了。请和老师核对一下。
classroom-join-full = 这个班级已满：最多只能容纳 { $limit } 名学生。
classroom-join-unreachable = 暂时连不上这个班级。请稍后再试。

## 学生的班级提示
classroom-class-line = 你在班级 { $code } 中：你的答案会匿名分享给老师。
classroom-paused-line = 班级 { $code } 已被老师暂停：现在作答不会发送。
classroom-resumed-line = 班级 { $code } 重新开放了：老师已恢复班级，你可以再次作答。
classroom-ended-line = 班级 { $code } 已结束：你的答案不再发送给任何人。
classroom-follow-label = 跟随老师
classroom-follow-help = 打开：老师把一道题摆到全班面前时，这个页面会跳到那道题，用班级的句子和设置。关闭：自己探索；页面顶部的按钮可以带你回去。
classroom-back-to-lead = 回到班级的题目
classroom-teacher-revealed = 老师已经揭晓了答案。
classroom-lead-line = { $here ->
    [yes] 老师的题目：{ $title }（就在这一页）。
   *[no] 老师的题目是“{ $title }”，在另一个页面或另一组设置下。
 }
classroom-slider-unset = 请先把滑块拖到你的预测值，或者点“{ $show_me }”。
classroom-qr-label = 加入班级 { $code } 的学生链接二维码
classroom-link-notice = 链接里的班级“{ $code }”无法加入。{ $message }
classroom-hide-ended = 隐藏
classroom-leave = 退出班级
classroom-learners = { $joined } 名学生已加入；最近 { $minutes } 分钟内有 { $active } 名活跃。{ $note }

## 题目是在什么设置下问的
classroom-sentence-class = 班级的句子
classroom-sentence-own = 学生自己的句子
classroom-start-interpretable = 命名特征
classroom-start-random = 随机权重
classroom-source-sentence = 句子重复两遍
classroom-source-random = 随机词元重复两遍
classroom-mask-none = 不用掩码
classroom-mask-causal = 因果掩码
classroom-mask-padding = 填充掩码
classroom-mask-custom = 自定义掩码
classroom-mask-other = 掩码 { $mask }
classroom-query-token = 以“{ $token }”为查询
classroom-query-nth = 以第 { $n } 个词元为查询
classroom-pads = 句子后面有 { $n } 个 { $pad } 词元
classroom-seed-quiz = 题目随机种子 { $seed }
classroom-seed-race = 数据随机种子 { $seed }
classroom-seed = 随机种子 { $seed }
classroom-pe-on = 加上位置
classroom-pe-off = 不加位置
classroom-length = 每份 { $n } 个词元
classroom-rseed = 词元随机种子 { $seed }
classroom-scores = 分数 { $scores }
classroom-loss = 损失：{ $loss }
classroom-lr = 学习率 { $lr }
classroom-steps = 训练 { $n } 步
classroom-heads = { $n } 个头
classroom-on = 用{ $sentence }
classroom-on-text = 用{ $sentence }“{ $text }”
classroom-comma = ，
classroom-asked = 提问时：{ $parts }。
classroom-asked-nothing = 提问时没有记录任何设置。

## 计数与结论
classroom-percent = { $percent } %
classroom-no-answers-short = 无人作答
classroom-first-none = 还没有第一次作答。
classroom-first = { $answered } 名学生作答；{ $answered } 人中 { $right } 人（{ $percent }）第一次就答对{ $later ->
    [0] 。
   *[other] （之后的 { $later } 次作答不计）。
 }
classroom-no-wrong = 没有第一次就答错的。
classroom-own-sentence = 这些答案针对的是每个学生自己的句子，所以只记录对错，不记录选了哪个词元。
classroom-group-suggests = { $answers } 反映出：{ $shows }
classroom-group-none = { $answers } 不在这道题预料的错误答案之中
classroom-own-wrong = { $answered } 个第一次作答中有 { $wrong } 个答错。
classroom-own-suggest = 其中{ $tied ->
    [yes] 各有
   *[no] 有
 } { $n } 个反映出：{ $shows }。
classroom-most-common = 最常见的错误答案：{ $answers }，{ $answered } 人中有 { $count } 人。
classroom-it-suggests = 它反映出：{ $shows }。
classroom-it-is-none = 它不在这道题预料的错误答案之中。
classroom-most-common-tied = 最常见的错误答案并列：{ $names }，{ $answered } 人中各有 { $count } 人。
classroom-semicolon = ；
classroom-full-stop = 。

## 教师页面自己的文字
classroom-link-note = 学生链接（带着你的句子和设置）：
classroom-create-help = 全班用你现在的句子和设置（侧边栏里的）作答。
classroom-delete-help = 永久删除班级和它保存的每一个答案。
classroom-close-help = 这个会话会忘掉密钥；班级照常进行。
classroom-active-label = 最近 { $minutes } 分钟内活跃
classroom-answers-title = 第一次作答
classroom-learners-axis = 学生数
classroom-series-right = 答对
classroom-series-wrong = 答错

## 投影视图
classroom-projector-help = 一次一道题，大字显示，用于教室前面的屏幕：不显示密钥，也没有 CSV。
classroom-no-right-yet = 还没有学生给出正确答案。
classroom-own-hidden = 每个学生都是针对自己的句子作答：揭晓答案后，图表才显示对错。
classroom-share = { $answered } 人中 { $right } 人第一次就答对。
classroom-own-right = 每个学生的正确答案取决于他自己的句子。
classroom-right-answer = 正确答案：“{ $answer }”。
classroom-right-answer-quiz = 正确答案：{ $answer }。
classroom-right-answers = 学生给出的正确答案：{ $answers }。
classroom-right-tied = 正确答案（并列）：{ $answers }。
classroom-lead-help = 把这道题摆到每个跟随班级的学生面前：他们的页面会打开这道题，用班级的句子和设置。
classroom-not-leading = 现在没有题目摆在全班面前。从你的题单里选一道放上去吧。
classroom-present = { $over ->
    [yes] 已有 { $answered } 名学生作答；现在在场 { $present } 人
   *[no] 在场的 { $present } 名学生中有 { $answered } 人已作答
 }
classroom-who = { $answered } 人中 { $count } 人
classroom-shown-line = { $who }：{ $shows }（{ $answers }）
classroom-shown-none = { $who }：{ $answers }，不在这道题预料的错误答案之中

## 班级总结
classroom-summary-title = 班级总结
classroom-summary-help = 一页纸，可打印或保存：问过的每道题，以及全班掌握到什么程度。
classroom-col-number = #
classroom-col-question = 题目
classroom-col-answered = 作答人数
classroom-col-right = 第一次就答对
classroom-col-most-shown = 最常见的误解
classroom-col-page = 页面
classroom-col-reached = 到过这一页的学生
classroom-cell-no-wrong = 没有第一次就答错的
classroom-cell-not-expected = { $answers }（不是预料中的错误答案）
classroom-cell-count = { $tied ->
    [yes] （各 { $count } 人）
   *[no] （{ $count } 人）
 }
classroom-right-of = { $answered } 人中 { $right } 人（{ $percent }）
classroom-summary-head = 班级 { $code }：{ $joined } 名学生加入，{ $answered } 人至少作答过一次。

## 教师页面：带领全班
classroom-start-title = 开一个班级
classroom-reopen-title = 或者打开你开过的班级
classroom-storage-fold = 这个应用把班级存在哪里
classroom-lead-title = 带领全班
classroom-lead-pick = 从你的题单里选题
classroom-lead-seed = 题目随机种子（自我检测）
classroom-lead-button = 摆到全班面前
classroom-lead-stop = 停止带领
classroom-reveal-button = 揭晓答案
classroom-hide-button = 隐藏答案
classroom-summary-button = 打印班级总结
classroom-pause-button = 暂停班级
classroom-resume-button = 恢复班级
classroom-open-state = 班级开放中：正在收集答案。
classroom-paused-state = 班级已暂停：恢复之前不接收答案。
classroom-delete-fold = 删除班级
classroom-delete-first = 请先下载答案：一旦删除就永久没了。
classroom-delete-sure = 是的，删除班级和它的答案
classroom-join-small = 用代码 { $code } 加入
classroom-leading = 摆在全班面前的是：{ $title }（答案{ $revealed ->
    [yes] 已揭晓
   *[no] 尚未揭晓
 }）。

## pages/Class.py 的标签和按钮
classroom-join-code = 加入代码
classroom-scan = 扫码加入班级 { $code }
classroom-qr-download = 下载二维码（PNG）
classroom-key-saved = 我已经保存了密钥
classroom-code-input = 班级代码
classroom-key-input = 教师密钥
classroom-open-button = 打开面板
classroom-class-header = 班级 { $code }
classroom-projector-button = 投影视图
classroom-close-button = 关闭面板
classroom-delete-button = 删除班级
classroom-metric-joined = 已加入的学生
classroom-metric-answered-once = 至少作答过一次
classroom-metric-answered = 作答人数
classroom-metric-right = 第一次就答对
classroom-csv-download = 下载答案（CSV）
classroom-back-button = 回到面板
classroom-join-header = 加入班级
classroom-start-lesson = 从首页开始学习
classroom-join-button = 加入
