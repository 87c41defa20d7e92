### 缩放探索页的文字（attn_lessons/scaling.py、pages/Scaling_explorer.py、notebooks/scaling.py）。

# 两句话（或一句话的两部分）前后相接：中文之间不加空格。
scaling-join = { $first }{ $second }
scaling-underflows = ，在 float64 中下溢为 0
scaling-held-as = ，float64 实际存的是 { $held }{ $smallest ->
    [yes] （float64 能表示的最小正数）
   *[no] {""}
  }
scaling-past-float-times = 超过 10³⁰⁸ 倍
scaling-bound = 低于 { $small }；两个键打平时 p₁p₂ 能达到 { $tie }，是它的 { $times }
scaling-key = 键 { $n }
scaling-slope-unscaled = { $slope }（未缩放）
scaling-slope-scaled = { $slope }（÷ √{ $d_k } 后）
scaling-both-zero = 都是 0
scaling-times = { $n } 倍
scaling-at-softmax = 在 softmax 的输入处
scaling-at-weights = 在 W_Q 和 W_K 处
scaling-slopes-equal = 缩放与否都一样，都是 { $a }
scaling-slopes-alike = 缩放与否都是 { $a }，在显示的位数内看不出差别
scaling-slopes-same = 缩放后为 { $a }，未缩放为 { $b }，差不多
scaling-slopes-larger = 缩放后为 { $a }，未缩放为 { $b }，大了 { $ratio }
scaling-slopes-smaller = 缩放后为 { $a }，未缩放为 { $b }，反而更小：未缩放的是它的 { $ratio }
scaling-gradient-at = { $where }，{ $compared }
scaling-gradients = 梯度斜率 { $p }(1 − { $p })：{ $at_input }；{ $at_weights }（W_Q 和 W_K 在除法之前，链式法则要再乘以 1/√{ $d_k }）
scaling-metric-help = { $help }。{ $said }。
scaling-ratio-label = 缩放后 ÷ 未缩放
scaling-ratio-help = 上面两个斜率之比
scaling-raw-ratio-label = 传到 W_Q、W_K 的
scaling-raw-ratio-help = 同样的比值，但对原始分数 q·k 求导，带上链式法则的因子 1/√d_k
scaling-term-jacobian = 雅可比矩阵
scaling-jacobian-intro = **梯度。**softmax 的{ $jacobian }的元素是 ∂pᵢ/∂zⱼ = pᵢ(δᵢⱼ − pⱼ)。
scaling-jacobian-tie = { $equal ->
    [yes] 两个权重相等
   *[no] 两个分数只差 { $gap }，在 float64 中两个权重相等
  }，所以没有哪个键落后：每个元素都是 ±p₁p₂ = ±{ $slope }，这是两个键时斜率能达到的最大值。
scaling-jacobian-loser = 它{ $corner ->
    [top-left] 左上角
   *[other] 右下角
  }的元素 { $loser_slope } = { $p }(1 − { $p })，表示{ $loser }（权重较小的键）的分数变动时，它的权重还能动多少。两个键时四个元素都是 ±p₁p₂，所以胜出键的 { $winner_slope } 是同一个数：落后键的梯度消失时，胜出键的梯度也一样消失。
scaling-both-zero-warning = 两个斜率在机器精度下都是 0：两个分数相差 { $gap }，差得太大，{ $one ->
    [yes] 除以 √1 = 1 什么也没改变
   *[no] 即使除以 { $sqrt }，softmax 仍是硬 argmax
  }，哪个键的权重都动不了。除以 √d_k 管住的是 q·k 的*典型*大小（第 2 节），而不是你能输入的任意分数。试试 100 以下的分数。
scaling-one-divisor = d_k = 1 时除数 √1 就是 1，所以两边完全一样。
scaling-try-classic = 试试 z₁ = 8、z₂ = 0、d_k = 64，看看经典的例子。
scaling-tie = { $equal ->
    [yes] 两个权重相等
   *[no] 两个分数只差 { $gap }，float64 分辨不出来：两个权重存成了同一个数
  }，所以每个键都得到 { $weight }，∂p/∂z = { $slope }，这是两个键时斜率能达到的最大值：缩放没有什么可挽救的。
