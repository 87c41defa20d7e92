### format.py 在数字周围用到的词。数字本身已写好（“5.2 × 10²¹”“1%”），各语言相同。

format-nan = 非数值（NaN）
format-percent-under = 不到 { $percent }
format-percent-over = 超过 { $percent }
format-times-infinite = 无穷多倍
format-times = { $ratio } 倍
format-below = 低于 { $bound }
format-more-than = 超过 { $bound }
format-list-separator = 、
format-list = { $head } { $conjunction ->
        [or] 或
       *[and] 和
    } { $last }
# 和/或 两边是汉字或全角标点时不加空格（“猫”和“垫”，因果掩码或填充掩码），
# 挨着拉丁字母、数字或符号时加一个空格（d1 和 d2，“猫”和 2）。
format-list-tight = { $head }{ $conjunction ->
        [or] 或
       *[and] 和
    }{ $last }
format-list-tight-before = { $head }{ $conjunction ->
        [or] 或
       *[and] 和
    } { $last }
format-list-tight-after = { $head } { $conjunction ->
        [or] 或
       *[and] 和
    }{ $last }
# 量词随名词给出（“个头”“名学生”）。
format-counted = { $count } { $count ->
        [1] { $one }
       *[other] { $many }
    }
# $lead（“the one”“its one”）在中文里都说“唯一”。
format-all-of = { $count ->
        [1] 唯一{ $lead ->
           *[other] 一
        }{ $one }
        [2] 两{ $many }
       *[other] 全部 { $count } { $many }
    }

## 被计数的名词：量词与名词一起给出。

format-noun-head = 个头
    .many = 个头

format-noun-key = 个键
    .many = 个键

format-noun-query = 个查询
    .many = 个查询

format-noun-value = 个值
    .many = 个值

format-noun-token = 个词元
    .many = 个词元

format-noun-column = 列
    .many = 列

format-noun-row = 行
    .many = 行

format-noun-step = 步
    .many = 步

format-noun-training-step = 个训练步
    .many = 个训练步

format-noun-learner = 名学生
    .many = 名学生

format-noun-answer = 个回答
    .many = 个回答

format-noun-first-answer = 个首次回答
    .many = 个首次回答

format-noun-later-attempt = 次之后的尝试
    .many = 次之后的尝试

format-noun-pair = 个查询–键对
    .many = 个查询–键对

format-noun-weight = 个权重
    .many = 个权重

format-noun-nonzero-weight = 个非零权重
    .many = 个非零权重

format-noun-blocked-key = 个被掩蔽的键
    .many = 个被掩蔽的键

format-noun-fully-blocked-row = 个完全被掩蔽的行
    .many = 个完全被掩蔽的行

format-noun-layer = 层
    .many = 层

format-noun-character = 个字符
    .many = 个字符

format-noun-choice = 个选项
    .many = 个选项

format-noun-question = 道题
    .many = 道题

format-noun-more-takeaway = 条更多要点
    .many = 条更多要点

format-noun-matrix = 个矩阵
    .many = 个矩阵

format-noun-panel = 个面板
    .many = 个面板

format-noun-minute = 分钟
    .many = 分钟

format-noun-dimension = 个维度
    .many = 个维度

format-noun-feature = 个特征
    .many = 个特征

format-noun-word = 个词
    .many = 个词

format-noun-sentence = 个句子
    .many = 个句子

format-noun-entry = 个元素
    .many = 个元素

format-noun-number = 个数
    .many = 个数

format-noun-earlier-output = 个更早的输出
    .many = 个更早的输出

format-noun-blocked-pair = 个被掩蔽的查询–键对
    .many = 个被掩蔽的查询–键对

format-noun-pad-token = 个 ⟨pad⟩ 词元
    .many = 个 ⟨pad⟩ 词元

format-noun-allowed-pair = 个允许的查询–键对
    .many = 个允许的查询–键对

format-noun-seed = 个随机种子
    .many = 个随机种子

format-noun-run = 次运行
    .many = 次运行

format-noun-attempt = 次尝试
    .many = 次尝试
