### 每页的“带回家”：“显示代码”开关、下载按钮，以及笔记本的第一个单元格。

take_home-show-code = 显示代码
take_home-short-help = 用纯 numpy 算出本页的数字：就是下面这个笔记本里的代码。
take_home-long-help = 包含 X 和权重的每一个数，所以代码很长。
take_home-download-label = 下载为笔记本
take_home-download-help = 一个 Jupyter 笔记本：用纯 numpy 重新算出本页的数字，并与页面上的数字核对。
take_home-about = 这个笔记本来自 **{ $app }**。它按本页的讲解顺序，用纯 numpy 重新算出页面上显示的数字，不导入本应用的任何代码；最后一个单元格会把结果与页面上的数字逐一核对。
take_home-settings = **设置**
take_home-setting-sentence = 句子
take_home-setting-seed = 随机种子
take_home-setting-heads = 头数
take_home-needs = 只需要 numpy（`pip install numpy`）：从头到尾依次运行每个单元格。唯一的绘图单元格需要 plotly，可以跳过。
take_home-open-view = [在应用中打开这个视图]({ $link })
take_home-replace-base = （把 `{ $placeholder }` 换成应用运行的地址，例如 `{ $example }`。）
