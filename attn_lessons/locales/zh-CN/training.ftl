### 训练实验室的文字（attn_lessons/training.py、pages/Training_lab.py、notebooks/training.py）。

training-join = { $first }{ $second }
# 粗略的数：≈、< 和 ≥ 用符号写，前后都能按“中文与数字之间空一格”排。
training-rough = { $kind ->
    [about] ≈ { $x }
    [around] { $x }
   *[below] < { $x }
  }
training-at-least = ≥ { $x }
training-start = 两个模型从同样的原始分数 QKᵀ 出发。softmax 看到的分数，不缩放时标准差为 { $std_unscaled }（理论值：{ $sqrt }），除以 √{ $d_k } 后为 { $std_scaled }（理论值：1），所以各行的平均熵一开始是：不缩放 { $entropy_unscaled } 奈特，缩放 { $entropy_scaled } 奈特；均匀分布是 ln { $n } = { $uniform }。{ $same ->
    [yes] 两个模型的行一开始都{ $scaled ->
        [one-hot] 几乎是独热的
        [even] 几乎均匀分布
       *[peaked] 已经有了尖峰
      }。
   *[no] 不缩放的行一开始{ $unscaled ->
        [one-hot] 几乎是独热的
        [even] 几乎均匀分布
       *[peaked] 已经有了尖峰
      }，缩放的行{ $scaled ->
        [one-hot] 几乎是独热的
        [even] 几乎均匀分布
       *[peaked] 已经有了尖峰
      }。
  }
training-crossing = { $run ->
        [scaled] 缩放
       *[other] 不缩放
      }模型的损失在第 { $step } 步首次降到 { $low } 以下
training-never-crosses = { $run ->
        [scaled] 缩放
       *[other] 不缩放
      }模型的损失{ $diverged ->
    [yes] 始终没有降到 { $low } 以下：它在第 { $at } 步发散了
   *[no] 在 { $steps } 步内始终没有降到 { $low } 以下
  }
training-race-tie = 两个模型的损失在同一步（第 { $step } 步）首次降到 { $low } 以下：打平。
training-race-neither = 在 { $steps } 步内，两个模型的损失都没有降到 { $low } 以下。
training-race-both = { $first }；{ $second }。
training-had-diverged = { $run ->
        [scaled] 缩放
       *[other] 不缩放
      }模型已在第 { $step } 步发散
training-mid-loss = { $run ->
        [scaled] 缩放
       *[other] 不缩放
      }模型的损失{ $hovers ->
    [yes] 在 { $loss } 附近徘徊
   *[no] 为 { $loss }
  }
training-halfway = 到第 { $step } 步时，{ $first }，{ $second }。
training-verdict-both-diverged = { $chosen ->
    [yes] 在所选随机种子上，
   *[no] {""}
  }两个模型都发散了：缩放的在第 { $scaled } 步，不缩放的在第 { $unscaled } 步。这个学习率对两者都太大了。
training-over-last = { $k ->
    [one] 最后一步
   *[other] 最后 { $k } 步
  }
training-verdict-one-diverged = { $chosen ->
    [yes] 在所选随机种子上，
   *[no] {""}
  }{ $gone ->
        [scaled] 缩放
       *[other] 不缩放
      }模型在第 { $step } 步发散了；{ $kept ->
        [scaled] 缩放
       *[other] 不缩放
      }模型训练完全部 { $steps } 步，{ $over }的平均损失为 { $loss }，准确率为 { $accuracy }。
training-both-losses = 缩放 { $scaled }、不缩放 { $unscaled }（{ $over }的均值）
training-accuracies = 准确率分别为缩放 { $scaled }、不缩放 { $unscaled }，相差不超过 { $within }
training-verdict-alike = { $chosen ->
    [yes] 在所选随机种子上，
   *[no] 这里
  }两个模型表现相近：{ $steps } 步之后，损失分别为{ $both }{ $ratio ->
    [none] {""}
   *[other] ，{ $ratio }
  }；{ $accuracies }。
training-verdict-lower = { $chosen ->
    [yes] 在所选随机种子上，
   *[no] {""}
  }{ $steps } 步之后，损失分别为{ $both }：{ $lower ->
    [scaled] 缩放后
   *[other] 不缩放时
  }低了 { $ratio }{ $accuracy ->
    [alike] ；{ $accuracies }。
    [higher] 。{ $lower ->
        [scaled] 缩放
       *[other] 不缩放
      }模型的准确率也更高：{ $low } 对 { $other }。
   *[lower] ，不过它的准确率反而更低：{ $low } 对 { $other }。
  }