scaling-tie-scaled = 缩放后，W_Q 和 W_K 通过 q·k 得到 { $scaled } / √{ $d_k } = { $raw }，{ $at_weights ->
    [smaller] 比未缩放时小
   *[other] 比未缩放时大
  }：当分数相差很大时（d_k 较大时通常如此，见第 2 节），缩放才有回报。
scaling-unscaled-zero = 未缩放时，{ $loser }（权重较小的键）的斜率 { $slope } 在浮点数中恰好为 0{ $true ->
    [none] {""}
   *[other] （它的真实大小 { $true } 下溢了）
  }：它的权重完全动不了。
scaling-unscaled-vanishes = 未缩放时，{ $loser }（权重较小的键）的梯度几乎消失：{ $slope } = { $value }，{ $bound }。
scaling-unscaled-not-small = 未缩放时，{ $loser }（权重较小的键）的 { $slope } = { $value }：不算小（至少 { $small }；两个键打平时 p₁p₂ 最大，为 0.25），所以 softmax 没有饱和。
scaling-scaled = 除以 { $sqrt } 之后，softmax 看到的是分数 z / √d_k，它在那里的斜率是 { $slope }{ $at_softmax ->
    [more] ，大约**大了 { $ratio }**
    [same] ，差不多
   *[other] ，大于 0
  }
scaling-sentence-end = { $text }。
scaling-below-too = 同样低于 { $small }
scaling-scaled-vanishes = { $slope }。即便如此，它仍{ $below }：缩放之后梯度也几乎消失。√d_k 管住的是 q·k 的典型大小（第 2 节），管不住 { $gap } 这么大的差距。
scaling-to-weights = W_Q 和 W_K 在这次除法之前：它们通过 q·k 影响分数，所以链式法则要乘以 1/√d_k，它们得到 { $scaled } / √{ $d_k } = { $raw }。
scaling-against = { $at_weights ->
    [smaller] 这比
    [same] 这和
    [more-than-0] 这大于
   *[larger] 这仍是
  }
scaling-weights-past-zero = { $against }未缩放时的精确 0{ $barely ->
    [yes] ，但仍然太小，学不到东西：无论哪种情况，模型都几乎学不会去看胜出键以外的键。
   *[no] ：有了缩放，{ $loser } 重新得到了梯度。
  }
scaling-weights-same = { $against }未缩放时的 { $unscaled } 差不多：这里缩放对传给 W_Q 和 W_K 的信号既无帮助也无损害{ $barely ->
    [yes] ，而且两者都太小，学不到东西：无论哪种情况，模型都几乎学不会去看胜出键以外的键。
   *[no] 。
  }
scaling-weights-larger = { $against }未缩放时 { $unscaled } 的 **{ $ratio }**{ $how ->
    [both-tiny] ，但两者都太小，学不到东西：无论哪种情况，模型都几乎学不会去看胜出键以外的键。
    [barely] ：不缩放的话，让 W_Q 和 W_K 给{ $loser } 更多权重的信号要弱 { $times }，模型几乎学不会去看胜出键以外的键。
   *[weaker] ：不缩放的话，让 W_Q 和 W_K 给{ $loser } 更多权重的信号要弱 { $times }。
  }
scaling-weights-smaller = { $against }未缩放时的 { $unscaled } 小：这里未缩放的那次运行传给 W_Q 和 W_K 的信号反而更大，是它的 { $ratio }。{ $saturated ->
    [no] 分数这么接近，softmax 本来就没有饱和。
   *[other] {""}
  }
scaling-pays-off = 当分数相差很大时（d_k 较大时通常如此，见第 2 节），缩放才有回报。
scaling-tails = { $shape ->
    [spike] d_k = { $d_k } 时，q·k 只是两个正态变量的一个乘积：它在 0 处堆成一个尖峰，尾巴很长（超额峰度 { $kurtosis }；正态曲线的是 0），所以直方图不是钟形。
    [point] d_k = { $d_k } 时，q·k 是 { $d_k } 个正态变量乘积之和：直方图在 0 处收成一个尖角，尾巴比正态曲线更重（超额峰度 6/d_k = { $kurtosis }；正态曲线的是 0）。
   *[round] d_k = { $d_k } 时，q·k 是 { $d_k } 个正态变量乘积之和：直方图已经像钟形，顶部圆润，但尾巴比正态曲线更重（超额峰度 6/d_k = { $kurtosis }；正态曲线的是 0）。
  }