training-equal = 相等
training-within = 彼此相差不超过 { $percent }
training-less-than = 小于 { $x }
training-share-none = 没有一个查询
training-share-only = 只有 { $share } 的查询
training-share-fewer = 不到 { $share } 的查询
training-gradient-down = { $late ->
    [ratio] 比开始时的 { $start } 小了 { $ratio }
   *[zero] 恰好为 0，而开始时是 { $start }{ $single ->
        [none] { $every ->
            [yes] ，而且每一步都是 0
           *[no] {""}
          }
       *[other] （单步最高到 { $single }）
      }
  }
training-gradient-late = { $late }，比开始时的 { $start } 小了 { $ratio }（单步最高到 { $single }）
training-stuck = { $run ->
    [scaled] 缩放
   *[other] 不缩放
  }模型卡住了：在最后 { $k } 步里，它的损失{ $erratic ->
    [yes] 停在
   *[no] 仍是
  } { $loss }，各行{ $rows ->
    [exact] 是独热的（平均熵 0 奈特）
   *[nearly] 几乎是独热的（平均熵 { $entropy } 奈特）
  }，可是{ $share }把最大权重放在自己的键上。传到 W_K 的梯度中位数{ $gradient }：饱和的 softmax 几乎不给它忽略的键传回梯度。
training-diverged-one = { $run ->
    [scaled] 缩放
   *[other] 不缩放
  }模型在第 { $step } 步发散了：它的分数超过了 { $power }，本实验室把这算作发散，所以训练在那里停止，曲线画到前一步为止。
training-diverged-several = { $run ->
    [scaled] 缩放
   *[other] 不缩放
  }模型{ $where }。在每个发散的种子上，它的分数都超过了 { $power }，本实验室把这算作发散，所以训练在那里停止；曲线按所有种子画出，画到这些步中最早一步的前一步为止。
training-safe-lr = 在所选随机种子上，比你的学习率小、且没有发散的最大学习率是 { $lr }。
training-seed-at = 种子 { $seed } 在第 { $step } 步
training-seed-count = { $every ->
    [yes] 全部 { $of } 个
   *[no] { $of } 个中的 { $n } 个
  }
training-diverged-not-chosen = 在{ $count }随机种子上发散，但在所选的种子 { $seed } 上没有，它在那里训练完了全部 { $steps } 步：发散的是{ $others }
training-diverged-chosen = 在{ $count }随机种子上发散：所选的种子 { $seed } 在第 { $step } 步{ $others ->
    [none] {""}
   *[other] ，以及{ $others }
  }
training-lr-range = 从 { $lo } 到 { $hi }
training-lr-up = 从 { $lo } 起往上
training-lr-at = 在 { $rates } 时
training-sweep-run = { $run ->
    [scaled] 缩放
   *[other] 不缩放
  }模型{ $first ->
    [yes] 在 { $of } 个学习率中有 { $rates ->
        [none] 0
       *[other] { $n }
      } 个能让最终损失低于 { $low }
   *[no] 在其中有 { $rates ->
        [none] 0
       *[other] { $n }
      } 个
  }{ $rates ->
    [none] {""}
   *[other] （lr { $range ->
        [yes] {""}
       *[no] ={" "}
      }{ $rates }）
  }{ $diverges ->
    [none] {""}
   *[other] ，{ $diverges }发散
  }
training-sweep = d_k = { $d_k }，训练 { $steps } 步后，{ $first }；{ $second }。你的学习率 { $lr } 让{ $yours ->
    [both] 两个模型都
    [scaled] 只有缩放模型
    [unscaled] 只有不缩放模型
   *[neither] 两个模型都没有
  }降到 { $low } 以下。
training-spread = 在 { $seeds } 个随机种子上，{ $first }；{ $second }。
training-range-diverges = { $run ->
    [scaled] 缩放
   *[other] 不缩放
  }模型在每个种子上都发散了
training-range-what = { $run ->
    [scaled] 缩放
   *[other] 不缩放
  }模型的{ $first ->
    [yes] 最终损失
   *[no] {""}
  }
training-range-one = { $what }在它唯一训练成功的种子上是 { $lo }（在其余 { $others } 个种子上发散了）
training-range-same = { $what }在{ $gone ->
    [0] 每个种子上
   *[other] 训练成功的{ $trained ->
        [2] 两个种子上
       *[other] 全部 { $trained } 个种子上
      }（在 { $gone } 个种子上发散了）
  }都{ $rough ->
    [yes] {" "}
   *[no] 约为{" "}
  }{ $lo }