scaling-tails-spread = 这个论证只关心分布的宽度，而宽度仍然是 √d_k。把 d_k 调大，更多乘积相加，就会贴合正态曲线。
scaling-peak-unscaled = 未缩放时，最大权重从 d_k = { $first_d_k } 时的 { $first } { $verb ->
    [climbs] 升到
    [falls] 降到
   *[stays] 几乎不变，到
  } d_k = { $last_d_k } 时的 **{ $last }**，从均匀到硬 argmax 走了 { $position }{ $argmax ->
    [yes] ：softmax 正在变成硬 argmax。
   *[no] 。
  }
scaling-peak-scaled = 乘以 1/√d_k 缩放后，它保持在 { $low } 到 { $high } 之间{ $how ->
    [flat] ：是平的。
    [nearly-flat] ，与最低值相差不超过 { $within }：几乎是平的。
    [small-next-to] ，变化了 { $change }，比起未缩放曲线的 { $unscaled_change } 很小。
   *[changes] ，变化了 { $change }。
  }
scaling-peak-wrong = 除以 d_k 时，到 d_k = { $d_k } 它{ $verb ->
    [sinks] 降到
    [rises] 升到
   *[stays] 停在
  } { $last }{ $toward ->
    [uniform] ，接近均匀分布的 { $uniform }（从均匀到硬 argmax 只走了 { $position }）。
    [same] ，接近均匀分布的 { $uniform }（从均匀到硬 argmax 只走了 { $position }）。每个键看起来都差不多，注意力不再做选择。
   *[no] 。
  }
scaling-about-theory = **约为 { $theory }**
scaling-off-theory = { $side ->
    [above] 比 { $theory } 高
   *[below] 比 { $theory } 低
  } { $off }：几千对样本只能估计分布的宽度
scaling-closing = 它[让分数不随维度增大](#variance)，所以 softmax [不会变成硬 argmax](#peakedness)。在原文自己的例子里（[两个键](#two-keys)），分数为 { $scores }、d_k = { $d_k }，除以 √d_k 让落后键在 W_Q 和 W_K 处的梯度比未缩放时大 { $ratio }。
scaling-saturation-source = 缩放探索页的例子 { $scores }（d_k = { $d_k }）增益为 { $ratio }，因为这些分数让 softmax 饱和了：未缩放时最大权重是 { $top }，落后键的斜率 p₁p₂ = { $slope }，低于 { $small }；除以 √{ $d_k } 后，最大权重是 { $top_scaled }。
scaling-your-scores = 你的分数
scaling-these-scores = { $whose } { $scores }（d_k = { $d_k }）
scaling-saturation-one = { $these }除以 √1 = 1，什么也没改变：两种情况下梯度一样，而且它们{ $saturated ->
    [yes] 让 softmax 饱和
   *[no] 没有让 softmax 饱和
  }（最大权重 { $top }）。
scaling-saturation-too = { $these }同样让它饱和：未缩放时最大权重是 { $top }（p₁p₂ = { $slope }），除法之后是 { $top_scaled }，所以这里除法同样挽救了落后键的梯度。
scaling-saturation-not = { $these }没有：未缩放时最大权重只有 { $top }（p₁p₂ = { $slope }，不低于 { $small }），除法之后是 { $top_scaled }。所以 softmax 自身的斜率{ $changes ->
    [barely] 几乎不变
   *[only] 只变了 { $ratio }
  }，而链式法则把 W_Q 和 W_K 处的梯度乘以 1/√{ $d_k } = { $factor }：{ $effect ->
    [smaller] 未缩放的是它的 { $effect_ratio }
    [larger] 除法让它大了 { $effect_ratio }
   *[same] 两种情况差不多
  }。
scaling-your-case = 用你的 { $scores }（d_k = { $d_k }）：{ $case ->
    [one] √1 = 1，除法什么也没改变。
    [zero] { $tie ->
        [yes] 两个键打平，每个键在那里的梯度
       *[no] 它
      }不管除不除，在机器精度下都是 0：{ $gap } 的差距即使除过之后也让 softmax 饱和。
    [past-zero] { $tie ->
        [yes] 两个键打平，每个键在那里的梯度
       *[no] 它
      }不除时恰好是 0，除了之后大于 0。
    [larger] { $tie ->
        [yes] 两个键打平，每个键在那里的梯度
       *[no] 它
      }除了之后大了 { $ratio }。
    [smaller] { $tie ->
        [yes] 两个键打平，每个键在那里的梯度
       *[no] 它
      }除了之后反而更小：未缩放的是它的 { $ratio }。
   *[same] { $tie ->
        [yes] 两个键打平，每个键在那里的梯度
       *[no] 它
      }除不除都差不多。
  }
scaling-less-than = 小于 { $x }
scaling-off-key1 = { $side ->
    [exact] 恰好等于键 1 的权重
    [above] 比键 1 的 { $key1 } 高 { $off }
   *[below] 比键 1 的 { $key1 } 低 { $off }
  }
scaling-you-said = 你的预测是 { $guess }：{ $where }，{ $right ->
    [yes] 在算作答对的 { $close } 以内。
   *[no] 超出了算作答对的 { $close }。
  }
scaling-hint = { $hint ->
    [equal] 分数相等时，权重总是相等，各为 0.5。
    [order] softmax 保持分数的顺序：分数较高的键总是得到一半以上的权重。
    [sharper] softmax 比分数看上去更尖锐：只有两者的差距起作用，而且是经过 exp 放大的。
   *[less-sharp] 这里 softmax 没有那么尖锐：{ $gap } 的差距经过 exp 之后并不大。
  }
scaling-lesson = { $gap } 的差距已经足以让 softmax { $lesson ->
    [hard] 在浮点数中变成硬 argmax
   *[nearly] 几乎变成硬 argmax
  }。
scaling-exactly-zero = 在 float64 中恰好为 0
scaling-lesson-scaled = 除以 { $sqrt } 之后，差距变为 { $gap }，{ $loser } 保留 { $keeps }。
scaling-scaled-heading = 除以 { $sqrt }
scaling-scaled-caption = { $heading }：{ $line }。
scaling-sampling-intro = 抽取 { $n } 对 q、k，各元素独立服从 N(0, 1)（侧边栏随机种子 { $seed }）。每个 q·k 是 d_k 个方差为 1 的乘积之和，所以它的标准差是 √d_k；除以 √d_k 后标准差是 1。
scaling-theory = 理论值：{ $value }
scaling-std-caption = 理论值：{ $theory }。实测 { $measured }：{ $about }。
scaling-one-whatever = 1，与 d_k 无关
scaling-peakedness-caption = 每个点都是 **{ $seeds } 个随机种子**上的均值：用侧边栏的随机种子（{ $seed }）独立抽取 { $seeds } 次，每次一个查询和 { $keys } 个键。
scaling-one-key = 只有一个键时没得选：softmax 在任何缩放下都给它权重 1、熵 0，所以三条曲线都是平的。把 n 设为 ≥ 2，才能看出缩放的作用。
scaling-temperature-intro = 你的句子的查询和键，取自**你的 { $heads } 个头中的头 1**（侧边栏；头在“掩码与多头”一页讲解）：d_k = d_model / heads = { $d_model } / { $heads } = { $d_k }。除以 τ 就像调温度：τ 小，softmax 变尖锐，趋向硬 argmax；τ 大，softmax 变平，趋向均匀。
scaling-entropy-one = 这一行属于你唯一的查询。只有一个键时熵为 0，是空条；此时硬 argmax 和均匀权重是一回事。
scaling-entropy-caption = 每个条是一个查询的行：空条（0）表示权重全在一个键上；满条 log { $n } = { $uniform } 表示权重均匀分给{ $n ->
    [2] 两个键
   *[other] 全部 { $n } 个键
  }。
scaling-progress-one = τ = { $tau } 时行熵为 0 奈特，任何 τ 都一样：只有一个键时，硬 argmax 和均匀权重是一回事。
scaling-progress = τ = { $tau } 时平均行熵为 { $entropy } 奈特：从硬 argmax（0）到均匀（log { $n } = { $uniform }）走了 { $position }。
scaling-one-token = 你的句子只有一个词元，所以每行只有一个键：无论 τ 是多少，它的权重总是 1。
scaling-softmax-answer = softmax({ $scores }) = **{ $weights }**。
scaling-why-equal = 两个分数相等，所以 softmax 把权重平均分给两个键。
scaling-why-hair = 两个分数并不相等：只差 { $gap }，所以{ $winner } 的权重比{ $loser } 大 tanh({ $gap } / 2) ≈ { $difference }。这比 float64 在 0.5 附近能表示的差别还小，所以两个权重都显示为、也存储为恰好 0.5。
scaling-why-exp = softmax 让每个权重与 exp(分数) 成正比，所以{ $winner } 的权重是{ $loser } 的 exp({ $z_hi } − { $z_lo }) = exp({ $gap }){ $past ->
    [yes] {" "}倍，超过了浮点数能表示的最大值（约 1.8 × 10³⁰⁸）：{ $loser } 只保留 { $keeps }。
   *[no] {" "}≈ { $odds }，{ $loser } 保留 { $keeps }。
  }
scaling-question = softmax({ $scores }) 是多少？两个权重之和为 1：把滑块拖到你预计键 1 得到的权重。

## 页面自身的文字、标签和图表。

scaling-title = 为什么要除以 √d_k？
scaling-term-hard-argmax = 硬 argmax
scaling-intro = 注意力把每个分数 q·k 都除以 √d_k。为什么？对随机向量来说，q·k 通常像 √d_k 那样增长；分数一大，softmax 就几乎变成{ $hard_argmax }，而这样的 softmax 几乎学不动。每一节讲一步。
scaling-header-two-keys = 1. 两个键，并排比较
scaling-header-variance = 2. 方差论证：动手抽样
scaling-header-peakedness = 3. d_k 增大时的尖锐程度
scaling-header-temperature = 4. 在你自己的句子上调温度
scaling-header-why = 为什么除以 √d_k 有用？
scaling-sources = 本页直接运行 `attn_core/scaling.py` 中的这些函数（softmax、它的雅可比矩阵和 q·k 抽样器来自 `attn_core/attention.py`）。
scaling-weight-help = 键 1 的权重，从 0（一点权重也没有）到 1（全部权重）。
scaling-scaled-slope-help = 对 softmax 看到的分数 z / √d_k 求导
scaling-gradient-expander = 梯度推导：每个权重如何随每个分数变化，以及它告诉 W_Q 和 W_K 什么
scaling-std-label-raw = q·k 的实测标准差
scaling-std-label-scaled = q·k / √d_k 的实测标准差
scaling-std-scaled-help = 理论值：1
scaling-peakedness-intro = 一个查询和 n 个随机键，元素服从 N(0, 1)：随着 d_k 增大，分数不缩放、除以 √d_k、或除以 d_k（错误的因子，太大了）时，softmax 各有多尖锐？
scaling-entropy-bars = 行熵 Hᵢ = −Σⱼ pᵢⱼ log pᵢⱼ
scaling-curve-unscaled = 未缩放：q·k
scaling-curve-sqrt-dk = 缩放：q·k / √d_k
scaling-curve-dk = 错误因子：q·k / d_k
scaling-notebook-intro = 用纯 numpy 写的四节内容，带着你设置的分数、宽度和 τ：下面就是笔记本的代码，它还会把结果与本页核对。
scaling-notebook-long-help = 包含头 1 的 Q 和 K 的每个数，所以很长。
scaling-note-z = 第 1 节：两个分数 z₁ 和 z₂
scaling-note-d-k = 第 1 节：它们的宽度
scaling-note-seed = 第 2 节
scaling-note-n-keys = 第 3 节：每次抽取的键数、每个宽度的抽取次数
scaling-note-curve-d-ks = 第 3 节：各个宽度
scaling-note-labels = 第 4 节：你的句子的词元
scaling-note-tau = 第 4 节：除数 τ
scaling-d-k-input = d_k（q 和 k 的宽度）
scaling-score-1 = 键 1 的分数 z₁
scaling-score-2 = 键 2 的分数 z₂
scaling-n-keys-input = n，键的个数
scaling-divide-by = 分数除以
scaling-custom-tau = 自定义 τ
scaling-query-i = 查询 i
scaling-axis-key = 键
scaling-axis-query = 查询
scaling-weight-p = 权重 pᵢ
scaling-score-z = 分数 zⱼ
scaling-setting-d-k-1 = 第 1 节的 d_k
scaling-setting-d-k-2 = 第 2 节的 d_k
scaling-setting-tau = τ，第 4 节的除数
scaling-bars-title = 权重：未缩放与 ÷ √{ $d_k }
scaling-jacobian-unscaled = diag(p) − p pᵀ，未缩放
scaling-jacobian-scaled = diag(p) − p pᵀ，分数 ÷ √{ $d_k }
scaling-hist-row = q·k：÷ √{ $d_k } 之前与之后
scaling-hist-raw = q·k，d_k = { $d_k }（{ $n } 对）
scaling-hist-scaled = q·k / √d_k，d_k = { $d_k }（{ $n } 对）
scaling-normal-curve = 正态曲线，标准差 { $std }
scaling-std-curve-title = q·k 的实测标准差与 √d_k（对数坐标）
scaling-std-curve-y = 标准差
scaling-std-curve-theory = 理论值 √d_k
scaling-your-d-k = 你的 d_k = { $d_k }
scaling-ref-argmax = 硬 argmax：{ $value }
scaling-ref-uniform = 均匀：{ $value }
scaling-ref-one-key = 一个键：硬 argmax = 均匀
scaling-peak-row = d_k 增大时，softmax 作用于 { $n } 个随机键
scaling-peak-max-title = 平均最大权重 maxⱼ pⱼ 随 d_k 的变化
scaling-peak-max-y = 最大权重
scaling-peak-entropy-title = 平均熵 H = −Σⱼ pⱼ log pⱼ 随 d_k 的变化
scaling-peak-entropy-y = 熵（奈特）
scaling-log-axis = { $x }（对数坐标）
scaling-divisor-none = 1（不缩放）
scaling-divisor-custom = 自定义 τ
scaling-tau-help = τ 可取 { $lo } 到 { $hi } 之间的任意值。
scaling-entropy-curve-title = softmax(QKᵀ / τ) 的平均行熵随 τ 的变化
scaling-entropy-curve-y = 平均熵（奈特）
scaling-entropy-curve-name = 平均熵
scaling-hard-argmax = 硬 argmax
scaling-your-tau = 你的 τ
scaling-h-nats = Hᵢ（奈特）

## 笔记本的文字（notebooks/scaling.py 的 markdown 单元格）。

scaling-nb-two-keys =
    ## 1. 两个键，并排比较

    一个查询，两个键，两个分数：对原样的分数做 softmax，再对除以 √d_k 的分数做 softmax。
scaling-nb-slopes =
    ### 每个斜率告诉 W_Q 和 W_K 什么

    softmax 的雅可比矩阵 ∂p/∂z = diag(p) − p pᵀ。它的对角线 p(1 − p) 表示一个键的分数变动时，它的权重能动多少：接近 0 时，这个键几乎学不动。
scaling-nb-variance =
    ## 2. 方差论证：动手抽样

    q 和 k 的元素独立服从 N(0, 1)，由以侧边栏随机种子初始化的生成器抽取：q·k 的标准差是 √d_k，而 q·k / √d_k 的标准差是 1。
scaling-nb-peakedness =
    ## 3. d_k 增大时的尖锐程度

    每次抽取一个查询和 n 个随机键，在多次抽取上取平均：softmax 的最大权重和熵，分别在未缩放、÷ √d_k 和 ÷ d_k 时。每个宽度都复用同一批抽样的前 d_k 个坐标，和页面上的做法一样。
scaling-nb-temperature =
    ## 4. 在你自己的句子上调温度

    头 1 的查询和键，分数除以 τ。