training-range = { $what }{ $first ->
    [yes] 在
   *[no] {""}
  } { $lo } 到 { $hi } 之间{ $gone ->
    [0] {""}
   *[other] （其中 { $gone } 个种子上发散了）
  }
training-summary = 在 { $seeds } 个种子上{ $kind ->
    [both-diverged] 两个模型都发散
    [scaled-diverged] 只有缩放模型发散
    [unscaled-diverged] 只有不缩放模型发散
    [alike] 两个模型结果相近（损失相差在 { $alike } 以内，准确率相差不超过 { $within }）
    [scaled-lower] 缩放模型的最终损失更低
   *[unscaled-lower] 不缩放模型的最终损失更低
  }{ $chosen ->
    [one] （就是所选的种子）
    [among] （所选的种子也在其中）
   *[no] {""}
  }
training-depends = 结果取决于随机种子：{ $outcomes }。
training-every-seed-alike = 在每个种子上，两个模型的结果都相近：损失相差在 { $alike } 以内，准确率相差不超过 { $within }，{ $order ->
    [scaled] 不过缩放模型在每个种子上都略低一点
    [unscaled] 不过不缩放模型在每个种子上都略低一点
   *[overlap] 两者的范围有重叠
  }。
training-every-seed-lower = { $apart ->
    [yes] 两个范围没有重叠：在每个种子上，{ $lower ->
        [scaled] 缩放
       *[other] 不缩放
      }模型的最终损失都更低。
   *[no] 在每个种子上，{ $lower ->
        [scaled] 缩放
       *[other] 不缩放
      }模型的最终损失都更低，虽然两个范围有重叠：把每个种子和它自己比较，差别才显出来。
  }
training-heatmap-both-diverged = 两个模型都发散了，所以都没有训练后的权重可以展示。
training-heatmap-diverged = { $run ->
    [scaled] 缩放
   *[other] 不缩放
  }模型发散了，所以没有权重可以展示
training-heatmap-run = { $run ->
    [scaled] 缩放
   *[other] 不缩放
  }模型{ $first ->
    [yes] 在 { $n } 个查询中有 { $hits } 个把最大权重放在自己的键上，那里的平均权重为 { $own }
   *[no] 是 { $n } 个中的 { $hits } 个，平均权重 { $own }
  }
training-heatmap = 在这个留出样本上，{ $after ->
    [yes] 训练之后
   *[no] 训练之前
  }，{ $first }；{ $second }。
training-after-training-run = 训练之后，{ $run ->
    [scaled] 缩放
   *[other] 不缩放
  }模型
training-guess-scaled = 缩放模型（带 1/√d_k）
training-guess-unscaled = 不缩放模型
training-guess-same = 两者在同一步
training-guess-neither = 在这些步数内都没有
training-race-question = 在 d_k = { $d_k }、学习率 { $lr } 时，{ $steps } 步之内，哪个模型的损失先降到 { $low } 以下？
training-long-run = 这个设置要在 d_k = { $d_k } 下训练 { $runs } 个模型、每个 { $steps } 步：单核大约需要 { $seconds } 秒。按下按钮开始，或者选更少的步数、更小的 d_k，或只用一个随机种子。
training-train-button = 开始训练（{ $seconds } 秒）
training-progress = 正在训练 { $models } 个模型，每个 { $steps } 步，大约 { $seconds } 秒…
training-extra-progress = 正在其余 { $seeds } 个随机种子上再训练 { $models } 个…
training-curves-caption = 每个点是一步的一批 { $batch } × { $keys } 个新查询，是模型还没训练过的数据。虚线标出损失 { $low }。
training-curves-seeds = 图表上方的句子说的是种子 { $first }；曲线是种子 { $first } 到 { $last } 的中位数，色带从最低的种子延伸到最高的种子。
training-sweep-caption = 随机种子 { $seed }：每个点都用同样的批次和初始权重。顶部的叉号表示该次训练发散；虚线标出损失 { $low }。调一调 d_k，看两个范围怎么变。
training-code-note = 用纯 numpy 写的两个模型，一次一个，顺序与页面展示的一致：前向传播，以及从损失一路手写回 W_Q 和 W_K 的反向传播。它和下面的笔记本是同一份代码，笔记本还会把结果与本页为种子 { $seed } 画出的数字核对。页面本身用 `attn_core/training.py` 一次训练学习率扫描中的所有模型，它的测试会用有限差分检查每一个梯度。

## 页面自身的文字、标签和图表。

training-title = 训练实验室：看注意力如何学习
training-intro = [缩放探索页](/Scaling_explorer)展示了 1/√d_k 对一次 softmax 的作用；这里看它对**学习**的作用。任务：{ $keys } 个随机键和 { $keys } 个查询，每个查询是某个键加了噪声的副本；查询 *i* 要找到键 *i*。同一个注意力层训练两次，从**同样的权重**出发、看**同样的批次**：只有一次把分数除以 √d_k。
training-model-expander = 模型细节
training-model = 模型是单个注意力层，Q = X_q W_Q，K = X_k W_K，输入词元宽 { $width }，元素方差为 1；W_Q 和 W_K 按扇入缩放初始化，让 Q 和 K 的元素方差也为 1。两个模型都用普通梯度下降训练。
training-sidebar-note = 本实验室用它自己的这个随机种子在随机数据上训练：侧边栏的句子、随机种子、d_model 和头数在这里都不用。
training-loss-mse = 复制值（平方误差）
training-loss-ce = 指出位置（交叉熵）
training-loss-note = 'mse'：output_i 应复制值 v_i；'ce'：查询 i 的权重应选中键 i
training-header-start = 1. 学习之前
training-header-race = 2. 赛跑
training-header-attention = 3. 每个模型学到的注意力
training-header-try = 可以试试
training-start-caption = 两个模型共用一个留出样本：第 i 行是查询 i 在 { $keys } 个键上的权重；它自己的键在对角线上。
training-sweep-expander = 所有学习率一起看：扫描
training-race-help = 改变 d_k、学习率、损失或步数时，问题会重新打开。换随机种子会保留你的答案，并用新的训练结果来核对。
training-waiting = 回答之后，才会显示曲线、最终的注意力和学习率扫描。
training-exploring = 你已经回答过一次赛跑问题，所以下面的曲线在你探索时会一直显示；它们对应当前设置。可以在上面再预测一次，也可以直接看。
training-things-to-try =
    - 把学习率设为 { $lr }，或把 d_k 设为 { $d_k }，再回答一次问题。
    - { $loss ->
        [mse] 把损失换成交叉熵，它通过 log-softmax 读取分数。
       *[ce] 把损失换回平方误差，它通过权重复制值。
      }
training-legend-scaled = 缩放：softmax(QKᵀ/√d_k)
training-legend-unscaled = 不缩放：softmax(QKᵀ)
training-panel-loss = 损失（对数坐标）
training-panel-accuracy = 准确率（最大权重落在自己的键上）
training-panel-entropy = 注意力行的平均熵（奈特）
training-panel-grad-norm-k = ‖∂loss/∂W_K‖，传到 W_K 的梯度（对数坐标）
training-step-axis = 训练步
training-curves-title = { $metrics ->
    [loss] 每步的损失和准确率
   *[entropy] 每步的注意力熵和梯度
  }
training-uniform = 均匀：ln { $n } = { $value }
training-sweep-title = 最终损失与学习率，d_k = { $d_k }
training-sweep-x = 学习率（对数坐标）
training-sweep-y = 最终损失（最后 { $k } 步的均值）
training-diverged-legend = { $run ->
    [scaled] 缩放
   *[other] 不缩放
  }：发散
training-your-lr = 你的 lr = { $lr }
training-weights-title = { $run ->
    [scaled] 缩放
   *[other] 不缩放
  }模型{ $after ->
    [yes] 训练后
   *[no] 第 0 步
  }的权重
training-d-k-slider = d_k，查询和键的宽度
training-several-seeds = 用 { $n } 个随机种子看波动
training-lr-slider = 学习率
training-steps-slider = 训练步数
training-seed-input = 数据与初始化的随机种子
training-loss-radio = 损失
training-axis-key = 键
training-axis-query = 查询

## 笔记本的文字（notebooks/training.py 的 markdown 单元格）。

training-nb-task =
    ## 任务和两个模型

    N_KEYS 个元素随机的键和同样多的查询，每个查询是某个键加了噪声的副本：查询 i 要找到键 i。数据和初始权重来自实验室的随机种子，抽取方式和页面完全一样。模型的两个副本从同样的权重出发、看同样的批次；其中一个把分数除以 √d_k。
training-nb-start =
    ## 1. 学习之前

    留出样本上同样的原始分数；缩放模型在 softmax 之前把它们除以 √d_k。
training-nb-race =
    ## 2. 赛跑

    两个模型，一步一步来。分数超出有用范围的模型就在那里停下。
training-nb-attention =
    ## 3. 每个模型学到的注意力

    留出样本上的权重：查询 i 自己的键在对角线上。

## 两个公式的名称（放在 LaTeX 的 \text{…} 里：不要用花括号或反斜杠）。
training-formula-scaled = 缩放：
training-formula-unscaled = 不缩放：
